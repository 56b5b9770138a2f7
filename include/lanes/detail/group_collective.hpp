//===- lanes/detail/group_collective.hpp - SYCL values over the builtins --===//
//
/// \file
/// How the group algorithms reach the __lanes_group_* builtins of
/// lanes/builtins.h, which exist for four *carrier* types only:
///  - bool and integers of up to 32 bits travel as int32_t (sign-extended
///    when signed, zero-extended otherwise) and are truncated back;
///  - 64-bit integers as int64_t, float as float, double as double.
/// Truncating a wrapped int32_t sum or product gives the narrow type's
/// modular result, and extension keeps the order, so every operation is
/// exact on the narrow type. The operation follows the function object and
/// the signedness: sycl::minimum on a signed type is LANES_OP_MIN, on an
/// unsigned one (bool included) LANES_OP_UMIN. logical_and / logical_or
/// turn each value (float and double too) into an int32_t 0 or 1 and use
/// AND / OR.
///
/// The builtins' identities are the carrier's (INT32_MAX for MIN), which
/// is not a value of a narrower type; wherever an identity can surface (an
/// exclusive scan's first work-item, an empty joint range) the algorithms
/// combine with the narrow type's identity (GroupOp::identity) first.
///
/// The operation code is a template argument of the call wrappers, so the
/// builtin sees a constant even at -O0.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_GROUP_COLLECTIVE_HPP
#define LANES_DETAIL_GROUP_COLLECTIVE_HPP

#include "lanes/builtins.h"
#include "sycl/functional.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

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
    std::is_same_v<T, double>;

/// The builtin type T travels as.
template <typename T>
using Carrier = std::conditional_t<
    std::is_floating_point_v<T>, T,
    std::conditional_t<(sizeof(T) <= 4), int32_t, int64_t>>;

/// The builtin operation of SYCL function object Op on T, or -1.
template <typename Op, typename T> constexpr int builtinOp() {
  constexpr bool Signed = std::is_signed_v<T>;
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

/// The static checks every reduction and scan makes, with messages a user
/// can act on.
template <typename Op, typename T> constexpr void checkGroupOp() {
  static_assert(IsCollectiveScalar<T>,
                "Lanes does not implement group reductions and scans of this "
                "type yet: only bool, integers, float and double (not "
                "sycl::vec, sycl::marray or classes)");
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
  /// Logical operations combine truth values, whatever T is.
  using C = std::conditional_t<Logical, int32_t, Carrier<T>>;

  /// T's value in the carrier (0 or 1 for the logical operations).
  static C widen(T X) {
    if constexpr (Logical)
      return C(X ? 1 : 0);
    else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
      return C(std::make_unsigned_t<C>(X));
    else
      return C(X);
  }
  static T narrow(C X) { return static_cast<T>(X); }

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
      switch (Code) {
      case LANES_OP_ADD:
        return A + B;
      case LANES_OP_MUL:
        return A * B;
      case LANES_OP_MIN:
        return std::fmin(A, B);
      default:
        return std::fmax(A, B);
      }
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

// The builtins, one overload per carrier; Op is a template argument so that
// every call passes a constant.
#define LANES_GROUP_CALLS(T, SUFFIX)                                           \
  template <unsigned Op> inline T groupReduce(T X, CallSite Site) {            \
    return __lanes_group_reduce_##SUFFIX(Op, X, Site.File, Site.Line);         \
  }                                                                            \
  template <unsigned Op> inline T groupInclusiveScan(T X, CallSite Site) {     \
    return __lanes_group_scan_inclusive_##SUFFIX(Op, X, Site.File, Site.Line); \
  }                                                                            \
  template <unsigned Op> inline T groupExclusiveScan(T X, CallSite Site) {     \
    return __lanes_group_scan_exclusive_##SUFFIX(Op, X, Site.File, Site.Line); \
  }                                                                            \
  inline T groupBroadcast(T X, size_t From, CallSite Site) {                   \
    return __lanes_group_broadcast_##SUFFIX(X, From, Site.File, Site.Line);    \
  }
LANES_GROUP_CALLS(int32_t, i32)
LANES_GROUP_CALLS(int64_t, i64)
LANES_GROUP_CALLS(float, f32)
LANES_GROUP_CALLS(double, f64)
#undef LANES_GROUP_CALLS

/// Broadcasts any trivially copyable value from work-item \p From: scalars
/// through their carrier, anything else in 8-byte chunks.
template <typename T> T broadcastValue(T X, size_t From, CallSite Site) {
  static_assert(std::is_trivially_copyable_v<T>,
                "Lanes does not implement group_broadcast of types that are "
                "not trivially copyable");
  if constexpr (IsCollectiveScalar<T>) {
    using Op = sycl::plus<T>; // any operation: only widen/narrow are used
    return GroupOp<Op, T>::narrow(
        groupBroadcast(GroupOp<Op, T>::widen(X), From, Site));
  } else {
    constexpr size_t Words = (sizeof(T) + 7) / 8;
    int64_t Bits[Words] = {};
    std::memcpy(Bits, &X, sizeof(T));
    for (size_t I = 0; I < Words; ++I)
      Bits[I] = groupBroadcast(Bits[I], From, Site);
    T Result = X;
    std::memcpy(&Result, Bits, sizeof(T));
    return Result;
  }
}

} // namespace lanes::detail

#endif // LANES_DETAIL_GROUP_COLLECTIVE_HPP
