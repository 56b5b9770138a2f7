//===- problems/sub_group.hpp - Sub-group size and kernels ------*- C++ -*-===//
//
/// \file
/// The sub-group size the four sub-group benchmarks (sg-reduction, sg-scan,
/// sg-shuffle, sg-spmv) are built around, and their `--kernel` choice.
///
/// A sub-group is a run of SubGroupSize consecutive work-items of a
/// work-group (SYCL 2020 4.9.1.8 leaves the size to the implementation;
/// Lanes uses the SIMD width in 32-bit lanes). The SYCL variants include
/// <sycl/sycl.hpp> first, which defines LANES_SUB_GROUP_SIZE; the reference
/// variants include no SYCL header, so the same rule is repeated here: 16
/// with AVX-512F, 8 with AVX, else 4. The SYCL kernels ask their sub-group
/// for its size; the problems' checks use SubGroupSize, so a disagreement
/// is a verification failure, not a silent change of problem.
///
/// `--kernel sub-group` (the default) is the kernel written with the
/// sub-group functions; `--kernel no-sub-group` is the same algorithm with
/// each sub-group's exchange done through work-group local memory and
/// group barriers instead (the reference variants have one form only and
/// ignore the option).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_SUB_GROUP_HPP
#define LANES_BENCH_PROBLEMS_SUB_GROUP_HPP

#include "bench.hpp"

namespace sub_group {

#if defined(LANES_SUB_GROUP_SIZE)
constexpr size_t SubGroupSize = LANES_SUB_GROUP_SIZE;
#elif defined(__AVX512F__)
constexpr size_t SubGroupSize = 16;
#elif defined(__AVX__)
constexpr size_t SubGroupSize = 8;
#else
constexpr size_t SubGroupSize = 4;
#endif

/// The local size of every sub-group benchmark: a whole number of
/// sub-groups whatever SubGroupSize is (at most 64).
constexpr size_t Local = 256;
static_assert(Local % SubGroupSize == 0, "sub-groups must tile a group");

/// Sub-group functions, or the same exchanges through local memory.
enum class Kernel { SubGroup, NoSubGroup };

inline Kernel kernelOf(const char *Bench, const std::string &Name) {
  if (Name.empty() || Name == "sub-group")
    return Kernel::SubGroup;
  if (Name == "no-sub-group")
    return Kernel::NoSubGroup;
  std::fprintf(stderr, "%s: --kernel sub-group|no-sub-group\n", Bench);
  std::exit(2);
}

/// "sub-group 16": the part of each problem's description that says which
/// size it was built for.
inline std::string describeSize() {
  return "sub-group " + std::to_string(SubGroupSize);
}

} // namespace sub_group

#endif
