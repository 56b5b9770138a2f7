// matmul-tiled: C = A * B for 512x512 floats with 16x16 tiles of A and B
// staged in local memory; two barriers per tile step.
#include <sycl/sycl.hpp>

#include "common.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

int main(int Argc, char **Argv) {
  const int Reps = repetitions(Argc, Argv);
  constexpr size_t N = 512, T = 16;
  sycl::queue Q;
  float *A = sycl::malloc_shared<float>(N * N, Q);
  float *B = sycl::malloc_shared<float>(N * N, Q);
  float *C = sycl::malloc_shared<float>(N * N, Q);
  for (size_t I = 0; I < N * N; ++I) {
    A[I] = float(I % 7) - 3.0f;
    B[I] = float(I % 5) * 0.5f;
  }

  double Ms = medianMs([&] {
    Q.submit([&](sycl::handler &H) {
       sycl::local_accessor<float, 2> TA(sycl::range<2>(T, T), H);
       sycl::local_accessor<float, 2> TB(sycl::range<2>(T, T), H);
       H.parallel_for(sycl::nd_range<2>({N, N}, {T, T}), [=](sycl::nd_item<2> It) {
         size_t Row = It.get_global_id(0), Col = It.get_global_id(1);
         size_t LR = It.get_local_id(0), LC = It.get_local_id(1);
         float Sum = 0.0f;
         for (size_t K0 = 0; K0 < N; K0 += T) {
           TA[LR][LC] = A[Row * N + K0 + LC];
           TB[LR][LC] = B[(K0 + LR) * N + Col];
           It.barrier(sycl::access::fence_space::local_space);
           for (size_t K = 0; K < T; ++K)
             Sum += TA[LR][K] * TB[K][LC];
           It.barrier(sycl::access::fence_space::local_space);
         }
         C[Row * N + Col] = Sum;
       });
     }).wait();
  }, Reps);

  // Every product and partial sum is a small multiple of 0.5: exact in float.
  bool Ok = true;
  for (size_t R = 0; R < N && Ok; R += 7)
    for (size_t Cl = 0; Cl < N && Ok; Cl += 5) {
      float Ref = 0.0f;
      for (size_t K = 0; K < N; ++K)
        Ref += A[R * N + K] * B[K * N + Cl];
      Ok = Ref == C[R * N + Cl];
    }
  char What[64];
  std::snprintf(What, sizeof What, "%zux%zu float matmul, %zux%zu local tiles", N,
                N, T, T);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return report("matmul-tiled", What, Ok, Ms);
}
