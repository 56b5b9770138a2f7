//===- problems/scan.hpp - Work-group prefix scan --------------*- C++ -*-===//
//
/// \file
/// `scan`: each work-group of 256 replaces its 256 ints by their inclusive
/// prefix sums, Out[i] = In[s] + ... + In[i] where s is the first index of
/// i's group. `--kernel tree` (the default) is the textbook local-memory
/// scan (Hillis-Steele, double-buffered): 8 steps, each a barrier, then
/// every work-item adds the element D places to its left into the other
/// half of the tile. `--kernel group` calls the work-group collective
/// (`sycl::inclusive_scan_over_group`). Integers, so the check is exact.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_SCAN_HPP
#define LANES_BENCH_PROBLEMS_SCAN_HPP

#include "bench.hpp"

namespace scan {

constexpr size_t Local = 256;

/// Whether the group scans through a local-memory tree or the collective.
enum class Kernel { Tree, Group };

struct Problem {
  size_t N;
  Kernel K;
};

inline Kernel kernelOf(const std::string &Name) {
  if (Name.empty() || Name == "tree")
    return Kernel::Tree;
  if (Name == "group")
    return Kernel::Group;
  std::fprintf(stderr, "scan: --kernel tree|group\n");
  std::exit(2);
}

inline Problem problem(const bench::Options &Opts) {
  return {Opts.Smoke ? size_t(1) << 16 : size_t(4) << 20,
          kernelOf(Opts.Kernel)};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.N) + " ints");
  Rep.config("local", Local);
}

inline void init(int *In, const Problem &P) {
  for (size_t I = 0; I < P.N; ++I)
    In[I] = int(I * 5 % 19) - 9 + int(I / 3001 % 4);
}

inline bench::Verdict check(const int *In, const int *Out, const Problem &P) {
  int Sum = 0;
  for (size_t I = 0; I < P.N; ++I) {
    Sum = (I % Local == 0 ? 0 : Sum) + In[I];
    if (Out[I] != Sum)
      return {false, "Out[" + std::to_string(I) +
                         "] = " + std::to_string(Out[I]) + ", expected " +
                         std::to_string(Sum)};
  }
  return {true, std::to_string(P.N / Local) + " scans of " +
                    std::to_string(Local) + " ints exact"};
}

} // namespace scan

#endif
