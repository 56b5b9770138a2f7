//===- BarrierTest.cpp - nd_item::barrier and group_barrier ---------------===//
//
// Barriers reached from helper functions (nd_item and group passed by
// reference), barriers in loops, and every fence space, each checked
// against a serial computation.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

/// Inclusive Hillis-Steele scan of one value per work-item; the barriers
/// are reached through a reference to the kernel's nd_item.
int groupInclusiveScan(sycl::nd_item<1> &It,
                       const sycl::local_accessor<int, 1> &Buf, int Value) {
  size_t Lid = It.get_local_id(0), L = It.get_local_range(0);
  Buf[Lid] = Value;
  It.barrier(sycl::access::fence_space::local_space);
  for (size_t Step = 1; Step < L; Step *= 2) {
    int Add = Lid >= Step ? Buf[Lid - Step] : 0;
    It.barrier(sycl::access::fence_space::local_space);
    Buf[Lid] += Add;
    It.barrier(sycl::access::fence_space::local_space);
  }
  return Buf[Lid];
}

TEST(Barrier, HelperTakingNdItemByReference) {
  sycl::queue Q;
  constexpr size_t N = 96, L = 32;
  int *Out = sycl::malloc_shared<int>(N, Q);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 1> Buf(sycl::range<1>(L), CGH);
    CGH.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
      int V = int(It.get_global_id(0) % 5) + 1;
      Out[It.get_global_id(0)] = groupInclusiveScan(It, Buf, V);
    });
  });
  Q.wait();
  for (size_t G = 0; G < N / L; ++G) {
    int Running = 0;
    for (size_t I = 0; I < L; ++I) {
      Running += int((G * L + I) % 5) + 1;
      ASSERT_EQ(Out[G * L + I], Running) << "group " << G << " item " << I;
    }
  }
  sycl::free(Out, Q);
}

/// Rotates values by one place within the group through local memory,
/// synchronising with sycl::group_barrier on a group passed by reference.
template <int Dims>
int rotateInGroup(const sycl::group<Dims> &G,
                  const sycl::local_accessor<int, 1> &Buf, int Value) {
  size_t Lid = G.get_local_linear_id();
  Buf[Lid] = Value;
  sycl::group_barrier(G);
  int Got = Buf[(Lid + 1) % G.get_local_linear_range()];
  sycl::group_barrier(G, sycl::memory_scope::work_group);
  return Got;
}

TEST(Barrier, GroupBarrierInTwoDimensions) {
  sycl::queue Q;
  const sycl::range<2> Global(6, 8), Local(3, 4);
  int *Out = sycl::malloc_shared<int>(Global.size(), Q);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 1> Buf(sycl::range<1>(Local.size()), CGH);
    CGH.parallel_for(sycl::nd_range<2>(Global, Local),
                     [=](sycl::nd_item<2> It) {
                       int V = int(It.get_global_linear_id());
                       // Rotate twice: two rounds of barriers.
                       V = rotateInGroup(It.get_group(), Buf, V);
                       V = rotateInGroup(It.get_group(), Buf, V);
                       Out[It.get_global_linear_id()] = V;
                     });
  });
  Q.wait();
  for (size_t R = 0; R < 6; ++R)
    for (size_t C = 0; C < 8; ++C) {
      // Local linear id of (R, C) and the global id of local linear id K in
      // the same group.
      size_t GR = R / 3 * 3, GC = C / 4 * 4;
      size_t K = ((R % 3) * 4 + C % 4 + 2) % 12;
      size_t Src = (GR + K / 4) * 8 + GC + K % 4;
      ASSERT_EQ(Out[R * 8 + C], int(Src)) << R << ", " << C;
    }
  sycl::free(Out, Q);
}

TEST(Barrier, GlobalFenceSpaceOrdersGlobalMemory) {
  sycl::queue Q;
  constexpr size_t N = 64, L = 16;
  int *Scratch = sycl::malloc_device<int>(N, Q);
  int *Out = sycl::malloc_shared<int>(N, Q);
  Q.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
    size_t Gid = It.get_global_id(0), Lid = It.get_local_id(0);
    Scratch[Gid] = int(Gid) * 3;
    It.barrier(sycl::access::fence_space::global_space);
    size_t Partner = Gid - Lid + (L - 1 - Lid);
    Out[Gid] = Scratch[Partner];
    It.barrier(sycl::access::fence_space::global_and_local);
  });
  Q.wait();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Out[I], int(I / L * L + (L - 1 - I % L)) * 3);
  sycl::free(Scratch, Q);
  sycl::free(Out, Q);
}

TEST(Barrier, BarrierInWorkItemDependentBranchOfUniformLoop) {
  // Every work-item reaches the same barriers; only the work between them
  // depends on the work-item.
  sycl::queue Q;
  constexpr size_t N = 40, L = 10, Steps = 6;
  int *Out = sycl::malloc_shared<int>(N, Q);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 1> Buf(sycl::range<1>(L), CGH);
    CGH.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
      size_t Lid = It.get_local_id(0);
      int V = int(Lid);
      for (size_t S = 0; S < Steps; ++S) {
        if (Lid % 2 == S % 2)
          V += int(S);
        Buf[Lid] = V;
        It.barrier();
        V = Buf[(Lid + S) % L] + 1;
        It.barrier();
      }
      Out[It.get_global_id(0)] = V;
    });
  });
  Q.wait();
  std::vector<int> V(L), Buf(L);
  for (size_t I = 0; I < L; ++I)
    V[I] = int(I);
  for (size_t S = 0; S < Steps; ++S) {
    for (size_t I = 0; I < L; ++I) {
      if (I % 2 == S % 2)
        V[I] += int(S);
      Buf[I] = V[I];
    }
    for (size_t I = 0; I < L; ++I)
      V[I] = Buf[(I + S) % L] + 1;
  }
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Out[I], V[I % L]);
  sycl::free(Out, Q);
}

} // namespace
