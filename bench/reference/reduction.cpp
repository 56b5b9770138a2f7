// reduction, reference variant: the same tree as plain C++ in hierarchical
// form, one OpenMP task per work-group, SIMD loops over the work-items of each
// step between two barriers; for `--kernel group`, what a work-group
// reduction is in plain code: one SIMD sum per group; for
// `--kernel sycl-reduction`, those group sums added on the host in order.
#include "problems/reduction.hpp"

using namespace reduction;

static void runGroupSums(const int *In, int *Partial, size_t Groups) {
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < Groups; ++G) {
    int Sum = 0;
#pragma omp simd reduction(+ : Sum)
    for (size_t L = 0; L < Local; ++L)
      Sum += In[G * Local + L];
    Partial[G] = Sum;
  }
}

static void run(const int *In, int *Partial, size_t Groups) {
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < Groups; ++G) {
    alignas(64) int Tile[Local];
#pragma omp simd
    for (size_t L = 0; L < Local; ++L)
      Tile[L] = In[G * Local + L];
    for (size_t S = Local / 2; S > 0; S /= 2) {
#pragma omp simd
      for (size_t L = 0; L < S; ++L)
        Tile[L] += Tile[L + S];
    }
    Partial[G] = Tile[0];
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("reduction", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  int *In = bench::alignedAlloc<int>(P.N);
  int *Partial = bench::alignedAlloc<int>(P.groups());
  init(In, P);
  if (P.K == Kernel::SyclReduction) {
    long Total = 0;
    int Rc = Rep.measure(
        [&] {
          runGroupSums(In, Partial, P.groups());
          int Sum = 0;
          for (size_t G = 0; G < P.groups(); ++G)
            Sum += Partial[G];
          Total = Sum;
        },
        [&] { return checkTotal(In, Total, P); });
    std::free(In);
    std::free(Partial);
    return Rc;
  }
  int Rc = Rep.measure(
      [&] {
        if (P.K == Kernel::Group)
          runGroupSums(In, Partial, P.groups());
        else
          run(In, Partial, P.groups());
      },
                       [&] { return check(In, Partial, P); });
  std::free(In);
  std::free(Partial);
  return Rc;
}
