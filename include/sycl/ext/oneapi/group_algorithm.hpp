//===- sycl/ext/oneapi/group_algorithm.hpp - Pre-2020 group algorithms ----===//
//
/// \file
/// The names DPC++ gave the group functions and algorithms before SYCL
/// 2020 took them over (SYCL_INTEL_group_algorithms, later
/// sycl_ext_oneapi_group_algorithms, deprecated by DPC++ in favour of SYCL
/// 2020 4.17), which code written for DPC++ in 2020-2022 still calls:
/// any_of, all_of, none_of, leader, broadcast, reduce, exclusive_scan and
/// inclusive_scan in sycl::ext::oneapi, over the work-items' values and
/// over ranges in memory, and the extension's function objects.
///
/// Each function forwards to its SYCL 2020 counterpart
/// (sycl/group_algorithm.hpp) with the caller's source position and so
/// behaves exactly like it: reduce is reduce_over_group or joint_reduce,
/// broadcast is group_broadcast, and so on. The function objects are the
/// sycl:: ones themselves (using-declarations, not copies), so the group
/// algorithms recognise them and `using namespace` of both namespaces
/// leaves no ambiguity. DPC++ 2021 spelled the namespace sycl::ONEAPI, an
/// alias of sycl::ext::oneapi here; sycl::ext::oneapi::sub_group is in
/// sycl/sub_group.hpp. Nothing is marked deprecated, since ported code is
/// often built with -Werror.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_GROUP_ALGORITHM_HPP
#define LANES_SYCL_EXT_ONEAPI_GROUP_ALGORITHM_HPP

#include "lanes/detail/group_collective.hpp"
#include "sycl/functional.hpp"
#include "sycl/group_algorithm.hpp"
#include "sycl/multi_ptr.hpp"

#include <type_traits>

namespace lanes::detail {

/// Whether P is what the range forms take for a range's ends: a pointer
/// (or a multi_ptr, which those forms reject with their own message).
template <typename P> struct IsRangeEndImpl : std::is_pointer<P> {};
template <typename T, sycl::access::address_space S, sycl::access::decorated D>
struct IsRangeEndImpl<sycl::multi_ptr<T, S, D>> : std::true_type {};
template <typename P>
inline constexpr bool IsRangeEnd = IsRangeEndImpl<P>::value;

/// R for reduce(g, x, init, op) and reduce(g, first, last, op), which have
/// the same number of arguments: the range form when \p Range.
template <typename Group, typename V, bool Range, typename R>
using EnableIfGroupReduce =
    std::enable_if_t<sycl::is_group_v<Group> && IsRangeEnd<V> == Range, R>;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

/// The extension's function objects: the sycl:: templates themselves.
using sycl::bit_and;
using sycl::bit_or;
using sycl::bit_xor;
using sycl::logical_and;
using sycl::logical_or;
using sycl::maximum;
using sycl::minimum;
using sycl::multiplies;
using sycl::plus;

//===----------------------------------------------------------------------===//
// any_of, all_of, none_of (any_of_group, ..., joint_any_of, ...)
//===----------------------------------------------------------------------===//

/// any_of_group(G, Pred).
template <typename Group>
lanes::detail::EnableIfGroup<Group, bool> any_of(Group G, bool Pred,
                                                 LANES_CALL_SITE) {
  return sycl::any_of_group(G, Pred, Site);
}
/// all_of_group(G, Pred).
template <typename Group>
lanes::detail::EnableIfGroup<Group, bool> all_of(Group G, bool Pred,
                                                 LANES_CALL_SITE) {
  return sycl::all_of_group(G, Pred, Site);
}
/// none_of_group(G, Pred).
template <typename Group>
lanes::detail::EnableIfGroup<Group, bool> none_of(Group G, bool Pred,
                                                  LANES_CALL_SITE) {
  return sycl::none_of_group(G, Pred, Site);
}

/// any_of_group(G, X, Pred).
template <typename Group, typename T, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool> any_of(Group G, T X, Predicate Pred,
                                                 LANES_CALL_SITE) {
  return sycl::any_of_group(G, X, Pred, Site);
}
/// all_of_group(G, X, Pred).
template <typename Group, typename T, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool> all_of(Group G, T X, Predicate Pred,
                                                 LANES_CALL_SITE) {
  return sycl::all_of_group(G, X, Pred, Site);
}
/// none_of_group(G, X, Pred).
template <typename Group, typename T, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool> none_of(Group G, T X, Predicate Pred,
                                                  LANES_CALL_SITE) {
  return sycl::none_of_group(G, X, Pred, Site);
}

/// joint_any_of(G, First, Last, Pred).
template <typename Group, typename Ptr, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
any_of(Group G, Ptr First, Ptr Last, Predicate Pred, LANES_CALL_SITE) {
  return sycl::joint_any_of(G, First, Last, Pred, Site);
}
/// joint_all_of(G, First, Last, Pred).
template <typename Group, typename Ptr, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
all_of(Group G, Ptr First, Ptr Last, Predicate Pred, LANES_CALL_SITE) {
  return sycl::joint_all_of(G, First, Last, Pred, Site);
}
/// joint_none_of(G, First, Last, Pred).
template <typename Group, typename Ptr, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
none_of(Group G, Ptr First, Ptr Last, Predicate Pred, LANES_CALL_SITE) {
  return sycl::joint_none_of(G, First, Last, Pred, Site);
}

//===----------------------------------------------------------------------===//
// leader and broadcast (group::leader, group_broadcast)
//===----------------------------------------------------------------------===//

/// G.leader(): true in the work-item with local linear id 0.
template <typename Group>
lanes::detail::EnableIfGroup<Group, bool> leader(Group G) {
  return G.leader();
}

/// group_broadcast(G, X): \p X of the leader.
template <typename Group, typename T>
lanes::detail::EnableIfGroup<Group, T> broadcast(Group G, T X,
                                                 LANES_CALL_SITE) {
  return sycl::group_broadcast(G, X, Site);
}
/// group_broadcast(G, X, LinearId).
template <typename Group, typename T>
lanes::detail::EnableIfGroup<Group, T>
broadcast(Group G, T X, typename Group::linear_id_type LinearId,
          LANES_CALL_SITE) {
  return sycl::group_broadcast(G, X, LinearId, Site);
}
/// group_broadcast(G, X, LocalId).
template <typename Group, typename T>
lanes::detail::EnableIfGroup<Group, T>
broadcast(Group G, T X, typename Group::id_type LocalId, LANES_CALL_SITE) {
  return sycl::group_broadcast(G, X, LocalId, Site);
}

//===----------------------------------------------------------------------===//
// reduce (reduce_over_group, joint_reduce)
//===----------------------------------------------------------------------===//

/// reduce_over_group(G, X, Op).
template <typename Group, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T> reduce(Group G, T X, BinaryOperation Op,
                                              LANES_CALL_SITE) {
  return sycl::reduce_over_group(G, X, Op, Site);
}
/// reduce_over_group(G, X, Init, Op).
template <typename Group, typename V, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroupReduce<Group, V, false, T>
reduce(Group G, V X, T Init, BinaryOperation Op, LANES_CALL_SITE) {
  return sycl::reduce_over_group(G, X, Init, Op, Site);
}
/// joint_reduce(G, First, Last, Op).
template <typename Group, typename Ptr, typename BinaryOperation>
lanes::detail::EnableIfGroupReduce<Group, Ptr, true,
                                   lanes::detail::PointeeValue<Ptr>>
reduce(Group G, Ptr First, Ptr Last, BinaryOperation Op, LANES_CALL_SITE) {
  return sycl::joint_reduce(G, First, Last, Op, Site);
}
/// joint_reduce(G, First, Last, Init, Op).
template <typename Group, typename Ptr, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T> reduce(Group G, Ptr First, Ptr Last,
                                              T Init, BinaryOperation Op,
                                              LANES_CALL_SITE) {
  return sycl::joint_reduce(G, First, Last, Init, Op, Site);
}

//===----------------------------------------------------------------------===//
// exclusive_scan (exclusive_scan_over_group, joint_exclusive_scan)
//===----------------------------------------------------------------------===//

/// exclusive_scan_over_group(G, X, Op).
template <typename Group, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
exclusive_scan(Group G, T X, BinaryOperation Op, LANES_CALL_SITE) {
  return sycl::exclusive_scan_over_group(G, X, Op, Site);
}
/// exclusive_scan_over_group(G, X, Init, Op).
template <typename Group, typename V, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
exclusive_scan(Group G, V X, T Init, BinaryOperation Op, LANES_CALL_SITE) {
  return sycl::exclusive_scan_over_group(G, X, Init, Op, Site);
}
/// joint_exclusive_scan(G, First, Last, Result, Op).
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, OutPtr>
exclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result,
               BinaryOperation Op, LANES_CALL_SITE) {
  return sycl::joint_exclusive_scan(G, First, Last, Result, Op, Site);
}
/// joint_exclusive_scan(G, First, Last, Result, Init, Op).
template <typename Group, typename InPtr, typename OutPtr, typename T,
          typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, OutPtr>
exclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result, T Init,
               BinaryOperation Op, LANES_CALL_SITE) {
  return sycl::joint_exclusive_scan(G, First, Last, Result, Init, Op, Site);
}

//===----------------------------------------------------------------------===//
// inclusive_scan (inclusive_scan_over_group, joint_inclusive_scan)
//===----------------------------------------------------------------------===//

/// inclusive_scan_over_group(G, X, Op).
template <typename Group, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
inclusive_scan(Group G, T X, BinaryOperation Op, LANES_CALL_SITE) {
  return sycl::inclusive_scan_over_group(G, X, Op, Site);
}
/// inclusive_scan_over_group(G, X, Op, Init): the operation before the
/// initial value, as in SYCL 2020.
template <typename Group, typename V, typename BinaryOperation, typename T>
lanes::detail::EnableIfGroup<Group, T>
inclusive_scan(Group G, V X, BinaryOperation Op, T Init, LANES_CALL_SITE) {
  return sycl::inclusive_scan_over_group(G, X, Op, Init, Site);
}
/// joint_inclusive_scan(G, First, Last, Result, Op).
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, OutPtr>
inclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result,
               BinaryOperation Op, LANES_CALL_SITE) {
  return sycl::joint_inclusive_scan(G, First, Last, Result, Op, Site);
}
/// joint_inclusive_scan(G, First, Last, Result, Op, Init).
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation, typename T>
lanes::detail::EnableIfGroup<Group, OutPtr>
inclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result,
               BinaryOperation Op, T Init, LANES_CALL_SITE) {
  return sycl::joint_inclusive_scan(G, First, Last, Result, Op, Init, Site);
}

} // namespace ext::oneapi

/// DPC++ 2021's name of sycl::ext::oneapi (`sycl::ONEAPI::reduce`, and
/// `cl::sycl::ONEAPI::...` through <CL/sycl.hpp>).
namespace ONEAPI = ext::oneapi;

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_GROUP_ALGORITHM_HPP
