//===- sycl/ext/intel/math/imf_fp_conversions.hpp - Rounded conversions ---===//
//
/// \file
/// DPC++'s sycl_ext_intel_math conversions between float, double, half and
/// the integer types, with an explicit rounding mode (_rd down, _rn to
/// nearest even, _ru up, _rz toward zero), and the reinterpretations of
/// their bits (float_as_int, double2hiint, ...).
///
/// Conversions to an integer round as the suffix says and then saturate:
/// a value below the type's range gives its minimum, above it its maximum,
/// NaN gives 0 (what the GPU instructions do; a C++ conversion out of range
/// would be undefined). Conversions to a floating-point type are the exact
/// value rounded once (lanes/detail/directed_rounding.hpp), so an integer
/// too large for half rounds to infinity or the largest half as the mode
/// says.
///
/// As in DPC++ each function is a template <To, From> whose defaults are
/// the types its name says; the argument is converted to From first.
/// The bfloat16 conversions are in imf_bf16.hpp.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_INTEL_MATH_IMF_FP_CONVERSIONS_HPP
#define LANES_SYCL_EXT_INTEL_MATH_IMF_FP_CONVERSIONS_HPP

#include "lanes/detail/directed_rounding.hpp"
#include "lanes/detail/math_scalar.hpp"
#include "sycl/half.hpp"

#include <cstdint>
#include <type_traits>

// Name_rd, Name_rn, Name_ru and Name_rz: Expr with the mode M, converting
// the argument x to FromT and the result to To.
#define LANES_IMF_CONVERT(Name, Suffix, Dir, ToT, FromT, Expr)                 \
  template <typename To = ToT, typename From = FromT>                          \
  To Name##_##Suffix(From x) {                                                 \
    constexpr auto M = lanes::detail::rounding::Mode::Dir;                     \
    static_assert(lanes::detail::rounding::ExactArithmetic<From> ||            \
                      std::is_integral_v<ToT>,                                 \
                  "sycl::ext::intel::math::" #Name "_" #Suffix                 \
                  " needs IEEE 754 arithmetic: compile without -ffast-math");  \
    FromT X = static_cast<FromT>(x);                                           \
    return To(Expr);                                                           \
  }
#define LANES_IMF_CONVERT_ALL(Name, ToT, FromT, Expr)                          \
  LANES_IMF_CONVERT(Name, rd, Down, ToT, FromT, Expr)                          \
  LANES_IMF_CONVERT(Name, rn, Nearest, ToT, FromT, Expr)                       \
  LANES_IMF_CONVERT(Name, ru, Up, ToT, FromT, Expr)                            \
  LANES_IMF_CONVERT(Name, rz, TowardZero, ToT, FromT, Expr)
// Floating point to the integer type ToT, saturating.
#define LANES_IMF_TO_INT(Name, ToT, FromT)                                     \
  LANES_IMF_CONVERT_ALL(Name, ToT, FromT,                                      \
                        lanes::detail::rounding::toInt<ToT>(X, M))
// A half converts to float exactly, then as a float.
#define LANES_IMF_HALF_TO_INT(Name, ToT)                                       \
  LANES_IMF_CONVERT_ALL(Name, ToT, sycl::half,                                 \
                        lanes::detail::rounding::toInt<ToT>(float(X), M))
// The integer type FromT to the floating-point type ToT.
#define LANES_IMF_FROM_INT(Name, ToT, FromT)                                   \
  LANES_IMF_CONVERT_ALL(Name, ToT, FromT,                                      \
                        lanes::detail::rounding::fromInt<ToT>(X, M))
// A reinterpretation of the bits of FromT as ToT.
#define LANES_IMF_AS(Name, ToT, FromT)                                         \
  template <typename To = ToT, typename From = FromT> To Name(From x) {        \
    return To(lanes::detail::math::bitCast<ToT>(static_cast<FromT>(x)));       \
  }

namespace sycl {
inline namespace _V1 {
namespace ext::intel::math {

/// float and double to int, unsigned int, long long and unsigned long long.
LANES_IMF_TO_INT(float2int, int, float)
LANES_IMF_TO_INT(float2uint, unsigned int, float)
LANES_IMF_TO_INT(float2ll, long long, float)
LANES_IMF_TO_INT(float2ull, unsigned long long, float)
LANES_IMF_TO_INT(double2int, int, double)
LANES_IMF_TO_INT(double2uint, unsigned int, double)
LANES_IMF_TO_INT(double2ll, long long, double)
LANES_IMF_TO_INT(double2ull, unsigned long long, double)

/// int, unsigned int, long long and unsigned long long to float; the 64-bit
/// ones to double.
LANES_IMF_FROM_INT(int2float, float, int)
LANES_IMF_FROM_INT(uint2float, float, unsigned int)
LANES_IMF_FROM_INT(ll2float, float, long long)
LANES_IMF_FROM_INT(ull2float, float, unsigned long long)
LANES_IMF_FROM_INT(ll2double, double, long long)
LANES_IMF_FROM_INT(ull2double, double, unsigned long long)

/// int and unsigned int to double (exact).
template <typename To = double, typename From = int> To int2double_rn(From x) {
  return To(double(int(x)));
}
template <typename To = double, typename From = unsigned int>
To uint2double_rn(From x) {
  return To(double(static_cast<unsigned int>(x)));
}

/// double to float.
LANES_IMF_CONVERT_ALL(double2float, float, double,
                      lanes::detail::rounding::toFloat(X, M))

/// The bits of float and double as integers, and back.
LANES_IMF_AS(float_as_int, int, float)
LANES_IMF_AS(float_as_uint, unsigned int, float)
LANES_IMF_AS(int_as_float, float, int)
LANES_IMF_AS(uint_as_float, float, unsigned int)
LANES_IMF_AS(double_as_longlong, long long, double)
LANES_IMF_AS(longlong_as_double, double, long long)

/// The high and the low 32 bits of a double, as an int.
template <typename To = int, typename From = double> To double2hiint(From x) {
  return To(int(lanes::detail::math::bitCast<std::uint64_t>(double(x)) >> 32));
}
template <typename To = int, typename From = double> To double2loint(From x) {
  return To(int(
      std::uint32_t(lanes::detail::math::bitCast<std::uint64_t>(double(x)))));
}
/// The double whose high 32 bits are \p hi and low 32 bits \p lo.
template <typename To = double, typename From = int>
To hiloint2double(From hi, From lo) {
  std::uint64_t Bits =
      (std::uint64_t(std::uint32_t(int(hi))) << 32) | std::uint32_t(int(lo));
  return To(lanes::detail::math::bitCast<double>(Bits));
}

/// half to float (exact) and float and double to half.
template <typename To = float, typename From = sycl::half>
To half2float(From x) {
  return To(float(sycl::half(x)));
}
LANES_IMF_CONVERT_ALL(float2half, sycl::half, float,
                      lanes::detail::rounding::toHalf(X, M))
/// double to half, rounded to nearest once.
template <typename To = sycl::half, typename From = double>
To double2half(From x) {
  return To(sycl::half(double(x)));
}

/// half to the integer types.
LANES_IMF_HALF_TO_INT(half2int, int)
LANES_IMF_HALF_TO_INT(half2uint, unsigned int)
LANES_IMF_HALF_TO_INT(half2ll, long long)
LANES_IMF_HALF_TO_INT(half2ull, unsigned long long)
LANES_IMF_HALF_TO_INT(half2short, short)
LANES_IMF_HALF_TO_INT(half2ushort, unsigned short)

/// The integer types to half.
LANES_IMF_FROM_INT(int2half, sycl::half, int)
LANES_IMF_FROM_INT(uint2half, sycl::half, unsigned int)
LANES_IMF_FROM_INT(ll2half, sycl::half, long long)
LANES_IMF_FROM_INT(ull2half, sycl::half, unsigned long long)
LANES_IMF_FROM_INT(short2half, sycl::half, short)
LANES_IMF_FROM_INT(ushort2half, sycl::half, unsigned short)

/// The bits of a half as a short, and back.
LANES_IMF_AS(half_as_short, short, sycl::half)
LANES_IMF_AS(half_as_ushort, unsigned short, sycl::half)
LANES_IMF_AS(short_as_half, sycl::half, short)
LANES_IMF_AS(ushort_as_half, sycl::half, unsigned short)

} // namespace ext::intel::math
} // namespace _V1
} // namespace sycl

#undef LANES_IMF_CONVERT
#undef LANES_IMF_CONVERT_ALL
#undef LANES_IMF_TO_INT
#undef LANES_IMF_HALF_TO_INT
#undef LANES_IMF_FROM_INT
#undef LANES_IMF_AS

#endif // LANES_SYCL_EXT_INTEL_MATH_IMF_FP_CONVERSIONS_HPP
