//===- sycl/ext/intel/math/imf_bf16.hpp - bfloat16 conversions ------------===//
//
/// \file
/// DPC++'s sycl_ext_intel_math conversions between
/// sycl::ext::oneapi::bfloat16 and float, double and the integer types,
/// with an explicit rounding mode (_rd down, _rn to nearest even, _ru up,
/// _rz toward zero), and the reinterpretations of its bits as short and
/// unsigned short.
///
/// float to bfloat16 keeps the float's upper 16 bits and, when the lower
/// ones are not all zero, steps one ulp away from zero if the mode points
/// that way: up for positive values under _ru, down for negative ones under
/// _rd (the step from the largest finite bfloat16 gives infinity, as it
/// should); _rn is bfloat16's own rounding. NaNs stay NaN, made quiet. An
/// integer converts first to the float rounded the same way, which loses
/// nothing (bfloat16 values are floats, and rounding twice in one direction
/// is rounding once), except to nearest, which rounds once through
/// bfloat16's constructor. bfloat16 to an integer is the exact float
/// converted as float2int_rd and its kind are: rounded, then saturated at
/// the type's limits, NaN to 0.
///
/// As in DPC++ each function is a template <To, From> whose defaults are
/// the types its name says; the argument is converted to From first.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_INTEL_MATH_IMF_BF16_HPP
#define LANES_SYCL_EXT_INTEL_MATH_IMF_BF16_HPP

#include "lanes/detail/directed_rounding.hpp"
#include "sycl/bit_cast.hpp"
#include "sycl/ext/oneapi/bfloat16.hpp"

#include <cstdint>

namespace lanes::detail::rounding {

/// The bits of the bfloat16 \p F rounds to as \p M says.
inline std::uint16_t toBFloat16Bits(float F, Mode M) {
  if (M == Mode::Nearest)
    return bfloat16BitsNearest(F);
  std::uint32_t Bits = __builtin_bit_cast(std::uint32_t, F);
  bool IsNaN = (Bits & 0x7fffffffu) > 0x7f800000u;
  bool Negative = (Bits >> 31) != 0;
  bool Inexact = (Bits & 0xffffu) != 0;
  bool AwayFromZero =
      Inexact && !IsNaN &&
      ((M == Mode::Up && !Negative) || (M == Mode::Down && Negative));
  std::uint16_t Truncated = std::uint16_t(Bits >> 16);
  return IsNaN ? std::uint16_t(Truncated | 0x0040u)
               : std::uint16_t(Truncated + AwayFromZero);
}

/// The integer \p X as the bfloat16 rounded as \p M says.
template <typename I>
inline sycl::ext::oneapi::bfloat16 intToBFloat16(I X, Mode M) {
  static_assert(ExactArithmetic<I>,
                "sycl::ext::intel::math's integer to bfloat16 conversions "
                "need IEEE 754 arithmetic: compile without -ffast-math");
  if (M == Mode::Nearest)
    return sycl::ext::oneapi::bfloat16(X);
  return sycl::bit_cast<sycl::ext::oneapi::bfloat16>(
      toBFloat16Bits(fromInt<float>(X, M), M));
}

} // namespace lanes::detail::rounding

// Name_rd, Name_rn, Name_ru and Name_rz: Expr with the mode M, converting
// the argument x to FromT (as X) and the result to To.
#define LANES_IMF_BF16_CONVERT(Name, Suffix, Dir, ToT, FromT, Expr)            \
  template <typename To = ToT, typename From = FromT>                          \
  To Name##_##Suffix(From x) {                                                 \
    [[maybe_unused]] constexpr auto M = lanes::detail::rounding::Mode::Dir;    \
    FromT X = static_cast<FromT>(x);                                           \
    return To(Expr);                                                           \
  }
#define LANES_IMF_BF16_CONVERT_ALL(Name, ToT, FromT, Expr)                     \
  LANES_IMF_BF16_CONVERT(Name, rd, Down, ToT, FromT, Expr)                     \
  LANES_IMF_BF16_CONVERT(Name, rn, Nearest, ToT, FromT, Expr)                  \
  LANES_IMF_BF16_CONVERT(Name, ru, Up, ToT, FromT, Expr)                       \
  LANES_IMF_BF16_CONVERT(Name, rz, TowardZero, ToT, FromT, Expr)
// bfloat16 to the integer type ToT, through its exact float.
#define LANES_IMF_BF16_TO_INT(Name, ToT)                                       \
  LANES_IMF_BF16_CONVERT_ALL(Name, ToT, sycl::ext::oneapi::bfloat16,           \
                             lanes::detail::rounding::toInt<ToT>(float(X), M))
// The integer type FromT to bfloat16.
#define LANES_IMF_INT_TO_BF16(Name, FromT)                                     \
  LANES_IMF_BF16_CONVERT_ALL(Name, sycl::ext::oneapi::bfloat16, FromT,         \
                             lanes::detail::rounding::intToBFloat16(X, M))
// A reinterpretation of the bits of FromT as ToT.
#define LANES_IMF_BF16_AS(Name, ToT, FromT)                                    \
  template <typename To = ToT, typename From = FromT> To Name(From x) {        \
    return To(sycl::bit_cast<ToT>(static_cast<FromT>(x)));                     \
  }

namespace sycl {
inline namespace _V1 {
namespace ext::intel::math {

/// bfloat16 to float (exact).
template <typename To = float, typename From = sycl::ext::oneapi::bfloat16>
To bfloat162float(From x) {
  return To(float(static_cast<sycl::ext::oneapi::bfloat16>(x)));
}

/// float to bfloat16: float2bfloat16 rounds to nearest even.
template <typename To = sycl::ext::oneapi::bfloat16, typename From = float>
To float2bfloat16(From x) {
  return To(sycl::ext::oneapi::bfloat16(static_cast<float>(x)));
}
LANES_IMF_BF16_CONVERT_ALL(float2bfloat16, sycl::ext::oneapi::bfloat16, float,
                           sycl::bit_cast<sycl::ext::oneapi::bfloat16>(
                               lanes::detail::rounding::toBFloat16Bits(X, M)))

/// double to bfloat16, rounded once to nearest even.
template <typename To = sycl::ext::oneapi::bfloat16, typename From = double>
To double2bfloat16(From x) {
  return To(sycl::ext::oneapi::bfloat16(static_cast<double>(x)));
}

/// The integer types to bfloat16.
LANES_IMF_INT_TO_BF16(short2bfloat16, short)
LANES_IMF_INT_TO_BF16(ushort2bfloat16, unsigned short)
LANES_IMF_INT_TO_BF16(int2bfloat16, int)
LANES_IMF_INT_TO_BF16(uint2bfloat16, unsigned int)
LANES_IMF_INT_TO_BF16(ll2bfloat16, long long)
LANES_IMF_INT_TO_BF16(ull2bfloat16, unsigned long long)

/// bfloat16 to the integer types, saturating; NaN gives 0.
LANES_IMF_BF16_TO_INT(bfloat162short, short)
LANES_IMF_BF16_TO_INT(bfloat162ushort, unsigned short)
LANES_IMF_BF16_TO_INT(bfloat162int, int)
LANES_IMF_BF16_TO_INT(bfloat162uint, unsigned int)
LANES_IMF_BF16_TO_INT(bfloat162ll, long long)
LANES_IMF_BF16_TO_INT(bfloat162ull, unsigned long long)

/// The bits of a bfloat16 as a short or unsigned short, and back.
LANES_IMF_BF16_AS(bfloat16_as_short, short, sycl::ext::oneapi::bfloat16)
LANES_IMF_BF16_AS(bfloat16_as_ushort, unsigned short,
                  sycl::ext::oneapi::bfloat16)
LANES_IMF_BF16_AS(short_as_bfloat16, sycl::ext::oneapi::bfloat16, short)
LANES_IMF_BF16_AS(ushort_as_bfloat16, sycl::ext::oneapi::bfloat16,
                  unsigned short)

} // namespace ext::intel::math
} // namespace _V1
} // namespace sycl

#undef LANES_IMF_BF16_CONVERT
#undef LANES_IMF_BF16_CONVERT_ALL
#undef LANES_IMF_BF16_TO_INT
#undef LANES_IMF_INT_TO_BF16
#undef LANES_IMF_BF16_AS

#endif // LANES_SYCL_EXT_INTEL_MATH_IMF_BF16_HPP
