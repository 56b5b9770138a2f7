// transpose, reference variant: one OpenMP task per 16x16 work-group; the
// load into the padded tile and the transposed store are loops over the
// work-items with the columns as SIMD lanes.
#include "problems/transpose.hpp"

using namespace transpose;

static void run(const float *In, float *Out, size_t N) {
  const size_t Tiles = N / Tile;
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < Tiles * Tiles; ++G) {
    const size_t R0 = G / Tiles * Tile, C0 = G % Tiles * Tile;
    alignas(64) float T[Tile][Tile + 1];
    for (size_t LR = 0; LR < Tile; ++LR)
#pragma omp simd
      for (size_t LC = 0; LC < Tile; ++LC)
        T[LR][LC] = In[(R0 + LR) * N + C0 + LC];
    for (size_t LR = 0; LR < Tile; ++LR)
#pragma omp simd
      for (size_t LC = 0; LC < Tile; ++LC)
        Out[(C0 + LR) * N + R0 + LC] = T[LC][LR];
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("transpose", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  float *In = bench::alignedAlloc<float>(P.N * P.N);
  float *Out = bench::alignedAlloc<float>(P.N * P.N);
  init(In, P);
  int Rc = Rep.measure([&] { run(In, Out, P.N); },
                       [&] { return check(In, Out, P); });
  std::free(In);
  std::free(Out);
  return Rc;
}
