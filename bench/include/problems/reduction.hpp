//===- problems/reduction.hpp - Work-group tree reduction ------*- C++ -*-===//
//
/// \file
/// The problem all variants of `reduction` solve: each work-group of 256
/// sums its 256 ints and item 0 writes the sum. `--kernel tree` (the
/// default) loads them into local memory and halves the active range with a
/// barrier at the top of every step (8 barriers in a loop); `--kernel group`
/// calls the work-group collective (`sycl::reduce_over_group`).
/// `--kernel sycl-reduction` sums all N ints into one total through
/// `sycl::reduction` over the same nd-range (the other variants: their
/// group sums, then the partials added on the host, which is what
/// Lanes's reduction does). Integers, so the checks are exact.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_REDUCTION_HPP
#define LANES_BENCH_PROBLEMS_REDUCTION_HPP

#include "bench.hpp"

namespace reduction {

constexpr size_t Local = 256;

/// Whether the group sums by a local-memory tree or by the collective, or
/// the whole sum goes through sycl::reduction.
enum class Kernel { Tree, Group, SyclReduction };

struct Problem {
  size_t N;
  Kernel K;
  size_t groups() const { return N / Local; }
};

inline Kernel kernelOf(const std::string &Name) {
  if (Name.empty() || Name == "tree")
    return Kernel::Tree;
  if (Name == "group")
    return Kernel::Group;
  if (Name == "sycl-reduction")
    return Kernel::SyclReduction;
  std::fprintf(stderr, "reduction: --kernel tree|group|sycl-reduction\n");
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
    In[I] = int(I % 17) - 8 + int(I / 4099 % 3);
}

inline bench::Verdict check(const int *In, const int *Partial,
                            const Problem &P) {
  for (size_t G = 0; G < P.groups(); ++G) {
    long Sum = 0;
    for (size_t I = G * Local; I < (G + 1) * Local; ++I)
      Sum += In[I];
    if (Sum != Partial[G])
      return {false, "group " + std::to_string(G) + ": " +
                         std::to_string(Partial[G]) + ", expected " +
                         std::to_string(Sum)};
  }
  return {true, std::to_string(P.groups()) + " group sums exact"};
}

/// The sum of all inputs, as `--kernel sycl-reduction` computes it.
inline long total(const int *In, const Problem &P) {
  long Sum = 0;
  for (size_t I = 0; I < P.N; ++I)
    Sum += In[I];
  return Sum;
}

inline bench::Verdict checkTotal(const int *In, long Total, const Problem &P) {
  long Want = total(In, P);
  if (Total != Want)
    return {false, "total " + std::to_string(Total) + ", expected " +
                       std::to_string(Want)};
  return {true, "total of " + std::to_string(P.N) + " ints exact"};
}

} // namespace reduction

#endif
