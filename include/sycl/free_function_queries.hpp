//===- sycl/free_function_queries.hpp - this_work_item queries ------------===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_free_function_queries: the running work-item's
/// nd_item, work-group and sub-group from any function a kernel calls,
/// without passing the nd_item down. SYCLomatic writes CUDA's threadIdx
/// and blockIdx in device functions this way
/// (`sycl::ext::oneapi::this_work_item::get_nd_item<3>()`), and older DPC++
/// code uses the deprecated `sycl::ext::oneapi::experimental::this_nd_item`
/// spelling.
///
/// Lanes' nd_item, group and sub_group hold nothing (each query calls a
/// builtin), so these functions only make one. Their answers are right
/// when every dimension the caller leaves out has one work-item: each
/// dimension past Dims must have a local size and a group count of 1. A
/// call with fewer dimensions than the kernel's range, where a left-out
/// dimension has more, would drop it from every id and size: instead it
/// prints an error naming the kernel and aborts (a precondition of the
/// extension, which kernel code cannot report by throwing). More
/// dimensions than the kernel's are the OpenCL view of it: the extra
/// leading dimensions have size 1 and id 0. Outside a kernel, the answers
/// are a lone work-item's, as the builtins give (lanes/builtins.h).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_FREE_FUNCTION_QUERIES_HPP
#define LANES_SYCL_FREE_FUNCTION_QUERIES_HPP

#include "lanes/builtins.h"
#include "lanes/detail/kernel.hpp"
#include "lanes/runtime.h"
#include "sycl/group.hpp"
#include "sycl/nd_item.hpp"
#include "sycl/sub_group.hpp"

namespace lanes::detail {

/// The running work-item's nd_item<Dims>, after checking that the
/// dimensions past Dims (builtin dimensions Dims..2) have one work-item.
template <int Dims> sycl::nd_item<Dims> currentNdItem(const char *Query) {
  static_assert(Dims >= 1 && Dims <= 3,
                "a work-item query takes 1, 2 or 3 dimensions");
  for (unsigned D = Dims; D < 3; ++D)
    if (__lanes_local_size(D) != 1 || __lanes_num_groups(D) != 1)
      lanes::rt::queryDimensionsError(Query, Dims);
  return ItemBuilder::ndItem<Dims>();
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::this_work_item {

template <int Dims> nd_item<Dims> get_nd_item() {
  return lanes::detail::currentNdItem<Dims>("this_work_item::get_nd_item");
}

template <int Dims> group<Dims> get_work_group() {
  return lanes::detail::currentNdItem<Dims>("this_work_item::get_work_group")
      .get_group();
}

/// Sub-groups do not depend on the number of dimensions.
inline sub_group get_sub_group() {
  return lanes::detail::ItemBuilder::ndItem<1>().get_sub_group();
}

} // namespace ext::oneapi::this_work_item

namespace ext::oneapi::experimental {

template <int Dims>
[[deprecated("use sycl::ext::oneapi::this_work_item::get_nd_item() "
             "instead")]] nd_item<Dims>
this_nd_item() {
  return lanes::detail::currentNdItem<Dims>("experimental::this_nd_item");
}

template <int Dims>
[[deprecated("use sycl::ext::oneapi::this_work_item::get_work_group() "
             "instead")]] group<Dims>
this_group() {
  return lanes::detail::currentNdItem<Dims>("experimental::this_group")
      .get_group();
}

[[deprecated("use sycl::ext::oneapi::this_work_item::get_sub_group() "
             "instead")]] inline sub_group
this_sub_group() {
  return this_work_item::get_sub_group();
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_FREE_FUNCTION_QUERIES_HPP
