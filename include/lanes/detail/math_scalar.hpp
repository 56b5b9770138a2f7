//===- lanes/detail/math_scalar.hpp - Scalar math of the SYCL built-ins ---===//
//
/// \file
/// The float and double implementations behind the SYCL 2020 math
/// built-ins (4.17.5, 4.17.6) and vec::convert's rounding. Every function
/// here is a template over F (float or double) in lanes::detail::math; the
/// sycl:: overloads and the element-wise vec / marray forms call them.
///
/// Under clang the functions LLVM has intrinsics for go through the
/// __builtin_elementwise_* builtins: they become llvm.sqrt, llvm.fma,
/// llvm.floor, llvm.minnum, llvm.exp, llvm.sin, llvm.pow, ... which have no
/// errno side effect, so a work-item loop calling them still vectorizes
/// (the exact ones become vector instructions; exp, log, sin, cos, tan and
/// pow become libmvec calls under -fveclib=libmvec, scalar libm calls
/// otherwise). Other compilers, and the functions without an intrinsic, use
/// <cmath>; those calls may set errno, which keeps the loops around them
/// scalar. The exact functions give the same bits both ways, the others
/// are glibc's (scalar or libmvec) within a few ulp.
///
/// Functions the C library lacks (cospi, rootn, maxmag, ...) are built from
/// the ones above, argument-reduced where that keeps them within a few ulp.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_MATH_SCALAR_HPP
#define LANES_DETAIL_MATH_SCALAR_HPP

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#if defined(__clang__)
/// The errno-free clang builtin for a math function LLVM has an intrinsic
/// for, or the <cmath> function elsewhere.
#define LANES_MATH_INTRINSIC(ClangName, StdName) __builtin_elementwise_##ClangName
#else
#define LANES_MATH_INTRINSIC(ClangName, StdName) std::StdName
#endif

namespace lanes::detail::math {

template <typename F>
inline constexpr bool IsFloat = std::is_same_v<F, float> ||
                                std::is_same_v<F, double>;

/// The unsigned integer type of F's size, for bit manipulation.
template <typename F>
using BitsOf = std::conditional_t<
    sizeof(F) == 2, std::uint16_t,
    std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>>;

/// The bits of \p X as an integer of the same size, or the reverse
/// (memcpy compiles to a register move; std::bit_cast needs C++20). Either
/// side may be sycl::half, a class, hence the void pointers.
template <typename To, typename From> inline To bitCast(From X) {
  static_assert(sizeof(To) == sizeof(From), "bitCast between sizes");
  To R;
  std::memcpy(static_cast<void *>(&R), static_cast<const void *>(&X),
              sizeof(R));
  return R;
}

// One- and two-argument functions with an LLVM intrinsic.
#define LANES_MATH_1(Name, Impl)                                               \
  template <typename F> inline F Name(F X) { return Impl(X); }
#define LANES_MATH_2(Name, Impl)                                               \
  template <typename F> inline F Name(F X, F Y) { return Impl(X, Y); }

LANES_MATH_1(sqrt, LANES_MATH_INTRINSIC(sqrt, sqrt))
LANES_MATH_1(fabs, LANES_MATH_INTRINSIC(abs, fabs))
LANES_MATH_1(floor, LANES_MATH_INTRINSIC(floor, floor))
LANES_MATH_1(ceil, LANES_MATH_INTRINSIC(ceil, ceil))
LANES_MATH_1(trunc, LANES_MATH_INTRINSIC(trunc, trunc))
LANES_MATH_1(round, LANES_MATH_INTRINSIC(round, round))
LANES_MATH_1(rint, LANES_MATH_INTRINSIC(rint, rint))
LANES_MATH_1(exp, LANES_MATH_INTRINSIC(exp, exp))
LANES_MATH_1(exp2, LANES_MATH_INTRINSIC(exp2, exp2))
LANES_MATH_1(log, LANES_MATH_INTRINSIC(log, log))
LANES_MATH_1(log2, LANES_MATH_INTRINSIC(log2, log2))
LANES_MATH_1(log10, LANES_MATH_INTRINSIC(log10, log10))
LANES_MATH_1(sin, LANES_MATH_INTRINSIC(sin, sin))
LANES_MATH_1(cos, LANES_MATH_INTRINSIC(cos, cos))
LANES_MATH_1(tan, LANES_MATH_INTRINSIC(tan, tan))
LANES_MATH_1(asin, LANES_MATH_INTRINSIC(asin, asin))
LANES_MATH_1(acos, LANES_MATH_INTRINSIC(acos, acos))
LANES_MATH_1(atan, LANES_MATH_INTRINSIC(atan, atan))
LANES_MATH_1(sinh, LANES_MATH_INTRINSIC(sinh, sinh))
LANES_MATH_1(cosh, LANES_MATH_INTRINSIC(cosh, cosh))
LANES_MATH_1(tanh, LANES_MATH_INTRINSIC(tanh, tanh))
LANES_MATH_2(fmin, LANES_MATH_INTRINSIC(min, fmin))
LANES_MATH_2(fmax, LANES_MATH_INTRINSIC(max, fmax))
LANES_MATH_2(copysign, LANES_MATH_INTRINSIC(copysign, copysign))
LANES_MATH_2(pow, LANES_MATH_INTRINSIC(pow, pow))

template <typename F> inline F fma(F A, F B, F C) {
  return LANES_MATH_INTRINSIC(fma, fma)(A, B, C);
}

// Functions without an intrinsic: the C library's.
LANES_MATH_1(acosh, std::acosh)
LANES_MATH_1(asinh, std::asinh)
LANES_MATH_1(atanh, std::atanh)
LANES_MATH_1(cbrt, std::cbrt)
LANES_MATH_1(erf, std::erf)
LANES_MATH_1(erfc, std::erfc)
LANES_MATH_1(expm1, std::expm1)
LANES_MATH_1(log1p, std::log1p)
LANES_MATH_1(logb, std::logb)
LANES_MATH_1(tgamma, std::tgamma)
LANES_MATH_1(lgamma, std::lgamma)
LANES_MATH_2(atan2, std::atan2)
LANES_MATH_2(fdim, std::fdim)
LANES_MATH_2(fmod, std::fmod)
LANES_MATH_2(hypot, std::hypot)
LANES_MATH_2(nextafter, std::nextafter)
LANES_MATH_2(remainder, std::remainder)

#undef LANES_MATH_1
#undef LANES_MATH_2

/// 10^X. For float as 2^(x log2 10) in double, which is as accurate and,
/// unlike exp10f, has no errno to keep loops scalar; for double glibc's
/// exp10 (<cmath> has no std::exp10).
inline float exp10(float X) {
  return float(exp2(double(X) * 3.32192809488736234787031942948939));
}
inline double exp10(double X) { return __builtin_exp10(X); }

template <typename F> inline int ilogb(F X) { return std::ilogb(X); }
template <typename F> inline F ldexp(F X, int K) { return std::ldexp(X, K); }
template <typename F> inline F frexp(F X, int &Exp) {
  return std::frexp(X, &Exp);
}
template <typename F> inline F modf(F X, F &Integral) {
  return std::modf(X, &Integral);
}
template <typename F> inline F remquo(F X, F Y, int &Quo) {
  return std::remquo(X, Y, &Quo);
}

template <typename F> inline constexpr F Pi = F(3.14159265358979323846264338);

/// The type the composite functions below compute in: double for float
/// (so dividing by pi, the reciprocal exponent of rootn and the quotient
/// of tanpi cost no accuracy), double itself for double.
template <typename F> using Wider = double;

/// The quarter-turn of \p X (0 to 3, or NaN for inf and NaN) and what is
/// left, in [-1/4, 1/4]: X = 2k + Quarter / 2 + Rest. Exact: floating-point
/// x - 2 * rint(x / 2) has no rounding error, so pi * Rest stays accurate
/// for large |x| and multiples of 1/2 give exact zeros and ones.
template <typename F> inline F reduceQuarter(F X, F &Rest) {
  F R = X - F(2) * rint(X * F(0.5));
  F Quarter = rint(R * F(2));
  Rest = R - Quarter * F(0.5);
  return Quarter < F(0) ? Quarter + F(4) : Quarter;
}

/// sin(pi * x).
template <typename F> inline F sinpi(F X) {
  F Rest;
  F Q = reduceQuarter(X, Rest);
  F S = sin(Pi<F> * Rest), C = cos(Pi<F> * Rest);
  F Res = Q == F(1) ? C : Q == F(2) ? -S : Q == F(3) ? -C : S;
  // sin(pi * n) is +0 for n >= 0 and -0 below, like sin.
  return Res == F(0) ? copysign(F(0), X) : Res;
}

/// cos(pi * x).
template <typename F> inline F cospi(F X) {
  F Rest;
  F Q = reduceQuarter(X, Rest);
  F S = sin(Pi<F> * Rest), C = cos(Pi<F> * Rest);
  F Res = Q == F(1) ? -S : Q == F(2) ? -C : Q == F(3) ? S : C;
  return Res == F(0) ? F(0) : Res;
}

/// tan(pi * x) as sinpi / cospi: exact zeros at integers, infinities at
/// odd multiples of 1/2.
template <typename F> inline F tanpi(F X) {
  return F(sinpi(Wider<F>(X)) / cospi(Wider<F>(X)));
}

template <typename F> inline F acospi(F X) {
  return F(acos(Wider<F>(X)) / Pi<Wider<F>>);
}
template <typename F> inline F asinpi(F X) {
  return F(asin(Wider<F>(X)) / Pi<Wider<F>>);
}
template <typename F> inline F atanpi(F X) {
  return F(atan(Wider<F>(X)) / Pi<Wider<F>>);
}
template <typename F> inline F atan2pi(F Y, F X) {
  return F(atan2(Wider<F>(Y), Wider<F>(X)) / Pi<Wider<F>>);
}

template <typename F> inline F rsqrt(F X) { return F(1) / sqrt(X); }
template <typename F> inline F recip(F X) { return F(1) / X; }
template <typename F> inline F divide(F X, F Y) { return X / Y; }

/// a * b + c, which the compiler may fuse.
template <typename F> inline F mad(F A, F B, F C) { return A * B + C; }

/// x - floor(x) kept below 1, with floor(x) in \p Integral; as OpenCL 1.2
/// 7.5.1 has it, NaN for NaN, a zero of x's sign for a zero or an infinity.
template <typename F> inline F fract(F X, F &Integral) {
  constexpr F Below1 = F(1) - std::numeric_limits<F>::epsilon() / 2;
  Integral = floor(X);
  F Fraction = X - Integral; // NaN for an infinity
  Fraction = Fraction > Below1 ? Below1 : Fraction;
  return X == F(0) || fabs(X) == std::numeric_limits<F>::infinity()
             ? copysign(F(0), X)
             : Fraction;
}

/// x if |x| > |y|, y if |y| > |x|, otherwise fmax(x, y).
template <typename F> inline F maxmag(F X, F Y) {
  F AX = fabs(X), AY = fabs(Y);
  return AX > AY ? X : AY > AX ? Y : fmax(X, Y);
}
/// x if |x| < |y|, y if |y| < |x|, otherwise fmin(x, y).
template <typename F> inline F minmag(F X, F Y) {
  F AX = fabs(X), AY = fabs(Y);
  return AX < AY ? X : AY < AX ? Y : fmin(X, Y);
}

/// x to the integer power n (pow is exact for integral exponents of this
/// size: n converts to F without rounding).
template <typename F> inline F pown(F X, int N) { return pow(X, F(N)); }

/// x to the power y for x >= 0, with OpenCL 1.2 7.5.1's special cases:
/// NaN for x < 0, for 0 and infinity to the power 0 and for 1 to an
/// infinite power; a zero x of either sign is +0.
template <typename F> inline F powr(F X, F Y) {
  constexpr F Inf = std::numeric_limits<F>::infinity();
  if (X != X || Y != Y)
    return X + Y;
  if (X < F(0) || (Y == F(0) && (X == F(0) || X == Inf)) ||
      (X == F(1) && fabs(Y) == Inf))
    return std::numeric_limits<F>::quiet_NaN();
  return pow(fabs(X), Y);
}

/// The n-th root of x: NaN for n = 0 and for negative x with even n, a
/// zero keeps its sign for odd n (OpenCL 1.2 7.5.1). The rounding of 1 / n
/// costs about |log x| ulp, so the power is taken in a type with at least
/// 11 more bits (long double for double).
template <typename F> inline F rootn(F X, int N) {
  using W = std::conditional_t<std::is_same_v<F, float>, double, long double>;
  bool Odd = N % 2 != 0;
  if (N == 0 || (X < F(0) && !Odd))
    return std::numeric_limits<F>::quiet_NaN();
  W Root = pow(W(fabs(X)), W(1) / W(N));
  return F(Odd && std::signbit(X) ? -Root : Root);
}

/// log|gamma(x)| with the sign of gamma(x) in \p Sign (the sign of a zero
/// for zeros, +1 at the other poles and for NaN). Computed here rather than
/// by lgamma_r, which is not standard.
template <typename F> inline F lgammaR(F X, int &Sign) {
  Sign = 1;
  if (X == F(0))
    Sign = std::signbit(X) ? -1 : 1;
  else if (X < F(0) && X != floor(X) &&
           X > -std::numeric_limits<F>::infinity())
    Sign = (std::int64_t(floor(X)) % 2 == 0) ? 1 : -1;
  return lgamma(X);
}

/// A quiet NaN of F (float, double or sycl::half) carrying the low bits of
/// \p Code in its significand.
template <typename F, typename U> inline F nan(U Code) {
  using Bits = BitsOf<F>;
  constexpr int Mantissa = std::numeric_limits<F>::digits - 1;
  constexpr Bits Quiet = Bits(Bits(1) << (Mantissa - 1));
  // Back to Bits after each operator: integer promotion turns a 16-bit
  // Bits into an int, which ~ makes negative.
  constexpr Bits AllOnes = Bits(~Bits(0));
  constexpr Bits Exponent = Bits(Bits(AllOnes >> (Mantissa + 1)) << Mantissa);
  return bitCast<F>(Bits(Exponent | Quiet | (Bits(Code) & (Quiet - 1))));
}

} // namespace lanes::detail::math

#endif // LANES_DETAIL_MATH_SCALAR_HPP
