//===- sycl/functional.hpp - Function objects and known identities --------===//
//
/// \file
/// SYCL 2020 4.17.2 (function objects: plus, multiplies, bit_and, bit_or,
/// bit_xor, logical_and, logical_or, minimum, maximum, each with a
/// transparent `void` specialization) and 4.9.2.2 (known_identity,
/// has_known_identity). The group algorithms (sycl/group_algorithm.hpp)
/// recognise these types and map them onto the __lanes_group_* builtins.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_FUNCTIONAL_HPP
#define LANES_SYCL_FUNCTIONAL_HPP

#include "sycl/half.hpp"

#include <limits>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

/// Defines `Name<T>` returning `T(X OP Y)` and the transparent `Name<void>`.
#define LANES_SYCL_BINARY_FUNCTION_OBJECT(NAME, OP)                            \
  template <typename T = void> struct NAME {                                   \
    T operator()(const T &X, const T &Y) const { return X OP Y; }              \
  };                                                                           \
  template <> struct NAME<void> {                                              \
    using is_transparent = void;                                               \
    template <typename T, typename U>                                          \
    auto operator()(T &&X, U &&Y) const                                        \
        -> decltype(std::forward<T>(X) OP std::forward<U>(Y)) {                \
      return std::forward<T>(X) OP std::forward<U>(Y);                         \
    }                                                                          \
  };
LANES_SYCL_BINARY_FUNCTION_OBJECT(plus, +)
LANES_SYCL_BINARY_FUNCTION_OBJECT(multiplies, *)
LANES_SYCL_BINARY_FUNCTION_OBJECT(bit_and, &)
LANES_SYCL_BINARY_FUNCTION_OBJECT(bit_or, |)
LANES_SYCL_BINARY_FUNCTION_OBJECT(bit_xor, ^)
#undef LANES_SYCL_BINARY_FUNCTION_OBJECT

/// Defines `Name<T>` returning `bool(X OP Y)` and the transparent
/// `Name<void>`.
#define LANES_SYCL_LOGICAL_FUNCTION_OBJECT(NAME, OP)                           \
  template <typename T = void> struct NAME {                                   \
    bool operator()(const T &X, const T &Y) const { return X OP Y; }           \
  };                                                                           \
  template <> struct NAME<void> {                                              \
    using is_transparent = void;                                               \
    template <typename T, typename U>                                          \
    auto operator()(T &&X, U &&Y) const                                        \
        -> decltype(std::forward<T>(X) OP std::forward<U>(Y)) {                \
      return std::forward<T>(X) OP std::forward<U>(Y);                         \
    }                                                                          \
  };
LANES_SYCL_LOGICAL_FUNCTION_OBJECT(logical_and, &&)
LANES_SYCL_LOGICAL_FUNCTION_OBJECT(logical_or, ||)
#undef LANES_SYCL_LOGICAL_FUNCTION_OBJECT

/// The smaller of two values (`Y` when neither is smaller).
template <typename T = void> struct minimum {
  T operator()(const T &X, const T &Y) const { return X < Y ? X : Y; }
};
template <> struct minimum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  auto operator()(T &&X, U &&Y) const -> std::common_type_t<T &&, U &&> {
    return X < Y ? std::forward<T>(X) : std::forward<U>(Y);
  }
};

/// The larger of two values (`Y` when neither is larger).
template <typename T = void> struct maximum {
  T operator()(const T &X, const T &Y) const { return X > Y ? X : Y; }
};
template <> struct maximum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  auto operator()(T &&X, U &&Y) const -> std::common_type_t<T &&, U &&> {
    return X > Y ? std::forward<T>(X) : std::forward<U>(Y);
  }
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// True when Op is Fn<T> or the transparent Fn<void>.
template <typename Op, template <typename> class Fn, typename T>
inline constexpr bool IsFunctionObjectFor =
    std::is_same_v<Op, Fn<T>> || std::is_same_v<Op, Fn<void>>;

/// The identity of a SYCL function object Op on values of type T (SYCL
/// 2020 table 4.9.2.2), and whether there is one.
template <typename Op, typename T, typename = void> struct KnownIdentity {
  static constexpr bool Has = false;
};

template <typename Op, typename T>
struct KnownIdentity<
    Op, T, std::enable_if_t<IsNumeric<T> && !std::is_same_v<T, bool>>> {
  using Limits = std::numeric_limits<T>;
  static constexpr bool Bitwise = std::is_integral_v<T> &&
                                  (IsFunctionObjectFor<Op, sycl::bit_and, T> ||
                                   IsFunctionObjectFor<Op, sycl::bit_or, T> ||
                                   IsFunctionObjectFor<Op, sycl::bit_xor, T>);
  static constexpr bool Has = IsFunctionObjectFor<Op, sycl::plus, T> ||
                              IsFunctionObjectFor<Op, sycl::multiplies, T> ||
                              IsFunctionObjectFor<Op, sycl::minimum, T> ||
                              IsFunctionObjectFor<Op, sycl::maximum, T> ||
                              Bitwise;
  static constexpr T value() {
    if constexpr (IsFunctionObjectFor<Op, sycl::multiplies, T>)
      return T(1);
    else if constexpr (IsFunctionObjectFor<Op, sycl::minimum, T>)
      return Limits::has_infinity ? Limits::infinity() : Limits::max();
    else if constexpr (IsFunctionObjectFor<Op, sycl::maximum, T>)
      return Limits::has_infinity ? -Limits::infinity() : Limits::lowest();
    else if constexpr (IsFunctionObjectFor<Op, sycl::bit_and, T>)
      return T(~T(0));
    else
      return T(0); // plus, bit_or, bit_xor
  }
};

/// bool: the identities are true (operations that act as "and") or false
/// (those that act as "or").
template <typename Op> struct KnownIdentity<Op, bool> {
  static constexpr bool IsAnd = IsFunctionObjectFor<Op, sycl::logical_and, bool> ||
                                IsFunctionObjectFor<Op, sycl::bit_and, bool> ||
                                IsFunctionObjectFor<Op, sycl::multiplies, bool> ||
                                IsFunctionObjectFor<Op, sycl::minimum, bool>;
  static constexpr bool IsOr = IsFunctionObjectFor<Op, sycl::logical_or, bool> ||
                               IsFunctionObjectFor<Op, sycl::plus, bool> ||
                               IsFunctionObjectFor<Op, sycl::bit_or, bool> ||
                               IsFunctionObjectFor<Op, sycl::bit_xor, bool> ||
                               IsFunctionObjectFor<Op, sycl::maximum, bool>;
  static constexpr bool Has = IsAnd || IsOr;
  static constexpr bool value() { return IsAnd; }
};

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// Whether BinaryOperation has an identity Lanes knows on AccumulatorT.
template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity
    : std::bool_constant<lanes::detail::KnownIdentity<
          std::remove_cv_t<BinaryOperation>,
          std::remove_cv_t<AccumulatorT>>::Has> {};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v =
    has_known_identity<BinaryOperation, AccumulatorT>::value;

namespace detail_functional {
template <typename BinaryOperation, typename AccumulatorT, bool Has>
struct KnownIdentityValue {};
template <typename BinaryOperation, typename AccumulatorT>
struct KnownIdentityValue<BinaryOperation, AccumulatorT, true> {
  static constexpr AccumulatorT value =
      lanes::detail::KnownIdentity<std::remove_cv_t<BinaryOperation>,
                                   std::remove_cv_t<AccumulatorT>>::value();
};
} // namespace detail_functional

/// `value` is the identity of BinaryOperation on AccumulatorT; absent when
/// has_known_identity_v is false.
template <typename BinaryOperation, typename AccumulatorT>
struct known_identity
    : detail_functional::KnownIdentityValue<
          BinaryOperation, AccumulatorT,
          has_known_identity_v<BinaryOperation, AccumulatorT>> {};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v =
    known_identity<BinaryOperation, AccumulatorT>::value;

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_FUNCTIONAL_HPP
