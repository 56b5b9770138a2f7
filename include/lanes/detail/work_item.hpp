//===- lanes/detail/work_item.hpp - SYCL dimensions over the builtins -----===//
//
/// \file
/// The only place the C++ API asks which work-item is running. Every query
/// calls a builtin of lanes/builtins.h when it is made (nothing is cached in
/// the SYCL objects), so the pipeline sees plain builtin calls and can tell
/// uniform values from varying ones.
///
/// SYCL numbers dimensions so that Dims-1 varies fastest; the builtins use
/// the OpenCL order where dimension 0 does. SYCL dimension I of a
/// Dims-dimensional kernel is builtin dimension Dims-1-I.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_WORK_ITEM_HPP
#define LANES_DETAIL_WORK_ITEM_HPP

#include "lanes/builtins.h"

#include "sycl/access.hpp"

#include <cstddef>

/// Marks the statement calling a user's kernel (or work-item function) from
/// an invoker: the kernel body must end up inside the work-item loop to be
/// vectorized, and a kernel used by two invokers (a range kernel's exact and
/// padded launch) has too many callers for the inliner's taste otherwise.
#if defined(__clang__)
#define LANES_INLINE_KERNEL_CALL [[clang::always_inline]]
#else
#define LANES_INLINE_KERNEL_CALL
#endif

namespace lanes::detail {

/// The builtin dimension of SYCL dimension \p Dim.
template <int Dims> inline unsigned builtinDim(int Dim) {
  return static_cast<unsigned>(Dims - 1 - Dim);
}

template <int Dims> inline size_t localId(int Dim) {
  return __lanes_local_id(builtinDim<Dims>(Dim));
}
template <int Dims> inline size_t localSize(int Dim) {
  return __lanes_local_size(builtinDim<Dims>(Dim));
}
template <int Dims> inline size_t groupId(int Dim) {
  return __lanes_group_id(builtinDim<Dims>(Dim));
}
template <int Dims> inline size_t numGroups(int Dim) {
  return __lanes_num_groups(builtinDim<Dims>(Dim));
}
template <int Dims> inline size_t globalId(int Dim) {
  return groupId<Dims>(Dim) * localSize<Dims>(Dim) + localId<Dims>(Dim);
}
template <int Dims> inline size_t globalSize(int Dim) {
  return numGroups<Dims>(Dim) * localSize<Dims>(Dim);
}

/// Builds a SYCL id or range from a per-dimension query.
template <typename T, int Dims, typename QueryT> inline T gather(QueryT Query) {
  if constexpr (Dims == 1)
    return T(Query(0));
  else if constexpr (Dims == 2)
    return T(Query(0), Query(1));
  else
    return T(Query(0), Query(1), Query(2));
}

/// Row-major linearisation of a builtin-backed id in a builtin-backed range.
template <int Dims, typename IdQueryT, typename RangeQueryT>
inline size_t linearQuery(IdQueryT Id, RangeQueryT Range) {
  size_t Linear = Id(0);
  for (int I = 1; I < Dims; ++I)
    Linear = Linear * Range(I) + Id(I);
  return Linear;
}

/// The __lanes_barrier flags of a SYCL fence space.
inline unsigned fenceFlags(sycl::access::fence_space Space) {
  switch (Space) {
  case sycl::access::fence_space::local_space:
    return LANES_FENCE_LOCAL;
  case sycl::access::fence_space::global_space:
    return LANES_FENCE_GLOBAL;
  case sycl::access::fence_space::global_and_local:
    break;
  }
  return LANES_FENCE_LOCAL | LANES_FENCE_GLOBAL;
}

} // namespace lanes::detail

#endif // LANES_DETAIL_WORK_ITEM_HPP
