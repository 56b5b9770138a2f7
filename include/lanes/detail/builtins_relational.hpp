//===- lanes/detail/builtins_relational.hpp - SYCL relational built-ins ---===//
//
/// \file
/// SYCL 2020 4.17.10 (relational functions): the comparisons and
/// classifications of floating-point values (isequal ... signbit), any and
/// all, bitselect and select.
///
/// On scalars the tests return bool; on marrays marray<bool, N>; on vecs
/// and swizzles a vec of the signed integer of the element's size holding
/// -1 for true and 0 for false (lanes/detail/builtin_types.hpp,
/// RelationalT). The ordered comparisons are false when either operand is
/// NaN, isnotequal is true. Classification uses the compiler's
/// __builtin_isnan family, which compiles to comparisons (no libm calls);
/// sycl::half is classified through its exact float value, except
/// isnormal, whose range is half's.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_BUILTINS_RELATIONAL_HPP
#define LANES_DETAIL_BUILTINS_RELATIONAL_HPP

#include "lanes/detail/builtin_types.hpp"
#include "lanes/detail/math_scalar.hpp"
#include "sycl/half.hpp"

#include <limits>
#include <type_traits>

namespace lanes::detail::relational {

template <typename F> bool isequal(F X, F Y) { return X == Y; }
template <typename F> bool isnotequal(F X, F Y) { return X != Y; }
template <typename F> bool isgreater(F X, F Y) { return X > Y; }
template <typename F> bool isgreaterequal(F X, F Y) { return X >= Y; }
template <typename F> bool isless(F X, F Y) { return X < Y; }
template <typename F> bool islessequal(F X, F Y) { return X <= Y; }
template <typename F> bool islessgreater(F X, F Y) { return X < Y || X > Y; }
template <typename F> bool isordered(F X, F Y) { return X == X && Y == Y; }
template <typename F> bool isunordered(F X, F Y) { return X != X || Y != Y; }
template <typename F> bool isfinite(F X) { return __builtin_isfinite(X); }
template <typename F> bool isinf(F X) { return __builtin_isinf(X); }
template <typename F> bool isnan(F X) { return __builtin_isnan(X); }
template <typename F> bool isnormal(F X) { return __builtin_isnormal(X); }
template <typename F> bool signbit(F X) { return __builtin_signbit(X) != 0; }

inline bool isfinite(sycl::half X) { return isfinite(float(X)); }
inline bool isinf(sycl::half X) { return isinf(float(X)); }
inline bool isnan(sycl::half X) { return isnan(float(X)); }
inline bool signbit(sycl::half X) { return signbit(float(X)); }
/// Every half subnormal is a normal float, so the test is half's range.
inline bool isnormal(sycl::half X) {
  float Magnitude = math::fabs(float(X));
  return Magnitude >= float(std::numeric_limits<sycl::half>::min()) &&
         Magnitude <= float(std::numeric_limits<sycl::half>::max());
}

/// Whether the most significant bit of \p X is set (for bool: X).
template <typename T> bool msb(T X) {
  if constexpr (std::is_same_v<T, bool>)
    return X;
  else
    return (std::make_unsigned_t<T>(X) >> (sizeof(T) * 8 - 1)) != 0;
}

/// The bits of \p B where \p C has ones, of \p A elsewhere.
template <typename T> T bitselect(T A, T B, T C) {
  using U = std::conditional_t<
      sizeof(T) == 1, std::uint8_t,
      std::conditional_t<sizeof(T) == 2, std::uint16_t,
                         std::conditional_t<sizeof(T) == 4, std::uint32_t,
                                            std::uint64_t>>>;
  U Mask = math::bitCast<U>(C);
  U Bits = U((math::bitCast<U>(A) & U(~Mask)) | (math::bitCast<U>(B) & Mask));
  return math::bitCast<T>(Bits);
}

} // namespace lanes::detail::relational

namespace lanes::detail {

/// What select takes as its condition for T1: marray<bool, N> for an
/// marray, a vec (or swizzle) of integers of T1's element size for a vec.
template <typename T1, typename T3>
inline constexpr bool IsSelectMask =
    IsMarray<ValueT<T1>>
        ? std::is_same_v<ValueT<T3>, RebindT<T1, bool>>
        : IsVecLikeArg<T3> && IsIntElement<ElementT<T3>> &&
              sizeof(ElementT<T3>) == sizeof(ElementT<T1>) &&
              countOf<T3>() == countOf<T1>();

/// The element types any and all take: signed integers in a vec; bool and
/// (deprecated) signed integers in an marray or alone.
template <typename T>
inline constexpr bool IsAnyAllArg =
    (IsVecLikeArg<T> && IsIntElement<ElementT<T>> &&
     std::is_signed_v<ElementT<T>>) ||
    (!IsVecLikeArg<T> && (IsScalarArg<T> || IsNonScalarArg<T>) &&
     (std::is_same_v<ElementT<T>, bool> ||
      (IsIntElement<ElementT<T>> && std::is_signed_v<ElementT<T>>)));

/// Whether the most significant bit is set in any (All: every) element;
/// int for vecs, bool otherwise.
template <bool All, typename T> auto anyAll(const T &X) {
  bool Res = All;
  if constexpr (IsScalarArg<T>) {
    Res = relational::msb(X);
  } else {
    const ValueT<T> V = X;
    for (size_t I = 0; I < V.size(); ++I) {
      bool Bit = relational::msb(V[I]);
      Res = All ? (Res && Bit) : (Res || Bit);
    }
  }
  if constexpr (IsVecLikeArg<T>)
    return int(Res);
  else
    return Res;
}

} // namespace lanes::detail

// Floating-point tests: bool on float, double and half, RelationalT
// element-wise.
#define LANES_RELATIONAL_1(Name)                                               \
  inline bool Name(float X) { return lanes::detail::relational::Name(X); }     \
  inline bool Name(double X) { return lanes::detail::relational::Name(X); }    \
  inline bool Name(half X) { return lanes::detail::relational::Name(X); }      \
  template <typename T,                                                        \
            lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T>> = 0>   \
  lanes::detail::RelationalT<T> Name(const T &X) {                             \
    return lanes::detail::mapRelational<T>(                                    \
        [](auto E) { return lanes::detail::relational::Name(E); }, X);         \
  }
#define LANES_RELATIONAL_2(Name)                                               \
  inline bool Name(float X, float Y) {                                         \
    return lanes::detail::relational::Name(X, Y);                              \
  }                                                                            \
  inline bool Name(double X, double Y) {                                       \
    return lanes::detail::relational::Name(X, Y);                              \
  }                                                                            \
  inline bool Name(half X, half Y) {                                           \
    return lanes::detail::relational::Name(X, Y);                              \
  }                                                                            \
  template <typename T1, typename T2,                                          \
            lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T1> &&     \
                                    lanes::detail::SameValue<T1, T2>> = 0>     \
  lanes::detail::RelationalT<T1> Name(const T1 &X, const T2 &Y) {              \
    return lanes::detail::mapRelational<T1>(                                   \
        [](auto A, auto B) { return lanes::detail::relational::Name(A, B); },  \
        X, Y);                                                                 \
  }

namespace sycl {
inline namespace _V1 {

LANES_RELATIONAL_2(isequal)
LANES_RELATIONAL_2(isnotequal)
LANES_RELATIONAL_2(isgreater)
LANES_RELATIONAL_2(isgreaterequal)
LANES_RELATIONAL_2(isless)
LANES_RELATIONAL_2(islessequal)
LANES_RELATIONAL_2(islessgreater)
LANES_RELATIONAL_1(isfinite)
LANES_RELATIONAL_1(isinf)
LANES_RELATIONAL_1(isnan)
LANES_RELATIONAL_1(isnormal)
LANES_RELATIONAL_2(isordered)
LANES_RELATIONAL_2(isunordered)
LANES_RELATIONAL_1(signbit)

/// Whether the most significant bit of any / every element is set (for
/// marray<bool>: whether any / every element is true). int on vecs, bool
/// otherwise.
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsAnyAllArg<T>> = 0>
auto any(const T &X) {
  return lanes::detail::anyAll<false>(X);
}
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsAnyAllArg<T>> = 0>
auto all(const T &X) {
  return lanes::detail::anyAll<true>(X);
}

/// Each bit from b where c has a one, from a elsewhere.
template <typename T1, typename T2, typename T3,
          lanes::detail::EnableIf<(lanes::detail::IsGenInt<T1> ||
                                   lanes::detail::IsGenFloat<T1>) &&
                                  lanes::detail::SameValue<T1, T2, T3>> = 0>
lanes::detail::ValueT<T1> bitselect(const T1 &A, const T2 &B, const T3 &C) {
  return lanes::detail::elementwise<lanes::detail::ValueT<T1>>(
      [](auto X, auto Y, auto Z) {
        return lanes::detail::relational::bitselect(X, Y, Z);
      },
      A, B, C);
}

/// c ? b : a.
template <typename T, lanes::detail::EnableIf<
                          lanes::detail::IsScalarArg<T> &&
                          !std::is_same_v<T, bool>> = 0>
T select(T A, T B, bool C) {
  return C ? B : A;
}
/// b[i] where c[i] is true (marray) or has its most significant bit set
/// (vec), a[i] elsewhere.
template <typename T1, typename T2, typename T3,
          lanes::detail::EnableIf<
              lanes::detail::IsNonScalarArg<T1> &&
              (lanes::detail::IsGenInt<T1> || lanes::detail::IsGenFloat<T1>) &&
              lanes::detail::SameValue<T1, T2> &&
              lanes::detail::IsSelectMask<T1, T3>> = 0>
lanes::detail::ValueT<T1> select(const T1 &A, const T2 &B, const T3 &C) {
  return lanes::detail::elementwise<lanes::detail::ValueT<T1>>(
      [](auto X, auto Y, auto M) {
        return lanes::detail::relational::msb(M) ? Y : X;
      },
      A, B, C);
}

} // namespace _V1
} // namespace sycl

#undef LANES_RELATIONAL_1
#undef LANES_RELATIONAL_2

#endif // LANES_DETAIL_BUILTINS_RELATIONAL_HPP
