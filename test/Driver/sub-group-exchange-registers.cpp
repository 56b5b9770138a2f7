// Sub-group collectives in a kernel specialized for whole sub-groups: the
// nests on either side of each collective are chained, so a sub-group's
// exchange happens between its two lane loops, and once those are vectors
// the values exchanged live in registers. The work-group functions keep no
// loop state and no stack array: a stencil's shifts are shuffles of the
// loaded vector, and a warp reduction is one vector reduction per
// sub-group, whose leader's atomics over the group become one. A shift
// completed by a halo load is one load.
// Compiled only, for AVX-512 (sub-groups of 16), so any host checks it.
// RUN: lanes++ -O2 -march=znver4 -S -emit-llvm %s -o - | FileCheck %s
#include <sycl/sycl.hpp>

constexpr size_t N = 4096, L = 64;

// CHECK-LABEL: define internal void @{{.*}}shiftKernel{{.*}}.lanes.wg.64x1x1"(
// CHECK-NOT: alloca
// CHECK-NOT: __lanes_loop_state
// CHECK: load <16 x float>
// CHECK-NOT: alloca
// CHECK-NOT: __lanes_loop_state
// CHECK: shufflevector <16 x float>
// CHECK-NOT: alloca
// CHECK-NOT: __lanes_loop_state
// CHECK: store <16 x float>
// CHECK-NOT: __lanes_loop_state
// CHECK: ret void
static void shiftKernel(sycl::queue &Q, const float *In, float *Out) {
  Q.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t I = It.get_global_id(0);
     float X = In[I];
     float Left = sycl::shift_group_right(SG, X, 1);
     float Right = sycl::shift_group_left(SG, X, 1);
     Out[I] = Left + 2.0f * X + Right;
   }).wait();
}

// CHECK-LABEL: define internal void @{{.*}}leaderKernel{{.*}}.lanes.wg.64x1x1"(
// CHECK-NOT: alloca
// CHECK-NOT: __lanes_loop_state
// CHECK: call i32 @llvm.vector.reduce.add.v16i32(
// CHECK-NOT: __lanes_loop_state
// CHECK: atomicrmw add
// CHECK-NOT: atomicrmw
// CHECK: ret void
static void leaderKernel(sycl::queue &Q, const int *In, int *Total) {
  Q.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     int Sum = sycl::reduce_over_group(SG, In[It.get_global_id(0)],
                                       sycl::plus<int>());
     if (SG.leader())
       sycl::atomic_ref<int, sycl::memory_order::relaxed,
                        sycl::memory_scope::device>(*Total)
           .fetch_add(Sum);
   }).wait();
}

// A shift whose empty lanes read their neighbour from memory: each lane
// of the result is the element one place on, so the shift and its halo
// load are one load (lanes-join-shifted-loads); no shuffle, no masked load.
// CHECK-LABEL: define internal void @{{.*}}haloKernel{{.*}}.lanes.wg.64x1x1"(
// CHECK-NOT: shufflevector
// CHECK-NOT: masked.load
// CHECK: load <16 x float>
// CHECK-NOT: shufflevector
// CHECK-NOT: masked.load
// CHECK: ret void
static void haloKernel(sycl::queue &Q, const float *In, float *Out) {
  Q.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t I = It.get_global_id(0);
     float X = In[I];
     float Right = sycl::shift_group_left(SG, X, 1);
     if (SG.get_local_linear_id() + 1 >= SG.get_local_linear_range())
       Right = In[I + 1];
     Out[I] = X + Right;
   }).wait();
}

int main() {
  sycl::queue Q;
  float *In = sycl::malloc_shared<float>(N + 1, Q);
  float *Out = sycl::malloc_shared<float>(N, Q);
  int *Ints = sycl::malloc_shared<int>(N, Q);
  int *Total = sycl::malloc_shared<int>(1, Q);
  shiftKernel(Q, In, Out);
  leaderKernel(Q, Ints, Total);
  haloKernel(Q, In, Out);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Ints, Q);
  sycl::free(Total, Q);
  return 0;
}
