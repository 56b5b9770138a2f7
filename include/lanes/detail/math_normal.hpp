//===- lanes/detail/math_normal.hpp - Inverse error and normal functions --===//
//
/// \file
/// erfinv, erfcinv, cdfnorm and cdfnorminv in double, behind DPC++'s
/// sycl_ext_intel_math functions of those names (the float forms round
/// these results once).
///
/// The inverses start from Winitzki's closed-form approximation of erfinv
/// (relative error below 2e-3) and take Halley steps on erf(w) = x for
/// |x| < 1/2, or on erfc(w) = y in the tails, where y = 1 - |x| (exact for
/// |x| >= 1/2) keeps the relative accuracy erfc has there. Halley's method
/// converges cubically (near zero the error goes 2e-3, 1e-8, 1e-24: three
/// steps; the far tails take up to eight), so the results
/// are as accurate as glibc's erf and erfc make them: a few ulp of double.
///
/// cdfnorm(x) = erfc(-x / sqrt 2) / 2 needs -x / sqrt 2 to double-double
/// accuracy for large |x|, where erfc's relative condition number is about
/// 2x^2: the rounding error of the quotient is corrected to first order.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_MATH_NORMAL_HPP
#define LANES_DETAIL_MATH_NORMAL_HPP

#include "lanes/detail/math_scalar.hpp"

#include <cmath>
#include <limits>

namespace lanes::detail::math {

/// 2 / sqrt(pi), the derivative of erf at 0.
inline constexpr double TwoOverSqrtPi = 1.12837916709551257389615890312154517;

/// Winitzki's approximation of |erfinv| for 1 - |x| = \p Y in (0, 1], with
/// ln(1 - x^2) = ln(y (2 - y)) computed without cancellation.
inline double erfinvGuess(double Y) {
  constexpr double A = 0.147;
  constexpr double TwoOverPiA = 2 / (3.14159265358979323846 * A);
  double L = std::log(Y * (2 - Y));
  double T = TwoOverPiA + L / 2;
  return std::sqrt(std::sqrt(T * T - L / A) - T);
}

/// The w >= 0 with erfc(w) = y, for 0 < y <= 1/2. Far in the tail
/// Halley's method needs more than three steps from the guess, so it runs
/// until the step is below an ulp (at most eight times).
inline double erfcinvTail(double Y) {
  double W = erfinvGuess(Y);
  for (int I = 0; I < 8; ++I) {
    double Slope = TwoOverSqrtPi * std::exp(-W * W);
    if (Slope == 0)
      break;
    // Newton's step on erfc (decreasing) and Halley's correction, with
    // erfc'' = -2w erfc'.
    double Delta = (std::erfc(W) - Y) / Slope;
    double Step = Delta / (1 - W * Delta);
    W += Step;
    if (std::fabs(Step) <= 0x1p-54 * W)
      break;
  }
  return W;
}

/// The inverse of erf: NaN outside [-1, 1] and for NaN, +-inf at +-1, and
/// erfinv(-x) = -erfinv(x) (zeros keep their sign).
inline double erfinv(double X) {
  double AX = std::fabs(X);
  if (!(AX <= 1))
    return std::numeric_limits<double>::quiet_NaN();
  if (AX == 1)
    return std::copysign(std::numeric_limits<double>::infinity(), X);
  if (AX >= 0.5)
    return std::copysign(erfcinvTail(1 - AX), X);
  if (AX == 0)
    return X;
  double W = erfinvGuess(1 - AX);
  for (int I = 0; I < 3; ++I) {
    double Delta = (AX - std::erf(W)) / (TwoOverSqrtPi * std::exp(-W * W));
    W += Delta / (1 - W * Delta);
  }
  return std::copysign(W, X);
}

/// The inverse of erfc: NaN outside [0, 2] and for NaN, +inf at 0, -inf
/// at 2, and erfcinv(2 - y) = -erfcinv(y). Between 1/2 and 3/2 it is
/// erfinv(1 - y) (1 - y is exact there), where erf has no cancellation.
inline double erfcinv(double Y) {
  if (!(Y >= 0 && Y <= 2))
    return std::numeric_limits<double>::quiet_NaN();
  if (Y == 0)
    return std::numeric_limits<double>::infinity();
  if (Y == 2)
    return -std::numeric_limits<double>::infinity();
  if (Y < 0.5)
    return erfcinvTail(Y);
  if (Y > 1.5)
    return -erfcinvTail(2 - Y); // exact for y in [1, 2]
  return erfinv(1 - Y);
}

/// The standard normal distribution function, (1 + erf(x / sqrt 2)) / 2.
inline double cdfnorm(double X) {
  if (X - X != 0) // an infinity (0 or 1) or NaN
    return X != X ? X : X > 0 ? 1.0 : 0.0;
  constexpr double InvSqrt2Hi = 0.70710678118654757;     // rounded
  constexpr double InvSqrt2Lo = -4.8336466567264567e-17; // the rest
  double Z = -X * InvSqrt2Hi;
  // -x / sqrt 2 = Z + DZ to about 2^-106 relative.
  double DZ = std::fma(-X, InvSqrt2Hi, -Z) - X * InvSqrt2Lo;
  double E = std::erfc(Z);
  return 0.5 * (E - DZ * TwoOverSqrtPi * std::exp(-Z * Z));
}

/// The inverse of cdfnorm: -sqrt 2 erfcinv(2p); NaN outside [0, 1], -inf
/// at 0, +inf at 1.
inline double cdfnorminv(double P) {
  return -1.41421356237309504880 * erfcinv(2 * P);
}

} // namespace lanes::detail::math

#endif // LANES_DETAIL_MATH_NORMAL_HPP
