// vector-add: the "hello world" of data parallelism. A range kernel, no
// barrier: c[i] = a[i] + b[i] over 8M floats in shared USM.
#include <sycl/sycl.hpp>

#include "common.hpp"

#include <cmath>
#include <cstdio>

int main(int Argc, char **Argv) {
  const int Reps = repetitions(Argc, Argv);
  constexpr size_t N = 8u << 20;
  sycl::queue Q;
  float *A = sycl::malloc_shared<float>(N, Q);
  float *B = sycl::malloc_shared<float>(N, Q);
  float *C = sycl::malloc_shared<float>(N, Q);
  for (size_t I = 0; I < N; ++I) {
    A[I] = float(I % 1000);
    B[I] = 0.5f * float(I % 77);
  }
  double Ms = medianMs([&] {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
       C[I] = A[I] + B[I];
     }).wait();
  }, Reps);
  bool Ok = true;
  for (size_t I = 0; I < N && Ok; ++I)
    Ok = C[I] == float(I % 1000) + 0.5f * float(I % 77);
  char What[64];
  std::snprintf(What, sizeof What, "c = a + b over %zu floats", N);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return report("vector-add", What, Ok, Ms);
}
