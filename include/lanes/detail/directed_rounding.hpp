//===- lanes/detail/directed_rounding.hpp - Arithmetic in 4 rounding modes ===//
//
/// \file
/// IEEE 754 arithmetic and conversions rounded down (toward -inf), up
/// (toward +inf) or toward zero, for DPC++'s sycl_ext_intel_math
/// (fadd_rd, dmul_rz, double2float_ru, ll2float_rd, ...), without touching
/// the floating-point environment: fesetround would not survive LLVM's
/// constant folding and code motion in compiled kernels, and would cost a
/// serializing instruction per call.
///
/// Algorithm. Every operation first computes R, the result rounded to
/// nearest (which the hardware does exactly), and then the sign of the
/// residual, exact - R, with error-free transformations:
///   - a + b: Knuth's TwoSum gives the exact rounding error of a double sum;
///   - a * b: fma(a, b, -R) is the error of a double product;
///   - a / b: fma(-R, b, a) has the sign of (a / b - R) * b;
///   - sqrt(a): fma(-R, R, a) has the sign of a - R * R;
///   - fma(a, b, c): a*b as the exact pair (P, fma(a, b, -P)), then a
///     Grow-Expansion (Shewchuk 1997) of P, its error, c and -R, whose
///     largest nonzero component carries the sign of the sum.
/// fma rounds once, so these residuals have the right sign unless the exact
/// one lies below the smallest subnormal and rounds to zero. It is a
/// multiple of products of the operands' ulps, so that can only happen for
/// tiny operands or results; there the operands are first scaled by powers
/// of two (exactly), or the sign follows from the operands' signs.
/// Float operations run in double instead, where products are exact, and
/// TwoSum holds the exact sum; the float R' nearest that double is then
/// either bracket of the exact value, and (Hi - R') + Lo has the sign of
/// exact - R' because Hi - R' is exact (Sterbenz).
/// Rounding to nearest lies within half an ulp, so the directed result is R
/// or its neighbour: rounding down steps R one ulp down when the residual
/// is negative, up when it is positive, toward zero when it points to zero.
/// That also gets overflow right (an infinite R with a finite exact value
/// has a residual of the other sign, so it steps to the largest finite
/// value) and underflow (a zero R steps to the smallest subnormal). A NaN
/// residual (an infinite or NaN operand, an exact infinity) keeps R.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_DIRECTED_ROUNDING_HPP
#define LANES_DETAIL_DIRECTED_ROUNDING_HPP

#include "lanes/detail/math_half.hpp"
#include "lanes/detail/math_scalar.hpp"
#include "sycl/half.hpp"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace lanes::detail::rounding {

/// Whether the compiler keeps IEEE 754 arithmetic, which the error-free
/// transformations here need (-ffast-math lets it reassociate TwoSum away).
/// Dependent on \p T, for static_asserts in templates.
template <typename T>
inline constexpr bool ExactArithmetic =
#if defined(__FAST_MATH__)
    sizeof(T) == 0;
#else
    sizeof(T) != 0;
#endif

/// The four IEEE 754 rounding directions of the _rn, _rd, _ru, _rz names.
enum class Mode { Nearest, Down, Up, TowardZero };

/// The neighbour of \p X toward +inf (\p Up) or -inf: a zero steps to the
/// smallest subnormal of that sign, an infinity to the largest finite
/// value. \p X must not be NaN.
template <typename F> inline F nextToward(F X, bool Up) {
  using Bits = math::BitsOf<F>;
  Bits B = math::bitCast<Bits>(X);
  constexpr Bits Sign = Bits(Bits(1) << (sizeof(F) * 8 - 1));
  if (Bits(B & Bits(~Sign)) == 0) // +0 or -0
    return math::bitCast<F>(Bits(Up ? 1 : Sign | 1));
  // Away from zero adds one to the magnitude's bits.
  bool Away = Up != ((B & Sign) != 0);
  return math::bitCast<F>(Bits(Away ? B + 1 : B - 1));
}

/// \p R (the result rounded to nearest) rounded as \p M says, given the
/// residual \p Err: any number with the sign of exact - R (NaN: exact).
template <typename F, typename E> inline F adjust(F R, E Err, Mode M) {
  bool Below = Err<E(0), Above = Err> E(0);
  bool StepUp = M == Mode::Up           ? Above
                : M == Mode::TowardZero ? Above && R < F(0)
                                        : false;
  bool StepDown = M == Mode::Down         ? Below
                  : M == Mode::TowardZero ? Below && R > F(0)
                                          : false;
  return StepUp || StepDown ? nextToward(R, StepUp) : R;
}

/// Whether \p X is finite (x - x is NaN for infinities and NaNs); a plain
/// comparison, unlike std::isfinite, which -ffinite-math-only folds.
template <typename F> inline bool isFinite(F X) { return X - X == F(0); }

/// Knuth's TwoSum: \p Sum = fl(a + b) and \p Err = (a + b) - Sum exactly
/// (for finite a + b).
inline void twoSum(double A, double B, double &Sum, double &Err) {
  Sum = A + B;
  double BV = Sum - A;
  Err = (A - (Sum - BV)) + (B - BV);
}

/// The zero an exact zero sum has when rounding down: -0 unless both
/// addends are +0 (IEEE 754 6.3).
template <typename F> inline F zeroSumDown(bool BothPlusZero) {
  return BothPlusZero ? F(0) : -F(0);
}

/// The float nearest the exact value Hi + Lo (a double pair), rounded as
/// \p M says.
inline float roundPair(double Hi, double Lo, Mode M) {
  float R = float(Hi);
  return M == Mode::Nearest ? R : adjust(R, (Hi - double(R)) + Lo, M);
}

/// a + b of floats.
inline float add(float A, float B, Mode M) {
  if (M == Mode::Nearest)
    return A + B;
  double Hi, Lo;
  twoSum(A, B, Hi, Lo);
  if (Hi == 0 && Lo == 0 && M == Mode::Down)
    return zeroSumDown<float>(!std::signbit(A) && !std::signbit(B));
  return roundPair(Hi, Lo, M);
}

/// a + b of doubles.
inline double add(double A, double B, Mode M) {
  double R = A + B;
  if (M == Mode::Nearest)
    return R;
  double Err;
  if (!isFinite(R)) // an overflow has a finite, smaller sum
    Err = isFinite(A) && isFinite(B) ? -R : 0.0;
  else
    twoSum(A, B, R, Err);
  if (R == 0 && Err == 0 && M == Mode::Down)
    return zeroSumDown<double>(!std::signbit(A) && !std::signbit(B));
  return adjust(R, Err, M);
}

/// a * b of floats: exact in double.
inline float mul(float A, float B, Mode M) {
  return roundPair(double(A) * double(B), 0.0, M);
}

/// x * 2^1200, exactly for |x| below 2^-177 (two steps: 2^1200 is no
/// double).
inline double scaleUp1200(double X) { return X * 0x1p600 * 0x1p600; }

/// a * b of doubles. The error of the product is a multiple of ulp(a) *
/// ulp(b); for results below 2^-960 that may be below the smallest
/// subnormal, where fma would round it to zero, so the smaller factor and
/// R are scaled by 2^1200 first.
inline double mul(double A, double B, Mode M) {
  double R = A * B;
  if (M == Mode::Nearest)
    return R;
  double Err;
  if (math::fabs(R) < 0x1p-960 && A != 0 && B != 0) {
    bool ASmaller = math::fabs(A) < math::fabs(B);
    Err = math::fma(ASmaller ? scaleUp1200(A) : A,
                    ASmaller ? B : scaleUp1200(B), -scaleUp1200(R));
  } else {
    Err = math::fma(A, B, -R);
  }
  return adjust(R, Err, M);
}

/// a / b of floats: the residual a - R * b in double, where R * b is
/// exact and nothing underflows.
inline float div(float A, float B, Mode M) {
  float R = A / B;
  if (M == Mode::Nearest)
    return R;
  double Rem = math::fma(-double(R), double(B), double(A));
  return adjust(R, B < 0 ? -Rem : Rem, M);
}

/// a / b of doubles. The residual a - R * b is a multiple of ulp(a) or of
/// ulp(R) * ulp(b), which can be below the smallest subnormal only for
/// |a| below 2^-900: then a and b are scaled by 2^600 (the residual with
/// them), unless b is so large that R is a zero of the quotient's sign.
inline double div(double A, double B, Mode M) {
  double R = A / B;
  if (M == Mode::Nearest)
    return R;
  double Rem;
  if (math::fabs(A) < 0x1p-900 && A != 0 && isFinite(B))
    Rem = math::fabs(B) >= 0x1p400
              ? A // R is zero, so the residual a - R * b is a
              : math::fma(-R, B * 0x1p600, A * 0x1p600);
  else
    Rem = math::fma(-R, B, A);
  return adjust(R, B < 0 ? -Rem : Rem, M);
}

/// sqrt(a) of floats (the residual a - R * R in double is exact) and of
/// doubles (for a below 2^-900 the residual, a multiple of ulp(R)^2, is
/// taken of a * 2^200 and R * 2^100).
inline float sqrt(float A, Mode M) {
  float R = math::sqrt(A);
  if (M == Mode::Nearest)
    return R;
  return adjust(R, math::fma(-double(R), double(R), double(A)), M);
}
inline double sqrt(double A, Mode M) {
  double R = math::sqrt(A);
  if (M == Mode::Nearest)
    return R;
  double Scale = A < 0x1p-900 ? 0x1p100 : 1.0;
  double RS = R * Scale;
  return adjust(R, math::fma(-RS, RS, A * Scale * Scale), M);
}

/// a * b + c of floats: the product is exact in double, TwoSum holds the
/// sum.
inline float fma(float A, float B, float C, Mode M) {
  if (M == Mode::Nearest)
    return math::fma(A, B, C);
  double P = double(A) * double(B);
  double Hi, Lo;
  twoSum(P, C, Hi, Lo);
  if (!isFinite(Hi)) // an infinite operand or product
    return float(Hi);
  if (Hi == 0 && Lo == 0 && M == Mode::Down)
    return zeroSumDown<float>(P == 0 && !std::signbit(P) && C == 0 &&
                              !std::signbit(C));
  return roundPair(Hi, Lo, M);
}

/// The sign of E[0] + ... + E[N-1] (any number of that sign), for
/// components given in increasing magnitude without overlap.
template <int N> inline double expansionSign(const double (&E)[N]) {
  double S = 0;
  for (int I = 0; I < N; ++I)
    S = E[I] != 0 ? E[I] : S;
  return S;
}

/// Grows the nonoverlapping expansion \p E (N components) by \p X into
/// \p Out (N + 1 components), exactly (Shewchuk's Grow-Expansion).
template <int N>
inline void growExpansion(const double (&E)[N], double X,
                          double (&Out)[N + 1]) {
  double Q = X;
  for (int I = 0; I < N; ++I)
    twoSum(Q, E[I], Q, Out[I]);
  Out[N] = Q;
}

/// The sign of a * b + c - R for finite operands whose product is neither
/// too large nor too small to split exactly.
inline double fmaResidual(double A, double B, double C, double R) {
  double P = A * B;
  double Prod[2] = {math::fma(A, B, -P), P};
  double Three[3], Four[4];
  growExpansion(Prod, C, Three);
  growExpansion(Three, -R, Four);
  return expansionSign(Four);
}

/// The residual of a * b + c - R when the product is below 2^-900 (or
/// underflows to zero) but a and b are not zero: either c is large enough
/// that the product only decides the residual's sign (R is c), or the
/// smaller factor, c and R are scaled up by 2^1200, exactly (c and R are
/// then below 2^-800), so that the product's error is representable.
inline double tinyProductResidual(double A, double B, double C, double R) {
  if (math::fabs(C) >= 0x1p-800)
    return std::signbit(A) != std::signbit(B) ? -1.0 : 1.0;
  if (math::fabs(A) < math::fabs(B))
    A = A * 0x1p600 * 0x1p600;
  else
    B = B * 0x1p600 * 0x1p600;
  return fmaResidual(A, B, C * 0x1p600 * 0x1p600, R * 0x1p600 * 0x1p600);
}

/// a * b + c of doubles.
inline double fma(double A, double B, double C, Mode M) {
  double R = math::fma(A, B, C);
  if (M == Mode::Nearest)
    return R;
  if (!(isFinite(A) && isFinite(B) && isFinite(C)))
    return R; // an exact infinity, or NaN
  double P = A * B, AbsP = math::fabs(P);
  double Err;
  if (!isFinite(R))
    Err = -R; // overflow: the exact value is finite
  else if (!isFinite(P))
    // The product overflows but the sum does not, so c cancels it: c and
    // R are large (or R is zero) and quartering a, c and R is exact.
    Err = fmaResidual(A * 0.25, B, C * 0.25, R * 0.25);
  else if (AbsP < 0x1p-900 && A != 0 && B != 0)
    Err = tinyProductResidual(A, B, C, R);
  else
    Err = fmaResidual(A, B, C, R);
  if (R == 0 && Err == 0 && M == Mode::Down)
    return zeroSumDown<double>((A == 0 || B == 0) &&
                               std::signbit(A) == std::signbit(B) && C == 0 &&
                               !std::signbit(C));
  return adjust(R, Err, M);
}

/// The float nearest \p X, rounded as \p M says (X - R is exact: Sterbenz,
/// or R is zero or infinite).
inline float toFloat(double X, Mode M) {
  float R = float(X);
  return M == Mode::Nearest ? R : adjust(R, X - double(R), M);
}

/// The half nearest \p X, rounded as \p M says.
inline sycl::half toHalf(float X, Mode M) {
  sycl::half R = sycl::half(X);
  return M == Mode::Nearest ? R : adjust(R, X - float(R), M);
}

/// The residual of F(X) - R for an integer X, exactly: 32-bit values are
/// exact in double; 64-bit ones are split into a high part (a multiple of
/// 2^32 that differs from R by less than 2^41, so that difference is exact)
/// and the low 32 bits.
template <typename I, typename F> inline double intResidual(I X, F R) {
  if constexpr (sizeof(I) <= 4) {
    return double(X) - double(R);
  } else {
    I High = I(X >> 32);
    double Low = double(std::uint32_t(X));
    return (double(High) * 0x1p32 - double(R)) + Low;
  }
}

/// The integer \p X as the F (float, double or sycl::half) rounded as \p M
/// says. Rounding to nearest goes through double for half: 53 bits hold
/// any 32-bit integer exactly, and rounding a 64-bit one twice gives the
/// same half (53 >= 2 * 11 + 2).
template <typename F, typename I> inline F fromInt(I X, Mode M) {
  F R;
  if constexpr (std::is_same_v<F, sycl::half>)
    R = sycl::half(double(X));
  else
    R = F(X);
  return M == Mode::Nearest ? R : adjust(R, intResidual(X, R), M);
}

/// \p X rounded to an integral value as \p M says (nearest: ties to even).
template <typename F> inline F roundIntegral(F X, Mode M) {
  switch (M) {
  case Mode::Down:
    return math::floor(X);
  case Mode::Up:
    return math::ceil(X);
  case Mode::TowardZero:
    return math::trunc(X);
  default:
    return math::rint(X);
  }
}

/// \p X rounded as \p M says and converted to the integer type I,
/// saturating at I's limits; NaN gives 0. (A C++ conversion out of range
/// would be undefined; the hardware conversions saturate.)
template <typename I, typename F> inline I toInt(F X, Mode M) {
  F V = roundIntegral(X, M);
  // -2^(n-1) for signed I, 0 for unsigned I, and 2^n or 2^(n-1) above the
  // largest value; powers of two, so exact in F.
  constexpr F Lo =
      std::is_signed_v<I> ? -F(std::numeric_limits<I>::max()) - F(1) : F(0);
  constexpr F Hi = F(2) * (F(std::numeric_limits<I>::max() / 2) + F(1));
  if (!(V == V))
    return I(0);
  if (V < Lo)
    return std::numeric_limits<I>::min();
  if (V >= Hi)
    return std::numeric_limits<I>::max();
  return I(V);
}

} // namespace lanes::detail::rounding

#endif // LANES_DETAIL_DIRECTED_ROUNDING_HPP
