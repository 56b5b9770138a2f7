// nbody, reference variant: one OpenMP task per work-group; the tile copy
// and the accumulation against a tile are SIMD loops over the work-items
// (bodies), the accumulators live in arrays across the tiles.
#include "problems/nbody.hpp"

using namespace nbody;

static void run(const float *Pos, float *Acc, size_t N) {
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < N / Local; ++G) {
    alignas(64) float Tile[4 * Local];
    alignas(64) float PX[Local], PY[Local], PZ[Local];
    alignas(64) float AX[Local], AY[Local], AZ[Local];
#pragma omp simd
    for (size_t L = 0; L < Local; ++L) {
      size_t I = G * Local + L;
      PX[L] = Pos[4 * I];
      PY[L] = Pos[4 * I + 1];
      PZ[L] = Pos[4 * I + 2];
      AX[L] = AY[L] = AZ[L] = 0.0f;
    }
    for (size_t T = 0; T < N; T += Local) {
#pragma omp simd
      for (size_t L = 0; L < 4 * Local; ++L)
        Tile[L] = Pos[4 * T + L];
      // The bodies of the tile outer, the work-items as SIMD lanes inside:
      // LLVM vectorizes innermost loops only. Each accumulator still sums
      // the tile in the kernel's order.
      for (size_t J = 0; J < Local; ++J) {
        const float TX = Tile[4 * J], TY = Tile[4 * J + 1],
                    TZ = Tile[4 * J + 2], TM = Tile[4 * J + 3];
#pragma omp simd
        for (size_t L = 0; L < Local; ++L) {
          float DX = TX - PX[L], DY = TY - PY[L], DZ = TZ - PZ[L];
          float R2 = DX * DX + DY * DY + DZ * DZ + Softening;
          float Inv = 1.0f / std::sqrt(R2);
          float S = TM * Inv * Inv * Inv;
          AX[L] += DX * S;
          AY[L] += DY * S;
          AZ[L] += DZ * S;
        }
      }
    }
#pragma omp simd
    for (size_t L = 0; L < Local; ++L) {
      size_t I = G * Local + L;
      Acc[4 * I] = AX[L];
      Acc[4 * I + 1] = AY[L];
      Acc[4 * I + 2] = AZ[L];
      Acc[4 * I + 3] = 0.0f;
    }
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("nbody", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  float *Pos = bench::alignedAlloc<float>(4 * P.Bodies);
  float *Acc = bench::alignedAlloc<float>(4 * P.Bodies);
  init(Pos, P);
  int Rc = Rep.measure([&] { run(Pos, Acc, P.Bodies); },
                       [&] { return check(Pos, Acc, P); });
  std::free(Pos);
  std::free(Acc);
  return Rc;
}
