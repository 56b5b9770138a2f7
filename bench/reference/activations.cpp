// activations, reference variant: one OpenMP task per work-group and a SIMD
// loop over its elements, calling <cmath>'s float tanh, erf and exp. With
// the suite's flags (no -fveclib) clang-19 has a vector variant of none of
// them: the GELU loops stay scalar, and silu's is widened around eight
// scalar expf calls. -fveclib=libmvec would give it glibc's expf only:
// LLVM 19's table of glibc's functions lacks tanhf and erff, the gap
// lanes-vector-math closes for lanes++.
#include "problems/activations.hpp"

#include <cmath>

// clang says it could not vectorize the GELU loops below; that is the point.
#pragma clang diagnostic ignored "-Wpass-failed"

using namespace activations;

static void run(const Problem &P, const float *In, float *Out) {
  const size_t Groups = P.N / Local;
  switch (P.K) {
  case Kernel::GeluTanh:
#pragma omp parallel for schedule(guided)
    for (size_t G = 0; G < Groups; ++G)
#pragma omp simd
      for (size_t L = 0; L < Local; ++L) {
        float X = In[G * Local + L];
        Out[G * Local + L] =
            0.5f * X *
            (1.0f + std::tanh(0.7978845608f * (X + 0.044715f * X * X * X)));
      }
    break;
  case Kernel::GeluErf:
#pragma omp parallel for schedule(guided)
    for (size_t G = 0; G < Groups; ++G)
#pragma omp simd
      for (size_t L = 0; L < Local; ++L) {
        float X = In[G * Local + L];
        Out[G * Local + L] = 0.5f * X * (1.0f + std::erf(X * 0.70710678f));
      }
    break;
  case Kernel::Silu:
#pragma omp parallel for schedule(guided)
    for (size_t G = 0; G < Groups; ++G)
#pragma omp simd
      for (size_t L = 0; L < Local; ++L) {
        float X = In[G * Local + L];
        Out[G * Local + L] = X / (1.0f + std::exp(-X));
      }
    break;
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("activations", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  float *In = bench::alignedAlloc<float>(P.N);
  float *Out = bench::alignedAlloc<float>(P.N);
  init(In, P);
  int Rc =
      Rep.measure([&] { run(P, In, Out); }, [&] { return check(In, Out, P); });
  std::free(In);
  std::free(Out);
  return Rc;
}
