//===- problems/transpose.hpp - Matrix transpose via a local tile *- C++
//-*-===//
//
/// \file
/// `transpose`: Out = In^T for a square float matrix. A 16x16 work-group
/// reads a 16x16 tile row-wise into local memory (padded to 17 columns),
/// a barrier, and writes it back transposed, again row-wise, so both global
/// accesses are contiguous. The check is exact.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_TRANSPOSE_HPP
#define LANES_BENCH_PROBLEMS_TRANSPOSE_HPP

#include "bench.hpp"

namespace transpose {

constexpr size_t Tile = 16;

struct Problem {
  size_t N;
};

inline Problem problem(const bench::Options &Opts) {
  return {Opts.Smoke ? size_t(256) : size_t(4096)};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem",
             std::to_string(P.N) + "x" + std::to_string(P.N) + " floats");
  Rep.config("local", "16x16");
}

inline void init(float *In, const Problem &P) {
  for (size_t I = 0; I < P.N * P.N; ++I)
    In[I] = float(I % 65521);
}

inline bench::Verdict check(const float *In, const float *Out,
                            const Problem &P) {
  const size_t N = P.N;
  for (size_t R = 0; R < N; ++R)
    for (size_t C = 0; C < N; ++C)
      if (Out[C * N + R] != In[R * N + C])
        return {false, "Out[" + std::to_string(C) + "][" + std::to_string(R) +
                           "] = " + std::to_string(Out[C * N + R]) +
                           ", expected " + std::to_string(In[R * N + C])};
  return {true, std::to_string(N * N) + " entries exact"};
}

} // namespace transpose

#endif
