// lanes++ --lanes-report prints one remark per kernel, at the line of the
// kernel's lambda, named by its SYCL name or, for a kernel without one, by
// the kernel's type (as the run time's messages name them): the local size
// it was specialized for (when the launch's is a constant), its barriers
// and collectives, sub-CFGs, loop-state bytes, and how many work-item loops
// vectorized (4 lanes of float: the default x86-64 target has SSE2).
// RUN: lanes++ --lanes-report -fno-caret-diagnostics -c %s -o %t.o 2>&1 | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdlib>

int main() {
  constexpr size_t N = 1024, L = 64;
  sycl::queue Q;
  float *A = sycl::malloc_shared<float>(N, Q);
  float *B = sycl::malloc_shared<float>(N, Q);

  // No barrier: one loop nest without state, in groups of 256. The twin for
  // padded ranges is never launched (N is a multiple of 256), so it is not
  // compiled and not reported.
  // CHECK: lanes-report.cpp:[[@LINE+3]]:1: remark: kernel 'main::Doubled' for local size 256x1x1 (fastest dimension first): 0 barriers, 1 sub-CFG, loop state 0 bytes per work-item (+0 bytes uniform), 1 of 1 work-item loop vectorized (4 lanes) [-Rpass-analysis=lanes-report]
  // CHECK-NOT: rounded up
  Q.parallel_for<class Doubled>(sycl::range<1>(N),
                                [=](sycl::id<1> I) { B[I] = A[I] * 2.0f; });

  // Three barriers, four sub-CFGs; X and Y wait in loop state (4 bytes
  // each), the local id is recomputed. Two of the four work-item loops are
  // left: the tile is local memory, apart from A and B, so the optimizer
  // forwards its stores to its loads.
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<float, 1> Tile(sycl::range<1>(L), H);
    // CHECK: lanes-report.cpp:[[@LINE+2]]:1: remark: kernel 'main::$_1::operator()(sycl::_V1::handler&) const::'lambda'(sycl::_V1::nd_item<1>)' for local size 64x1x1 (fastest dimension first): 3 barriers, 4 sub-CFGs, loop state 8 bytes per work-item (+0 bytes uniform), 2 of 2 work-item loops vectorized (4 lanes) [-Rpass-analysis=lanes-report]
    // CHECK-NOT: remark
    H.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
      size_t Lid = It.get_local_id(0);
      float X = A[It.get_global_id(0)];
      Tile[Lid] = X;
      sycl::group_barrier(It.get_group());
      float Y = Tile[L - 1 - Lid];
      sycl::group_barrier(It.get_group());
      Tile[Lid] = Y * X;
      sycl::group_barrier(It.get_group());
      B[It.get_global_id(0)] = Tile[Lid] + X;
    });
  });

  // Two collectives split it in three; the group sum is uniform (4 bytes),
  // X and the shifted value are per work-item. The local size is known only
  // at run time: the generic work-group function.
  // CHECK: lanes-report.cpp:[[@LINE+3]]:1: remark: kernel 'main::$_2': 0 barriers, 1 group collective, 1 sub-group collective, 3 sub-CFGs, loop state 8 bytes per work-item (+4 bytes uniform), 2 of 2 work-item loops vectorized (4 lanes) [-Rpass-analysis=lanes-report]
  // CHECK-NOT: remark
  size_t RunTimeL = std::getenv("LANES_TEST_SMALL") ? L / 2 : L;
  Q.parallel_for(sycl::nd_range<1>(N, RunTimeL), [=](sycl::nd_item<1> It) {
    float X = A[It.get_global_id(0)];
    float Sum = sycl::reduce_over_group(It.get_group(), X, sycl::plus<float>());
    float Next = sycl::shift_group_left(It.get_sub_group(), X);
    B[It.get_global_id(0)] = Sum + Next;
  });

  // A do-while loop over a constant range in strides of the group: the
  // trips are counted, and the loop unrolled, before a grid-stride loop.
  // The unroller's loop passes give that loop a dedicated exit block; it
  // still runs in lockstep (its implicit barriers). The work-item loop of
  // its predicated last trips needs masked loads, which SSE2 lacks.
  // CHECK: lanes-report.cpp:[[@LINE+2]]:1: remark: kernel 'main::$_3' for local size 64x1x1 (fastest dimension first): 0 barriers, 5 implicit loop barriers, 6 sub-CFGs, loop state 22 bytes per work-item (+48 bytes uniform), 5 of 6 work-item loops vectorized (2, 4 lanes) [-Rpass-analysis=lanes-report]
  // CHECK-NOT: remark
  Q.parallel_for(sycl::nd_range<1>(N / 4, L), [=](sycl::nd_item<1> It) {
    size_t K = It.get_local_id(0);
    float T = 0;
    do {
      T += A[K];
      K += L;
    } while (K < 4 * L);
    float S = 0;
    for (size_t I = It.get_global_id(0); I < N; I += It.get_global_range(0))
      S += A[I];
    B[It.get_global_id(0)] = S * T;
  });

  // A range known at run time only (up to N, more than one group of 256
  // may need): its twin for ranges that groups of up to 256 do not divide
  // is compiled too, and says so.
  const char *Items = std::getenv("LANES_TEST_ITEMS");
  size_t RunTimeN =
      Items ? std::min<size_t>(std::strtoul(Items, nullptr, 10), N) : N;
  // CHECK-DAG: lanes-report.cpp:[[@LINE+3]]:1: remark: kernel 'main::$_4': 0 barriers
  // CHECK-DAG: lanes-report.cpp:[[@LINE+2]]:1: remark: kernel 'main::$_4' over its range rounded up to whole work-groups: 0 barriers
  Q.parallel_for(sycl::range<1>(RunTimeN),
                 [=](sycl::id<1> I) { B[I] = A[I] + 1.0f; });
  Q.wait();
  sycl::free(A, Q);
  sycl::free(B, Q);
}
