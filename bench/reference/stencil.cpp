// stencil-1d, reference variant: one OpenMP task per work-group; the tile
// with its halos is filled, then the stencil is a SIMD loop over the
// work-items.
#include "problems/stencil.hpp"

using namespace stencil;

static void run(const float *In, float *Out, size_t N) {
  const long R = long(Radius), Last = long(N) - 1;
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < N / Local; ++G) {
    const long Base = long(G * Local);
    alignas(64) float T[Local + 2 * Radius];
#pragma omp simd
    for (size_t L = 0; L < Local; ++L)
      T[L + Radius] = In[Base + L];
#pragma omp simd
    for (size_t L = 0; L < Radius; ++L) {
      T[L] = In[std::max(Base + long(L) - R, 0L)];
      T[L + Local + Radius] = In[std::min(Base + long(L + Local), Last)];
    }
#pragma omp simd
    for (size_t L = 0; L < Local; ++L) {
      float Sum = 0.0f;
      for (size_t K = 0; K <= 2 * Radius; ++K)
        Sum += Weights[K] * T[L + K];
      Out[Base + L] = Sum;
    }
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("stencil-1d", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  float *In = bench::alignedAlloc<float>(P.N);
  float *Out = bench::alignedAlloc<float>(P.N);
  init(In, P);
  int Rc = Rep.measure([&] { run(In, Out, P.N); },
                       [&] { return check(In, Out, P); });
  std::free(In);
  std::free(Out);
  return Rc;
}
