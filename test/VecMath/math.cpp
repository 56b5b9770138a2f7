// Every SYCL math built-in (SYCL 2020 4.17.5, and native:: / half_precision::
// of 4.17.6) evaluated in kernels on a grid of inputs per function (its
// domain plus zeros, infinities, NaN, subnormals and extremes), in float and
// double, compared with the host: <cmath> for the C functions, and
// long-double formulas for the ones C lacks (sinpi, rootn, ...).
//
// Exact functions (sqrt, fma, floor, fmod, frexp, ...) must match bit for
// bit, fmin / fmax as values (either zero may come back). Transcendental
// ones may differ by a few ulp: in compiled mode they vectorize into glibc's
// libmvec, whose rounding is not the scalar libm's. The first kernel holds
// only functions that become vectorizable LLVM intrinsics; the second calls
// libm (and the intrinsics LLVM 19 does not vectorize, asin ... tanh); the
// third checks the vec, swizzle and marray forms.
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <string>

namespace {

enum Func : int {
  // Kernel 1: intrinsics and what is built from them.
  Sqrt,
  Fabs,
  Fma,
  Floor,
  Ceil,
  Trunc,
  Round,
  Rint,
  Fmin,
  Fmax,
  Copysign,
  Exp,
  Exp2,
  Log,
  Log2,
  Log10,
  Sin,
  Cos,
  Tan,
  Pow,
  Mad,
  Rsqrt,
  Sinpi,
  Cospi,
  // native:: and half_precision:: (float only).
  NativeCos,
  NativeDivide,
  NativeExp,
  NativeExp2,
  NativeExp10,
  NativeLog,
  NativeLog2,
  NativeLog10,
  NativePowr,
  NativeRecip,
  NativeRsqrt,
  NativeSin,
  NativeSqrt,
  NativeTan,
  HalfCos,
  HalfDivide,
  HalfExp,
  HalfExp2,
  HalfExp10,
  HalfLog,
  HalfLog2,
  HalfLog10,
  HalfPowr,
  HalfRecip,
  HalfRsqrt,
  HalfSin,
  HalfSqrt,
  HalfTan,
  // Kernel 2: libm calls, and intrinsics LLVM 19 cannot vectorize.
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  Acosh,
  Asinh,
  Atanh,
  Cbrt,
  Erf,
  Erfc,
  Expm1,
  Log1p,
  Logb,
  Tgamma,
  Lgamma,
  Atan2,
  Fdim,
  Fmod,
  Hypot,
  Nextafter,
  Remainder,
  Exp10,
  Ldexp,
  Frexp,
  Modf,
  ModfWhole,
  Fract,
  FractFloor,
  Remquo,
  LgammaR,
  SincosSin,
  SincosCos,
  Maxmag,
  Minmag,
  Pown,
  Powr,
  Rootn,
  Acospi,
  Asinpi,
  Atanpi,
  Atan2pi,
  Tanpi,
  Nan,
  NumFuncs
};

const char *const FuncNames[NumFuncs] = {
    "sqrt", "fabs", "fma", "floor", "ceil", "trunc", "round", "rint", "fmin",
    "fmax", "copysign", "exp", "exp2", "log", "log2", "log10", "sin", "cos",
    "tan", "pow", "mad", "rsqrt", "sinpi", "cospi", "native::cos", "native::divide", "native::exp",
    "native::exp2", "native::exp10", "native::log", "native::log2",
    "native::log10", "native::powr", "native::recip", "native::rsqrt",
    "native::sin", "native::sqrt", "native::tan", "half_precision::cos",
    "half_precision::divide", "half_precision::exp", "half_precision::exp2",
    "half_precision::exp10", "half_precision::log", "half_precision::log2",
    "half_precision::log10", "half_precision::powr", "half_precision::recip",
    "half_precision::rsqrt", "half_precision::sin", "half_precision::sqrt",
    "half_precision::tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
    "acosh", "asinh", "atanh", "cbrt", "erf", "erfc",
    "expm1", "log1p", "logb", "tgamma", "lgamma", "atan2", "fdim", "fmod",
    "hypot", "nextafter", "remainder", "exp10", "ldexp", "frexp", "modf",
    "modf (whole)", "fract", "fract (floor)", "remquo", "lgamma_r", "sincos",
    "sincos (cos)", "maxmag", "minmag", "pown", "powr", "rootn", "acospi",
    "asinpi", "atanpi", "atan2pi", "tanpi", "nan"};

/// The int results: ilogb, frexp's exponent, remquo's quotient, lgamma_r's
/// sign.
enum IntFunc : int { Ilogb, FrexpExp, RemquoQuo, LgammaSign, NumIntFuncs };
const char *const IntFuncNames[NumIntFuncs] = {"ilogb", "frexp (exponent)",
                                               "remquo (quotient)",
                                               "lgamma_r (sign)"};

bool isFast(int F) { return F >= NativeCos && F <= HalfTan; }

/// How a function's results are compared: bit for bit, as values (+0 ==
/// -0), within Tolerance ulp, or (mad) as either the fused or the unfused
/// result.
enum class Compare { Exact, Value, Ulp, Mad };
struct Rule {
  Compare Kind;
  double Tolerance;
};

Rule ruleOf(int F) {
  switch (F) {
  case Fmin:
  case Fmax:
  case Maxmag:
  case Minmag:
    return {Compare::Value, 0};
  case Mad:
    return {Compare::Mad, 0};
  case Exp:
  case Exp2:
  case Log:
  case Log2:
  case Log10:
  case Sin:
  case Cos:
  case Tan:
  case Pow:
  case Asin:
  case Acos:
  case Atan:
  case Sinh:
  case Cosh:
  case Tanh:
  case SincosSin:
  case SincosCos:
  case Powr:
  case Exp10:
    return {Compare::Ulp, 4};
  case Rsqrt:
  case Pown:
  case Acospi:
  case Asinpi:
  case Atanpi:
  case Atan2pi:
  case Rootn:
    return {Compare::Ulp, 2};
  case Sinpi:
  case Cospi:
    return {Compare::Ulp, 6};
  case Tanpi:
    return {Compare::Ulp, 8};
  default:
    if (isFast(F))
      return {Compare::Ulp, 4};
    return {Compare::Exact, 0};
  }
}

/// The interval inputs of F's argument Arg are drawn from.
template <typename T> void domainOf(int F, int Arg, T &Lo, T &Hi) {
  Lo = T(-10), Hi = T(10);
  switch (F) {
  case Sqrt:
  case NativeSqrt:
  case HalfSqrt:
  case Rsqrt:
  case NativeRsqrt:
  case HalfRsqrt:
    Lo = T(0), Hi = T(1e6);
    break;
  case Exp:
  case NativeExp:
  case HalfExp:
  case Exp2:
  case NativeExp2:
  case HalfExp2:
  case Sinh:
  case Cosh:
  case Expm1:
    Lo = T(-80), Hi = T(80);
    break;
  case Exp10:
  case NativeExp10:
  case HalfExp10:
    Lo = T(-35), Hi = T(35);
    break;
  case Log:
  case Log2:
  case Log10:
  case NativeLog:
  case NativeLog2:
  case NativeLog10:
  case HalfLog:
  case HalfLog2:
  case HalfLog10:
  case Log1p:
  case Lgamma:
  case LgammaR:
    Lo = T(0), Hi = T(1e4);
    break;
  case Sin:
  case Cos:
  case Tan:
  case NativeSin:
  case NativeCos:
  case NativeTan:
  case HalfSin:
  case HalfCos:
  case HalfTan:
  case SincosSin:
  case SincosCos:
  case Sinpi:
  case Cospi:
  case Tanpi:
    Lo = T(-100), Hi = T(100);
    break;
  case Pow:
  case Powr:
  case NativePowr:
  case HalfPowr:
    if (Arg == 0)
      Lo = T(0), Hi = T(20);
    break;
  case Asin:
  case Acos:
  case Atanh:
  case Acospi:
  case Asinpi:
    Lo = T(-1), Hi = T(1);
    break;
  case Acosh:
    Lo = T(1), Hi = T(1000);
    break;
  case Tgamma:
    Lo = T(-30), Hi = T(30);
    break;
  case Fma:
  case Mad:
  case Fmod:
  case Remainder:
  case Remquo:
  case Hypot:
  case Atan2:
  case Atan2pi:
  case Cbrt:
  case Rootn:
    Lo = T(-1000), Hi = T(1000);
    break;
  default:
    break;
  }
}

/// Inputs: Count per (function, argument); the first ones special values.
template <typename T> T inputOf(int F, int Arg, uint32_t I) {
  using L = std::numeric_limits<T>;
  const T Specials[] = {T(0),       -T(0),         L::infinity(),
                        -L::infinity(), L::quiet_NaN(), L::denorm_min() * 3,
                        L::max(),   -L::max(),     T(1),
                        T(-1),      T(0.5),        T(-2.5)};
  constexpr uint32_t NumSpecials = sizeof(Specials) / sizeof(T);
  // Spread the specials over the arguments so that pairs meet.
  if (I < NumSpecials)
    return Specials[(I + 5 * uint32_t(Arg)) % NumSpecials];
  T Lo, Hi;
  domainOf<T>(F, Arg, Lo, Hi);
  uint32_t H = vecmath::hash(I, uint32_t(F * 3 + Arg));
  T V = Lo + (Hi - Lo) * (T(H) / T(4294967296.0));
  // A few exact integers and halves for the rounding functions.
  if (H % 7 == 0)
    V = std::round(V * T(2)) / T(2);
  return V;
}

using LD = long double;
constexpr LD PiL = 3.14159265358979323846264338327950288L;

/// sin(pi * a) for a >= 0, reduced exactly to [0, 1/2] first.
LD sinpiRef(LD X) {
  LD Sign = X < 0 ? -1 : 1;
  LD R = std::fmod(std::fabs(X), LD(2));
  if (R >= 1)
    R -= 1, Sign = -Sign;
  if (R > LD(0.5))
    R = 1 - R;
  return Sign * std::sin(PiL * R);
}
LD cospiRef(LD X) {
  LD Sign = 1;
  LD R = std::fmod(std::fabs(X), LD(2));
  if (R >= 1)
    R -= 1, Sign = -Sign;
  if (R > LD(0.5))
    R = 1 - R, Sign = -Sign;
  if (R <= LD(0.25))
    return Sign * std::cos(PiL * R);
  return Sign * std::sin(PiL * (LD(0.5) - R));
}

/// The host's result for F, and the int result in \p IntOut where F has
/// one.
template <typename T> T reference(int F, T A, T B, T C, int K, int *IntOut) {
  auto Narrow = [](LD X) { return T(X); };
  switch (F) {
  case Sqrt:
  case NativeSqrt:
  case HalfSqrt:
    return std::sqrt(A);
  case Fabs:
    return std::fabs(A);
  case Fma:
    return std::fma(A, B, C);
  case Floor:
    return std::floor(A);
  case Ceil:
    return std::ceil(A);
  case Trunc:
    return std::trunc(A);
  case Round:
    return std::round(A);
  case Rint:
    return std::rint(A);
  case Fmin:
    return std::fmin(A, B);
  case Fmax:
    return std::fmax(A, B);
  case Copysign:
    return std::copysign(A, B);
  case Exp:
  case NativeExp:
  case HalfExp:
    return std::exp(A);
  case Exp2:
  case NativeExp2:
  case HalfExp2:
    return std::exp2(A);
  case Log:
  case NativeLog:
  case HalfLog:
    return std::log(A);
  case Log2:
  case NativeLog2:
  case HalfLog2:
    return std::log2(A);
  case Log10:
  case NativeLog10:
  case HalfLog10:
    return std::log10(A);
  case Sin:
  case NativeSin:
  case HalfSin:
  case SincosSin:
    return std::sin(A);
  case Cos:
  case NativeCos:
  case HalfCos:
  case SincosCos:
    return std::cos(A);
  case Tan:
  case NativeTan:
  case HalfTan:
    return std::tan(A);
  case Pow:
    return std::pow(A, B);
  case Powr: // OpenCL 1.2 7.5.1's special cases
  case NativePowr:
  case HalfPowr:
    if (A != A || B != B)
      return A + B;
    if (A < T(0) || (B == T(0) && (A == T(0) || std::isinf(A))) ||
        (A == T(1) && std::isinf(B)))
      return std::numeric_limits<T>::quiet_NaN();
    return std::pow(std::fabs(A), B);
  case Asin:
    return std::asin(A);
  case Acos:
    return std::acos(A);
  case Atan:
    return std::atan(A);
  case Sinh:
    return std::sinh(A);
  case Cosh:
    return std::cosh(A);
  case Tanh:
    return std::tanh(A);
  case Mad:
    return std::fma(A, B, C);
  case Rsqrt:
  case NativeRsqrt:
  case HalfRsqrt:
    return Narrow(1 / std::sqrt(LD(A)));
  case Sinpi:
    return std::isfinite(A) ? Narrow(sinpiRef(A)) : A - A;
  case Cospi:
    return std::isfinite(A) ? Narrow(cospiRef(A)) : A - A;
  case Tanpi: {
    if (!std::isfinite(A))
      return A - A;
    // n + 1/2: +inf for even n, -inf for odd n.
    T N = std::floor(A);
    if (A - N == T(0.5))
      return std::fmod(N, T(2)) == 0 ? std::numeric_limits<T>::infinity()
                                     : -std::numeric_limits<T>::infinity();
    return Narrow(sinpiRef(A) / cospiRef(A));
  }
  case NativeDivide:
  case HalfDivide:
    return A / B;
  case NativeRecip:
  case HalfRecip:
    return T(1) / A;
  case NativeExp10:
  case HalfExp10:
  case Exp10:
    return Narrow(std::pow(LD(10), LD(A)));
  case Acosh:
    return std::acosh(A);
  case Asinh:
    return std::asinh(A);
  case Atanh:
    return std::atanh(A);
  case Cbrt:
    return std::cbrt(A);
  case Erf:
    return std::erf(A);
  case Erfc:
    return std::erfc(A);
  case Expm1:
    return std::expm1(A);
  case Log1p:
    return std::log1p(A);
  case Logb:
    return std::logb(A);
  case Tgamma:
    return std::tgamma(A);
  case Lgamma:
    return std::lgamma(A);
  case Atan2:
    return std::atan2(A, B);
  case Fdim:
    return std::fdim(A, B);
  case Fmod:
    return std::fmod(A, B);
  case Hypot:
    return std::hypot(A, B);
  case Nextafter:
    return std::nextafter(A, B);
  case Remainder:
    return std::remainder(A, B);
  case Ldexp:
    return std::ldexp(A, K);
  case Frexp:
    return std::frexp(A, &IntOut[FrexpExp]);
  case Modf: {
    T Whole;
    return std::modf(A, &Whole);
  }
  case ModfWhole: {
    T Whole;
    std::modf(A, &Whole);
    return Whole;
  }
  case Fract: // NaN for NaN, a zero of x's sign for zeros and infinities
    if (A == T(0) || std::isinf(A))
      return std::copysign(T(0), A);
    return A != A ? A
                  : std::fmin(A - std::floor(A), std::nextafter(T(1), T(0)));
  case FractFloor:
    return std::floor(A);
  case Remquo:
    return std::remquo(A, B, &IntOut[RemquoQuo]);
  case LgammaR: {
    // The sign of gamma: tgamma keeps it even where it overflows.
    T G = std::tgamma(A);
    IntOut[LgammaSign] = std::isnan(G) || !(G < 0) ? 1 : -1;
    return std::lgamma(A);
  }
  case Maxmag:
    return std::fabs(A) > std::fabs(B)   ? A
           : std::fabs(B) > std::fabs(A) ? B
                                         : std::fmax(A, B);
  case Minmag:
    return std::fabs(A) < std::fabs(B)   ? A
           : std::fabs(B) < std::fabs(A) ? B
                                         : std::fmin(A, B);
  case Pown:
    return Narrow(std::pow(LD(A), LD(K)));
  case Rootn: // a zero keeps its sign for odd n
    if (K == 0 || (A < 0 && K % 2 == 0))
      return std::numeric_limits<T>::quiet_NaN();
    return Narrow((std::signbit(A) && K % 2 ? -1 : 1) *
                  std::pow(std::fabs(LD(A)), 1 / LD(K)));
  case Acospi:
    return Narrow(std::acos(LD(A)) / PiL);
  case Asinpi:
    return Narrow(std::asin(LD(A)) / PiL);
  case Atanpi:
    return Narrow(std::atan(LD(A)) / PiL);
  case Atan2pi:
    return Narrow(std::atan2(LD(A), LD(B)) / PiL);
  case Nan: {
    // A quiet NaN: all-ones exponent, top significand bit, then the code.
    using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    constexpr int Mantissa = std::numeric_limits<T>::digits - 1;
    U Bits = (((U(1) << (sizeof(T) * 8 - 1 - Mantissa)) - 1) << Mantissa) |
             (U(1) << (Mantissa - 1)) | (U(K) & ((U(1) << (Mantissa - 1)) - 1));
    T R;
    std::memcpy(&R, &Bits, sizeof(R));
    return R;
  }
  }
  return T(0);
}

template <typename T>
bool agrees(int F, T Got, T Want, T A, T B, T C, double &Worst) {
  Rule R = ruleOf(F);
  switch (R.Kind) {
  case Compare::Exact:
    return vecmath::sameBits(Got, Want);
  case Compare::Value:
    return vecmath::sameBits(Got, Want) || Got == Want;
  case Compare::Mad: {
    T Product = A * B;
    T Unfused = Product + C;
    return vecmath::sameBits(Got, Want) || vecmath::sameBits(Got, Unfused);
  }
  case Compare::Ulp: {
    double U = vecmath::ulps(Got, Want);
    if (U > Worst && U < 1e30)
      Worst = U;
    return U <= R.Tolerance;
  }
  }
  return false;
}

/// Runs kernels 1 and 2 on M inputs per function and checks every result.
template <typename T> int runMath(sycl::queue &Q, const char *Type) {
  constexpr bool IsFloat = std::is_same_v<T, float>;
  const size_t M = 1024 + 12;
  T *In = sycl::malloc_shared<T>(NumFuncs * 3 * M, Q);
  int *IntIn = sycl::malloc_shared<int>(M, Q);
  T *Out = sycl::malloc_shared<T>(NumFuncs * M, Q);
  int *IntOut = sycl::malloc_shared<int>(NumIntFuncs * M, Q);
  T *VecOut = sycl::malloc_shared<T>(NumFuncs * M, Q);
  int *VecIntOut = sycl::malloc_shared<int>(NumIntFuncs * M, Q);
  for (int F = 0; F < NumFuncs; ++F)
    for (int Arg = 0; Arg < 3; ++Arg)
      for (size_t I = 0; I < M; ++I)
        In[(F * 3 + Arg) * M + I] = inputOf<T>(F, Arg, uint32_t(I));
  for (size_t I = 0; I < M; ++I) {
    IntIn[I] = int(vecmath::hash(uint32_t(I), 77) % 41) - 20;
    if (IntIn[I] == 0)
      IntIn[I] = 3;
  }

  // Kernels 1a - 1d: only vectorizable intrinsics (in kernels small enough
  // to be inlined into the work-item loop), so compiled mode vectorizes them.
  Q.parallel_for(sycl::range<1>(M), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     auto X = [&](int F, int Arg = 0) { return In[(F * 3 + Arg) * M + I]; };
     auto Put = [&](int F, T V) { Out[F * M + I] = V; };
     Put(Sqrt, sycl::sqrt(X(Sqrt)));
     Put(Fabs, sycl::fabs(X(Fabs)));
     Put(Fma, sycl::fma(X(Fma), X(Fma, 1), X(Fma, 2)));
     Put(Floor, sycl::floor(X(Floor)));
     Put(Ceil, sycl::ceil(X(Ceil)));
     Put(Trunc, sycl::trunc(X(Trunc)));
     Put(Round, sycl::round(X(Round)));
     Put(Rint, sycl::rint(X(Rint)));
     Put(Fmin, sycl::fmin(X(Fmin), X(Fmin, 1)));
     Put(Fmax, sycl::fmax(X(Fmax), X(Fmax, 1)));
     Put(Copysign, sycl::copysign(X(Copysign), X(Copysign, 1)));
   }).wait();
  Q.parallel_for(sycl::range<1>(M), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     auto X = [&](int F, int Arg = 0) { return In[(F * 3 + Arg) * M + I]; };
     auto Put = [&](int F, T V) { Out[F * M + I] = V; };
     Put(Exp, sycl::exp(X(Exp)));
     Put(Exp2, sycl::exp2(X(Exp2)));
     Put(Log, sycl::log(X(Log)));
     Put(Log2, sycl::log2(X(Log2)));
     Put(Log10, sycl::log10(X(Log10)));
     Put(Sin, sycl::sin(X(Sin)));
     Put(Cos, sycl::cos(X(Cos)));
     Put(Tan, sycl::tan(X(Tan)));
     Put(Pow, sycl::pow(X(Pow), X(Pow, 1)));
     Put(Mad, sycl::mad(X(Mad), X(Mad, 1), X(Mad, 2)));
     Put(Rsqrt, sycl::rsqrt(X(Rsqrt)));
     Put(Sinpi, sycl::sinpi(X(Sinpi)));
     Put(Cospi, sycl::cospi(X(Cospi)));
   }).wait();
  if constexpr (IsFloat) {
    Q.parallel_for(sycl::range<1>(M), [=](sycl::id<1> Id) {
       size_t I = Id[0];
       auto X = [&](int F, int Arg = 0) { return In[(F * 3 + Arg) * M + I]; };
       auto Put = [&](int F, T V) { Out[F * M + I] = V; };
       namespace N = sycl::native;
       Put(NativeCos, N::cos(X(NativeCos)));
       Put(NativeDivide, N::divide(X(NativeDivide), X(NativeDivide, 1)));
       Put(NativeExp, N::exp(X(NativeExp)));
       Put(NativeExp2, N::exp2(X(NativeExp2)));
       Put(NativeExp10, N::exp10(X(NativeExp10)));
       Put(NativeLog, N::log(X(NativeLog)));
       Put(NativeLog2, N::log2(X(NativeLog2)));
       Put(NativeLog10, N::log10(X(NativeLog10)));
       Put(NativePowr, N::powr(X(NativePowr), X(NativePowr, 1)));
       Put(NativeRecip, N::recip(X(NativeRecip)));
       Put(NativeRsqrt, N::rsqrt(X(NativeRsqrt)));
       Put(NativeSin, N::sin(X(NativeSin)));
       Put(NativeSqrt, N::sqrt(X(NativeSqrt)));
       Put(NativeTan, N::tan(X(NativeTan)));
     }).wait();
    Q.parallel_for(sycl::range<1>(M), [=](sycl::id<1> Id) {
       size_t I = Id[0];
       auto X = [&](int F, int Arg = 0) { return In[(F * 3 + Arg) * M + I]; };
       auto Put = [&](int F, T V) { Out[F * M + I] = V; };
       namespace H = sycl::half_precision;
       Put(HalfCos, H::cos(X(HalfCos)));
       Put(HalfDivide, H::divide(X(HalfDivide), X(HalfDivide, 1)));
       Put(HalfExp, H::exp(X(HalfExp)));
       Put(HalfExp2, H::exp2(X(HalfExp2)));
       Put(HalfExp10, H::exp10(X(HalfExp10)));
       Put(HalfLog, H::log(X(HalfLog)));
       Put(HalfLog2, H::log2(X(HalfLog2)));
       Put(HalfLog10, H::log10(X(HalfLog10)));
       Put(HalfPowr, H::powr(X(HalfPowr), X(HalfPowr, 1)));
       Put(HalfRecip, H::recip(X(HalfRecip)));
       Put(HalfRsqrt, H::rsqrt(X(HalfRsqrt)));
       Put(HalfSin, H::sin(X(HalfSin)));
       Put(HalfSqrt, H::sqrt(X(HalfSqrt)));
       Put(HalfTan, H::tan(X(HalfTan)));
     }).wait();
  }

  // Kernel 2: the C library's functions and what is built from them.
  Q.parallel_for(sycl::range<1>(M), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     auto X = [&](int F, int Arg = 0) { return In[(F * 3 + Arg) * M + I]; };
     auto Put = [&](int F, T V) { Out[F * M + I] = V; };
     auto PutInt = [&](int F, int V) { IntOut[F * M + I] = V; };
     const int K = IntIn[I];
     Put(Asin, sycl::asin(X(Asin)));
     Put(Acos, sycl::acos(X(Acos)));
     Put(Atan, sycl::atan(X(Atan)));
     Put(Sinh, sycl::sinh(X(Sinh)));
     Put(Cosh, sycl::cosh(X(Cosh)));
     Put(Tanh, sycl::tanh(X(Tanh)));
     Put(Acosh, sycl::acosh(X(Acosh)));
     Put(Asinh, sycl::asinh(X(Asinh)));
     Put(Atanh, sycl::atanh(X(Atanh)));
     Put(Cbrt, sycl::cbrt(X(Cbrt)));
     Put(Erf, sycl::erf(X(Erf)));
     Put(Erfc, sycl::erfc(X(Erfc)));
     Put(Expm1, sycl::expm1(X(Expm1)));
     Put(Log1p, sycl::log1p(X(Log1p)));
     Put(Logb, sycl::logb(X(Logb)));
     Put(Tgamma, sycl::tgamma(X(Tgamma)));
     Put(Lgamma, sycl::lgamma(X(Lgamma)));
     Put(Atan2, sycl::atan2(X(Atan2), X(Atan2, 1)));
     Put(Fdim, sycl::fdim(X(Fdim), X(Fdim, 1)));
     Put(Fmod, sycl::fmod(X(Fmod), X(Fmod, 1)));
     Put(Hypot, sycl::hypot(X(Hypot), X(Hypot, 1)));
     Put(Nextafter, sycl::nextafter(X(Nextafter), X(Nextafter, 1)));
     Put(Remainder, sycl::remainder(X(Remainder), X(Remainder, 1)));
     Put(Exp10, sycl::exp10(X(Exp10)));
     Put(Ldexp, sycl::ldexp(X(Ldexp), K));
     int Exponent;
     Put(Frexp, sycl::frexp(X(Frexp), &Exponent));
     PutInt(FrexpExp, Exponent);
     T Whole;
     Put(Modf, sycl::modf(X(Modf), &Whole));
     Put(ModfWhole, Whole);
     T Floor;
     Put(Fract, sycl::fract(X(Fract), &Floor));
     Put(FractFloor, Floor);
     int Quotient;
     Put(Remquo, sycl::remquo(X(Remquo), X(Remquo, 1), &Quotient));
     PutInt(RemquoQuo, Quotient);
     int Sign;
     Put(LgammaR, sycl::lgamma_r(X(LgammaR), &Sign));
     PutInt(LgammaSign, Sign);
     T Cosine;
     Put(SincosSin, sycl::sincos(X(SincosSin), &Cosine));
     Put(SincosCos, Cosine);
     Put(Maxmag, sycl::maxmag(X(Maxmag), X(Maxmag, 1)));
     Put(Minmag, sycl::minmag(X(Minmag), X(Minmag, 1)));
     Put(Pown, sycl::pown(X(Pown), K));
     Put(Powr, sycl::powr(X(Powr), X(Powr, 1)));
     Put(Rootn, sycl::rootn(X(Rootn), K));
     Put(Acospi, sycl::acospi(X(Acospi)));
     Put(Asinpi, sycl::asinpi(X(Asinpi)));
     Put(Atanpi, sycl::atanpi(X(Atanpi)));
     Put(Atan2pi, sycl::atan2pi(X(Atan2pi), X(Atan2pi, 1)));
     Put(Tanpi, sycl::tanpi(X(Tanpi)));
     PutInt(Ilogb, sycl::ilogb(X(Logb)));
     if constexpr (IsFloat)
       Put(Nan, sycl::nan(uint32_t(I)));
     else
       Put(Nan, sycl::nan(uint64_t(I)));
   }).wait();

  // Kernel 3: the same through vec<T, 4> (and swizzles) and marray<T, 4>.
  Q.parallel_for(sycl::range<1>(M / 4), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     using V = sycl::vec<T, 4>;
     using MA = sycl::marray<T, 4>;
     using IV = sycl::vec<int32_t, 4>;
     auto X = [&](int F, int Arg = 0) {
       V R;
       R.load((F * 3 + Arg) * (M / 4) + I, In);
       return R;
     };
     auto XM = [&](int F, int Arg = 0) {
       MA R;
       for (int J = 0; J < 4; ++J)
         R[J] = In[(F * 3 + Arg) * M + I * 4 + J];
       return R;
     };
     auto Put = [&](int F, const V &R) { R.store(F * (M / 4) + I, VecOut); };
     auto PutM = [&](int F, const MA &R) {
       for (int J = 0; J < 4; ++J)
         VecOut[F * M + I * 4 + J] = R[J];
     };
     auto PutInt = [&](int F, const IV &R) {
       R.store(F * (M / 4) + I, VecIntOut);
     };
     IV K;
     K.load(I, IntIn);
     Put(Sqrt, sycl::sqrt(X(Sqrt)));
     Put(Fma, sycl::fma(X(Fma), X(Fma, 1), X(Fma, 2)));
     Put(Fmax, sycl::fmax(X(Fmax), X(Fmax, 1)));
     Put(Exp, sycl::exp(X(Exp)));
     Put(Sin, sycl::sin(X(Sin)));
     Put(Pow, sycl::pow(X(Pow), X(Pow, 1)));
     Put(Cospi, sycl::cospi(X(Cospi)));
     V Floors = X(Floor);
     Put(Floor, sycl::floor(Floors.wzyx()).wzyx());
     Put(Ldexp, sycl::ldexp(X(Ldexp), K));
     IV Exponent;
     Put(Frexp, sycl::frexp(X(Frexp), &Exponent));
     PutInt(FrexpExp, Exponent);
     V Cosine;
     Put(SincosSin, sycl::sincos(X(SincosSin), &Cosine));
     Put(SincosCos, Cosine);
     IV Quotient;
     Put(Remquo, sycl::remquo(X(Remquo), X(Remquo, 1), &Quotient));
     PutInt(RemquoQuo, Quotient);
     PutInt(Ilogb, sycl::ilogb(X(Logb)));
     PutM(Log, sycl::log(XM(Log)));
     PutM(Fmin, sycl::fmin(XM(Fmin), XM(Fmin, 1)));
     PutM(Rootn, sycl::rootn(XM(Rootn), sycl::marray<int, 4>(
                                            K[0], K[1], K[2], K[3])));
     MA Whole;
     PutM(Modf, sycl::modf(XM(Modf), &Whole));
     PutM(ModfWhole, Whole);
     sycl::marray<int, 4> Sign;
     PutM(LgammaR, sycl::lgamma_r(XM(LgammaR), &Sign));
     if constexpr (IsFloat)
       Put(NativeExp, sycl::native::exp(X(NativeExp)));
   }).wait();
  const int VecFuncs[] = {Sqrt,   Fma,       Fmax,      Exp,    Sin,
                          Pow,    Cospi,     Floor,     Ldexp,  Frexp,
                          Remquo, SincosSin, SincosCos, Log,    Fmin,
                          Rootn,  Modf,      ModfWhole, LgammaR};
  const int VecIntFuncs[] = {FrexpExp, RemquoQuo, Ilogb};

  int Rc = 0;
  for (int Pass = 0; Pass < 2; ++Pass) {
    const T *Got = Pass == 0 ? Out : VecOut;
    const int *GotInt = Pass == 0 ? IntOut : VecIntOut;
    for (int F = 0; F < NumFuncs; ++F) {
      bool Checked = Pass == 0 || F == NativeExp;
      for (int G : VecFuncs)
        Checked = Checked || (Pass == 1 && G == F);
      if (!Checked || (!IsFloat && isFast(F)))
        continue;
      size_t Bad = 0;
      double Worst = 0;
      // Second results read the inputs of the call that made them.
      const int Source = F == ModfWhole    ? int(Modf)
                         : F == FractFloor ? int(Fract)
                         : F == SincosCos  ? int(SincosSin)
                                           : F;
      for (size_t I = 0; I < M; ++I) {
        T A = In[(Source * 3) * M + I], B = In[(Source * 3 + 1) * M + I];
        T C = In[(Source * 3 + 2) * M + I];
        int Ints[NumIntFuncs];
        int K = F == Nan ? int(I) : IntIn[I];
        T Want = reference<T>(F, A, B, C, K, Ints);
        T G = Got[F * M + I];
        if (agrees(F, G, Want, A, B, C, Worst))
          continue;
        if (Bad++ < 5)
          std::printf("  %s %s(%.9g, %.9g, %.9g; %d): got %.17g, want %.17g\n",
                      Type, FuncNames[F], double(A), double(B), double(C), K,
                      double(G), double(Want));
      }
      if (Bad) {
        std::printf("%s %s%s: FAIL, %zu of %zu differ\n", Type, FuncNames[F],
                    Pass ? " (vec/marray)" : "", Bad, M);
        Rc = 1;
      } else if (Worst > 0) {
        std::printf("%s %s%s: OK, at most %.0f ulp\n", Type, FuncNames[F],
                    Pass ? " (vec/marray)" : "", Worst);
      }
    }
    // The int results.
    for (int F = 0; F < NumIntFuncs; ++F) {
      bool Checked = Pass == 0;
      for (int G : VecIntFuncs)
        Checked = Checked || (Pass == 1 && G == F);
      if (!Checked)
        continue;
      size_t Bad = 0;
      for (size_t I = 0; I < M; ++I) {
        int Ints[NumIntFuncs] = {};
        int Source = F == Ilogb       ? int(Logb)
                     : F == FrexpExp  ? int(Frexp)
                     : F == RemquoQuo ? int(Remquo)
                                      : int(LgammaR);
        T A = In[(Source * 3) * M + I], B = In[(Source * 3 + 1) * M + I];
        reference<T>(Source, A, B, T(0), 0, Ints);
        int Want = F == Ilogb ? std::ilogb(A) : Ints[F];
        int G = GotInt[F * M + I];
        // Exponents and quotients of infinities and NaNs are unspecified;
        // remquo promises the low bits and the sign of the quotient.
        bool Unspecified = (F == FrexpExp && !std::isfinite(A)) ||
                           (F == RemquoQuo &&
                            std::isnan(std::remainder(A, B)));
        bool Ok = Unspecified ||
                  (F == RemquoQuo ? G % 8 == Want % 8 : G == Want);
        if (!Ok && Bad++ < 5)
          std::printf("  %s %s(%.9g, %.9g): got %d, want %d\n", Type,
                      IntFuncNames[F], double(A), double(B), G, Want);
      }
      if (Bad) {
        std::printf("%s %s%s: FAIL, %zu of %zu differ\n", Type,
                    IntFuncNames[F], Pass ? " (vec)" : "", Bad, M);
        Rc = 1;
      }
    }
  }
  if (!Rc)
    std::printf("%s: every math function OK on %zu inputs each\n", Type, M);
  sycl::free(In, Q);
  sycl::free(IntIn, Q);
  sycl::free(Out, Q);
  sycl::free(IntOut, Q);
  sycl::free(VecOut, Q);
  sycl::free(VecIntOut, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runMath<float>(Q, "float");
  Rc |= runMath<double>(Q, "double");
  return Rc;
}
