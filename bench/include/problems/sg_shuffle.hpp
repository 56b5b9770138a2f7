//===- problems/sg_shuffle.hpp - 1-D stencil by shuffles --------*- C++ -*-===//
//
/// \file
/// `sg-shuffle`: the problem of stencil-1d (problems/stencil.hpp: 9 points,
/// radius 4, the same weights, inputs and check) on 8M floats, solved by
/// exchanging values within the sub-group instead of through a local tile.
/// (Half of stencil-1d's 16M points, so that library-only, eight fiber
/// switches per work-item, stays under 20 s a process.) Each work-item
/// loads its own point once; for K = 1..4 it gets the points K to its left
/// and right from the work-items that loaded them (`shift_group_right` /
/// `shift_group_left` by K), and the lanes whose neighbour lies outside the
/// sub-group (lane < K on the left, lane >= SubGroupSize - K on the right)
/// read that halo point from memory, clamped at the ends of the array.
/// Eight shuffles per work-item (with a sub-group of 4, a shift by 4 reaches
/// no one and every lane reads memory instead; still correct). Local size
/// 256. `--kernel no-sub-group` does the same exchanges through a local
/// tile: every work-item stores its point, one group barrier, then the same
/// neighbours within the sub-group's run come from the tile and the same
/// halos from memory.
///
/// `--cached`: the same kernels on 32K floats (128 KB in, 128 KB out, both
/// in one core's L2), 512 launches a timed run. At the full size both
/// kernels and the reference move their 64 MB at about stream-copy's rate,
/// so that row's ratios time memory, not the exchange within a sub-group.
/// A launch per pass, as sg-scan-cached (problems/sg_scan.hpp) and for the
/// same reason: every group writes its own points.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_SG_SHUFFLE_HPP
#define LANES_BENCH_PROBLEMS_SG_SHUFFLE_HPP

#include "problems/stencil.hpp"
#include "problems/sub_group.hpp"

namespace sg_shuffle {

using stencil::Radius;
using stencil::Weights;
using sub_group::Local;
using sub_group::SubGroupSize;

struct Problem {
  stencil::Problem Stencil;
  /// Launches in one timed run, each computing the same output.
  size_t Launches;
  sub_group::Kernel K;
  size_t n() const { return Stencil.N; }
};

inline Problem problem(const bench::Options &Opts) {
  sub_group::Kernel K = sub_group::kernelOf("sg-shuffle", Opts.Kernel);
  if (Opts.Cached)
    return Opts.Smoke ? Problem{{size_t(1) << 12}, 4, K}
                      : Problem{{size_t(1) << 15}, 512, K};
  return {{Opts.Smoke ? size_t(1) << 16 : size_t(8) << 20}, 1, K};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  std::string Input = std::to_string(P.n()) + " floats";
  if (P.Launches > 1)
    Input += " (" + std::to_string(P.n() * sizeof(float) / 1024) + " KB) by " +
             std::to_string(P.Launches) + " launches";
  Rep.config("problem", Input + ", radius " + std::to_string(Radius) + ", " +
                            sub_group::describeSize());
  Rep.config("local", Local);
}

inline void init(float *In, const Problem &P) { stencil::init(In, P.Stencil); }

inline bench::Verdict check(const float *In, const float *Out,
                            const Problem &P) {
  return stencil::check(In, Out, P.Stencil);
}

} // namespace sg_shuffle

#endif
