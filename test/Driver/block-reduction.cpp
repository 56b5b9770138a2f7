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
// no store but the group's sum. Float sums the same, for `float Part = 0`
// adds 0.0 to the joined vector: the reduction sums the vectors and adds
// 0.0 to the sum (which only turns -0.0 into +0.0, as it did).
// With AVX2 (sub-groups of 8) a group has 32 sub-groups: the optimizer
// unrolls their loop by 8, each trip's 8 sums become one vector, tidy
// unrolls the 4 trips and forwards the 4 vectors to sub-group 0, whose
// lanes add them up; for int that sum of joined vectors unjoins to the 32
// vectors added up. Floats keep sub-group 0's adds in order, on the 4
// joined vectors.
// The IR is checked for AVX-512 and AVX2, so any host checks it; then the
// program runs, built for this host with sub-groups of 16 and of 8 (the
// same passes apply), and checks the sums: small integers, exact in any
// order, and a group of -0.0 whose sum is +0.0.
// RUN: lanes++ -O3 -march=znver4 -S -emit-llvm %s -o - | FileCheck %s
// RUN: lanes++ -O3 -march=znver3 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=AVX2
// RUN: lanes++ -O3 -DLANES_SUB_GROUP_SIZE=16 %s -o %t && %t
// RUN: lanes++ -O3 -DLANES_SUB_GROUP_SIZE=8 %s -o %t8 && %t8
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>

constexpr size_t N = 1 << 16, L = 256;

// CHECK-LABEL: define internal void @{{.*}}blockSumsIiE{{.*}}.lanes.wg.256x1x1
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK-COUNT-15: add <16 x i32>
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK: [[SUM:%[0-9]+]] = tail call i32 @llvm.vector.reduce.add.v16i32(
// CHECK-NEXT: store i32 [[SUM]], ptr
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK: ret void
// CHECK-NEXT: }
// CHECK-LABEL: define internal void @{{.*}}blockSumsIfE{{.*}}.lanes.wg.256x1x1
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK-COUNT-15: fadd reassoc <16 x float>
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK: [[SUM:%[0-9]+]] = tail call reassoc float @llvm.vector.reduce.fadd.v16f32(
// CHECK-NEXT: [[PLUS0:%[0-9]+]] = fadd float [[SUM]], 0.0
// CHECK-NEXT: store float [[PLUS0]], ptr
// CHECK-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// CHECK: ret void
// CHECK-NEXT: }

// AVX2-LABEL: define internal void @{{.*}}blockSumsIiE{{.*}}.lanes.wg.256x1x1
// AVX2-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// AVX2-COUNT-31: add <8 x i32>
// AVX2-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// AVX2: [[SUM:%[0-9]+]] = tail call i32 @llvm.vector.reduce.add.v8i32(
// AVX2-NEXT: store i32 [[SUM]], ptr
// AVX2-NOT: {{store|shufflevector|vector.reduce|__lanes_}}
// AVX2: {{^}$}}
// AVX2-LABEL: define internal void @{{.*}}blockSumsIfE{{.*}}.lanes.wg.256x1x1
// AVX2-NOT: {{store|vector.reduce|__lanes_}}
// AVX2-COUNT-28: fadd reassoc <8 x float>
// AVX2-NOT: {{store|vector.reduce|__lanes_}}
// AVX2: [[P0:%[0-9]+]] = fadd <8 x float> %{{[0-9]+}}, zeroinitializer
// AVX2-NEXT: [[P1:%[0-9]+]] = fadd <8 x float> [[P0]], %
// AVX2-NEXT: [[P2:%[0-9]+]] = fadd <8 x float> [[P1]], %
// AVX2-NEXT: [[P3:%[0-9]+]] = fadd <8 x float> [[P2]], %
// AVX2-NEXT: [[SUM:%[0-9]+]] = tail call reassoc float @llvm.vector.reduce.fadd.v8f32(float -0.000000e+00, <8 x float> [[P3]])
// AVX2-NEXT: store float [[SUM]], ptr
// AVX2-NOT: {{store|vector.reduce|__lanes_}}
// AVX2: {{^}$}}
template <typename T>
static void blockSums(sycl::queue &Q, const T *In, T *Sums) {
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<T, 1> Partials(sycl::range<1>(L), H);
     H.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
       sycl::sub_group SG = It.get_sub_group();
       T Sum = sycl::reduce_over_group(SG, In[It.get_global_id(0)],
                                       sycl::plus<T>());
       if (SG.leader())
         Partials[SG.get_group_linear_id()] = Sum;
       sycl::group_barrier(It.get_group());
       if (SG.get_group_linear_id() != 0)
         return;
       T Part = 0;
       for (size_t I = SG.get_local_linear_id();
            I < SG.get_group_linear_range(); I += SG.get_max_local_range()[0])
         Part += Partials[I];
       Sum = sycl::reduce_over_group(SG, Part, sycl::plus<T>());
       if (SG.leader())
         Sums[It.get_group(0)] = Sum;
     });
   }).wait();
}

/// Runs blockSums on T and checks each group's sum. Returns 0 on a match.
template <typename T> static int run(sycl::queue &Q, const char *Type) {
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Sums = sycl::malloc_shared<T>(N / L, Q);
  // Group 0 sums -0.0 (0 for int): sub-group 0 adds them to Part = 0.
  for (size_t I = 0; I < N; ++I)
    In[I] = I < L ? -T(0) : T(int(I * 37 % 101) - 50);
  blockSums(Q, In, Sums);
  size_t Bad = 0;
  for (size_t G = 0; G < N / L; ++G) {
    T Want = 0;
    for (size_t I = G * L; I < (G + 1) * L; ++I)
      Want += In[I];
    if (Sums[G] != Want || std::signbit(Sums[G]) != std::signbit(Want))
      if (Bad++ < 5)
        std::printf("%s group %zu: got %g, want %g\n", Type, G,
                    double(Sums[G]), double(Want));
  }
  std::printf("%s block sums: %s\n", Type, Bad ? "FAIL" : "OK");
  sycl::free(In, Q);
  sycl::free(Sums, Q);
  return Bad != 0;
}

int main() {
  sycl::queue Q;
  return run<int>(Q, "int") | run<float>(Q, "float");
}
