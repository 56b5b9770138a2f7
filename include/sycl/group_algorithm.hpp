//===- sycl/group_algorithm.hpp - Group functions and algorithms ----------===//
//
/// \file
/// SYCL 2020 4.17.3 (group_broadcast) and 4.17.4 (any_of / all_of /
/// none_of, reduce, exclusive and inclusive scan, each over the values of
/// the work-items and as joint_* over a range in memory), written once for
/// every group type: sycl::group and sycl::sub_group (sycl/sub_group.hpp,
/// which adds the functions only sub-groups have).
///
/// Each call becomes one collective builtin of the group type's scope
/// (lanes/detail/group_collective.hpp), so like a barrier it must be
/// reached by every work-item of the group, the same number of times (for
/// a sub-group, by every work-item of that sub-group only).
/// The user's source position travels with it (a defaulted CallSite
/// parameter) for the diagnostics of checked mode. Work-items are ordered
/// by get_local_linear_id(). Operations are the SYCL function objects;
/// float minimum/maximum behave as fmin/fmax (a NaN loses to a number).
/// sycl::half combines in float and rounds once (see group_collective.hpp).
/// Reductions and scans of sycl::vec and sycl::marray go component-wise,
/// the joint ones too: one pass over the range per component.
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

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.17.1: whether T is a group type (group<N> here, sub_group
/// in sycl/sub_group.hpp).
template <typename T> struct is_group : std::false_type {};
template <int Dims> struct is_group<group<Dims>> : std::true_type {};
template <typename T> inline constexpr bool is_group_v = is_group<T>::value;

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

template <int Dims> struct ScopeOfImpl<sycl::group<Dims>> {
  using type = WorkGroupScope;
};

/// R, for the functions that take any group type.
template <typename Group, typename R>
using EnableIfGroup = std::enable_if_t<sycl::is_group_v<Group>, R>;

/// The static checks of a joint algorithm's pointer.
template <typename Ptr> constexpr void checkJointPointer() {
  static_assert(std::is_pointer_v<Ptr>,
                "Lanes implements the joint group algorithms over raw "
                "pointers only (pass multi_ptr::get() or accessor data)");
}

template <typename Ptr>
using PointeeValue = std::remove_cv_t<std::remove_pointer_t<Ptr>>;

/// The number of components of a sycl::vec or sycl::marray, 0 for other
/// types.
template <typename T> struct ComponentCount : std::integral_constant<int, 0> {};
template <typename E, int N>
struct ComponentCount<sycl::vec<E, N>> : std::integral_constant<int, N> {};
template <typename E, size_t N>
struct ComponentCount<sycl::marray<E, N>>
    : std::integral_constant<int, int(N)> {};

/// The static checks of a joint scan's output: a vec or marray result goes
/// component by component into elements with as many components.
template <typename T, typename OutPtr> constexpr void checkJointOutput() {
  checkJointPointer<OutPtr>();
  static_assert(!IsCollectiveVector<T> ||
                    ComponentCount<PointeeValue<OutPtr>>::value ==
                        ComponentCount<T>::value,
                "the output of a joint scan of sycl::vec or sycl::marray "
                "must be a vec or marray with as many components");
}

// The joint algorithms on a scalar T over the Count elements In(0),
// In(1), ... (each a T); the scans write their result for element I to
// Out(I), a reference. jointOverRange below takes vector types to them.

/// joint_reduce: each work-item combines its elements (a stride of the
/// group size apart) privately, then the group combines the partials.
template <typename Op, typename T, typename Group, typename InFn>
T jointReduceScalar(const Group &G, size_t Count, InFn In, const T &Init,
                    CallSite Site) {
  using GOp = GroupOp<Op, T>;
  using Scope = ScopeOf<Group>;
  size_t Step = G.get_local_linear_range();
  typename GOp::C Acc = GOp::identity();
  for (size_t I = G.get_local_linear_id(); I < Count; I += Step)
    Acc = GOp::combine(Acc, GOp::widen(In(I)));
  return GOp::narrow(GOp::combine(
      GOp::widen(Init), Scope::template reduce<GOp::Code>(Acc, Site)));
}

/// joint_exclusive_scan: one group-sized chunk per collective, the running
/// total carried from chunk to chunk.
template <typename Op, typename T, typename Group, typename InFn,
          typename OutFn>
void jointExclusiveScanScalar(const Group &G, size_t Count, InFn In, OutFn Out,
                              const T &Init, CallSite Site) {
  using GOp = GroupOp<Op, T>;
  using Scope = ScopeOf<Group>;
  size_t Step = G.get_local_linear_range(), Self = G.get_local_linear_id();
  size_t End = Scope::jointScanEnd(Count, Step, Site);
  typename GOp::C Carry = GOp::widen(Init);
  for (size_t Base = 0; Base < End; Base += Step) {
    size_t I = Base + Self;
    typename GOp::C X = I < Count ? GOp::widen(In(I)) : GOp::identity();
    typename GOp::C Before = Scope::template exclusiveScan<GOp::Code>(X, Site);
    typename GOp::C Total = Scope::template reduce<GOp::Code>(X, Site);
    // Element 0 gets Init itself, which a logical operation would turn
    // into 0 or 1.
    if (I < Count)
      Out(I) = I == 0 ? Init : GOp::narrow(GOp::combine(Carry, Before));
    Carry = GOp::combine(Carry, Total);
  }
}

/// joint_inclusive_scan: one group-sized chunk per collective, the last
/// work-item's prefix carried to the next chunk.
template <typename Op, typename T, typename Group, typename InFn,
          typename OutFn>
void jointInclusiveScanScalar(const Group &G, size_t Count, InFn In, OutFn Out,
                              const T &Init, CallSite Site) {
  using GOp = GroupOp<Op, T>;
  using Scope = ScopeOf<Group>;
  size_t Step = G.get_local_linear_range(), Self = G.get_local_linear_id();
  size_t End = Scope::jointScanEnd(Count, Step, Site);
  typename GOp::C Carry = GOp::widen(Init);
  for (size_t Base = 0; Base < End; Base += Step) {
    size_t I = Base + Self;
    typename GOp::C X = I < Count ? GOp::widen(In(I)) : GOp::identity();
    typename GOp::C UpTo =
        GOp::combine(Carry, Scope::template inclusiveScan<GOp::Code>(X, Site));
    if (I < Count)
      Out(I) = GOp::narrow(UpTo);
    // The last work-item's prefix covers the chunk, in order.
    Carry = Scope::select(UpTo, Step - 1, Site);
  }
}

/// Joint algorithm A of Op over the \p Count elements \p In(I) (each a T),
/// starting from \p Init; the scans write element I's result to \p Out(I)
/// (a reference; unused by a reduction). Returns the reduction's value.
/// vec and marray go component by component, each component through the
/// scalar algorithm on the element type with Op's element form, so the
/// range is read and written once per component.
template <GroupAlgorithm A, typename Op, typename T, typename Group,
          typename InFn, typename OutFn>
T jointOverRange(const Group &G, size_t Count, InFn In, OutFn Out,
                 const T &Init, CallSite Site) {
  if constexpr (IsCollectiveVector<T>) {
    using E = typename T::value_type;
    return componentWise<Op>(Init, [&](auto K) {
      auto InK = [&](size_t I) { return E(In(I)[K]); };
      auto OutK = [&](auto I) -> decltype(auto) { return Out(I)[K]; };
      return jointOverRange<A, ElementOp<Op, E>>(G, Count, InK, OutK, Init[K],
                                                 Site);
    });
  } else {
    checkGroupOp<Op, T>();
    if constexpr (A == GroupAlgorithm::Reduce)
      return jointReduceScalar<Op>(G, Count, In, Init, Site);
    else if constexpr (A == GroupAlgorithm::ExclusiveScan)
      jointExclusiveScanScalar<Op>(G, Count, In, Out, Init, Site);
    else
      jointInclusiveScanScalar<Op>(G, Count, In, Out, Init, Site);
    return Init;
  }
}

/// For jointOverRange: element I of the range at \p First as a T, and a
/// reference to element I of the range at \p First.
template <typename T, typename Ptr> auto elementsAs(Ptr First) {
  return [First](size_t I) { return T(First[I]); };
}
template <typename Ptr> auto elementRefs(Ptr First) {
  return [First](auto I) -> decltype(auto) { return First[I]; };
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

//===----------------------------------------------------------------------===//
// 4.17.3 group_broadcast
//===----------------------------------------------------------------------===//

/// \p X of the work-item with local linear id \p LinearId (the same in
/// every work-item, below the group size). Any trivially copyable T.
template <typename Group, typename T>
lanes::detail::EnableIfGroup<Group, T>
group_broadcast(Group G, T X, typename Group::linear_id_type LinearId,
                LANES_CALL_SITE) {
  (void)G;
  return lanes::detail::selectValue<lanes::detail::ScopeOf<Group>>(
      X, size_t(LinearId), Site);
}

/// \p X of the work-item with local id \p LocalId.
template <typename Group, typename T>
lanes::detail::EnableIfGroup<Group, T>
group_broadcast(Group G, T X, typename Group::id_type LocalId,
                LANES_CALL_SITE) {
  size_t Linear = lanes::detail::linearize<Group::dimensions>(
      LocalId, G.get_local_range());
  return lanes::detail::selectValue<lanes::detail::ScopeOf<Group>>(X, Linear,
                                                                   Site);
}

/// \p X of the group's leader (local linear id 0).
template <typename Group, typename T>
lanes::detail::EnableIfGroup<Group, T> group_broadcast(Group G, T X,
                                                       LANES_CALL_SITE) {
  (void)G;
  return lanes::detail::selectValue<lanes::detail::ScopeOf<Group>>(X, 0,
                                                                   Site);
}

//===----------------------------------------------------------------------===//
// 4.17.4.1 - 4.17.4.3 any_of, all_of, none_of
//===----------------------------------------------------------------------===//

/// True when \p Pred is true in some work-item of \p G.
template <typename Group>
lanes::detail::EnableIfGroup<Group, bool> any_of_group(Group G, bool Pred,
                                                       LANES_CALL_SITE) {
  (void)G;
  using Scope = lanes::detail::ScopeOf<Group>;
  return Scope::template reduce<LANES_OP_OR>(int32_t(Pred), Site) != 0;
}
/// True when \p Pred is true in every work-item of \p G.
template <typename Group>
lanes::detail::EnableIfGroup<Group, bool> all_of_group(Group G, bool Pred,
                                                       LANES_CALL_SITE) {
  (void)G;
  using Scope = lanes::detail::ScopeOf<Group>;
  return Scope::template reduce<LANES_OP_AND>(int32_t(Pred), Site) != 0;
}
/// True when \p Pred is false in every work-item of \p G.
template <typename Group>
lanes::detail::EnableIfGroup<Group, bool> none_of_group(Group G, bool Pred,
                                                        LANES_CALL_SITE) {
  return !any_of_group(G, Pred, Site);
}

template <typename Group, typename T, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
any_of_group(Group G, T X, Predicate Pred, LANES_CALL_SITE) {
  return any_of_group(G, bool(Pred(X)), Site);
}
template <typename Group, typename T, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
all_of_group(Group G, T X, Predicate Pred, LANES_CALL_SITE) {
  return all_of_group(G, bool(Pred(X)), Site);
}
template <typename Group, typename T, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
none_of_group(Group G, T X, Predicate Pred, LANES_CALL_SITE) {
  return none_of_group(G, bool(Pred(X)), Site);
}

/// True when \p Pred holds for some element of [First, Last).
template <typename Group, typename Ptr, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
joint_any_of(Group G, Ptr First, Ptr Last, Predicate Pred, LANES_CALL_SITE) {
  lanes::detail::checkJointPointer<Ptr>();
  size_t Count = size_t(Last - First), Step = G.get_local_linear_range();
  bool Any = false;
  for (size_t I = G.get_local_linear_id(); I < Count; I += Step)
    Any = Any || bool(Pred(First[I]));
  return any_of_group(G, Any, Site);
}
/// True when \p Pred holds for every element of [First, Last).
template <typename Group, typename Ptr, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
joint_all_of(Group G, Ptr First, Ptr Last, Predicate Pred, LANES_CALL_SITE) {
  lanes::detail::checkJointPointer<Ptr>();
  size_t Count = size_t(Last - First), Step = G.get_local_linear_range();
  bool All = true;
  for (size_t I = G.get_local_linear_id(); I < Count; I += Step)
    All = All && bool(Pred(First[I]));
  return all_of_group(G, All, Site);
}
/// True when \p Pred holds for no element of [First, Last).
template <typename Group, typename Ptr, typename Predicate>
lanes::detail::EnableIfGroup<Group, bool>
joint_none_of(Group G, Ptr First, Ptr Last, Predicate Pred, LANES_CALL_SITE) {
  return !joint_any_of(G, First, Last, Pred, Site);
}

//===----------------------------------------------------------------------===//
// 4.17.4.4 reduce
//===----------------------------------------------------------------------===//

/// \p X of every work-item of \p G combined with \p Op.
template <typename Group, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
reduce_over_group(Group G, T X, BinaryOperation Op, LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  return lanes::detail::overGroup<GroupAlgorithm::Reduce, false,
                                  BinaryOperation>(G, X, X, Site);
}

/// \p Init combined with \p X of every work-item of \p G.
template <typename Group, typename V, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
reduce_over_group(Group G, V X, T Init, BinaryOperation Op, LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  return lanes::detail::overGroup<GroupAlgorithm::Reduce, true,
                                  BinaryOperation>(G, T(X), Init, Site);
}

/// The elements of [First, Last) combined with \p Op, starting from
/// \p Init.
template <typename Group, typename Ptr, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
joint_reduce(Group G, Ptr First, Ptr Last, T Init, BinaryOperation Op,
             LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  lanes::detail::checkJointPointer<Ptr>();
  return lanes::detail::jointOverRange<GroupAlgorithm::Reduce, BinaryOperation>(
      G, size_t(Last - First), lanes::detail::elementsAs<T>(First), nullptr,
      Init, Site);
}

/// The elements of [First, Last) combined with \p Op (its identity for an
/// empty range).
template <typename Group, typename Ptr, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, lanes::detail::PointeeValue<Ptr>>
joint_reduce(Group G, Ptr First, Ptr Last, BinaryOperation Op,
             LANES_CALL_SITE) {
  using T = lanes::detail::PointeeValue<Ptr>;
  return joint_reduce(G, First, Last,
                      lanes::detail::groupIdentity<BinaryOperation, T>(), Op,
                      Site);
}

//===----------------------------------------------------------------------===//
// 4.17.4.5 exclusive_scan
//===----------------------------------------------------------------------===//

/// \p Init combined with \p X of the work-items before this one.
template <typename Group, typename V, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
exclusive_scan_over_group(Group G, V X, T Init, BinaryOperation Op,
                          LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  return lanes::detail::overGroup<GroupAlgorithm::ExclusiveScan, true,
                                  BinaryOperation>(G, T(X), Init, Site);
}

/// \p X of the work-items before this one combined with \p Op; the
/// identity in the first work-item.
template <typename Group, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
exclusive_scan_over_group(Group G, T X, BinaryOperation Op, LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  return lanes::detail::overGroup<GroupAlgorithm::ExclusiveScan, false,
                                  BinaryOperation>(G, X, X, Site);
}

/// Writes to Result[i] \p Init combined with the elements of [First, Last)
/// before i; returns the end of the output.
template <typename Group, typename InPtr, typename OutPtr, typename T,
          typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, OutPtr>
joint_exclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result, T Init,
                     BinaryOperation Op, LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  lanes::detail::checkJointPointer<InPtr>();
  lanes::detail::checkJointOutput<T, OutPtr>();
  size_t Count = size_t(Last - First);
  lanes::detail::jointOverRange<GroupAlgorithm::ExclusiveScan, BinaryOperation>(
      G, Count, lanes::detail::elementsAs<T>(First),
      lanes::detail::elementRefs(Result), Init, Site);
  return Result + Count;
}

/// joint_exclusive_scan starting from the identity of \p Op.
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, OutPtr>
joint_exclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result,
                     BinaryOperation Op, LANES_CALL_SITE) {
  using T = lanes::detail::PointeeValue<OutPtr>;
  return joint_exclusive_scan(
      G, First, Last, Result,
      lanes::detail::groupIdentity<BinaryOperation, T>(), Op, Site);
}

//===----------------------------------------------------------------------===//
// 4.17.4.6 inclusive_scan
//===----------------------------------------------------------------------===//

/// \p X of the work-items up to this one combined with \p Op.
template <typename Group, typename T, typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, T>
inclusive_scan_over_group(Group G, T X, BinaryOperation Op, LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  return lanes::detail::overGroup<GroupAlgorithm::InclusiveScan, false,
                                  BinaryOperation>(G, X, X, Site);
}

/// \p Init combined with \p X of the work-items up to this one. Note the
/// specification's order: the operation comes before the initial value.
template <typename Group, typename V, typename BinaryOperation, typename T>
lanes::detail::EnableIfGroup<Group, T>
inclusive_scan_over_group(Group G, V X, BinaryOperation Op, T Init,
                          LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  return lanes::detail::overGroup<GroupAlgorithm::InclusiveScan, true,
                                  BinaryOperation>(G, T(X), Init, Site);
}

/// Writes to Result[i] \p Init combined with the elements of [First, Last)
/// up to i; returns the end of the output.
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation, typename T>
lanes::detail::EnableIfGroup<Group, OutPtr>
joint_inclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result,
                     BinaryOperation Op, T Init, LANES_CALL_SITE) {
  (void)Op;
  using lanes::detail::GroupAlgorithm;
  lanes::detail::checkJointPointer<InPtr>();
  lanes::detail::checkJointOutput<T, OutPtr>();
  size_t Count = size_t(Last - First);
  lanes::detail::jointOverRange<GroupAlgorithm::InclusiveScan, BinaryOperation>(
      G, Count, lanes::detail::elementsAs<T>(First),
      lanes::detail::elementRefs(Result), Init, Site);
  return Result + Count;
}

/// joint_inclusive_scan without an initial value.
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation>
lanes::detail::EnableIfGroup<Group, OutPtr>
joint_inclusive_scan(Group G, InPtr First, InPtr Last, OutPtr Result,
                     BinaryOperation Op, LANES_CALL_SITE) {
  using T = lanes::detail::PointeeValue<OutPtr>;
  return joint_inclusive_scan(
      G, First, Last, Result, Op,
      lanes::detail::groupIdentity<BinaryOperation, T>(), Site);
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_GROUP_ALGORITHM_HPP
