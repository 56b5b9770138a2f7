// sg-shuffle, reference variant: one OpenMP task per work-group, a SIMD loop
// over its work-items. In plain C++ a neighbour's register is the memory it
// was loaded from, so every neighbour is read from In (unaligned vector
// loads that hit L1); the additions are in the SYCL kernel's order. Indices
// are clamped only in the first and last groups.
#include "problems/sg_shuffle.hpp"

using namespace sg_shuffle;

template <bool Clamp>
static void runGroup(const float *In, float *Out, long Base, long Last) {
#pragma omp simd
  for (long I = Base; I < Base + long(Local); ++I) {
    float Sum = Weights[Radius] * In[I];
    for (long K = 1; K <= long(Radius); ++K) {
      float Left = In[Clamp ? std::max(I - K, 0L) : I - K];
      float Right = In[Clamp ? std::min(I + K, Last) : I + K];
      Sum += Weights[Radius - K] * Left + Weights[Radius + K] * Right;
    }
    Out[I] = Sum;
  }
}

static void run(const float *In, float *Out, size_t N) {
  const size_t Groups = N / Local;
  const long Last = long(N) - 1;
  // schedule(static), as in sg-scan's reference and for its reason: --cached
  // runs this loop 512 times, and Debian's libomp formats trace strings for
  // every chunk a guided loop hands out.
#pragma omp parallel for schedule(static)
  for (size_t G = 0; G < Groups; ++G) {
    if (G == 0 || G == Groups - 1)
      runGroup<true>(In, Out, long(G * Local), Last);
    else
      runGroup<false>(In, Out, long(G * Local), Last);
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv, /*Cacheable=*/true);
  bench::Reporter Rep("sg-shuffle", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  float *In = bench::alignedAlloc<float>(P.n());
  float *Out = bench::alignedAlloc<float>(P.n());
  init(In, P);
  int Rc = Rep.measure(
      [&] {
        for (size_t L = 0; L < P.Launches; ++L)
          run(In, Out, P.n());
      },
      [&] { return check(In, Out, P); });
  std::free(In);
  std::free(Out);
  return Rc;
}
