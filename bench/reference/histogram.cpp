// histogram, reference variant: one OpenMP task per work-group with its own
// histogram. A task is one thread, so the local counts are plain
// increments (in the work-items' order, not SIMD: lanes may hit one bin);
// the merge is one atomic per non-zero bin.
#include "problems/histogram.hpp"

using namespace histogram;

static void run(const unsigned char *In, unsigned *Out, size_t Groups) {
  std::fill(Out, Out + Bins, 0u);
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < Groups; ++G) {
    alignas(64) unsigned Hist[Bins];
#pragma omp simd
    for (size_t B = 0; B < Bins; ++B)
      Hist[B] = 0;
    const unsigned char *Group = In + G * Local * PerItem;
    for (size_t K = 0; K < PerItem; ++K)
      for (size_t L = 0; L < Local; ++L)
        ++Hist[Group[L + K * Local]];
    for (size_t B = 0; B < Bins; ++B)
      if (Hist[B]) {
#pragma omp atomic
        Out[B] += Hist[B];
      }
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("histogram", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  unsigned char *In = bench::alignedAlloc<unsigned char>(P.N);
  unsigned *Out = bench::alignedAlloc<unsigned>(Bins);
  init(In, P);
  int Rc = Rep.measure([&] { run(In, Out, P.groups()); },
                       [&] { return check(In, Out, P); });
  std::free(In);
  std::free(Out);
  return Rc;
}
