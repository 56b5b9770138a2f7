// matmul, reference variant: one OpenMP task per 16x16 work-group; tile
// loads and the tile products are loops over the work-items (rows outer,
// columns as SIMD lanes), the accumulators live in a 16x16 array.
#include "problems/matmul.hpp"

using namespace matmul;

static void run(const float *A, const float *B, float *C, size_t N) {
  const size_t Tiles = N / Tile;
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < Tiles * Tiles; ++G) {
    const size_t R0 = G / Tiles * Tile, C0 = G % Tiles * Tile;
    alignas(64) float TA[Tile][Tile], TB[Tile][Tile], Sum[Tile][Tile];
    for (size_t LR = 0; LR < Tile; ++LR)
#pragma omp simd
      for (size_t LC = 0; LC < Tile; ++LC)
        Sum[LR][LC] = 0.0f;
    for (size_t K0 = 0; K0 < N; K0 += Tile) {
      for (size_t LR = 0; LR < Tile; ++LR)
#pragma omp simd
        for (size_t LC = 0; LC < Tile; ++LC) {
          TA[LR][LC] = A[(R0 + LR) * N + K0 + LC];
          TB[LR][LC] = B[(K0 + LR) * N + C0 + LC];
        }
      // K outside the SIMD loop over columns (LLVM vectorizes innermost
      // loops only); each entry still sums over K in the kernel's order.
      for (size_t LR = 0; LR < Tile; ++LR)
        for (size_t K = 0; K < Tile; ++K)
#pragma omp simd
          for (size_t LC = 0; LC < Tile; ++LC)
            Sum[LR][LC] += TA[LR][K] * TB[K][LC];
    }
    for (size_t LR = 0; LR < Tile; ++LR)
#pragma omp simd
      for (size_t LC = 0; LC < Tile; ++LC)
        C[(R0 + LR) * N + C0 + LC] = Sum[LR][LC];
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("matmul", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  const size_t N = P.N;
  float *A = bench::alignedAlloc<float>(N * N);
  float *B = bench::alignedAlloc<float>(N * N);
  float *C = bench::alignedAlloc<float>(N * N);
  init(A, B, P);
  int Rc =
      Rep.measure([&] { run(A, B, C, N); }, [&] { return check(A, B, C, P); });
  std::free(A);
  std::free(B);
  std::free(C);
  return Rc;
}
