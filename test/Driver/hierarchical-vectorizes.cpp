// Hierarchical parallelism as the model intends on a CPU: the group's body
// runs once per group and each parallel_for_work_item is an ordinary loop
// over the items, which vectorizes (4 floats wide on the default x86-64
// target). Both item loops of this kernel, around a group-scope array, are
// vector code in the work-group function, which is specialized for its
// launch's work-groups of one work-item (1x1x1).
// RUN: lanes++ -O2 -S -emit-llvm %s -o - | FileCheck %s
#include <sycl/sycl.hpp>

int main() {
  constexpr size_t N = 4096, L = 64;
  sycl::queue Q;
  float *A = sycl::malloc_shared<float>(N, Q);
  float *B = sycl::malloc_shared<float>(N, Q);
  // CHECK-LABEL: define internal void @{{.*}}HierarchicalInvoker{{.*}}.lanes.wg.1x1x1"(
  // CHECK:       fmul <4 x float> %{{.*}}, <float 3.000000e+00,
  // CHECK:       store <4 x float>
  // CHECK:       load <4 x float>
  // CHECK:       store <4 x float>
  // CHECK:       ret void
  Q.submit([&](sycl::handler &H) {
    H.parallel_for_work_group(
        sycl::range<1>(N / L), sycl::range<1>(L), [=](sycl::group<1> G) {
          float Tile[L];
          G.parallel_for_work_item([&](sycl::h_item<1> It) {
            Tile[It.get_local_id(0)] = A[It.get_global_id(0)] * 3.0f;
          });
          G.parallel_for_work_item([&](sycl::h_item<1> It) {
            B[It.get_global_id(0)] = Tile[It.get_local_id(0)] * 2.0f + Tile[0];
          });
        });
  });
  Q.wait();
  sycl::free(A, Q);
  sycl::free(B, Q);
  return 0;
}
