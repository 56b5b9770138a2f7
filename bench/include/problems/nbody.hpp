//===- problems/nbody.hpp - All-pairs gravitational accelerations *- C++
//-*-===//
//
/// \file
/// `nbody`: the accelerations of N bodies on each other (one all-pairs
/// step, softened), in the manner of the GPU Gems 3 N-body chapter: each
/// work-group of 256 walks the bodies in tiles of 256; every work-item
/// copies one body of the tile into local memory, a barrier, the group
/// accumulates against the tile, a barrier. Bodies are (x, y, z, mass) and
/// accelerations (ax, ay, az, 0), four floats each.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_NBODY_HPP
#define LANES_BENCH_PROBLEMS_NBODY_HPP

#include "bench.hpp"

namespace nbody {

constexpr size_t Local = 256;
constexpr float Softening = 1e-3f;

struct Problem {
  size_t Bodies;
};

inline Problem problem(const bench::Options &Opts) {
  return {Opts.Smoke ? size_t(512) : size_t(4096)};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.Bodies) + " bodies, one all-pairs "
                                                   "step");
  Rep.config("local", Local);
}

inline void init(float *Pos, const Problem &P) {
  unsigned S = 12345;
  auto Next = [&] {
    S = S * 1664525u + 1013904223u;
    return float(S >> 8) / float(1u << 24);
  };
  for (size_t I = 0; I < P.Bodies; ++I) {
    Pos[4 * I + 0] = Next() * 2 - 1;
    Pos[4 * I + 1] = Next() * 2 - 1;
    Pos[4 * I + 2] = Next() * 2 - 1;
    Pos[4 * I + 3] = 0.5f + Next();
  }
}

/// Checks every 37th body (and the last) against a double computation.
inline bench::Verdict check(const float *Pos, const float *Acc,
                            const Problem &P) {
  size_t Checked = 0;
  for (size_t I = 0; I < P.Bodies; I += (I + 37 < P.Bodies ? 37 : 1)) {
    double A[3] = {0, 0, 0}, Scale = 0;
    for (size_t J = 0; J < P.Bodies; ++J) {
      double D[3];
      for (int C = 0; C < 3; ++C)
        D[C] = double(Pos[4 * J + C]) - Pos[4 * I + C];
      double R2 = D[0] * D[0] + D[1] * D[1] + D[2] * D[2] + Softening;
      double S = Pos[4 * J + 3] / (R2 * std::sqrt(R2));
      for (int C = 0; C < 3; ++C)
        A[C] += D[C] * S;
      Scale += std::fabs(S) * std::sqrt(R2);
    }
    for (int C = 0; C < 3; ++C)
      if (!bench::close(Acc[4 * I + C], A[C], 1e-4, Scale))
        return {false, "body " + std::to_string(I) + " axis " +
                           std::to_string(C) + ": " +
                           std::to_string(Acc[4 * I + C]) + ", expected " +
                           std::to_string(A[C])};
    ++Checked;
  }
  return {true, std::to_string(Checked) + " bodies within 1e-4"};
}

} // namespace nbody

#endif
