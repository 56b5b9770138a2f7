//===- lanes/detail/math_half.hpp - Scalar math of the built-ins on half --===//
//
/// \file
/// The sycl::half overloads of lanes/detail/math_scalar.hpp's functions,
/// behind the SYCL 2020 math built-ins on half (4.17.5) and vec::convert's
/// rounding to half. They are plain overloads, not instances of the
/// templates there, so they must be declared before any template that
/// calls them by qualified name (convert.hpp, builtins_common.hpp include
/// this header for that).
///
/// Each function converts its arguments to float (exactly), calls the
/// float function and rounds the result to half once. That is correctly
/// rounded wherever the float result is exact or correctly rounded to
/// float: the exact functions (fabs, floor, ceil, trunc, round, rint,
/// copysign, fmin, fmax, fdim, fmod, remainder, remquo, frexp, ldexp, modf,
/// ilogb, logb, maxmag, minmag) and sqrt and divide, because float has more
/// than 2 * 11 + 2 significant bits, so the second rounding cannot differ
/// from a direct one. The other functions carry float's error (a few float
/// ulp, 2^-13 of a half ulp each) into the half rounding, which keeps them
/// within one half ulp of the exact result.
///
/// Not through float: fma and mad (in double, where the product of two
/// halves is exact, then one rounding: see fma), nextafter (on the bits:
/// a float step is no half step), fract (its bound below 1 is half's) and
/// nan (a half NaN, built by math::nan).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_MATH_HALF_HPP
#define LANES_DETAIL_MATH_HALF_HPP

#include "lanes/detail/math_scalar.hpp"
#include "sycl/half.hpp"

#include <cstdint>

namespace lanes::detail::math {

using sycl::half;

// f(x) and f(x, y) on half through float: the exact functions (a vector
// instruction or a libm call that cannot be vectorized) and the others.
#define LANES_HALF_1(Name)                                                     \
  inline half Name(half X) { return half(Name(float(X))); }
#define LANES_HALF_2(Name)                                                     \
  inline half Name(half X, half Y) { return half(Name(float(X), float(Y))); }
#define LANES_HALF_1_T(Name)                                                   \
  inline half Name(half X) { return half(Name(float(X))); }
#define LANES_HALF_2_T(Name)                                                   \
  inline half Name(half X, half Y) {                        \
    return half(Name(float(X), float(Y)));                                     \
  }

LANES_HALF_1(sqrt)
LANES_HALF_1(fabs)
LANES_HALF_1(floor)
LANES_HALF_1(ceil)
LANES_HALF_1(trunc)
LANES_HALF_1(round)
LANES_HALF_1(rint)
LANES_HALF_1(logb)
LANES_HALF_1(recip)
LANES_HALF_2(fmin)
LANES_HALF_2(fmax)
LANES_HALF_2(copysign)
LANES_HALF_2(fdim)
LANES_HALF_2(fmod)
LANES_HALF_2(remainder)
LANES_HALF_2(divide)
LANES_HALF_2(maxmag)
LANES_HALF_2(minmag)

LANES_HALF_1_T(exp)
LANES_HALF_1_T(exp2)
LANES_HALF_1_T(exp10)
LANES_HALF_1_T(expm1)
LANES_HALF_1_T(log)
LANES_HALF_1_T(log2)
LANES_HALF_1_T(log10)
LANES_HALF_1_T(log1p)
LANES_HALF_1_T(sin)
LANES_HALF_1_T(cos)
LANES_HALF_1_T(tan)
LANES_HALF_1_T(asin)
LANES_HALF_1_T(acos)
LANES_HALF_1_T(atan)
LANES_HALF_1_T(sinh)
LANES_HALF_1_T(cosh)
LANES_HALF_1_T(tanh)
LANES_HALF_1_T(asinh)
LANES_HALF_1_T(acosh)
LANES_HALF_1_T(atanh)
LANES_HALF_1_T(cbrt)
LANES_HALF_1_T(erf)
LANES_HALF_1_T(erfc)
LANES_HALF_1_T(tgamma)
LANES_HALF_1_T(lgamma)
LANES_HALF_1_T(sinpi)
LANES_HALF_1_T(cospi)
LANES_HALF_1_T(tanpi)
LANES_HALF_1_T(asinpi)
LANES_HALF_1_T(acospi)
LANES_HALF_1_T(atanpi)
LANES_HALF_1_T(rsqrt)
LANES_HALF_2_T(pow)
LANES_HALF_2_T(powr)
LANES_HALF_2_T(atan2)
LANES_HALF_2_T(atan2pi)
LANES_HALF_2_T(hypot)

#undef LANES_HALF_1
#undef LANES_HALF_2
#undef LANES_HALF_1_T
#undef LANES_HALF_2_T

inline int ilogb(half X) { return ilogb(float(X)); }
inline half ldexp(half X, int K) { return half(ldexp(float(X), K)); }
inline half pown(half X, int N) {
  return half(pown(float(X), N));
}
inline half rootn(half X, int N) {
  return half(rootn(float(X), N));
}

inline half frexp(half X, int &Exp) { return half(frexp(float(X), Exp)); }
inline half modf(half X, half &Integral) {
  float Whole;
  float Rest = modf(float(X), Whole);
  Integral = half(Whole);
  return half(Rest);
}
inline half remquo(half X, half Y, int &Quo) {
  return half(remquo(float(X), float(Y), Quo));
}
inline half lgammaR(half X, int &Sign) {
  return half(lgammaR(float(X), Sign));
}

/// a * b + c rounded once. The product of two halves has at most 22
/// significant bits, so double holds it exactly. When it is the larger
/// addend the exact sum spans at most 41 bits (below 2^17, since larger
/// products overflow to infinity whatever c is, down to c's last bit, at
/// least 2^-24), so the double sum is exact. When c is the larger one, a
/// product too small to fit into the double sum lies within 2^-20 of an
/// ulp of c, where the exact sum rounds to c just as the double sum does.
inline half fma(half A, half B, half C) {
  double Product = double(A) * double(B);
  return half(Product + double(C));
}
/// The same as fma: exact, and no slower through double.
inline half mad(half A, half B, half C) { return fma(A, B, C); }

/// The half next to \p X in the direction of \p Y (Y itself when equal).
inline half nextafter(half X, half Y) {
  if (X != X || Y != Y)
    return half(float(X) + float(Y));
  if (X == Y)
    return Y;
  std::uint16_t Bits = halfBits(X);
  if ((Bits & 0x7fff) == 0) // a zero steps to the smallest subnormal
    return halfFromBits(std::uint16_t((halfBits(Y) & 0x8000) | 1));
  bool AwayFromZero = (X < Y) == (X > half(0));
  return halfFromBits(std::uint16_t(AwayFromZero ? Bits + 1 : Bits - 1));
}

/// x - floor(x) kept below 1 (the largest half below 1 is 1 - 2^-11), with
/// floor(x) in \p Integral, and the special cases of fract<F>. Subtracting
/// in float and rounding to half would give 1 for tiny negative x, hence
/// the bound in half.
inline half fract(half X, half &Integral) {
  const half Below1 = halfFromBits(0x3bff);
  Integral = floor(X);
  half Fraction = X - Integral; // NaN for an infinity
  Fraction = Fraction > Below1 ? Below1 : Fraction;
  return X == half(0) || fabs(X) == std::numeric_limits<half>::infinity()
             ? copysign(half(0), X)
             : Fraction;
}

} // namespace lanes::detail::math

#undef inline

#endif // LANES_DETAIL_MATH_HALF_HPP
