//===- problems/stencil.hpp - 1-D stencil with a local halo ----*- C++ -*-===//
//
/// \file
/// `stencil-1d`: Out[i] = sum_k W[k] * In[i + k - R] with radius R = 4 and
/// indices clamped at the ends. A work-group of 256 loads its 256 points
/// plus R halo points on each side into local memory (the first R
/// work-items also load the halos), a barrier, then every work-item applies
/// the 9-point stencil from local memory.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_STENCIL_HPP
#define LANES_BENCH_PROBLEMS_STENCIL_HPP

#include "bench.hpp"

namespace stencil {

constexpr size_t Local = 256;
constexpr size_t Radius = 4;
constexpr float Weights[2 * Radius + 1] = {0.02f, 0.05f, 0.1f,  0.15f, 0.36f,
                                           0.15f, 0.1f,  0.05f, 0.02f};

struct Problem {
  size_t N;
};

inline Problem problem(const bench::Options &Opts) {
  return {Opts.Smoke ? size_t(1) << 16 : size_t(16) << 20};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem",
             std::to_string(P.N) + " floats, radius " + std::to_string(Radius));
  Rep.config("local", Local);
}

inline void init(float *In, const Problem &P) {
  for (size_t I = 0; I < P.N; ++I)
    In[I] = float(I % 1000) * 0.01f - float(I / 1000 % 7);
}

inline bench::Verdict check(const float *In, const float *Out,
                            const Problem &P) {
  const long N = long(P.N), R = long(Radius);
  for (long I = 0; I < N; ++I) {
    double Sum = 0, Scale = 0;
    for (long K = -R; K <= R; ++K) {
      long J = std::min(std::max(I + K, 0L), N - 1);
      Sum += double(Weights[K + R]) * In[J];
      Scale += std::fabs(double(Weights[K + R]) * In[J]);
    }
    if (!bench::close(Out[I], Sum, 1e-6, Scale))
      return {false, "Out[" + std::to_string(I) +
                         "] = " + std::to_string(Out[I]) + ", expected " +
                         std::to_string(Sum)};
  }
  return {true, std::to_string(N) + " points within 1e-6"};
}

} // namespace stencil

#endif
