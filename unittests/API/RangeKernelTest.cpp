//===- RangeKernelTest.cpp - parallel_for(range) kernels ------------------===//
//
// Every work-item of a 1-, 2- or 3-D range kernel records what its item
// says; the test compares with a serial walk of the range. The ranges are
// chosen so the launch has to round up (1000, 257, 3x5x7) and the invoker
// has to drop the padding work-items.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

/// Shared-USM array of \p Count T, freed with the queue.
template <typename T> struct UsmArray {
  UsmArray(sycl::queue &Q, size_t Count)
      : Q(Q), Data(sycl::malloc_shared<T>(Count, Q)), Count(Count) {
    for (size_t I = 0; I < Count; ++I)
      Data[I] = T();
  }
  ~UsmArray() { sycl::free(Data, Q); }
  T &operator[](size_t I) { return Data[I]; }
  sycl::queue &Q;
  T *Data;
  size_t Count;
};

TEST(RangeKernel, OneDimensionItem) {
  sycl::queue Q;
  constexpr size_t N = 1000;
  UsmArray<size_t> Id(Q, N), Lin(Q, N), Rng(Q, N), Hits(Q, N);
  size_t *IdP = Id.Data, *LinP = Lin.Data, *RngP = Rng.Data,
         *HitsP = Hits.Data;
  Q.parallel_for(sycl::range<1>(N), [=](sycl::item<1> It) {
     size_t I = It.get_id(0);
     IdP[I] = It[0];
     LinP[I] = It.get_linear_id();
     RngP[I] = It.get_range(0) + It.get_range()[0] * 0;
     HitsP[I] += 1;
   }).wait();
  for (size_t I = 0; I < N; ++I) {
    ASSERT_EQ(Id[I], I);
    ASSERT_EQ(Lin[I], I);
    ASSERT_EQ(Rng[I], N);
    ASSERT_EQ(Hits[I], 1u) << "work-item " << I << " ran more than once";
  }
}

TEST(RangeKernel, TwoDimensionsRowMajor) {
  sycl::queue Q;
  constexpr size_t R0 = 13, R1 = 257;
  UsmArray<size_t> Id0(Q, R0 * R1), Id1(Q, R0 * R1), Hits(Q, R0 * R1);
  size_t *Id0P = Id0.Data, *Id1P = Id1.Data, *HitsP = Hits.Data;
  Q.parallel_for(sycl::range<2>(R0, R1), [=](sycl::item<2> It) {
    size_t L = It.get_linear_id();
    Id0P[L] = It.get_id(0);
    Id1P[L] = It.get_id()[1];
    HitsP[L] += 1;
  });
  Q.wait();
  for (size_t I = 0; I < R0; ++I)
    for (size_t J = 0; J < R1; ++J) {
      size_t L = I * R1 + J; // SYCL dimension 1 varies fastest
      ASSERT_EQ(Id0[L], I);
      ASSERT_EQ(Id1[L], J);
      ASSERT_EQ(Hits[L], 1u);
    }
}

TEST(RangeKernel, ThreeDimensionsItemAndId) {
  sycl::queue Q;
  const sycl::range<3> R(3, 5, 7);
  UsmArray<sycl::id<3>> FromItem(Q, R.size()), FromId(Q, R.size());
  sycl::id<3> *ItemP = FromItem.Data, *IdP = FromId.Data;
  Q.parallel_for(R, [=](sycl::item<3> It) {
    ItemP[It.get_linear_id()] = It.get_id();
  });
  Q.parallel_for(R, [=](sycl::id<3> I) {
    IdP[(I[0] * 5 + I[1]) * 7 + I[2]] = I;
  });
  Q.wait();
  size_t L = 0;
  for (size_t I = 0; I < 3; ++I)
    for (size_t J = 0; J < 5; ++J)
      for (size_t K = 0; K < 7; ++K, ++L) {
        ASSERT_EQ(FromItem[L], sycl::id<3>(I, J, K));
        ASSERT_EQ(FromId[L], sycl::id<3>(I, J, K));
      }
}

TEST(RangeKernel, ScalarAndGenericParameters) {
  sycl::queue Q;
  constexpr size_t N = 300;
  UsmArray<int> A(Q, N), B(Q, N), C(Q, N), D(Q, N);
  int *AP = A.Data, *BP = B.Data, *CP = C.Data, *DP = D.Data;
  Q.parallel_for(sycl::range<1>(N), [=](size_t I) { AP[I] = int(I) + 1; });
  Q.parallel_for(sycl::range<1>(N), [=](int I) { BP[I] = I * 2; });
  Q.parallel_for(N, [=](sycl::id<1> I) {
    int Signed = I; // id<1> converts to size_t
    CP[I] = Signed * 3;
  });
  Q.parallel_for(sycl::range<1>(N), [=](auto It) {
    static_assert(std::is_same_v<decltype(It), sycl::item<1>>,
                  "generic range kernels receive an item");
    DP[It] = int(It.get_linear_id()) * 4;
  });
  Q.wait();
  for (size_t I = 0; I < N; ++I) {
    ASSERT_EQ(A[I], int(I) + 1);
    ASSERT_EQ(B[I], int(I) * 2);
    ASSERT_EQ(C[I], int(I) * 3);
    ASSERT_EQ(D[I], int(I) * 4);
  }
}

TEST(RangeKernel, ArgumentByReference) {
  sycl::queue Q;
  UsmArray<size_t> Out(Q, 20);
  size_t *P = Out.Data;
  Q.parallel_for(sycl::range<1>(10), [=](const sycl::item<1> &It) {
    P[It] = It.get_id(0);
  });
  Q.parallel_for(sycl::range<1>(10), [=](sycl::id<1> &I) { P[I + 10] = I; });
  Q.wait();
  for (size_t I = 0; I < 20; ++I)
    EXPECT_EQ(Out[I], I % 10);
}

TEST(RangeKernel, ItemWithoutOffset) {
  sycl::queue Q;
  UsmArray<size_t> Out(Q, 10);
  size_t *P = Out.Data;
  Q.parallel_for(sycl::range<1>(10), [=](sycl::item<1, false> It) {
    sycl::item<1> WithOffset = It;
    P[It] = WithOffset.get_offset()[0] + It.get_id(0);
  });
  Q.wait();
  for (size_t I = 0; I < 10; ++I)
    EXPECT_EQ(Out[I], I);
}

// parallel_for(range, id offset, f): ids in [offset, offset + range), the
// item's offset the launch's, its linear id counted from the offset.
TEST(RangeKernel, OffsetShiftsIdsButNotLinearIds) {
  sycl::queue Q;
  UsmArray<size_t> Out(Q, 300);
  size_t *P = Out.Data;
  Q.parallel_for(sycl::range<1>(257), sycl::id<1>(20), [=](sycl::item<1> It) {
    P[It] = It.get_linear_id() + 1000 * It.get_offset()[0];
  });
  Q.wait();
  for (size_t I = 0; I < 300; ++I)
    EXPECT_EQ(Out[I], I >= 20 && I < 277 ? I - 20 + 20000 : 0) << I;
}

TEST(RangeKernel, SizesAroundTheGroupSize) {
  sycl::queue Q;
  for (size_t N : {1u, 2u, 63u, 64u, 127u, 128u, 129u, 255u, 256u, 257u,
                   511u, 513u, 4099u}) {
    UsmArray<unsigned> Hits(Q, N + 1);
    unsigned *P = Hits.Data;
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { P[I] += 1; });
    Q.wait();
    for (size_t I = 0; I < N; ++I)
      ASSERT_EQ(Hits[I], 1u) << "N = " << N << ", I = " << I;
    ASSERT_EQ(Hits[N], 0u) << "padding work-item ran for N = " << N;
  }
}

TEST(RangeKernel, EmptyRangeRunsNothing) {
  sycl::queue Q;
  UsmArray<int> Flag(Q, 1);
  int *P = Flag.Data;
  Q.parallel_for(sycl::range<2>(0, 5), [=](sycl::item<2>) { P[0] = 1; });
  Q.parallel_for(sycl::range<1>(0), [=](sycl::id<1>) { P[0] = 1; });
  Q.wait();
  EXPECT_EQ(Flag[0], 0);
}

TEST(RangeKernel, HandlerFormAndKernelFunctor) {
  struct Scale {
    float *Data;
    float Factor;
    void operator()(sycl::id<2> I) const { Data[I[0] * 4 + I[1]] *= Factor; }
  };
  sycl::queue Q;
  UsmArray<float> Data(Q, 12);
  for (size_t I = 0; I < 12; ++I)
    Data[I] = float(I);
  Q.submit([&](sycl::handler &CGH) {
    CGH.parallel_for(sycl::range<2>(3, 4), Scale{Data.Data, 2.0f});
  });
  Q.wait();
  for (size_t I = 0; I < 12; ++I)
    EXPECT_EQ(Data[I], 2.0f * float(I));
}

} // namespace
