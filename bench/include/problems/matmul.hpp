//===- problems/matmul.hpp - Blocked matrix multiply -----------*- C++ -*-===//
//
/// \file
/// `matmul`: C = A * B for square float matrices, DGEMM-style blocking:
/// 16x16 work-groups stage a 16x16 tile of A and of B in local memory per
/// step, with a barrier after the loads and one after the use (two barriers
/// per tile). Entries are small multiples of 0.5, so every product and
/// partial sum is exact in float and the check is exact.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_MATMUL_HPP
#define LANES_BENCH_PROBLEMS_MATMUL_HPP

#include "bench.hpp"

namespace matmul {

constexpr size_t Tile = 16;

struct Problem {
  size_t N;
};

inline Problem problem(const bench::Options &Opts) {
  return {Opts.Smoke ? size_t(64) : size_t(512)};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem",
             std::to_string(P.N) + "x" + std::to_string(P.N) + " floats");
  Rep.config("local", "16x16");
}

inline void init(float *A, float *B, const Problem &P) {
  for (size_t I = 0; I < P.N * P.N; ++I) {
    A[I] = float(I % 7) - 3.0f;
    B[I] = float(I % 5) * 0.5f;
  }
}

/// Checks a lattice of entries (every 7th row, every 5th column) exactly.
inline bench::Verdict check(const float *A, const float *B, const float *C,
                            const Problem &P) {
  const size_t N = P.N;
  size_t Checked = 0;
  for (size_t R = 0; R < N; R += 7)
    for (size_t Col = 0; Col < N; Col += 5, ++Checked) {
      float Ref = 0.0f;
      for (size_t K = 0; K < N; ++K)
        Ref += A[R * N + K] * B[K * N + Col];
      if (Ref != C[R * N + Col])
        return {false, "C[" + std::to_string(R) + "][" + std::to_string(Col) +
                           "] = " + std::to_string(C[R * N + Col]) +
                           ", expected " + std::to_string(Ref)};
    }
  return {true, std::to_string(Checked) + " entries exact"};
}

} // namespace matmul

#endif
