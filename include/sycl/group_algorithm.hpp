//===- sycl/group_algorithm.hpp - Group functions and algorithms ----------===//
//
/// \file
/// SYCL 2020 4.17.3 (group_broadcast) and 4.17.4 (any_of / all_of /
/// none_of, reduce, exclusive and inclusive scan, each over the values of
/// the work-items and as joint_* over a range in memory) for sycl::group.
///
/// Each call becomes one work-group collective builtin
/// (lanes/detail/group_collective.hpp), so like a barrier it must be reached
/// by every work-item of the group, the same number of times. The user's
/// source position travels with it (a defaulted CallSite parameter) for the
/// diagnostics of checked mode. Work-items are ordered by
/// get_local_linear_id(). Operations are the SYCL function objects; float
/// minimum/maximum behave as fmin/fmax (a NaN loses to a number).
///
/// The joint algorithms stride over [first, last) by the group size (item i
/// takes elements i, i + size, ...): reductions combine privately and then
/// across the group; scans go chunk by chunk, one group-sized chunk per
/// collective, carrying the running total from chunk to chunk.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_GROUP_ALGORITHM_HPP
#define LANES_SYCL_GROUP_ALGORITHM_HPP

#include "lanes/detail/array.hpp"
#include "lanes/detail/group_collective.hpp"
#include "sycl/functional.hpp"
#include "sycl/group.hpp"

#include <cstddef>
#include <iterator>
#include <type_traits>

namespace lanes::detail {

/// The static checks of a joint algorithm's pointer.
template <typename Ptr> constexpr void checkJointPointer() {
  static_assert(std::is_pointer_v<Ptr>,
                "Lanes implements the joint group algorithms over raw "
                "pointers only (pass multi_ptr::get() or accessor data)");
}

template <typename Ptr>
using PointeeValue = std::remove_cv_t<std::remove_pointer_t<Ptr>>;

} // namespace lanes::detail

/// The defaulted last parameter of every group function: the caller's
/// source position.
#define LANES_CALL_SITE                                                        \
  lanes::detail::CallSite Site = {__builtin_FILE(), __builtin_LINE()}

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.17.1: whether T is a group type.
template <typename T> struct is_group : std::false_type {};
template <int Dims> struct is_group<group<Dims>> : std::true_type {};
template <typename T> inline constexpr bool is_group_v = is_group<T>::value;

//===----------------------------------------------------------------------===//
// 4.17.3 group_broadcast
//===----------------------------------------------------------------------===//

/// \p X of the work-item with local linear id \p LinearId (the same in
/// every work-item, below the group size). Any trivially copyable T.
template <int Dims, typename T>
T group_broadcast(group<Dims> G, T X, size_t LinearId, LANES_CALL_SITE) {
  (void)G;
  return lanes::detail::broadcastValue(X, LinearId, Site);
}

/// \p X of the work-item with local id \p LocalId.
template <int Dims, typename T>
T group_broadcast(group<Dims> G, T X, id<Dims> LocalId, LANES_CALL_SITE) {
  size_t Linear =
      lanes::detail::linearize<Dims>(LocalId, G.get_local_range());
  return lanes::detail::broadcastValue(X, Linear, Site);
}

/// \p X of the group's leader (local linear id 0).
template <int Dims, typename T>
T group_broadcast(group<Dims> G, T X, LANES_CALL_SITE) {
  (void)G;
  return lanes::detail::broadcastValue(X, 0, Site);
}

//===----------------------------------------------------------------------===//
// 4.17.4.1 - 4.17.4.3 any_of, all_of, none_of
//===----------------------------------------------------------------------===//

/// True when \p Pred is true in some work-item of \p G.
template <int Dims>
bool any_of_group(group<Dims> G, bool Pred, LANES_CALL_SITE) {
  (void)G;
  return lanes::detail::groupReduce<LANES_OP_OR>(int32_t(Pred), Site) != 0;
}
/// True when \p Pred is true in every work-item of \p G.
template <int Dims>
bool all_of_group(group<Dims> G, bool Pred, LANES_CALL_SITE) {
  (void)G;
  return lanes::detail::groupReduce<LANES_OP_AND>(int32_t(Pred), Site) != 0;
}
/// True when \p Pred is false in every work-item of \p G.
template <int Dims>
bool none_of_group(group<Dims> G, bool Pred, LANES_CALL_SITE) {
  return !any_of_group(G, Pred, Site);
}

template <int Dims, typename T, typename Predicate>
bool any_of_group(group<Dims> G, T X, Predicate Pred, LANES_CALL_SITE) {
  return any_of_group(G, bool(Pred(X)), Site);
}
template <int Dims, typename T, typename Predicate>
bool all_of_group(group<Dims> G, T X, Predicate Pred, LANES_CALL_SITE) {
  return all_of_group(G, bool(Pred(X)), Site);
}
template <int Dims, typename T, typename Predicate>
bool none_of_group(group<Dims> G, T X, Predicate Pred, LANES_CALL_SITE) {
  return none_of_group(G, bool(Pred(X)), Site);
}

/// True when \p Pred holds for some element of [First, Last).
template <int Dims, typename Ptr, typename Predicate>
bool joint_any_of(group<Dims> G, Ptr First, Ptr Last, Predicate Pred,
                  LANES_CALL_SITE) {
  lanes::detail::checkJointPointer<Ptr>();
  size_t Count = size_t(Last - First), Step = G.get_local_linear_range();
  bool Any = false;
  for (size_t I = G.get_local_linear_id(); I < Count; I += Step)
    Any = Any || bool(Pred(First[I]));
  return any_of_group(G, Any, Site);
}
/// True when \p Pred holds for every element of [First, Last).
template <int Dims, typename Ptr, typename Predicate>
bool joint_all_of(group<Dims> G, Ptr First, Ptr Last, Predicate Pred,
                  LANES_CALL_SITE) {
  lanes::detail::checkJointPointer<Ptr>();
  size_t Count = size_t(Last - First), Step = G.get_local_linear_range();
  bool All = true;
  for (size_t I = G.get_local_linear_id(); I < Count; I += Step)
    All = All && bool(Pred(First[I]));
  return all_of_group(G, All, Site);
}
/// True when \p Pred holds for no element of [First, Last).
template <int Dims, typename Ptr, typename Predicate>
bool joint_none_of(group<Dims> G, Ptr First, Ptr Last, Predicate Pred,
                   LANES_CALL_SITE) {
  return !joint_any_of(G, First, Last, Pred, Site);
}

//===----------------------------------------------------------------------===//
// 4.17.4.4 reduce
//===----------------------------------------------------------------------===//

/// \p X of every work-item of \p G combined with \p Op.
template <int Dims, typename T, typename BinaryOperation>
T reduce_over_group(group<Dims> G, T X, BinaryOperation Op, LANES_CALL_SITE) {
  (void)G;
  (void)Op;
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  return GOp::narrow(
      lanes::detail::groupReduce<GOp::Code>(GOp::widen(X), Site));
}

/// \p Init combined with \p X of every work-item of \p G.
template <int Dims, typename V, typename T, typename BinaryOperation>
T reduce_over_group(group<Dims> G, V X, T Init, BinaryOperation Op,
                    LANES_CALL_SITE) {
  (void)G;
  (void)Op;
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  return GOp::narrow(GOp::combine(
      GOp::widen(Init),
      lanes::detail::groupReduce<GOp::Code>(GOp::widen(T(X)), Site)));
}

/// The elements of [First, Last) combined with \p Op, starting from
/// \p Init.
template <int Dims, typename Ptr, typename T, typename BinaryOperation>
T joint_reduce(group<Dims> G, Ptr First, Ptr Last, T Init, BinaryOperation Op,
               LANES_CALL_SITE) {
  (void)Op;
  lanes::detail::checkJointPointer<Ptr>();
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  size_t Count = size_t(Last - First), Step = G.get_local_linear_range();
  typename GOp::C Acc = GOp::identity();
  for (size_t I = G.get_local_linear_id(); I < Count; I += Step)
    Acc = GOp::combine(Acc, GOp::widen(T(First[I])));
  return GOp::narrow(GOp::combine(
      GOp::widen(Init), lanes::detail::groupReduce<GOp::Code>(Acc, Site)));
}

/// The elements of [First, Last) combined with \p Op (its identity for an
/// empty range).
template <int Dims, typename Ptr, typename BinaryOperation>
lanes::detail::PointeeValue<Ptr> joint_reduce(group<Dims> G, Ptr First,
                                              Ptr Last, BinaryOperation Op,
                                              LANES_CALL_SITE) {
  using T = lanes::detail::PointeeValue<Ptr>;
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  return joint_reduce(G, First, Last, GOp::narrow(GOp::identity()), Op, Site);
}

//===----------------------------------------------------------------------===//
// 4.17.4.5 exclusive_scan
//===----------------------------------------------------------------------===//

/// \p Init combined with \p X of the work-items before this one.
template <int Dims, typename V, typename T, typename BinaryOperation>
T exclusive_scan_over_group(group<Dims> G, V X, T Init, BinaryOperation Op,
                            LANES_CALL_SITE) {
  (void)G;
  (void)Op;
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  // The first work-item gets the carrier's identity, which Init absorbs.
  T Result = GOp::narrow(GOp::combine(
      GOp::widen(Init),
      lanes::detail::groupExclusiveScan<GOp::Code>(GOp::widen(T(X)), Site)));
  // ...except that a logical operation would turn it into 0 or 1.
  if constexpr (GOp::Logical)
    return G.get_local_linear_id() == 0 ? Init : Result;
  else
    return Result;
}

/// \p X of the work-items before this one combined with \p Op; the
/// identity in the first work-item.
template <int Dims, typename T, typename BinaryOperation>
T exclusive_scan_over_group(group<Dims> G, T X, BinaryOperation Op,
                            LANES_CALL_SITE) {
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  if constexpr (std::is_same_v<typename GOp::C, T> && !GOp::Logical) {
    (void)G;
    (void)Op;
    return lanes::detail::groupExclusiveScan<GOp::Code>(X, Site);
  } else {
    // The carrier's identity may not be T's (INT32_MAX is no char).
    return exclusive_scan_over_group(G, X, GOp::narrow(GOp::identity()), Op,
                                     Site);
  }
}

/// Writes to Result[i] \p Init combined with the elements of [First, Last)
/// before i; returns the end of the output.
template <int Dims, typename InPtr, typename OutPtr, typename T,
          typename BinaryOperation>
OutPtr joint_exclusive_scan(group<Dims> G, InPtr First, InPtr Last,
                            OutPtr Result, T Init, BinaryOperation Op,
                            LANES_CALL_SITE) {
  (void)Op;
  lanes::detail::checkJointPointer<InPtr>();
  lanes::detail::checkJointPointer<OutPtr>();
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  size_t Count = size_t(Last - First), Step = G.get_local_linear_range();
  size_t Self = G.get_local_linear_id();
  typename GOp::C Carry = GOp::widen(Init);
  for (size_t Base = 0; Base < Count; Base += Step) {
    size_t I = Base + Self;
    typename GOp::C X = I < Count ? GOp::widen(T(First[I])) : GOp::identity();
    typename GOp::C Before =
        lanes::detail::groupExclusiveScan<GOp::Code>(X, Site);
    typename GOp::C Total = lanes::detail::groupReduce<GOp::Code>(X, Site);
    // Element 0 gets Init itself, which a logical operation would turn
    // into 0 or 1.
    if (I < Count)
      Result[I] = I == 0 ? Init : GOp::narrow(GOp::combine(Carry, Before));
    Carry = GOp::combine(Carry, Total);
  }
  return Result + Count;
}

/// joint_exclusive_scan starting from the identity of \p Op.
template <int Dims, typename InPtr, typename OutPtr, typename BinaryOperation>
OutPtr joint_exclusive_scan(group<Dims> G, InPtr First, InPtr Last,
                            OutPtr Result, BinaryOperation Op,
                            LANES_CALL_SITE) {
  using T = lanes::detail::PointeeValue<OutPtr>;
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  return joint_exclusive_scan(G, First, Last, Result,
                              GOp::narrow(GOp::identity()), Op, Site);
}

//===----------------------------------------------------------------------===//
// 4.17.4.6 inclusive_scan
//===----------------------------------------------------------------------===//

/// \p X of the work-items up to this one combined with \p Op.
template <int Dims, typename T, typename BinaryOperation>
T inclusive_scan_over_group(group<Dims> G, T X, BinaryOperation Op,
                            LANES_CALL_SITE) {
  (void)G;
  (void)Op;
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  return GOp::narrow(
      lanes::detail::groupInclusiveScan<GOp::Code>(GOp::widen(X), Site));
}

/// \p Init combined with \p X of the work-items up to this one. Note the
/// specification's order: the operation comes before the initial value.
template <int Dims, typename V, typename BinaryOperation, typename T>
T inclusive_scan_over_group(group<Dims> G, V X, BinaryOperation Op, T Init,
                            LANES_CALL_SITE) {
  (void)G;
  (void)Op;
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  return GOp::narrow(GOp::combine(
      GOp::widen(Init),
      lanes::detail::groupInclusiveScan<GOp::Code>(GOp::widen(T(X)), Site)));
}

/// Writes to Result[i] \p Init combined with the elements of [First, Last)
/// up to i; returns the end of the output.
template <int Dims, typename InPtr, typename OutPtr, typename BinaryOperation,
          typename T>
OutPtr joint_inclusive_scan(group<Dims> G, InPtr First, InPtr Last,
                            OutPtr Result, BinaryOperation Op, T Init,
                            LANES_CALL_SITE) {
  (void)Op;
  lanes::detail::checkJointPointer<InPtr>();
  lanes::detail::checkJointPointer<OutPtr>();
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  size_t Count = size_t(Last - First), Step = G.get_local_linear_range();
  size_t Self = G.get_local_linear_id();
  typename GOp::C Carry = GOp::widen(Init);
  for (size_t Base = 0; Base < Count; Base += Step) {
    size_t I = Base + Self;
    typename GOp::C X = I < Count ? GOp::widen(T(First[I])) : GOp::identity();
    typename GOp::C UpTo = GOp::combine(
        Carry, lanes::detail::groupInclusiveScan<GOp::Code>(X, Site));
    if (I < Count)
      Result[I] = GOp::narrow(UpTo);
    // The last work-item's prefix covers the chunk, in order.
    Carry = lanes::detail::groupBroadcast(UpTo, Step - 1, Site);
  }
  return Result + Count;
}

/// joint_inclusive_scan without an initial value.
template <int Dims, typename InPtr, typename OutPtr, typename BinaryOperation>
OutPtr joint_inclusive_scan(group<Dims> G, InPtr First, InPtr Last,
                            OutPtr Result, BinaryOperation Op,
                            LANES_CALL_SITE) {
  using T = lanes::detail::PointeeValue<OutPtr>;
  lanes::detail::checkGroupOp<BinaryOperation, T>();
  using GOp = lanes::detail::GroupOp<BinaryOperation, T>;
  return joint_inclusive_scan(G, First, Last, Result, Op,
                              GOp::narrow(GOp::identity()), Site);
}

} // namespace _V1
} // namespace sycl

#undef LANES_CALL_SITE

#endif // LANES_SYCL_GROUP_ALGORITHM_HPP
