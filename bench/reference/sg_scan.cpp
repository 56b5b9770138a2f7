// sg-scan, reference variant: one OpenMP task per work-group; the group's
// ints are scanned within each sub-group's run by Hillis-Steele steps, each
// a SIMD loop over the work-items between two buffers (what the sub-group
// scan is in vector registers: log2(SubGroupSize) shifted adds).
#include "problems/sg_scan.hpp"

using namespace sg_scan;

// schedule(static), not the other references' guided: --cached runs this
// loop 256 times, and Debian's libomp formats trace strings for every chunk
// a guided loop hands out (11.5 against 4.6 ms on 2 threads; the full size
// takes the same time either way).
static void run(const int *In, int *Out, size_t N) {
#pragma omp parallel for schedule(static)
  for (size_t G = 0; G < N / Local; ++G) {
    const int *GroupIn = In + G * Local;
    int *GroupOut = Out + G * Local;
    alignas(64) int A[Local], B[Local];
    const int *From = GroupIn;
    int *To = A;
    for (size_t D = 1; D < SubGroupSize; D *= 2) {
      // The last step writes straight to the output.
      if (2 * D >= SubGroupSize)
        To = GroupOut;
#pragma omp simd
      for (size_t L = 0; L < Local; ++L)
        To[L] = From[L] + (L % SubGroupSize >= D ? From[L - D] : 0);
      From = To;
      To = To == A ? B : A;
    }
    if (SubGroupSize == 1)
      for (size_t L = 0; L < Local; ++L)
        GroupOut[L] = GroupIn[L];
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv, /*Cacheable=*/true);
  bench::Reporter Rep("sg-scan", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  int *In = bench::alignedAlloc<int>(P.N);
  int *Out = bench::alignedAlloc<int>(P.N);
  init(In, P);
  int Rc = Rep.measure(
      [&] {
        for (size_t L = 0; L < P.Launches; ++L)
          run(In, Out, P.N);
      },
      [&] { return check(In, Out, P); });
  std::free(In);
  std::free(Out);
  return Rc;
}
