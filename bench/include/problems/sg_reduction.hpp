//===- problems/sg_reduction.hpp - Sub-group sums to one total --*- C++ -*-===//
//
/// \file
/// `sg-reduction`, the "warp-reduction" idiom: each work-item loads one
/// int, its sub-group sums them (`reduce_over_group(sub_group, x, plus)`),
/// and the sub-group's leader adds that sum to one global total with a
/// relaxed device-scope atomic (`atomic_ref::fetch_add`): one atomic per
/// sub-group. Local size 256. `--kernel no-sub-group` sums each
/// sub-group's run of work-items with a local-memory tree instead
/// (log2(SubGroupSize) halving steps, a group barrier at the top of each),
/// then the same atomics. Integers, so the check is exact.
///
/// `--cached`: the same kernels on 8192 ints (32 KB, in the L1 data cache)
/// read 8192 times over in one launch, as group-reduce-cached does: group
/// G reads the ints of input group G % InputGroups, and the total is that
/// many times the input's sum. The full size's 16 MB of ints come from
/// memory as fast as a plain loop reads them (a sum of them takes 1.8-2.4
/// ms on one Skylake-SP core, the sub-group kernel about 2 ms), so its
/// ratios time memory, not the exchange within a sub-group.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_SG_REDUCTION_HPP
#define LANES_BENCH_PROBLEMS_SG_REDUCTION_HPP

#include "problems/sub_group.hpp"

namespace sg_reduction {

using sub_group::Local;
using sub_group::SubGroupSize;

struct Problem {
  /// Work-groups whose ints the input holds (InputGroups * Local ints); a
  /// power of two.
  size_t InputGroups;
  /// How many times one launch sums the whole input.
  size_t Passes;
  sub_group::Kernel K;
  size_t inputSize() const { return InputGroups * Local; }
  size_t groups() const { return InputGroups * Passes; }
  size_t globalSize() const { return groups() * Local; }
};

inline Problem problem(const bench::Options &Opts) {
  sub_group::Kernel K = sub_group::kernelOf("sg-reduction", Opts.Kernel);
  if (Opts.Cached)
    return Opts.Smoke ? Problem{16, 4, K} : Problem{32, 8192, K};
  return Opts.Smoke ? Problem{256, 1, K} : Problem{16384, 1, K};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  std::string Input = std::to_string(P.inputSize()) + " ints";
  if (P.Passes > 1)
    Input += " (" + std::to_string(P.inputSize() * sizeof(int) / 1024) +
             " KB) summed " + std::to_string(P.Passes) + " times";
  Rep.config("problem", Input + ", " + sub_group::describeSize());
  Rep.config("local", Local);
}

/// Small values of both signs; the total (about the number of ints
/// summed) fits an int.
inline void init(int *In, const Problem &P) {
  for (size_t I = 0; I < P.inputSize(); ++I)
    In[I] = int(I % 17) - 8 + int(I / 4099 % 3);
}

inline bench::Verdict check(const int *In, int Total, const Problem &P) {
  long Want = 0;
  for (size_t I = 0; I < P.inputSize(); ++I)
    Want += In[I];
  Want *= long(P.Passes);
  if (Total != Want)
    return {false, "total " + std::to_string(Total) + ", expected " +
                       std::to_string(Want)};
  return {true, "total of " + std::to_string(P.globalSize()) + " ints by " +
                    std::to_string(P.globalSize() / SubGroupSize) +
                    " atomics exact"};
}

} // namespace sg_reduction

#endif
