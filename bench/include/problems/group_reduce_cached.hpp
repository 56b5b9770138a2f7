//===- problems/group_reduce_cached.hpp - Cached group sums ----*- C++ -*-===//
//
/// \file
/// `group-reduce-cached`: what a work-group collective costs, not what DRAM
/// does. Like `reduction`, each work-group of 256 sums its 256 ints and item
/// 0 writes the sum; but the input is small enough to stay in the L1 data
/// cache (32 groups' ints, 32 KB at full size) and one launch sums it
/// `Passes` times over: group G reads the ints of input group G %
/// InputGroups and writes Sums[G], so every group does its own work and
/// the loads hit the cache. (From L2, 1 KB a group, the loads alone took
/// the collective's whole time, about 5.5 ns a group on one znver5 core,
/// and the ratio timed the cache.)
/// One launch per timed run, as in the other benchmarks, and a large one
/// (262144 groups): a launch costs tens of microseconds on a busy 2-core
/// machine (waking the threads), more than summing 64K cached ints, so one
/// launch per pass would time the launches (1024 launches of 256 groups
/// took 61 ms for the collective, one launch of 262144 groups 2.2 ms).
///
/// `--kernel collective` (the default) calls `sycl::reduce_over_group`;
/// `--kernel tree` is the classic local-memory tree of `reduction` (a
/// barrier at the top of each of the 8 halving steps); `--kernel
/// sub-groups` is the block reduction of CUDA code ported to SYCL: each
/// sub-group sums its items (`reduce_over_group(sub_group)`), its leader
/// writes the sum to local memory, a group barrier, then sub-group 0 alone
/// sums those partial sums (each lane first adds every SG-th one, when the
/// group has more sub-groups than a sub-group has lanes) and its leader
/// writes the group's sum. Only sub-group 0 reaches the second collective:
/// sub-groups part ways there in every group. Integers, so the check is
/// exact: every Sums[G] against a serial sum of its input group.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_GROUP_REDUCE_CACHED_HPP
#define LANES_BENCH_PROBLEMS_GROUP_REDUCE_CACHED_HPP

#include "bench.hpp"

#include <vector>

namespace group_reduce_cached {

constexpr size_t Local = 256;

/// The work-group collective, or the same sum by a local-memory tree, or
/// by sub-group collectives.
enum class Kernel { Collective, Tree, SubGroups };

struct Problem {
  /// Work-groups whose ints the input holds (InputGroups * Local ints); a
  /// power of two.
  size_t InputGroups;
  /// How many times one launch sums the whole input.
  size_t Passes;
  Kernel K;
  size_t inputSize() const { return InputGroups * Local; }
  size_t groups() const { return InputGroups * Passes; }
  size_t globalSize() const { return groups() * Local; }
};

inline Kernel kernelOf(const std::string &Name) {
  if (Name.empty() || Name == "collective")
    return Kernel::Collective;
  if (Name == "tree")
    return Kernel::Tree;
  if (Name == "sub-groups")
    return Kernel::SubGroups;
  std::fprintf(stderr,
               "group-reduce-cached: --kernel collective|tree|sub-groups\n");
  std::exit(2);
}

inline Problem problem(const bench::Options &Opts) {
  if (Opts.Smoke)
    return {16, 4, kernelOf(Opts.Kernel)};
  return {32, 8192, kernelOf(Opts.Kernel)};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.inputSize()) + " ints (" +
                            std::to_string(P.inputSize() * sizeof(int) / 1024) +
                            " KB) summed " + std::to_string(P.Passes) +
                            " times");
  Rep.config("local", Local);
  Rep.config("groups", P.groups());
}

/// Small values of both signs, as in `reduction`.
inline void init(int *In, const Problem &P) {
  for (size_t I = 0; I < P.inputSize(); ++I)
    In[I] = int(I % 17) - 8 + int(I / 4099 % 3);
}

using bench::inputGroup;

inline bench::Verdict check(const int *In, const int *Sums, const Problem &P) {
  std::vector<long> Want(P.InputGroups, 0);
  for (size_t I = 0; I < P.inputSize(); ++I)
    Want[I / Local] += In[I];
  for (size_t G = 0; G < P.groups(); ++G)
    if (Sums[G] != Want[inputGroup(G, P.InputGroups)])
      return {false, "group " + std::to_string(G) + ": " +
                         std::to_string(Sums[G]) + ", expected " +
                         std::to_string(Want[inputGroup(G, P.InputGroups)])};
  return {true, std::to_string(P.groups()) + " group sums exact"};
}

} // namespace group_reduce_cached

#endif
