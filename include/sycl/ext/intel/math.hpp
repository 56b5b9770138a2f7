//===- sycl/ext/intel/math.hpp - DPC++'s Intel math functions -------------===//
//
/// \file
/// DPC++'s sycl_ext_intel_math ("imf") functions in
/// sycl::ext::intel::math, for programs written against <sycl/ext/intel/
/// math.hpp>: the C99 math functions and Intel's additions (erfinv,
/// erfcinv, cdfnorm, cdfnorminv, rcbrt, rsqrt, inv, sinpi, cospi,
/// saturate) on float and double; ceil, floor, rint, trunc, sqrt, rsqrt,
/// inv and copysign also on sycl::half and sycl::half2; and, from the
/// headers included here, arithmetic with a rounding mode
/// (imf_rounding_math.hpp), conversions (imf_fp_conversions.hpp) and the
/// integer intrinsics (imf_integer_utils.hpp), the SIMD intrinsics on
/// 16- and 8-bit lanes of an unsigned int (imf_simd.hpp), the bfloat16
/// conversions (imf_bf16.hpp) and rcp64h. docs/api.md lists them all.
///
/// The functions are the SYCL built-ins' (lanes/detail/math_scalar.hpp,
/// math_half.hpp), so they have the same precision and vectorize alike;
/// the ones SYCL lacks are in lanes/detail/math_normal.hpp. Each is, as in
/// DPC++, a template enabled for exactly float and double (or half), so an
/// int or a mix of float and double does not compile rather than convert.
/// The accuracy namespaces ha, la and ep (high, low accuracy, enhanced
/// performance) name the same functions: every one already has the
/// default's accuracy, within a few ulp.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_INTEL_MATH_HPP
#define LANES_SYCL_EXT_INTEL_MATH_HPP

#include "lanes/detail/math_half.hpp"
#include "lanes/detail/math_normal.hpp"
#include "lanes/detail/math_scalar.hpp"
#include "sycl/ext/intel/math/imf_bf16.hpp"
#include "sycl/ext/intel/math/imf_fp_conversions.hpp"
#include "sycl/ext/intel/math/imf_integer_utils.hpp"
#include "sycl/ext/intel/math/imf_rounding_math.hpp"
#include "sycl/ext/intel/math/imf_simd.hpp"
#include "sycl/half.hpp"
#include "sycl/vec.hpp"

#include <cstdint>
#include <type_traits>

namespace lanes::detail::imf {

/// Whether Tp is a type the float and double functions take.
template <typename Tp>
inline constexpr bool IsFloatOrDouble =
    std::is_same_v<Tp, float> || std::is_same_v<Tp, double>;
/// ... or sycl::half too.
template <typename Tp>
inline constexpr bool IsFloatDoubleOrHalf =
    IsFloatOrDouble<Tp> || std::is_same_v<Tp, sycl::half>;

/// 1 / x.
template <typename F> inline F inv(F X) { return F(1) / X; }

/// 1 / cbrt(x): in double for float (rounded once), two roundings for
/// double.
template <typename F> inline F rcbrt(F X) {
  return F(1.0 / math::cbrt(double(X)));
}

/// The functions of math_normal.hpp on float (through double) and double.
template <typename F> inline F erfinv(F X) { return F(math::erfinv(X)); }
template <typename F> inline F erfcinv(F X) { return F(math::erfcinv(X)); }
template <typename F> inline F cdfnorm(F X) { return F(math::cdfnorm(X)); }
template <typename F> inline F cdfnorminv(F X) {
  return F(math::cdfnorminv(X));
}

/// 1 / x with the low 32 bits of the result cleared, as CUDA's rcp64h
/// (the high word of the reciprocal); subnormal x and results flush to
/// zero of their sign, a NaN comes back with its sign bit cleared.
inline double rcp64h(double X) {
  constexpr std::uint64_t Sign = std::uint64_t(1) << 63;
  std::uint64_t Bits = math::bitCast<std::uint64_t>(X);
  std::uint64_t Abs = Bits & ~Sign;
  if (Abs > 0x7ff0000000000000u)
    return math::bitCast<double>(Abs);
  if ((Abs >> 52) == 0)
    X = math::bitCast<double>(Bits & Sign);
  std::uint64_t R = math::bitCast<std::uint64_t>(1.0 / X);
  bool Subnormal = ((R & ~Sign) >> 52) == 0;
  return math::bitCast<double>(Subnormal ? R & Sign : R & 0xffffffff00000000u);
}

/// x clamped to [+0, 1]; NaN gives +0.
inline float saturate(float X) { return X > 0 ? (X < 1 ? X : 1.0f) : 0.0f; }

} // namespace lanes::detail::imf

// Name on float and double (Types: IsFloatOrDouble) or on half too
// (IsFloatDoubleOrHalf), with one, two or three arguments of one type.
#define LANES_IMF_1(Name, Impl, Types)                                         \
  template <typename Tp>                                                       \
  std::enable_if_t<lanes::detail::imf::Types<Tp>, Tp> Name(Tp x) {             \
    return Impl(x);                                                            \
  }
#define LANES_IMF_2(Name, Impl)                                                \
  template <typename Tp>                                                       \
  std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>, Tp> Name(Tp x,     \
                                                                     Tp y) {   \
    return Impl(x, y);                                                         \
  }
// The sycl::half2 form of a half function: element by element.
#define LANES_IMF_HALF2(Name)                                                  \
  template <typename Tp>                                                       \
  std::enable_if_t<std::is_same_v<Tp, sycl::half2>, sycl::half2> Name(Tp x) {  \
    return sycl::half2(Name(x[0]), Name(x[1]));                                \
  }

namespace sycl {
inline namespace _V1 {
namespace ext::intel::math {

// The functions on float, double, half and half2 in DPC++'s open-source
// header.
LANES_IMF_1(ceil, lanes::detail::math::ceil, IsFloatDoubleOrHalf)
LANES_IMF_1(floor, lanes::detail::math::floor, IsFloatDoubleOrHalf)
LANES_IMF_1(rint, lanes::detail::math::rint, IsFloatDoubleOrHalf)
LANES_IMF_1(trunc, lanes::detail::math::trunc, IsFloatDoubleOrHalf)
LANES_IMF_1(sqrt, lanes::detail::math::sqrt, IsFloatDoubleOrHalf)
LANES_IMF_1(rsqrt, lanes::detail::math::rsqrt, IsFloatDoubleOrHalf)
LANES_IMF_1(inv, lanes::detail::imf::inv, IsFloatDoubleOrHalf)
LANES_IMF_HALF2(ceil)
LANES_IMF_HALF2(floor)
LANES_IMF_HALF2(rint)
LANES_IMF_HALF2(trunc)
LANES_IMF_HALF2(sqrt)
LANES_IMF_HALF2(rsqrt)
LANES_IMF_HALF2(inv)

/// x with the sign of y.
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatDoubleOrHalf<Tp>, Tp>
copysign(Tp x, Tp y) {
  return lanes::detail::math::copysign(x, y);
}

/// x clamped to [+0, 1]; NaN gives +0.
template <typename Tp>
std::enable_if_t<std::is_same_v<Tp, float>, float> saturate(Tp x) {
  return lanes::detail::imf::saturate(x);
}

// Intel's additions on float and double.
LANES_IMF_1(erfinv, lanes::detail::imf::erfinv, IsFloatOrDouble)
LANES_IMF_1(erfcinv, lanes::detail::imf::erfcinv, IsFloatOrDouble)
LANES_IMF_1(cdfnorm, lanes::detail::imf::cdfnorm, IsFloatOrDouble)
LANES_IMF_1(cdfnorminv, lanes::detail::imf::cdfnorminv, IsFloatOrDouble)
LANES_IMF_1(rcbrt, lanes::detail::imf::rcbrt, IsFloatOrDouble)
LANES_IMF_1(sinpi, lanes::detail::math::sinpi, IsFloatOrDouble)
LANES_IMF_1(cospi, lanes::detail::math::cospi, IsFloatOrDouble)

/// 1 / x with the low 32 bits of the result cleared.
template <typename Tp>
std::enable_if_t<std::is_same_v<Tp, double>, double> rcp64h(Tp x) {
  return lanes::detail::imf::rcp64h(x);
}

// The C99 functions on float and double.
LANES_IMF_1(acos, lanes::detail::math::acos, IsFloatOrDouble)
LANES_IMF_1(acosh, lanes::detail::math::acosh, IsFloatOrDouble)
LANES_IMF_1(asin, lanes::detail::math::asin, IsFloatOrDouble)
LANES_IMF_1(asinh, lanes::detail::math::asinh, IsFloatOrDouble)
LANES_IMF_1(atan, lanes::detail::math::atan, IsFloatOrDouble)
LANES_IMF_1(atanh, lanes::detail::math::atanh, IsFloatOrDouble)
LANES_IMF_1(cbrt, lanes::detail::math::cbrt, IsFloatOrDouble)
LANES_IMF_1(cos, lanes::detail::math::cos, IsFloatOrDouble)
LANES_IMF_1(cosh, lanes::detail::math::cosh, IsFloatOrDouble)
LANES_IMF_1(erf, lanes::detail::math::erf, IsFloatOrDouble)
LANES_IMF_1(erfc, lanes::detail::math::erfc, IsFloatOrDouble)
LANES_IMF_1(exp, lanes::detail::math::exp, IsFloatOrDouble)
LANES_IMF_1(exp10, lanes::detail::math::exp10, IsFloatOrDouble)
LANES_IMF_1(exp2, lanes::detail::math::exp2, IsFloatOrDouble)
LANES_IMF_1(expm1, lanes::detail::math::expm1, IsFloatOrDouble)
LANES_IMF_1(fabs, lanes::detail::math::fabs, IsFloatOrDouble)
LANES_IMF_1(lgamma, lanes::detail::math::lgamma, IsFloatOrDouble)
LANES_IMF_1(log, lanes::detail::math::log, IsFloatOrDouble)
LANES_IMF_1(log10, lanes::detail::math::log10, IsFloatOrDouble)
LANES_IMF_1(log1p, lanes::detail::math::log1p, IsFloatOrDouble)
LANES_IMF_1(log2, lanes::detail::math::log2, IsFloatOrDouble)
LANES_IMF_1(logb, lanes::detail::math::logb, IsFloatOrDouble)
LANES_IMF_1(nearbyint, lanes::detail::math::rint, IsFloatOrDouble)
LANES_IMF_1(round, lanes::detail::math::round, IsFloatOrDouble)
LANES_IMF_1(sin, lanes::detail::math::sin, IsFloatOrDouble)
LANES_IMF_1(sinh, lanes::detail::math::sinh, IsFloatOrDouble)
LANES_IMF_1(tan, lanes::detail::math::tan, IsFloatOrDouble)
LANES_IMF_1(tanh, lanes::detail::math::tanh, IsFloatOrDouble)
LANES_IMF_1(tgamma, lanes::detail::math::tgamma, IsFloatOrDouble)
LANES_IMF_2(atan2, lanes::detail::math::atan2)
LANES_IMF_2(fdim, lanes::detail::math::fdim)
LANES_IMF_2(fmax, lanes::detail::math::fmax)
LANES_IMF_2(fmin, lanes::detail::math::fmin)
LANES_IMF_2(fmod, lanes::detail::math::fmod)
LANES_IMF_2(hypot, lanes::detail::math::hypot)
LANES_IMF_2(nextafter, lanes::detail::math::nextafter)
LANES_IMF_2(pow, lanes::detail::math::pow)
LANES_IMF_2(remainder, lanes::detail::math::remainder)

/// x * y + z rounded once.
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>, Tp> fma(Tp x, Tp y,
                                                                  Tp z) {
  return lanes::detail::math::fma(x, y, z);
}

/// The exponent of x as an int.
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>, int> ilogb(Tp x) {
  return lanes::detail::math::ilogb(x);
}

/// x * 2^n.
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>, Tp> ldexp(Tp x,
                                                                    int n) {
  return lanes::detail::math::ldexp(x, n);
}
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>, Tp> scalbn(Tp x,
                                                                     int n) {
  return lanes::detail::math::ldexp(x, n);
}

/// The fraction of x in [1/2, 1), with the exponent stored through \p e.
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>, Tp> frexp(Tp x,
                                                                    int *e) {
  return lanes::detail::math::frexp(x, *e);
}

/// The fractional part of x, with the integral part stored through \p i.
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>, Tp> modf(Tp x,
                                                                   Tp *i) {
  return lanes::detail::math::modf(x, *i);
}

/// remainder(x, y), with the low bits of the quotient stored through \p q.
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>, Tp> remquo(Tp x, Tp y,
                                                                     int *q) {
  return lanes::detail::math::remquo(x, y, *q);
}

/// sin(x) and cos(x) stored through \p s and \p c.
template <typename Tp>
std::enable_if_t<lanes::detail::imf::IsFloatOrDouble<Tp>> sincos(Tp x, Tp *s,
                                                                 Tp *c) {
  *s = lanes::detail::math::sin(x);
  *c = lanes::detail::math::cos(x);
}

/// The accuracy variants (high, low, enhanced performance) of DPC++: here
/// the same functions.
namespace ha {
using namespace ::sycl::_V1::ext::intel::math;
} // namespace ha
namespace la {
using namespace ::sycl::_V1::ext::intel::math;
} // namespace la
namespace ep {
using namespace ::sycl::_V1::ext::intel::math;
} // namespace ep

} // namespace ext::intel::math
} // namespace _V1
} // namespace sycl

#undef LANES_IMF_1
#undef LANES_IMF_2
#undef LANES_IMF_HALF2

#endif // LANES_SYCL_EXT_INTEL_MATH_HPP
