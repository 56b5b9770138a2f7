//===- lanes/detail/group_collective.hpp - SYCL values over the builtins --===//
//
/// \file
/// How the group algorithms reach the collective builtins of
/// lanes/builtins.h: a *scope* says which family a group type uses
/// (WorkGroupScope: the __lanes_group_* builtins, for sycl::group;
/// SubGroupScope: the __lanes_sub_group_* ones with LANES_SUB_GROUP_SIZE,
/// for sycl::sub_group), and the algorithms are written once over it.
///
/// The builtins exist for four *carrier* types only:
///  - bool and integers of up to 32 bits travel as int32_t (sign-extended
///    when signed, zero-extended otherwise) and are truncated back;
///  - 64-bit integers as int64_t, float as float, double as double;
///  - sycl::half and sycl::ext::oneapi::bfloat16 as float (see below).
/// Truncating a wrapped int32_t sum or product gives the narrow type's
/// modular result, and extension keeps the order, so every operation is
/// exact on the narrow type. The operation follows the function object and
/// the signedness: sycl::minimum on a signed type is LANES_OP_MIN, on an
/// unsigned one (bool included) LANES_OP_UMIN. logical_and / logical_or
/// turn each value (float and double too) into an int32_t 0 or 1 and use
/// AND / OR. Floating-point minimum and maximum travel as ordered integer
/// keys of the carrier's size with LANES_OP_MIN / MAX (GroupOp::orderedKey):
/// fmin/fmax, where a NaN loses to any number and the result is a NaN
/// only when every value is one, -0.0 below +0.0.
///
/// The builtins' identities are the carrier's: INT32_MAX for MIN, which
/// is not a value of a narrower type, and -0.0 for a float sum (x + -0.0
/// is x for every x), which is not SYCL's 0.0. Wherever an identity can
/// surface (an exclusive scan's first work-item, an empty joint range) the
/// algorithms combine with T's identity (GroupOp::identity) first.
///
/// sycl::half and bfloat16 are widened to float (exactly), the collective
/// combines in float like a float reduction or scan, and the result is
/// rounded back once, to nearest even; an initial value and the private
/// steps of the joint algorithms combine in float too. That is how the
/// half and bfloat16 math built-ins compute (lanes/detail/math_half.hpp,
/// sycl/ext/oneapi/bfloat16.hpp): minimum and maximum are exact (as for
/// float); a sum or product is the float result rounded once, not a fold
/// that rounds after every step, and like a float sum it may depend on the
/// order the collective combines in where the float intermediates round.
/// std::is_signed_v is false for these classes, so the operation codes
/// test for them by name (minimum is LANES_OP_MIN); bit operations on them
/// are rejected like those on float.
///
/// sycl::vec and sycl::marray values are reduced and scanned component by
/// component, one collective per component, with the function object's
/// element form (sycl::plus<vec<int, 4>> works as sycl::plus<int>).
///
/// The operation code is a template argument of the call wrappers, so the
/// builtin sees a constant even at -O0.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_GROUP_COLLECTIVE_HPP
#define LANES_DETAIL_GROUP_COLLECTIVE_HPP

#include "lanes/builtins.h"
#include "lanes/detail/sub_group_size.hpp"
#include "sycl/functional.hpp"
#include "sycl/marray.hpp"
#include "sycl/vec.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

/// The defaulted last parameter of every group function (sycl/
/// group_algorithm.hpp, sycl/sub_group.hpp): the caller's source position.
#define LANES_CALL_SITE                                                        \
  lanes::detail::CallSite Site = {__builtin_FILE(), __builtin_LINE()}

namespace lanes::detail {

/// The user's source position, passed to the builtins for diagnostics. The
/// group functions take it as a defaulted last parameter,
/// `CallSite Site = {__builtin_FILE(), __builtin_LINE()}`, evaluated at the
/// user's call; a class type cannot be confused with any user argument.
struct CallSite {
  const char *File;
  unsigned Line;
};

/// Types the group reductions and scans accept.
template <typename T>
inline constexpr bool IsCollectiveScalar =
    (std::is_integral_v<T> && sizeof(T) <= 8) || std::is_same_v<T, float> ||
    std::is_same_v<T, double> || IsHalf<T> || IsBfloat16<T>;

/// sycl::vec and sycl::marray of the scalars above, which the reductions
/// and scans take component-wise.
template <typename T> struct IsCollectiveVectorImpl : std::false_type {};
template <typename E, int N>
struct IsCollectiveVectorImpl<sycl::vec<E, N>>
    : std::bool_constant<IsCollectiveScalar<E>> {};
template <typename E, size_t N>
struct IsCollectiveVectorImpl<sycl::marray<E, N>>
    : std::bool_constant<IsCollectiveScalar<E>> {};
template <typename T>
inline constexpr bool IsCollectiveVector = IsCollectiveVectorImpl<T>::value;

/// The function object Op of a vector type, applied to its components E:
/// Fn<E> for Fn<vec<E, N>> and Fn<void>. Anything else stays Op, which the
/// checks then reject.
template <typename Op, typename E> struct ElementOpImpl {
  using type = Op;
};
template <template <typename> class Fn, typename V, typename E>
struct ElementOpImpl<Fn<V>, E> {
  using type = Fn<E>;
};
template <typename Op, typename E>
using ElementOp = typename ElementOpImpl<Op, E>::type;

/// Whether T is one of the classes that combine in float.
template <typename T>
inline constexpr bool IsFloatClass = IsHalf<T> || IsBfloat16<T>;

/// The builtin type T travels as.
template <typename T>
using Carrier = std::conditional_t<
    IsFloatClass<T>, float,
    std::conditional_t<std::is_floating_point_v<T>, T,
                       std::conditional_t<(sizeof(T) <= 4), int32_t, int64_t>>>;

/// The builtin operation of SYCL function object Op on T, or -1.
template <typename Op, typename T> constexpr int builtinOp() {
  // std::is_signed_v is false for the classes half and bfloat16.
  constexpr bool Signed = std::is_signed_v<T> || IsFloatClass<T>;
  if constexpr (IsFunctionObjectFor<Op, sycl::plus, T>)
    return LANES_OP_ADD;
  else if constexpr (IsFunctionObjectFor<Op, sycl::multiplies, T>)
    return LANES_OP_MUL;
  else if constexpr (IsFunctionObjectFor<Op, sycl::minimum, T>)
    return Signed ? LANES_OP_MIN : LANES_OP_UMIN;
  else if constexpr (IsFunctionObjectFor<Op, sycl::maximum, T>)
    return Signed ? LANES_OP_MAX : LANES_OP_UMAX;
  else if constexpr (IsFunctionObjectFor<Op, sycl::bit_and, T> ||
                     IsFunctionObjectFor<Op, sycl::logical_and, T>)
    return LANES_OP_AND;
  else if constexpr (IsFunctionObjectFor<Op, sycl::bit_or, T> ||
                     IsFunctionObjectFor<Op, sycl::logical_or, T>)
    return LANES_OP_OR;
  else if constexpr (IsFunctionObjectFor<Op, sycl::bit_xor, T>)
    return LANES_OP_XOR;
  else
    return -1;
}

/// The static checks every reduction and scan of scalars makes, with
/// messages a user can act on.
template <typename Op, typename T> constexpr void checkGroupOp() {
  static_assert(IsCollectiveScalar<T>,
                "Lanes does not implement group reductions and scans of this "
                "type yet: only bool, integers, sycl::half, bfloat16, float "
                "and double, and sycl::vec and sycl::marray of them (not "
                "other classes)");
  static_assert(!IsCollectiveScalar<T> || builtinOp<Op, T>() >= 0,
                "Lanes does not implement group reductions and scans with "
                "this operation yet: only sycl::plus, multiplies, minimum, "
                "maximum, bit_and, bit_or, bit_xor, logical_and and "
                "logical_or (of the value type or void), not lambdas or "
                "other callables");
  static_assert(std::is_integral_v<T> ||
                    !(IsFunctionObjectFor<Op, sycl::bit_and, T> ||
                      IsFunctionObjectFor<Op, sycl::bit_or, T> ||
                      IsFunctionObjectFor<Op, sycl::bit_xor, T>),
                "sycl::bit_and, bit_or and bit_xor need integral values");
}

/// Op on T, as the builtins compute it in the carrier type.
template <typename Op, typename T> struct GroupOp {
  static constexpr unsigned Code = unsigned(builtinOp<Op, T>());
  static constexpr bool Logical =
      IsFunctionObjectFor<Op, sycl::logical_and, T> ||
      IsFunctionObjectFor<Op, sycl::logical_or, T>;
  using F = Carrier<T>;
  /// Floating-point minimum and maximum travel as ordered keys (see
  /// orderedKey).
  static constexpr bool Ordered =
      std::is_floating_point_v<F> &&
      (Code == LANES_OP_MIN || Code == LANES_OP_MAX);
  using Key = SignedOfSize<F>;
  /// Logical operations combine truth values, whatever T is.
  using C =
      std::conditional_t<Logical, int32_t, std::conditional_t<Ordered, Key, F>>;

  /// The signed integer whose order is F's, -0.0 below +0.0, with every
  /// NaN past all numbers on the side where it loses: the integer minimum
  /// or maximum of keys is then fmin or fmax, -0.0 < +0.0 included, and
  /// gives a NaN only when every value is one. Both modes reduce the same
  /// keys, so their results agree bit for bit.
  static C orderedKey(F X) {
    Key Bits = __builtin_bit_cast(Key, X);
    constexpr Key Magnitude = std::numeric_limits<Key>::max();
    constexpr Key Infinity =
        __builtin_bit_cast(Key, std::numeric_limits<F>::infinity());
    if ((Bits & Magnitude) > Infinity) // a NaN, told by its bits
      return Code == LANES_OP_MIN ? Magnitude : std::numeric_limits<Key>::min();
    return Bits < 0 ? Key(Bits ^ Magnitude) : Bits;
  }

  /// T's value in the carrier (0 or 1 for the logical operations).
  static C widen(T X) {
    if constexpr (Logical)
      return C(X ? 1 : 0);
    else if constexpr (Ordered)
      return orderedKey(F(X));
    else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
      return C(std::make_unsigned_t<C>(X));
    else
      return C(X);
  }
  static T narrow(C X) {
    if constexpr (Ordered) {
      constexpr Key Magnitude = std::numeric_limits<Key>::max();
      if (X == Magnitude || X == std::numeric_limits<Key>::min())
        return T(std::numeric_limits<F>::quiet_NaN());
      return T(__builtin_bit_cast(F, X < 0 ? Key(X ^ Magnitude) : X));
    } else {
      return static_cast<T>(X);
    }
  }

  /// The identity on T's values in the carrier.
  static C identity() {
    if constexpr (Logical)
      return C(Code == LANES_OP_AND ? 1 : 0);
    else
      return widen(KnownIdentity<Op, T>::value());
  }

  /// A op B in the carrier, exactly as the builtins combine.
  static C combine(C A, C B) {
    if constexpr (std::is_floating_point_v<C>) {
      return Code == LANES_OP_ADD ? A + B : A * B; // the others are Ordered
    } else {
      using U = std::make_unsigned_t<C>;
      switch (Code) {
      case LANES_OP_ADD:
        return C(U(A) + U(B));
      case LANES_OP_MUL:
        return C(U(A) * U(B));
      case LANES_OP_MIN:
        return A < B ? A : B;
      case LANES_OP_MAX:
        return A < B ? B : A;
      case LANES_OP_UMIN:
        return U(A) < U(B) ? A : B;
      case LANES_OP_UMAX:
        return U(A) < U(B) ? B : A;
      case LANES_OP_AND:
        return C(U(A) & U(B));
      case LANES_OP_OR:
        return C(U(A) | U(B));
      default:
        return C(U(A) ^ U(B));
      }
    }
  }
};

/// Whether a vector type T (IsCollectiveVector) can be reduced and scanned
/// with Op component-wise: any operation of the scalars but the logical
/// ones.
template <typename Op, typename T>
inline constexpr bool IsVectorGroupOp =
    builtinOp<Op, T>() >= 0 &&
    !IsFunctionObjectFor<Op, sycl::logical_and, T> &&
    !IsFunctionObjectFor<Op, sycl::logical_or, T>;

/// The static checks of a component-wise reduction or scan of vector type
/// T, before those of its components.
template <typename Op, typename T> constexpr void checkVectorGroupOp() {
  static_assert(builtinOp<Op, T>() >= 0,
                "Lanes does not implement group reductions and scans with "
                "this operation yet: only sycl::plus, multiplies, minimum, "
                "maximum, bit_and, bit_or, bit_xor, logical_and and "
                "logical_or (of the value type or void), not lambdas or "
                "other callables");
  static_assert(builtinOp<Op, T>() < 0 || IsVectorGroupOp<Op, T>,
                "Lanes does not implement group reductions and scans of "
                "sycl::vec and sycl::marray with logical_and or logical_or");
}

/// \p Start with component K replaced by \p Component(K) for each K, after
/// checkVectorGroupOp<Op, T>: how every algorithm takes a vector type T
/// (IsCollectiveVector) component-wise. Component is a generic callable
/// (`[&](auto K) {...}`), instantiated only once the checks passed, so
/// that a misuse gets one message.
template <typename Op, typename T, typename ComponentFn>
T componentWise(const T &Start, ComponentFn Component) {
  checkVectorGroupOp<Op, T>();
  T Result = Start;
  if constexpr (IsVectorGroupOp<Op, T>)
    for (size_t K = 0; K < T::size(); ++K)
      Result[K] = Component(K);
  return Result;
}

/// The identity of Op on T as a T (component-wise for vector types).
template <typename Op, typename T> T groupIdentity() {
  if constexpr (IsCollectiveVector<T>) {
    using E = typename T::value_type;
    return componentWise<Op>(
        T(), [](auto) { return groupIdentity<ElementOp<Op, E>, E>(); });
  } else {
    checkGroupOp<Op, T>();
    using GOp = GroupOp<Op, T>;
    return GOp::narrow(GOp::identity());
  }
}

// The builtins of each scope, one overload per carrier; Op is a template
// argument so that every call passes a constant.
#define LANES_WORK_GROUP_CALLS(T, SUFFIX)                                      \
  template <unsigned Op> static T reduce(T X, CallSite Site) {                 \
    return __lanes_group_reduce_##SUFFIX(Op, X, Site.File, Site.Line);         \
  }                                                                            \
  template <unsigned Op> static T inclusiveScan(T X, CallSite Site) {          \
    return __lanes_group_scan_inclusive_##SUFFIX(Op, X, Site.File, Site.Line); \
  }                                                                            \
  template <unsigned Op> static T exclusiveScan(T X, CallSite Site) {          \
    return __lanes_group_scan_exclusive_##SUFFIX(Op, X, Site.File, Site.Line); \
  }                                                                            \
  static T select(T X, size_t From, CallSite Site) {                           \
    return __lanes_group_broadcast_##SUFFIX(X, From, Site.File, Site.Line);    \
  }
#define LANES_SUB_GROUP_CALLS(T, SUFFIX)                                       \
  template <unsigned Op> static T reduce(T X, CallSite Site) {                 \
    return __lanes_sub_group_reduce_##SUFFIX(Op, X, SubGroupSize, Site.File,   \
                                             Site.Line);                       \
  }                                                                            \
  template <unsigned Op> static T inclusiveScan(T X, CallSite Site) {          \
    return __lanes_sub_group_scan_inclusive_##SUFFIX(Op, X, SubGroupSize,      \
                                                     Site.File, Site.Line);    \
  }                                                                            \
  template <unsigned Op> static T exclusiveScan(T X, CallSite Site) {          \
    return __lanes_sub_group_scan_exclusive_##SUFFIX(Op, X, SubGroupSize,      \
                                                     Site.File, Site.Line);    \
  }                                                                            \
  static T select(T X, size_t From, CallSite Site) {                           \
    return __lanes_sub_group_shuffle_##SUFFIX(X, From, SubGroupSize,           \
                                              Site.File, Site.Line);           \
  }

/// The collectives of a work-group. select(X, From) is X of the work-item
/// with linear local id From, which must be the same in every work-item.
struct WorkGroupScope {
  LANES_WORK_GROUP_CALLS(int32_t, i32)
  LANES_WORK_GROUP_CALLS(int64_t, i64)
  LANES_WORK_GROUP_CALLS(float, f32)
  LANES_WORK_GROUP_CALLS(double, f64)

  /// Where a joint scan of \p Count elements, \p Step per chunk, stops
  /// its chunks: Count, the same in every work-item.
  static size_t jointScanEnd(size_t Count, size_t, CallSite) { return Count; }
};

/// The collectives of a sub-group. select(X, From) is X of lane From of
/// the caller's sub-group (each work-item may ask for another lane), or
/// its own X when there is no such lane.
struct SubGroupScope {
  LANES_SUB_GROUP_CALLS(int32_t, i32)
  LANES_SUB_GROUP_CALLS(int64_t, i64)
  LANES_SUB_GROUP_CALLS(float, f32)
  LANES_SUB_GROUP_CALLS(double, f64)

  /// Where a joint scan of \p Count elements, \p Step per chunk, stops
  /// its chunks: Count, the same in every work-item of the sub-group. Each
  /// sub-group runs its own chunks: other sub-groups may scan ranges of
  /// other lengths, or none, since a sub-group collective waits for the
  /// caller's sub-group only.
  static size_t jointScanEnd(size_t Count, size_t, CallSite) { return Count; }
};
#undef LANES_WORK_GROUP_CALLS
#undef LANES_SUB_GROUP_CALLS

/// The scope (WorkGroupScope or SubGroupScope) of SYCL group type G;
/// specialised next to each group type.
template <typename G> struct ScopeOfImpl;
template <typename G> using ScopeOf = typename ScopeOfImpl<G>::type;

/// Any trivially copyable value from the work-item \p From of \p Scope
/// (Scope::select): integers, float and double through their carrier,
/// half and bfloat16 as their bits (no conversion, NaNs kept as they are),
/// anything else in 8-byte chunks.
template <typename Scope, typename T>
T selectValue(T X, size_t From, CallSite Site) {
  static_assert(std::is_trivially_copyable_v<T>,
                "Lanes does not implement group_broadcast of types that are "
                "not trivially copyable (nor select_from_group, "
                "shift_group_left/right or permute_group_by_xor)");
  if constexpr (IsFloatClass<T>) {
    return __builtin_bit_cast(
        T, selectValue<Scope>(__builtin_bit_cast(uint16_t, X), From, Site));
  } else if constexpr (IsCollectiveScalar<T>) {
    using Op = sycl::plus<T>; // any operation: only widen/narrow are used
    return GroupOp<Op, T>::narrow(
        Scope::select(GroupOp<Op, T>::widen(X), From, Site));
  } else {
    constexpr size_t Words = (sizeof(T) + 7) / 8;
    int64_t Bits[Words] = {};
    std::memcpy(Bits, &X, sizeof(T));
    for (size_t I = 0; I < Words; ++I)
      Bits[I] = Scope::select(Bits[I], From, Site);
    T Result = X;
    std::memcpy(&Result, Bits, sizeof(T));
    return Result;
  }
}

/// The three shapes of reductions and scans over a group's values.
enum class GroupAlgorithm { Reduce, ExclusiveScan, InclusiveScan };

/// Algorithm A of Op over the values \p X of the group \p G of type
/// Group, combined with \p Init first when WithInit (else Init is unused);
/// component-wise for vec and marray.
template <GroupAlgorithm A, bool WithInit, typename Op, typename Group,
          typename T>
T overGroup(const Group &G, const T &X, const T &Init, CallSite Site) {
  if constexpr (IsCollectiveVector<T>) {
    using E = typename T::value_type;
    return componentWise<Op>(X, [&](auto K) {
      return overGroup<A, WithInit, ElementOp<Op, E>>(G, X[K], Init[K], Site);
    });
  } else {
    checkGroupOp<Op, T>();
    using GOp = GroupOp<Op, T>;
    using C = typename GOp::C;
    using Scope = ScopeOf<Group>;
    constexpr unsigned Code = GOp::Code;
    if constexpr (A == GroupAlgorithm::ExclusiveScan && !WithInit) {
      // The builtin's identity may not be T's: INT32_MAX is no char, and
      // a float sum's is -0.0 (SYCL's is 0.0). Where it is, the optimizer
      // folds the extra step away.
      return overGroup<A, true, Op>(G, X, groupIdentity<Op, T>(), Site);
    } else {
      C Own = GOp::widen(X), All;
      if constexpr (A == GroupAlgorithm::Reduce)
        All = Scope::template reduce<Code>(Own, Site);
      else if constexpr (A == GroupAlgorithm::ExclusiveScan)
        All = Scope::template exclusiveScan<Code>(Own, Site);
      else
        All = Scope::template inclusiveScan<Code>(Own, Site);
      if constexpr (!WithInit) {
        return GOp::narrow(All);
      } else {
        // An exclusive scan's first work-item gets the carrier's identity,
        // which Init absorbs...
        T Result = GOp::narrow(GOp::combine(GOp::widen(Init), All));
        // ...except that a logical operation would turn it into 0 or 1.
        if constexpr (A == GroupAlgorithm::ExclusiveScan && GOp::Logical)
          return G.get_local_linear_id() == 0 ? Init : Result;
        else
          return Result;
      }
    }
  }
}

} // namespace lanes::detail

#endif // LANES_DETAIL_GROUP_COLLECTIVE_HPP
