//===- sycl/half.hpp - sycl::half -----------------------------------------===//
//
/// \file
/// SYCL 2020 4.14.1: sycl::half, the IEEE 754 binary16 type (1 sign bit,
/// 5 exponent bits, 10 stored significand bits), on the host and in
/// kernels, under clang and g++.
///
/// The value is held in a _Float16, which clang (15 and later) and g++ (12
/// and later) provide on x86-64 on top of SSE2. half is a class around it
/// rather than the bare _Float16 so that its operators, conversions and
/// std::numeric_limits are the same with both compilers and both language
/// modes, whatever either does with _Float16 expressions (excess precision,
/// library support).
///
/// Arithmetic: each operation on two halves computes in float and rounds
/// the result to half, to nearest even. For + - * / that is the correctly
/// rounded binary16 result, bit for bit what a native half unit gives,
/// because float carries more than 2 * 11 + 2 significant bits, so
/// rounding twice cannot differ from rounding once. An expression rounds
/// after every operation: `a * b + c` rounds twice.
///
/// Mixed operands follow the C++23 rules for std::float16_t, a floating
/// type ranked below float: with an integer the result is half (the
/// integer is converted to half first), with float, double or long double
/// it is that type, computed in it. Comparisons convert the same way.
///
/// Conversions: from every arithmetic type, implicit, rounded to nearest
/// even (magnitudes from 65520 on become infinities, those below 2^-14
/// subnormals or zeros); to float, implicit and exact, and through float to
/// the other arithmetic types (exact for double, truncating for integers).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_HALF_HPP
#define LANES_SYCL_HALF_HPP

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <limits>
#include <type_traits>

#if !defined(__FLT16_MANT_DIG__)
#error "sycl::half needs the compiler's _Float16 type (clang 15 or later, or " \
       "g++ 12 or later, targeting x86-64 or AArch64)"
#endif

namespace sycl {
inline namespace _V1 {

/// A 16-bit IEEE 754 floating-point number.
class half {
  template <typename T>
  using EnableIfArithmetic = std::enable_if_t<std::is_arithmetic_v<T>, int>;

  /// The type half op T computes in: T for floating-point T, half for
  /// integers.
  template <typename T>
  using Common = std::conditional_t<std::is_floating_point_v<T>, T, half>;

  struct RawTag {};
  constexpr half(RawTag, _Float16 V) : Value(V) {}

public:
  /// Uninitialized, like a float; `half()` and `half{}` are +0.
  half() = default;
  /// \p X rounded to the nearest half, ties to even.
  template <typename T, EnableIfArithmetic<T> = 0>
  constexpr half(T X) : Value(static_cast<_Float16>(X)) {}

  /// The exact value as a float.
  constexpr operator float() const { return static_cast<float>(Value); }

#define LANES_HALF_ARITHMETIC(OP)                                              \
  friend constexpr half operator OP(half L, half R) {                          \
    return half(float(L) OP float(R));                                         \
  }                                                                            \
  template <typename T, EnableIfArithmetic<T> = 0>                             \
  friend constexpr Common<T> operator OP(half L, T R) {                        \
    return Common<T>(L) OP Common<T>(R);                                       \
  }                                                                            \
  template <typename T, EnableIfArithmetic<T> = 0>                             \
  friend constexpr Common<T> operator OP(T L, half R) {                        \
    return Common<T>(L) OP Common<T>(R);                                       \
  }                                                                            \
  template <typename T,                                                        \
            std::enable_if_t<                                                  \
                std::is_arithmetic_v<T> || std::is_same_v<T, half>, int> = 0>  \
  constexpr half &operator OP##=(const T &R) {                                 \
    return *this = half(*this OP R);                                           \
  }
  LANES_HALF_ARITHMETIC(+)
  LANES_HALF_ARITHMETIC(-)
  LANES_HALF_ARITHMETIC(*)
  LANES_HALF_ARITHMETIC(/)
#undef LANES_HALF_ARITHMETIC

#define LANES_HALF_COMPARISON(OP)                                              \
  friend constexpr bool operator OP(half L, half R) {                          \
    return float(L) OP float(R);                                               \
  }                                                                            \
  template <typename T, EnableIfArithmetic<T> = 0>                             \
  friend constexpr bool operator OP(half L, T R) {                             \
    return Common<T>(L) OP Common<T>(R);                                       \
  }                                                                            \
  template <typename T, EnableIfArithmetic<T> = 0>                             \
  friend constexpr bool operator OP(T L, half R) {                             \
    return Common<T>(L) OP Common<T>(R);                                       \
  }
  LANES_HALF_COMPARISON(==)
  LANES_HALF_COMPARISON(!=)
  LANES_HALF_COMPARISON(<)
  LANES_HALF_COMPARISON(>)
  LANES_HALF_COMPARISON(<=)
  LANES_HALF_COMPARISON(>=)
#undef LANES_HALF_COMPARISON

  friend constexpr half operator+(half X) { return X; }
  /// The sign bit flipped (also of zeros and NaNs).
  friend constexpr half operator-(half X) { return half(RawTag(), -X.Value); }

  constexpr half &operator++() { return *this += 1; }
  constexpr half &operator--() { return *this -= 1; }
  constexpr half operator++(int) {
    half Old = *this;
    *this += 1;
    return Old;
  }
  constexpr half operator--(int) {
    half Old = *this;
    *this -= 1;
    return Old;
  }

private:
  _Float16 Value;
};

static_assert(sizeof(half) == 2 && alignof(half) == 2,
              "sycl::half is two bytes, as binary16 is");
static_assert(std::is_trivially_copyable_v<half> &&
                  std::is_standard_layout_v<half>,
              "sycl::half is copied bit for bit into kernels and buffers");

/// Writes the value as the stream writes a float.
template <typename CharT, typename Traits>
std::basic_ostream<CharT, Traits> &
operator<<(std::basic_ostream<CharT, Traits> &OS, half H) {
  return OS << float(H);
}

namespace ext::oneapi {
class bfloat16; // sycl/ext/oneapi/bfloat16.hpp
} // namespace ext::oneapi

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

template <typename T>
inline constexpr bool IsHalf = std::is_same_v<std::remove_cv_t<T>, sycl::half>;
template <typename T>
inline constexpr bool IsBfloat16 =
    std::is_same_v<std::remove_cv_t<T>, sycl::ext::oneapi::bfloat16>;

/// std::is_arithmetic_v and std::is_floating_point_v with sycl::half
/// included: the scalar types of vec, marray and the built-in functions.
template <typename T>
inline constexpr bool IsArithmetic = std::is_arithmetic_v<T> || IsHalf<T>;
template <typename T>
inline constexpr bool IsFloatingPoint =
    std::is_floating_point_v<T> || IsHalf<T>;
/// IsArithmetic with bfloat16 included: the element types of marray and
/// the scalar operands of vec and marray operators.
template <typename T>
inline constexpr bool IsNumeric = IsArithmetic<T> || IsBfloat16<T>;

/// The bits of \p H, and the half with bits \p Bits.
constexpr std::uint16_t halfBits(sycl::half H) {
  return __builtin_bit_cast(std::uint16_t, H);
}
constexpr sycl::half halfFromBits(std::uint16_t Bits) {
  return __builtin_bit_cast(sycl::half, Bits);
}

} // namespace lanes::detail

namespace std {

/// The binary16 limits (SYCL 2020 4.14.1 requires the specialization).
template <> struct numeric_limits<sycl::half> {
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
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  /// 2^-14, the smallest normal value.
  static constexpr sycl::half min() noexcept {
    return lanes::detail::halfFromBits(0x0400);
  }
  /// 65504.
  static constexpr sycl::half max() noexcept {
    return lanes::detail::halfFromBits(0x7bff);
  }
  static constexpr sycl::half lowest() noexcept {
    return lanes::detail::halfFromBits(0xfbff);
  }
  /// 2^-10, the distance from 1 to the next half.
  static constexpr sycl::half epsilon() noexcept {
    return lanes::detail::halfFromBits(0x1400);
  }
  static constexpr sycl::half round_error() noexcept {
    return lanes::detail::halfFromBits(0x3800);
  }
  static constexpr sycl::half infinity() noexcept {
    return lanes::detail::halfFromBits(0x7c00);
  }
  static constexpr sycl::half quiet_NaN() noexcept {
    return lanes::detail::halfFromBits(0x7e00);
  }
  static constexpr sycl::half signaling_NaN() noexcept {
    return lanes::detail::halfFromBits(0x7d00);
  }
  /// 2^-24, the smallest subnormal value.
  static constexpr sycl::half denorm_min() noexcept {
    return lanes::detail::halfFromBits(0x0001);
  }
};

/// Equal halves hash alike: -0 as +0.
template <> struct hash<sycl::half> {
  size_t operator()(sycl::half H) const noexcept {
    std::uint16_t Bits = lanes::detail::halfBits(H);
    return hash<std::uint16_t>()(Bits == 0x8000 ? 0 : Bits);
  }
};

} // namespace std

#endif // LANES_SYCL_HALF_HPP
