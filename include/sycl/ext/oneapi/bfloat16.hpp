//===- sycl/ext/oneapi/bfloat16.hpp - sycl::ext::oneapi::bfloat16 ---------===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_bfloat16: `sycl::ext::oneapi::bfloat16`, the
/// 16-bit "brain" floating-point format (1 sign bit, 8 exponent bits, 7
/// stored significand bits): the upper half of a float, with float's range
/// and 8 significant bits. Also spelled `ext::oneapi::experimental::
/// bfloat16`, as older DPC++ did; with the math functions of
/// sycl_ext_oneapi_bfloat16_math_functions on bfloat16 and on
/// marray<bfloat16, N> (which sycl/marray.hpp allows).
///
/// The value is held as its 16 bits, so the class is trivially copyable
/// and everything is integer and float arithmetic that both compilers
/// inline and vectorize: no library calls, no exceptions, constexpr.
///
/// Conversions: to float exact (the bits shifted up 16). From float,
/// rounded to nearest even by adding 0x7fff plus the lowest kept bit to
/// the float's bits and dropping the low half (the carry rounds up exactly
/// when the dropped half is above 0x8000, or equal with the kept part odd);
/// floats whose bits, less the sign, are 0x7f7f8000 or more become
/// infinities; NaNs stay NaN with their sign, made quiet. From every other
/// arithmetic type and from sycl::half, rounded once, to nearest even, from the
/// exact value: half converts to float exactly; double, long double and
/// integers wider than float's significand round to float to odd first
/// (truncated, with the last bit set when anything was dropped), which keeps
/// the sticky information a second rounding to nearest needs: 24 bits are at
/// least 8 + 2, so the result is that of a single rounding.
///
/// Arithmetic: as the extension specifies, each operation converts its
/// operands to float, computes there and rounds the result to bfloat16
/// once; for + - * / of two bfloat16 that is the correctly rounded result,
/// since float carries more than 2 * 8 + 2 bits. The other operand of a
/// mixed operation (an arithmetic type or sycl::half) converts to float
/// too, and the result is bfloat16. Comparisons compare the float values:
/// NaN is unordered and unequal to everything, -0 equals +0.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_BFLOAT16_HPP
#define LANES_SYCL_EXT_ONEAPI_BFLOAT16_HPP

#include "sycl/builtins.hpp"
#include "sycl/half.hpp"
#include "sycl/marray.hpp"

#include <climits>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <limits>
#include <type_traits>

/// The feature-test macros of the extension and of its math functions.
#define SYCL_EXT_ONEAPI_BFLOAT16 1
#define SYCL_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS 1

namespace lanes::detail {

/// The bfloat16 bits nearest to \p F, ties to even; NaNs quiet, keeping
/// their sign and the top of their payload.
constexpr std::uint16_t bfloat16BitsNearest(float F) {
  std::uint32_t Bits = __builtin_bit_cast(std::uint32_t, F);
  std::uint32_t Rounded = (Bits + 0x7fffu + ((Bits >> 16) & 1u)) >> 16;
  // Rounding a NaN's bits could carry into the exponent or the sign. A
  // select, not a branch: cheap to inline and to vectorize.
  std::uint32_t Quiet = (Bits >> 16) | 0x0040u;
  return static_cast<std::uint16_t>(
      (Bits & 0x7fffffffu) > 0x7f800000u ? Quiet : Rounded);
}

/// The exact value \p Hi + \p Lo (|Lo| at most half an ulp of Hi) rounded
/// to float to odd: truncated toward zero, with the last bit set when the
/// result is inexact. An infinite or NaN Hi stays as it is.
template <typename Wide>
constexpr float floatRoundedToOdd(Wide Hi, Wide Lo = Wide(0)) {
  float F = static_cast<float>(Hi);
  // Exact by Sterbenz's lemma (F is Hi rounded), infinite when F overflowed
  // and NaN when Hi is infinite or NaN.
  Wide Over = static_cast<Wide>(F) - Hi;
  bool Above = Over > Lo, Below = Over < Lo;
  if (!Above && !Below)
    return F;
  bool TooLarge = Hi < 0 ? Below : Above;
  std::uint32_t Bits =
      __builtin_bit_cast(std::uint32_t, F) - (TooLarge ? 1u : 0u);
  return __builtin_bit_cast(float, Bits | 1u);
}

/// Integer \p X rounded to float to odd.
template <typename T> constexpr float integerRoundedToOdd(T X) {
  using Unsigned = unsigned long long;
  bool Negative = false;
  if constexpr (std::is_signed_v<T>)
    Negative = X < 0;
  Unsigned Magnitude =
      Negative ? Unsigned(0) - static_cast<Unsigned>(X) : Unsigned(X);
  // Keep float's 24 bits and fold the dropped ones into the last.
  int Width = int(sizeof(Unsigned) * CHAR_BIT) - __builtin_clzll(Magnitude | 1);
  int Shift = Width > 24 ? Width - 24 : 0;
  Unsigned Dropped = Magnitude & ((Unsigned(1) << Shift) - 1);
  Unsigned Kept = (Magnitude >> Shift) | Unsigned(Dropped != 0);
  float F = static_cast<float>(Kept) * static_cast<float>(Unsigned(1) << Shift);
  return Negative ? -F : F;
}

/// The bfloat16 bits nearest to arithmetic \p X, rounded once.
template <typename T> constexpr std::uint16_t bfloat16BitsOf(T X) {
  if constexpr (std::is_floating_point_v<T> && sizeof(T) > sizeof(float)) {
    return bfloat16BitsNearest(floatRoundedToOdd(X));
  } else if constexpr (std::is_integral_v<T> &&
                       std::numeric_limits<T>::digits > 24) {
    return bfloat16BitsNearest(integerRoundedToOdd(X));
  } else {
    // bool, char, short and float itself: exact in float.
    return bfloat16BitsNearest(static_cast<float>(X));
  }
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

/// A bfloat16 floating-point number: float's sign and exponent, and the
/// top 7 bits of its significand.
class bfloat16 {
  /// The other operand of a mixed operation: an arithmetic type or
  /// sycl::half.
  template <typename T>
  using EnableIfOperand = std::enable_if_t<lanes::detail::IsArithmetic<T>, int>;
  /// What the converting constructor template takes: the same, less float,
  /// which has a constructor of its own.
  template <typename T>
  using EnableIfConvertible =
      std::enable_if_t<lanes::detail::IsArithmetic<T> &&
                           !std::is_same_v<std::remove_cv_t<T>, float>,
                       int>;

  struct RawTag {};
  constexpr bfloat16(RawTag, std::uint16_t Bits) : Value(Bits) {}

public:
  /// Uninitialized, like a float; `bfloat16()` and `bfloat16{}` are +0.
  bfloat16() = default;
  /// \p X rounded to the nearest bfloat16, ties to even.
  constexpr bfloat16(const float &X)
      : Value(lanes::detail::bfloat16BitsNearest(X)) {}
  /// \p X (an arithmetic type or sycl::half) rounded once to the nearest
  /// bfloat16, ties to even.
  template <typename T, EnableIfConvertible<T> = 0>
  constexpr bfloat16(const T &X)
      : Value(lanes::detail::bfloat16BitsOf(asArithmetic(X))) {}

  /// The exact value as a float.
  constexpr operator float() const {
    return __builtin_bit_cast(float, std::uint32_t(Value) << 16);
  }
  /// The value rounded to the nearest half, ties to even.
  constexpr operator sycl::half() const { return sycl::half(float(*this)); }
  /// Whether the value is not a zero (NaNs are true).
  constexpr explicit operator bool() const { return (Value & 0x7fff) != 0; }

#define LANES_BFLOAT16_ARITHMETIC(OP)                                          \
  friend constexpr bfloat16 operator OP(bfloat16 L, bfloat16 R) {              \
    return bfloat16(float(L) OP float(R));                                     \
  }                                                                            \
  template <typename T, EnableIfOperand<T> = 0>                                \
  friend constexpr bfloat16 operator OP(bfloat16 L, const T &R) {              \
    return bfloat16(float(L) OP static_cast<float>(R));                        \
  }                                                                            \
  template <typename T, EnableIfOperand<T> = 0>                                \
  friend constexpr bfloat16 operator OP(const T &L, bfloat16 R) {              \
    return bfloat16(static_cast<float>(L) OP float(R));                        \
  }                                                                            \
  template <typename T, std::enable_if_t<lanes::detail::IsArithmetic<T> ||     \
                                             std::is_same_v<T, bfloat16>,      \
                                         int> = 0>                             \
  constexpr bfloat16 &operator OP##=(const T &R) {                             \
    return *this = *this OP R;                                                 \
  }
  LANES_BFLOAT16_ARITHMETIC(+)
  LANES_BFLOAT16_ARITHMETIC(-)
  LANES_BFLOAT16_ARITHMETIC(*)
  LANES_BFLOAT16_ARITHMETIC(/)
#undef LANES_BFLOAT16_ARITHMETIC

#define LANES_BFLOAT16_COMPARISON(OP)                                          \
  friend constexpr bool operator OP(bfloat16 L, bfloat16 R) {                  \
    return float(L) OP float(R);                                               \
  }                                                                            \
  template <typename T, EnableIfOperand<T> = 0>                                \
  friend constexpr bool operator OP(bfloat16 L, const T &R) {                  \
    return float(L) OP R;                                                      \
  }                                                                            \
  template <typename T, EnableIfOperand<T> = 0>                                \
  friend constexpr bool operator OP(const T &L, bfloat16 R) {                  \
    return L OP float(R);                                                      \
  }
  LANES_BFLOAT16_COMPARISON(==)
  LANES_BFLOAT16_COMPARISON(!=)
  LANES_BFLOAT16_COMPARISON(<)
  LANES_BFLOAT16_COMPARISON(>)
  LANES_BFLOAT16_COMPARISON(<=)
  LANES_BFLOAT16_COMPARISON(>=)
#undef LANES_BFLOAT16_COMPARISON

  friend constexpr bfloat16 operator+(bfloat16 X) { return X; }
  /// The sign bit flipped (also of zeros and NaNs).
  friend constexpr bfloat16 operator-(bfloat16 X) {
    return bfloat16(RawTag(), std::uint16_t(X.Value ^ 0x8000u));
  }

  constexpr bfloat16 &operator++() { return *this += 1.0f; }
  constexpr bfloat16 &operator--() { return *this -= 1.0f; }
  constexpr bfloat16 operator++(int) {
    bfloat16 Old = *this;
    *this += 1.0f;
    return Old;
  }
  constexpr bfloat16 operator--(int) {
    bfloat16 Old = *this;
    *this -= 1.0f;
    return Old;
  }

private:
  /// \p X as an arithmetic type: sycl::half as the float it converts to
  /// exactly, the others as they are.
  template <typename T> static constexpr auto asArithmetic(const T &X) {
    if constexpr (lanes::detail::IsHalf<T>)
      return static_cast<float>(X);
    else
      return X;
  }

  std::uint16_t Value;
};

static_assert(sizeof(bfloat16) == 2 && alignof(bfloat16) == 2,
              "bfloat16 is two bytes");
static_assert(std::is_trivially_copyable_v<bfloat16> &&
                  std::is_standard_layout_v<bfloat16>,
              "bfloat16 is copied bit for bit into kernels and buffers");

/// Writes the value as the stream writes a float.
template <typename CharT, typename Traits>
std::basic_ostream<CharT, Traits> &
operator<<(std::basic_ostream<CharT, Traits> &OS, bfloat16 X) {
  return OS << float(X);
}

namespace experimental {
/// The spelling of DPC++ before the extension left experimental.
using bfloat16 = oneapi::bfloat16;
} // namespace experimental

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// The bits of \p X, and the bfloat16 with bits \p Bits.
constexpr std::uint16_t bfloat16Bits(sycl::ext::oneapi::bfloat16 X) {
  return __builtin_bit_cast(std::uint16_t, X);
}
constexpr sycl::ext::oneapi::bfloat16 bfloat16FromBits(std::uint16_t Bits) {
  return __builtin_bit_cast(sycl::ext::oneapi::bfloat16, Bits);
}

/// T itself when it is bfloat16 (the math functions take no conversions).
template <typename T, typename R = T>
using EnableIfBfloat16 = std::enable_if_t<IsBfloat16<T>, R>;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// Whether \p X is a NaN (all exponent bits set, a nonzero significand).
template <typename T>
constexpr lanes::detail::EnableIfBfloat16<T, bool> isnan(T X) {
  return (lanes::detail::bfloat16Bits(X) & 0x7fff) > 0x7f80;
}

/// |X|: the sign bit cleared (also of NaNs).
template <typename T> constexpr lanes::detail::EnableIfBfloat16<T> fabs(T X) {
  return lanes::detail::bfloat16FromBits(lanes::detail::bfloat16Bits(X) &
                                         0x7fff);
}

/// \p Y if Y < X, else \p X; the other operand if one is a NaN, a quiet
/// NaN if both are. Either zero for -0 and +0.
template <typename T>
constexpr lanes::detail::EnableIfBfloat16<T> fmin(T X, T Y) {
  if (isnan(X))
    return isnan(Y) ? lanes::detail::bfloat16FromBits(0x7fc0) : Y;
  if (isnan(Y))
    return X;
  return Y < X ? Y : X;
}

/// \p Y if X < Y, else \p X; NaNs as in fmin.
template <typename T>
constexpr lanes::detail::EnableIfBfloat16<T> fmax(T X, T Y) {
  if (isnan(X))
    return isnan(Y) ? lanes::detail::bfloat16FromBits(0x7fc0) : Y;
  if (isnan(Y))
    return X;
  return X < Y ? Y : X;
}

/// A * B + C rounded once, to nearest even. The product of two 8-bit
/// significands is exact in double, and so is the error of the double sum
/// (TwoSum); the sum and its error round to float to odd, then to
/// bfloat16.
template <typename T>
constexpr lanes::detail::EnableIfBfloat16<T> fma(T A, T B, T C) {
  double Product = double(float(A)) * double(float(B));
  double Addend = float(C);
  double Sum = Product + Addend;
  // Only infinite or NaN operands make the sum so.
  if (!__builtin_isfinite(Sum))
    return T(static_cast<float>(Sum));
  double AddendPart = Sum - Product;
  double Error = (Product - (Sum - AddendPart)) + (Addend - AddendPart);
  return T(lanes::detail::floatRoundedToOdd(Sum, Error));
}

// The same, element by element, on marrays.
template <size_t N>
sycl::marray<bool, N> isnan(const sycl::marray<bfloat16, N> &X) {
  return lanes::detail::mapValues<sycl::marray<bool, N>>(
      [](bfloat16 E) { return isnan(E); }, X);
}
template <size_t N>
sycl::marray<bfloat16, N> fabs(const sycl::marray<bfloat16, N> &X) {
  return lanes::detail::mapValues<sycl::marray<bfloat16, N>>(
      [](bfloat16 E) { return fabs(E); }, X);
}
template <size_t N>
sycl::marray<bfloat16, N> fmin(const sycl::marray<bfloat16, N> &X,
                               const sycl::marray<bfloat16, N> &Y) {
  return lanes::detail::mapValues<sycl::marray<bfloat16, N>>(
      [](bfloat16 A, bfloat16 B) { return fmin(A, B); }, X, Y);
}
template <size_t N>
sycl::marray<bfloat16, N> fmax(const sycl::marray<bfloat16, N> &X,
                               const sycl::marray<bfloat16, N> &Y) {
  return lanes::detail::mapValues<sycl::marray<bfloat16, N>>(
      [](bfloat16 A, bfloat16 B) { return fmax(A, B); }, X, Y);
}
template <size_t N>
sycl::marray<bfloat16, N> fma(const sycl::marray<bfloat16, N> &A,
                              const sycl::marray<bfloat16, N> &B,
                              const sycl::marray<bfloat16, N> &C) {
  return lanes::detail::mapValues<sycl::marray<bfloat16, N>>(
      [](bfloat16 X, bfloat16 Y, bfloat16 Z) { return fma(X, Y, Z); }, A, B, C);
}

/// NAME computed in float (the core built-in, which compiled kernels
/// vectorize) and rounded to bfloat16, on bfloat16 and on marrays of it.
/// ceil, floor, rint and trunc are exact, and so is sqrt (correctly
/// rounded in float, then rounded again: float's 24 bits are at least
/// 2 * 8 + 2, so that is the correctly rounded bfloat16); the others are
/// as accurate as float's.
#define LANES_BFLOAT16_THROUGH_FLOAT(NAME)                                     \
  template <typename T> lanes::detail::EnableIfBfloat16<T> NAME(T X) {         \
    return T(sycl::NAME(float(X)));                                            \
  }                                                                            \
  template <size_t N>                                                          \
  sycl::marray<bfloat16, N> NAME(const sycl::marray<bfloat16, N> &X) {         \
    return lanes::detail::mapValues<sycl::marray<bfloat16, N>>(                \
        [](bfloat16 E) { return NAME(E); }, X);                                \
  }
LANES_BFLOAT16_THROUGH_FLOAT(ceil)
LANES_BFLOAT16_THROUGH_FLOAT(cos)
LANES_BFLOAT16_THROUGH_FLOAT(exp)
LANES_BFLOAT16_THROUGH_FLOAT(exp10)
LANES_BFLOAT16_THROUGH_FLOAT(exp2)
LANES_BFLOAT16_THROUGH_FLOAT(floor)
LANES_BFLOAT16_THROUGH_FLOAT(log)
LANES_BFLOAT16_THROUGH_FLOAT(log10)
LANES_BFLOAT16_THROUGH_FLOAT(log2)
LANES_BFLOAT16_THROUGH_FLOAT(rint)
LANES_BFLOAT16_THROUGH_FLOAT(rsqrt)
LANES_BFLOAT16_THROUGH_FLOAT(sin)
LANES_BFLOAT16_THROUGH_FLOAT(sqrt)
LANES_BFLOAT16_THROUGH_FLOAT(trunc)
#undef LANES_BFLOAT16_THROUGH_FLOAT

} // namespace ext::oneapi::experimental

namespace ext::oneapi {
// The extension's current text declares the math functions here.
using experimental::ceil;
using experimental::cos;
using experimental::exp;
using experimental::exp10;
using experimental::exp2;
using experimental::fabs;
using experimental::floor;
using experimental::fma;
using experimental::fmax;
using experimental::fmin;
using experimental::isnan;
using experimental::log;
using experimental::log10;
using experimental::log2;
using experimental::rint;
using experimental::rsqrt;
using experimental::sin;
using experimental::sqrt;
using experimental::trunc;
} // namespace ext::oneapi

} // namespace _V1
} // namespace sycl

namespace std {

/// The bfloat16 limits: float's exponent range with 8 significant bits.
template <> struct numeric_limits<sycl::ext::oneapi::bfloat16> {
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr float_denorm_style has_denorm = denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr float_round_style round_style = round_to_nearest;
  /// bfloat16 follows IEEE 754's rules but is not one of its formats.
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  /// 2^-126, the smallest normal value.
  static constexpr sycl::ext::oneapi::bfloat16 min() noexcept {
    return lanes::detail::bfloat16FromBits(0x0080);
  }
  /// (2 - 2^-7) * 2^127, about 3.39e38.
  static constexpr sycl::ext::oneapi::bfloat16 max() noexcept {
    return lanes::detail::bfloat16FromBits(0x7f7f);
  }
  static constexpr sycl::ext::oneapi::bfloat16 lowest() noexcept {
    return lanes::detail::bfloat16FromBits(0xff7f);
  }
  /// 2^-7, the distance from 1 to the next bfloat16.
  static constexpr sycl::ext::oneapi::bfloat16 epsilon() noexcept {
    return lanes::detail::bfloat16FromBits(0x3c00);
  }
  static constexpr sycl::ext::oneapi::bfloat16 round_error() noexcept {
    return lanes::detail::bfloat16FromBits(0x3f00);
  }
  static constexpr sycl::ext::oneapi::bfloat16 infinity() noexcept {
    return lanes::detail::bfloat16FromBits(0x7f80);
  }
  static constexpr sycl::ext::oneapi::bfloat16 quiet_NaN() noexcept {
    return lanes::detail::bfloat16FromBits(0x7fc0);
  }
  static constexpr sycl::ext::oneapi::bfloat16 signaling_NaN() noexcept {
    return lanes::detail::bfloat16FromBits(0x7fa0);
  }
  /// 2^-133, the smallest subnormal value.
  static constexpr sycl::ext::oneapi::bfloat16 denorm_min() noexcept {
    return lanes::detail::bfloat16FromBits(0x0001);
  }
};

/// Equal values hash alike: -0 as +0.
template <> struct hash<sycl::ext::oneapi::bfloat16> {
  size_t operator()(sycl::ext::oneapi::bfloat16 X) const noexcept {
    std::uint16_t Bits = lanes::detail::bfloat16Bits(X);
    return hash<std::uint16_t>()(Bits == 0x8000 ? 0 : Bits);
  }
};

} // namespace std

#endif // LANES_SYCL_EXT_ONEAPI_BFLOAT16_HPP
