// scan, reference variant: one OpenMP task per work-group. The tree is the
// same double-buffered scan, each step two SIMD loops over the work-items
// (those with nothing to their left copy, the others add); for
// `--kernel group`, what a work-group scan is in plain code: one running
// sum per group (clang does not vectorize an OpenMP inscan loop, so it is
// written as the scalar loop it becomes).
#include "problems/scan.hpp"

using namespace scan;

static void runTree(const int *In, int *Out, size_t Groups) {
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < Groups; ++G) {
    alignas(64) int Tile[2][Local];
#pragma omp simd
    for (size_t L = 0; L < Local; ++L)
      Tile[0][L] = In[G * Local + L];
    int From = 0;
    for (size_t D = 1; D < Local; D *= 2) {
      const int *Src = Tile[From];
      int *Dst = Tile[1 - From];
#pragma omp simd
      for (size_t L = 0; L < D; ++L)
        Dst[L] = Src[L];
#pragma omp simd
      for (size_t L = D; L < Local; ++L)
        Dst[L] = Src[L] + Src[L - D];
      From = 1 - From;
    }
#pragma omp simd
    for (size_t L = 0; L < Local; ++L)
      Out[G * Local + L] = Tile[From][L];
  }
}

static void runGroup(const int *In, int *Out, size_t Groups) {
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < Groups; ++G) {
    int Sum = 0;
    for (size_t L = 0; L < Local; ++L) {
      Sum += In[G * Local + L];
      Out[G * Local + L] = Sum;
    }
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("scan", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  int *In = bench::alignedAlloc<int>(P.N);
  int *Out = bench::alignedAlloc<int>(P.N);
  init(In, P);
  int Rc = Rep.measure(
      [&] {
        if (P.K == Kernel::Group)
          runGroup(In, Out, P.N / Local);
        else
          runTree(In, Out, P.N / Local);
      },
      [&] { return check(In, Out, P); });
  std::free(In);
  std::free(Out);
  return Rc;
}
