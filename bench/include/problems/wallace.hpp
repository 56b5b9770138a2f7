//===- problems/wallace.hpp - Wallace-style normal generator ---*- C++ -*-===//
//
/// \file
/// `wallace`: a random-number generator in the style of Wallace's method
/// for normal variates (as on GPUs in GPU Gems 3, ch. 37): each work-group
/// of 256 keeps a pool of 1024 numbers in local memory and, every round,
///  1. each work-item reads four pool entries at addresses given by a
///     permutation of the pool that is the same for the whole group
///     (j -> (A*j + B) mod 1024, A odd, A and B hashed from round and group),
///  2. a barrier,
///  3. it applies the orthogonal transform y_k = (x0+x1+x2+x3)/2 - x_k
///     (which keeps the pool's sum of squares), writes the four values back
///     to its own slots and one of them to the output,
///  4. a barrier.
/// The pool starts from per-group seeds in global memory. The check replays
/// every group serially.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_WALLACE_HPP
#define LANES_BENCH_PROBLEMS_WALLACE_HPP

#include "bench.hpp"

#include <cstdint>
#include <vector>

namespace wallace {

constexpr size_t Local = 256;
constexpr size_t PoolSize = 4 * Local;

struct Problem {
  size_t Groups;
  size_t Rounds;
  size_t outputs() const { return Groups * Rounds * Local; }
};

inline Problem problem(const bench::Options &Opts) {
  return Opts.Smoke ? Problem{4, 8} : Problem{128, 128};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.Groups) + " pools of " +
                            std::to_string(PoolSize) + " floats, " +
                            std::to_string(P.Rounds) + " rounds");
  Rep.config("local", Local);
}

/// The group-uniform permutation of round \p R in group \p G: multiplier
/// (odd, so a bijection modulo the pool size) and offset.
inline uint32_t hashOf(uint32_t R, uint32_t G) {
  return (R + 1) * 2654435761u ^ (G * 0x85EBCA77u + 0x165667B1u);
}
inline uint32_t multiplierOf(uint32_t H) { return ((H >> 11) & 1023u) | 1u; }
inline uint32_t offsetOf(uint32_t H) { return (H >> 21) & 1023u; }

inline void init(float *Seed, const Problem &P) {
  uint32_t S = 2463534242u;
  for (size_t I = 0; I < P.Groups * PoolSize; ++I) {
    S ^= S << 13;
    S ^= S >> 17;
    S ^= S << 5;
    Seed[I] = float(S >> 8) / float(1u << 23) - 1.0f;
  }
}

/// Output layout: Out[(Round * Groups + Group) * Local + LocalId].
inline bench::Verdict check(const float *Seed, const float *Out,
                            const Problem &P) {
  std::vector<float> Pool(PoolSize), X(PoolSize);
  for (size_t G = 0; G < P.Groups; ++G) {
    Pool.assign(Seed + G * PoolSize, Seed + (G + 1) * PoolSize);
    for (size_t R = 0; R < P.Rounds; ++R) {
      uint32_t H = hashOf(uint32_t(R), uint32_t(G));
      uint32_t A = multiplierOf(H), B = offsetOf(H);
      for (uint32_t J = 0; J < PoolSize; ++J)
        X[J] = Pool[(A * J + B) & (PoolSize - 1)];
      for (size_t L = 0; L < Local; ++L) {
        float X0 = X[L], X1 = X[L + Local], X2 = X[L + 2 * Local],
              X3 = X[L + 3 * Local];
        float T = 0.5f * ((X0 + X1) + (X2 + X3));
        Pool[L] = T - X0;
        Pool[L + Local] = T - X1;
        Pool[L + 2 * Local] = T - X2;
        Pool[L + 3 * Local] = T - X3;
        float Got = Out[(R * P.Groups + G) * Local + L];
        if (!bench::close(Got, Pool[L], 1e-5, Pool[L]))
          return {false, "group " + std::to_string(G) + " round " +
                             std::to_string(R) + " item " + std::to_string(L) +
                             ": " + std::to_string(Got) + ", expected " +
                             std::to_string(Pool[L])};
      }
    }
  }
  return {true, std::to_string(P.outputs()) + " numbers match a serial replay"};
}

} // namespace wallace

#endif
