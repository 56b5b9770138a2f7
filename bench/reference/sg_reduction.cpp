// sg-reduction, reference variant: one OpenMP task per work-group; each
// sub-group's ints are one SIMD sum, then one atomic add to the total, as
// many atomics as the SYCL kernel does.
#include "problems/sg_reduction.hpp"

using namespace sg_reduction;

static int run(const int *In, const Problem &P) {
  int Total = 0;
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < P.groups(); ++G) {
    const int *Group = In + bench::inputGroup(G, P.InputGroups) * Local;
    for (size_t S = 0; S < Local / SubGroupSize; ++S) {
      const int *Run = Group + S * SubGroupSize;
      int Sum = 0;
#pragma omp simd reduction(+ : Sum)
      for (size_t Lane = 0; Lane < SubGroupSize; ++Lane)
        Sum += Run[Lane];
#pragma omp atomic
      Total += Sum;
    }
  }
  return Total;
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv, /*Cacheable=*/true);
  bench::Reporter Rep("sg-reduction", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  int *In = bench::alignedAlloc<int>(P.inputSize());
  init(In, P);
  int Total = 0;
  int Rc = Rep.measure([&] { Total = run(In, P); },
                       [&] { return check(In, Total, P); });
  std::free(In);
  return Rc;
}
