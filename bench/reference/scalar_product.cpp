// scalar-product, reference variant: one OpenMP task per pair (work-group);
// the strided partial sums and each halving step are SIMD loops over the
// work-items.
#include "problems/scalar_product.hpp"

using namespace scalar_product;

static void run(const float *A, const float *B, float *Result,
                const Problem &P) {
  const size_t E = P.Elements;
#pragma omp parallel for schedule(guided)
  for (size_t V = 0; V < P.Pairs; ++V) {
    alignas(64) float Tile[Local];
    const float *PA = A + V * E, *PB = B + V * E;
#pragma omp simd
    for (size_t L = 0; L < Local; ++L)
      Tile[L] = 0.0f;
    // Work-item L accumulates elements L, L + Local, ...: the same additions
    // in the same order as the kernel, with the work-items as SIMD lanes.
    // (Elements is a multiple of Local.)
    for (size_t I0 = 0; I0 < E; I0 += Local) {
#pragma omp simd
      for (size_t L = 0; L < Local; ++L)
        Tile[L] += PA[I0 + L] * PB[I0 + L];
    }
    for (size_t S = Local / 2; S > 0; S /= 2) {
#pragma omp simd
      for (size_t L = 0; L < S; ++L)
        Tile[L] += Tile[L + S];
    }
    Result[V] = Tile[0];
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("scalar-product", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  float *A = bench::alignedAlloc<float>(P.total());
  float *B = bench::alignedAlloc<float>(P.total());
  float *Result = bench::alignedAlloc<float>(P.Pairs);
  init(A, B, P);
  int Rc = Rep.measure([&] { run(A, B, Result, P); },
                       [&] { return check(A, B, Result, P); });
  std::free(A);
  std::free(B);
  std::free(Result);
  return Rc;
}
