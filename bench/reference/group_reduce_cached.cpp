// group-reduce-cached, reference variant: what a work-group sum is in plain
// code, one SIMD sum per group, one OpenMP task per group; one form for
// every --kernel (problems/group_reduce_cached.hpp).
#include "problems/group_reduce_cached.hpp"

using namespace group_reduce_cached;

static void run(const int *In, int *Sums, const Problem &P) {
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < P.groups(); ++G) {
    const int *Group = In + inputGroup(G, P.InputGroups) * Local;
    int Sum = 0;
#pragma omp simd reduction(+ : Sum)
    for (size_t L = 0; L < Local; ++L)
      Sum += Group[L];
    Sums[G] = Sum;
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("group-reduce-cached", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  int *In = bench::alignedAlloc<int>(P.inputSize());
  int *Sums = bench::alignedAlloc<int>(P.groups());
  init(In, P);
  int Rc = Rep.measure([&] { run(In, Sums, P); },
                       [&] { return check(In, Sums, P); });
  std::free(In);
  std::free(Sums);
  return Rc;
}
