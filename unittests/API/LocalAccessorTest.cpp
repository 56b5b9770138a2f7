//===- LocalAccessorTest.cpp - local_accessor of 0 to 3 dimensions --------===//
//
// Work-groups exchange data through local memory across a barrier; results
// are compared with a serial computation. Also checks the accessor's
// host-side queries and the layout of several accessors in one group.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

TEST(LocalAccessor, OneDimensionReverseWithinGroup) {
  sycl::queue Q;
  constexpr size_t N = 120, L = 24;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Out = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 7 + 3);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 1> Tile(sycl::range<1>(L), CGH);
    CGH.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
      size_t Lid = It.get_local_id(0);
      Tile[Lid] = In[It.get_global_id(0)];
      It.barrier(sycl::access::fence_space::local_space);
      Out[It.get_global_id(0)] = Tile[sycl::id<1>(L - 1 - Lid)];
    });
  });
  Q.wait();
  for (size_t G = 0; G < N / L; ++G)
    for (size_t I = 0; I < L; ++I)
      ASSERT_EQ(Out[G * L + I], In[G * L + (L - 1 - I)]);
  sycl::free(In, Q);
  sycl::free(Out, Q);
}

TEST(LocalAccessor, TwoDimensionsTransposeTile) {
  sycl::queue Q;
  constexpr size_t Rows = 8, Cols = 12, T0 = 4, T1 = 6;
  float *In = sycl::malloc_shared<float>(Rows * Cols, Q);
  float *Out = sycl::malloc_shared<float>(Rows * Cols, Q);
  for (size_t I = 0; I < Rows * Cols; ++I)
    In[I] = float(I) * 0.5f;
  Q.submit([&](sycl::handler &CGH) {
    // Two layouts of one tile, to test both the id and the chained form.
    sycl::local_accessor<float, 2> ById(sycl::range<2>(T0, T1), CGH);
    sycl::local_accessor<float, 2> Chained(sycl::range<2>(T0, T1), CGH);
    CGH.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(Rows, Cols), sycl::range<2>(T0, T1)),
        [=](sycl::nd_item<2> It) {
          size_t L0 = It.get_local_id(0), L1 = It.get_local_id(1);
          float V = In[It.get_global_linear_id()];
          ById[sycl::id<2>(L0, L1)] = V;
          Chained[L0][L1] = V;
          It.barrier();
          // Read the element mirrored through the tile's centre.
          size_t M0 = T0 - 1 - L0, M1 = T1 - 1 - L1;
          float A = ById[M0][M1];
          float B = Chained[sycl::id<2>(M0, M1)];
          Out[It.get_global_linear_id()] = A == B ? A : -1.0f;
        });
  });
  Q.wait();
  for (size_t R = 0; R < Rows; ++R)
    for (size_t C = 0; C < Cols; ++C) {
      size_t TileR = R / T0 * T0, TileC = C / T1 * T1;
      size_t MR = TileR + (T0 - 1 - R % T0), MC = TileC + (T1 - 1 - C % T1);
      ASSERT_EQ(Out[R * Cols + C], In[MR * Cols + MC]) << R << ", " << C;
    }
  sycl::free(In, Q);
  sycl::free(Out, Q);
}

TEST(LocalAccessor, ThreeDimensionsRotate) {
  sycl::queue Q;
  const sycl::range<3> Global(4, 6, 8), Local(2, 3, 4);
  size_t N = Global.size();
  int *Out = sycl::malloc_shared<int>(N, Q);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 3> Cube(Local, CGH);
    CGH.parallel_for(sycl::nd_range<3>(Global, Local),
                     [=](sycl::nd_item<3> It) {
                       sycl::id<3> L = It.get_local_id();
                       Cube[L[0]][L[1]][L[2]] = int(It.get_global_linear_id());
                       sycl::group_barrier(It.get_group());
                       // Neighbour along the fastest dimension, wrapping.
                       sycl::id<3> Next(L[0], L[1], (L[2] + 1) % 4);
                       Out[It.get_global_linear_id()] = Cube[Next];
                     });
  });
  Q.wait();
  for (size_t I = 0; I < 4; ++I)
    for (size_t J = 0; J < 6; ++J)
      for (size_t K = 0; K < 8; ++K) {
        size_t NextK = K / 4 * 4 + (K % 4 + 1) % 4;
        ASSERT_EQ(Out[(I * 6 + J) * 8 + K], int((I * 6 + J) * 8 + NextK));
      }
  sycl::free(Out, Q);
}

TEST(LocalAccessor, ZeroDimensionsGroupSum) {
  sycl::queue Q;
  constexpr size_t N = 64, L = 16;
  int *Out = sycl::malloc_shared<int>(N, Q);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 0> Sum(CGH);
    CGH.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
      if (It.get_local_id(0) == 0)
        Sum = 0;
      It.barrier();
      // One work-item at a time adds its id: serialised by barriers.
      for (size_t Turn = 0; Turn < L; ++Turn) {
        if (It.get_local_id(0) == Turn)
          Sum += int(It.get_global_id(0));
        It.barrier();
      }
      int Total = Sum;
      Out[It.get_global_id(0)] = Total;
    });
  });
  Q.wait();
  for (size_t G = 0; G < N / L; ++G) {
    int Want = 0;
    for (size_t I = 0; I < L; ++I)
      Want += int(G * L + I);
    for (size_t I = 0; I < L; ++I)
      ASSERT_EQ(Out[G * L + I], Want);
  }
  sycl::free(Out, Q);
}

TEST(LocalAccessor, SeveralAccessorsAreAlignedAndDisjoint) {
  sycl::queue Q;
  uintptr_t *Addr = sycl::malloc_shared<uintptr_t>(4 * 2, Q);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<char, 1> A(sycl::range<1>(3), CGH);
    sycl::local_accessor<double, 2> B(sycl::range<2>(5, 3), CGH);
    sycl::local_accessor<short, 0> C(CGH);
    sycl::local_accessor<int, 3> D(sycl::range<3>(2, 2, 2), CGH);
    CGH.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(4), sycl::range<1>(2)),
        [=](sycl::nd_item<1> It) {
          if (It.get_local_id(0) != 0)
            return;
          size_t Base = It.get_group(0) * 4;
          char *PA = A.get_multi_ptr<sycl::access::decorated::no>();
          Addr[Base + 0] = reinterpret_cast<uintptr_t>(PA);
          Addr[Base + 1] = reinterpret_cast<uintptr_t>(
              B.get_multi_ptr<sycl::access::decorated::no>().get());
          Addr[Base + 2] = reinterpret_cast<uintptr_t>(C.get_pointer().get());
          Addr[Base + 3] = reinterpret_cast<uintptr_t>(&D[0][0][0]);
        });
  });
  Q.wait();
  const size_t Bytes[4] = {3, 5 * 3 * sizeof(double), sizeof(short),
                           8 * sizeof(int)};
  for (size_t G = 0; G < 2; ++G) {
    for (size_t I = 0; I < 4; ++I) {
      EXPECT_EQ(Addr[G * 4 + I] % 64, 0u) << "accessor " << I;
      if (I > 0) {
        EXPECT_GE(Addr[G * 4 + I], Addr[G * 4 + I - 1] + Bytes[I - 1])
            << "accessors " << I - 1 << " and " << I << " overlap";
      }
    }
  }
  sycl::free(Addr, Q);
}

TEST(LocalAccessor, HostQueries) {
  sycl::queue Q;
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<float, 3> A(sycl::range<3>(2, 3, 4), CGH);
    EXPECT_EQ(A.get_range(), sycl::range<3>(2, 3, 4));
    EXPECT_EQ(A.size(), 24u);
    EXPECT_EQ(A.get_count(), 24u);
    EXPECT_EQ(A.byte_size(), 24 * sizeof(float));
    EXPECT_EQ(A.get_size(), 24 * sizeof(float));
    EXPECT_FALSE(A.empty());
    sycl::local_accessor<double, 0> S(CGH);
    EXPECT_EQ(S.size(), 1u);
    EXPECT_EQ(S.get_size(), sizeof(double));
    sycl::local_accessor<int, 1> Empty;
    EXPECT_TRUE(Empty.empty());
    CGH.single_task([=] { (void)A; });
  });
  Q.wait();
}

TEST(LocalAccessor, IteratorsCoverTheArray) {
  sycl::queue Q;
  constexpr size_t L = 8;
  int *Out = sycl::malloc_shared<int>(2 * L, Q);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 2> Tile(sycl::range<2>(2, L / 2), CGH);
    CGH.parallel_for(sycl::nd_range<1>(2 * L, L), [=](sycl::nd_item<1> It) {
      size_t Lid = It.get_local_id(0);
      Tile.begin()[Lid] = int(Lid);
      It.barrier();
      int Sum = 0;
      for (int V : Tile) // begin()/end() walk all elements row-major
        Sum += V;
      Out[It.get_global_id(0)] = Sum + int(Tile.end() - Tile.begin()) * 1000;
    });
  });
  Q.wait();
  for (size_t I = 0; I < 2 * L; ++I)
    EXPECT_EQ(Out[I], int(L * (L - 1) / 2 + L * 1000));
  sycl::free(Out, Q);
}

} // namespace
