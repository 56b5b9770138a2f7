//===- problems/sg_reduction.hpp - Sub-group sums to one total --*- C++ -*-===//
//
/// \file
/// `sg-reduction`, the "warp-reduction" idiom: each work-item loads one
/// int, its sub-group sums them (`reduce_over_group(sub_group, x, plus)`),
/// and the sub-group's leader adds that sum to one global total with a
/// relaxed device-scope atomic (`atomic_ref::fetch_add`): N / SubGroupSize
/// atomics in all. Local size 256. `--kernel no-sub-group` sums each
/// sub-group's run of work-items with a local-memory tree instead
/// (log2(SubGroupSize) halving steps, a group barrier at the top of each),
/// then the same atomics. Integers, so the check is exact.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_SG_REDUCTION_HPP
#define LANES_BENCH_PROBLEMS_SG_REDUCTION_HPP

#include "problems/sub_group.hpp"

namespace sg_reduction {

using sub_group::Local;
using sub_group::SubGroupSize;

struct Problem {
  size_t N;
  sub_group::Kernel K;
};

inline Problem problem(const bench::Options &Opts) {
  return {Opts.Smoke ? size_t(1) << 16 : size_t(4) << 20,
          sub_group::kernelOf("sg-reduction", Opts.Kernel)};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem",
             std::to_string(P.N) + " ints, " + sub_group::describeSize());
  Rep.config("local", Local);
}

/// Small values of both signs; the total (about N) fits an int.
inline void init(int *In, const Problem &P) {
  for (size_t I = 0; I < P.N; ++I)
    In[I] = int(I % 17) - 8 + int(I / 4099 % 3);
}

inline bench::Verdict check(const int *In, int Total, const Problem &P) {
  long Want = 0;
  for (size_t I = 0; I < P.N; ++I)
    Want += In[I];
  if (Total != Want)
    return {false, "total " + std::to_string(Total) + ", expected " +
                       std::to_string(Want)};
  return {true, "total of " + std::to_string(P.N) + " ints by " +
                    std::to_string(P.N / SubGroupSize) + " atomics exact"};
}

} // namespace sg_reduction

#endif
