// The block reduction of ported CUDA code: each sub-group sums its lanes,
// the leaders store the sums to local memory, and after a barrier
// sub-group 0 adds them up while the others return. The other sub-groups
// leave by another way than sub-group 0, so the work-group function tracks
// how each left (sub-groups that go on alone); once the lane loops are
// vector code the tracking is constant on every path, and
// lanes-tidy-kernels folds it away with the check that reports divergence.
// At -O3 the loop over the sub-groups before the barrier is unrolled
// whole, and lanes-join-reductions makes the 16 sums one vector, which GVN
// forwards to sub-group 0's load. Then nothing reads the local memory:
// lanes-drop-unread-stores drops its store, and lanes-unjoin-reductions
// finds the joined vector only reduced, so the kernel adds the 16 vectors
// up and reduces once, as a block sum is written for a CPU: no shuffles,
// no store but the group's sum.
// Compiled only, for AVX-512 (sub-groups of 16), so any host checks it.
// RUN: lanes++ -O3 -march=znver4 -S -emit-llvm %s -o - | FileCheck %s
#include <sycl/sycl.hpp>

constexpr size_t N = 1 << 16, L = 256;

// CHECK-LABEL: define internal void @{{.*}}blockSums{{.*}}.lanes.wg.256x1x1"(
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK-COUNT-15: add <16 x i32>
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK: [[SUM:%[0-9]+]] = tail call i32 @llvm.vector.reduce.add.v16i32(
// CHECK-NEXT: store i32 [[SUM]], ptr
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK: ret void
// CHECK-NEXT: }
static void blockSums(sycl::queue &Q, const int *In, int *Sums) {
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Partials(sycl::range<1>(L), H);
     H.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
       sycl::sub_group SG = It.get_sub_group();
       int Sum = sycl::reduce_over_group(SG, In[It.get_global_id(0)],
                                         sycl::plus<int>());
       if (SG.leader())
         Partials[SG.get_group_linear_id()] = Sum;
       sycl::group_barrier(It.get_group());
       if (SG.get_group_linear_id() != 0)
         return;
       int Part = 0;
       for (size_t I = SG.get_local_linear_id();
            I < SG.get_group_linear_range(); I += SG.get_max_local_range()[0])
         Part += Partials[I];
       Sum = sycl::reduce_over_group(SG, Part, sycl::plus<int>());
       if (SG.leader())
         Sums[It.get_group(0)] = Sum;
     });
   }).wait();
}

int main() {
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Sums = sycl::malloc_shared<int>(N / L, Q);
  blockSums(Q, In, Sums);
  sycl::free(In, Q);
  sycl::free(Sums, Q);
}
