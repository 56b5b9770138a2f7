// mandelbrot, reference variant: one OpenMP task per work-group and a SIMD
// loop over its pixels, each iterating its own escape-time loop. clang's
// loop vectorizer widens innermost loops only, so this loop, with the
// escape loop inside, stays scalar: what plain OpenMP code gets. It is also
// the reference of `--kernel grid-stride`: OpenMP code has no reason to
// stride.
#include "problems/mandelbrot.hpp"

// clang says it could not vectorize the SIMD loop below; that is the point.
#pragma clang diagnostic ignored "-Wpass-failed"

using namespace mandelbrot;

static void run(uint32_t *Out, const Problem &P) {
  const size_t W = P.W;
  const float Dx = P.dx(), Dy = P.dy();
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < P.pixels() / Local; ++G) {
#pragma omp simd
    for (size_t L = 0; L < Local; ++L) {
      size_t I = G * Local + L;
      Out[I] = escape(X0 + float(I % W) * Dx, Y0 + float(I / W) * Dy);
    }
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("mandelbrot", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  uint32_t *Out = bench::alignedAlloc<uint32_t>(P.pixels());
  int Rc = Rep.measure([&] { run(Out, P); }, [&] { return check(Out, P); });
  std::free(Out);
  return Rc;
}
