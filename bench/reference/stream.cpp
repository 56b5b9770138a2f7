// stream, reference variant: one OpenMP task per work-group, a SIMD loop
// over its work-items; dot keeps BabelStream's grid-strided partial sums,
// with the work-items of a group as SIMD lanes.
#include "problems/stream.hpp"

using namespace stream;

static void run(const Problem &P, float *A, float *B, float *C,
                float *Partial) {
  const size_t N = P.N, Groups = N / Local;
  switch (P.K) {
  case Kernel::Copy:
  case Kernel::CopyBarrier: // The barrier has nothing to order in this form.
#pragma omp parallel for schedule(guided)
    for (size_t G = 0; G < Groups; ++G)
#pragma omp simd
      for (size_t L = 0; L < Local; ++L)
        C[G * Local + L] = A[G * Local + L];
    break;
  case Kernel::Mul:
#pragma omp parallel for schedule(guided)
    for (size_t G = 0; G < Groups; ++G)
#pragma omp simd
      for (size_t L = 0; L < Local; ++L)
        B[G * Local + L] = Scalar * C[G * Local + L];
    break;
  case Kernel::Add:
#pragma omp parallel for schedule(guided)
    for (size_t G = 0; G < Groups; ++G)
#pragma omp simd
      for (size_t L = 0; L < Local; ++L)
        C[G * Local + L] = A[G * Local + L] + B[G * Local + L];
    break;
  case Kernel::Triad:
#pragma omp parallel for schedule(guided)
    for (size_t G = 0; G < Groups; ++G)
#pragma omp simd
      for (size_t L = 0; L < Local; ++L)
        A[G * Local + L] = B[G * Local + L] + Scalar * C[G * Local + L];
    break;
  case Kernel::Dot: {
    const size_t Global = P.DotGroups * Local;
#pragma omp parallel for schedule(guided)
    for (size_t G = 0; G < P.DotGroups; ++G) {
      alignas(64) float Tile[Local];
#pragma omp simd
      for (size_t L = 0; L < Local; ++L)
        Tile[L] = 0.0f;
      for (size_t I0 = G * Local; I0 < N; I0 += Global) {
#pragma omp simd
        for (size_t L = 0; L < Local; ++L)
          Tile[L] += A[I0 + L] * B[I0 + L];
      }
      for (size_t S = Local / 2; S > 0; S /= 2) {
#pragma omp simd
        for (size_t L = 0; L < S; ++L)
          Tile[L] += Tile[L + S];
      }
      Partial[G] = Tile[0];
    }
    break;
  }
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("stream", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  float *A = bench::alignedAlloc<float>(P.N);
  float *B = bench::alignedAlloc<float>(P.N);
  float *C = bench::alignedAlloc<float>(P.N);
  float *Partial = bench::alignedAlloc<float>(P.DotGroups);
  init(A, B, C, P);
  int Rc = Rep.measure([&] { run(P, A, B, C, Partial); },
                       [&] { return check(A, B, C, Partial, P); });
  std::free(A);
  std::free(B);
  std::free(C);
  std::free(Partial);
  return Rc;
}
