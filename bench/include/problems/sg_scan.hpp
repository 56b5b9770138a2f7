//===- problems/sg_scan.hpp - Inclusive scans of sub-groups -----*- C++ -*-===//
//
/// \file
/// `sg-scan`: a segmented inclusive prefix sum with segments of
/// SubGroupSize, i.e. Out[i] = In[s] + ... + In[i] where s is i rounded
/// down to a multiple of SubGroupSize. Each work-item loads one int, its
/// sub-group scans them (`inclusive_scan_over_group(sub_group, x, plus)`)
/// and it writes its own prefix back. Local size 256. `--kernel
/// no-sub-group` scans each sub-group's run in local memory instead
/// (Hillis-Steele: log2(SubGroupSize) steps, each a barrier, a read of the
/// element D places to the left within the run, a barrier, an add).
/// Integers, so the check is exact.
///
/// `--cached`: the same kernels on 64K ints (256 KB in, 256 KB out, both
/// in one core's L2), scanned 256 times by 256 launches. At the full size
/// the sub-group kernel moves its 128 MB about as fast as stream-copy does,
/// so that row's ratios time memory, not the exchange within a sub-group.
/// Unlike sg-reduction-cached this takes a launch per pass: every group
/// writes its own scans, so one launch that scanned the input many times
/// over would write all of it, back in memory.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_SG_SCAN_HPP
#define LANES_BENCH_PROBLEMS_SG_SCAN_HPP

#include "problems/sub_group.hpp"

namespace sg_scan {

using sub_group::Local;
using sub_group::SubGroupSize;

struct Problem {
  /// Ints scanned by one launch.
  size_t N;
  /// Launches in one timed run, each scanning the same input into the same
  /// output.
  size_t Launches;
  sub_group::Kernel K;
};

inline Problem problem(const bench::Options &Opts) {
  sub_group::Kernel K = sub_group::kernelOf("sg-scan", Opts.Kernel);
  if (Opts.Cached)
    return Opts.Smoke ? Problem{size_t(1) << 12, 4, K}
                      : Problem{size_t(1) << 16, 256, K};
  return {Opts.Smoke ? size_t(1) << 16 : size_t(16) << 20, 1, K};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  std::string Input = std::to_string(P.N) + " ints";
  if (P.Launches > 1)
    Input += " (" + std::to_string(P.N * sizeof(int) / 1024) +
             " KB) scanned by " + std::to_string(P.Launches) + " launches";
  Rep.config("problem", Input + ", " + sub_group::describeSize());
  Rep.config("local", Local);
}

inline void init(int *In, const Problem &P) {
  for (size_t I = 0; I < P.N; ++I)
    In[I] = int(I * 7 % 23) - 11 + int(I / 5003 % 5);
}

inline bench::Verdict check(const int *In, const int *Out, const Problem &P) {
  int Sum = 0;
  for (size_t I = 0; I < P.N; ++I) {
    Sum = (I % SubGroupSize == 0 ? 0 : Sum) + In[I];
    if (Out[I] != Sum)
      return {false, "Out[" + std::to_string(I) +
                         "] = " + std::to_string(Out[I]) + ", expected " +
                         std::to_string(Sum)};
  }
  return {true, std::to_string(P.N / SubGroupSize) + " scans of " +
                    std::to_string(SubGroupSize) + " ints exact"};
}

} // namespace sg_scan

#endif
