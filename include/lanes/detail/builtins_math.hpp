//===- lanes/detail/builtins_math.hpp - SYCL math built-in functions ------===//
//
/// \file
/// SYCL 2020 4.17.5 (math functions) and 4.17.6 (sycl::half_precision and
/// sycl::native) on float, double, sycl::half and vecs, swizzles and
/// marrays of them. The scalar work is lanes/detail/math_scalar.hpp's
/// (math_half.hpp's for half, mostly through float); the macros here only
/// spell out the overloads the specification lists for each shape of
/// arguments: float, double and half, and one template over the non-scalar
/// types (returning the vec behind a swizzle).
///
/// native:: and half_precision:: (float only) are the same functions as
/// sycl:: (divide and recip plain division, rsqrt 1 / sqrt): the full
/// precision versions are already the vectorizable ones, so they cost
/// nothing extra and meet any precision the specification allows.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_BUILTINS_MATH_HPP
#define LANES_DETAIL_BUILTINS_MATH_HPP

#include "lanes/detail/builtin_types.hpp"
#include "lanes/detail/math_half.hpp"
#include "lanes/detail/math_scalar.hpp"
#include "sycl/half.hpp"
#include "sycl/multi_ptr.hpp"

#include <cstdint>
#include <type_traits>

namespace lanes::detail {

/// Whether Ptr is Target * or a multi_ptr to Target: the out-parameters
/// of fract, frexp, lgamma_r, modf, remquo and sincos.
template <typename Ptr, typename Target> struct PointsToImpl : std::false_type {};
template <typename Target>
struct PointsToImpl<Target *, Target> : std::true_type {};
template <typename Target, sycl::access::address_space Space,
          sycl::access::decorated Decorated>
struct PointsToImpl<sycl::multi_ptr<Target, Space, Decorated>, Target>
    : std::true_type {};
template <typename Ptr, typename Target>
inline constexpr bool PointsTo = PointsToImpl<Ptr, Target>::value;

/// F(x[i], out[i]) for each element, the outs stored through \p Out.
template <typename OutT, typename T, typename Ptr, typename Fn>
ValueT<T> mapWithOut(Fn F, const ValueT<T> &X, Ptr Out) {
  ValueT<T> Res;
  OutT Outs;
  for (size_t I = 0; I < Res.size(); ++I)
    Res[I] = F(X[I], Outs[I]);
  *Out = Outs;
  return Res;
}

} // namespace lanes::detail

// float, double, half and the element-wise form over vecs, swizzles and
// marrays.
#define LANES_FLOAT_1(Name, Impl)                                              \
  inline float Name(float X) { return Impl(X); }                               \
  inline double Name(double X) { return Impl(X); }                             \
  inline half Name(half X) { return Impl(X); }                                 \
  template <typename T,                                                        \
            lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T>> = 0>   \
  lanes::detail::ValueT<T> Name(const T &X) {                                  \
    return lanes::detail::mapElements<lanes::detail::ValueT<T>>(               \
        [](auto E) { return Impl(E); }, X);                                    \
  }
#define LANES_FLOAT_2(Name, Impl)                                              \
  inline float Name(float X, float Y) { return Impl(X, Y); }                   \
  inline double Name(double X, double Y) { return Impl(X, Y); }                \
  inline half Name(half X, half Y) { return Impl(X, Y); }                      \
  template <typename T1, typename T2,                                          \
            lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T1> &&     \
                                    lanes::detail::SameValue<T1, T2>> = 0>     \
  lanes::detail::ValueT<T1> Name(const T1 &X, const T2 &Y) {                   \
    return lanes::detail::mapElements<lanes::detail::ValueT<T1>>(              \
        [](auto A, auto B) { return Impl(A, B); }, X, Y);                      \
  }
#define LANES_FLOAT_3(Name, Impl)                                              \
  inline float Name(float A, float B, float C) { return Impl(A, B, C); }       \
  inline double Name(double A, double B, double C) { return Impl(A, B, C); }   \
  inline half Name(half A, half B, half C) { return Impl(A, B, C); }           \
  template <typename T1, typename T2, typename T3,                             \
            lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T1> &&     \
                                    lanes::detail::SameValue<T1, T2, T3>> = 0> \
  lanes::detail::ValueT<T1> Name(const T1 &A, const T2 &B, const T3 &C) {      \
    return lanes::detail::mapElements<lanes::detail::ValueT<T1>>(              \
        [](auto X, auto Y, auto Z) { return Impl(X, Y, Z); }, A, B, C);        \
  }
/// A second argument of int (vec<int32_t> / marray<int> element-wise, or
/// one int for all elements).
#define LANES_FLOAT_INT(Name, Impl)                                            \
  inline float Name(float X, int K) { return Impl(X, K); }                     \
  inline double Name(double X, int K) { return Impl(X, K); }                   \
  inline half Name(half X, int K) { return Impl(X, K); }                       \
  template <                                                                   \
      typename T1, typename T2,                                                \
      lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T1> &&           \
                              (std::is_same_v<T2, int> ||                      \
                               lanes::detail::SameValue<                       \
                                   lanes::detail::RebindT<T1, int>, T2>)> = 0> \
  lanes::detail::ValueT<T1> Name(const T1 &X, const T2 &K) {                   \
    return lanes::detail::mapElements<lanes::detail::ValueT<T1>>(              \
        [](auto E, int N) { return Impl(E, N); }, X, K);                       \
  }
/// An out-parameter of OutScalar (float: the argument's type) per element.
#define LANES_FLOAT_OUT(Name, OutScalar, Impl)                                 \
  template <typename Ptr,                                                      \
            lanes::detail::EnableIf<lanes::detail::PointsTo<                   \
                Ptr, std::conditional_t<std::is_void_v<OutScalar>, float,      \
                                        OutScalar>>> = 0>                      \
  float Name(float X, Ptr Out) {                                               \
    std::conditional_t<std::is_void_v<OutScalar>, float, OutScalar> O;         \
    float R = Impl(X, O);                                                      \
    *Out = O;                                                                  \
    return R;                                                                  \
  }                                                                            \
  template <typename Ptr,                                                      \
            lanes::detail::EnableIf<lanes::detail::PointsTo<                   \
                Ptr, std::conditional_t<std::is_void_v<OutScalar>, double,     \
                                        OutScalar>>> = 0>                      \
  double Name(double X, Ptr Out) {                                             \
    std::conditional_t<std::is_void_v<OutScalar>, double, OutScalar> O;        \
    double R = Impl(X, O);                                                     \
    *Out = O;                                                                  \
    return R;                                                                  \
  }                                                                            \
  template <typename Ptr,                                                      \
            lanes::detail::EnableIf<lanes::detail::PointsTo<                   \
                Ptr, std::conditional_t<std::is_void_v<OutScalar>, half,       \
                                        OutScalar>>> = 0>                      \
  half Name(half X, Ptr Out) {                                                 \
    std::conditional_t<std::is_void_v<OutScalar>, half, OutScalar> O;          \
    half R = Impl(X, O);                                                       \
    *Out = O;                                                                  \
    return R;                                                                  \
  }                                                                            \
  template <typename T, typename Ptr,                                          \
            typename OutT = lanes::detail::RebindT<                            \
                T, std::conditional_t<std::is_void_v<OutScalar>,               \
                                      lanes::detail::ElementT<T>, OutScalar>>, \
            lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T> &&      \
                                    lanes::detail::PointsTo<Ptr, OutT>> = 0>   \
  lanes::detail::ValueT<T> Name(const T &X, Ptr Out) {                         \
    return lanes::detail::mapWithOut<OutT, T>(                                 \
        [](auto E, auto &O) { return Impl(E, O); }, X, Out);                   \
  }

namespace sycl {
inline namespace _V1 {

LANES_FLOAT_1(acos, lanes::detail::math::acos)
LANES_FLOAT_1(acosh, lanes::detail::math::acosh)
LANES_FLOAT_1(acospi, lanes::detail::math::acospi)
LANES_FLOAT_1(asin, lanes::detail::math::asin)
LANES_FLOAT_1(asinh, lanes::detail::math::asinh)
LANES_FLOAT_1(asinpi, lanes::detail::math::asinpi)
LANES_FLOAT_1(atan, lanes::detail::math::atan)
LANES_FLOAT_2(atan2, lanes::detail::math::atan2)
LANES_FLOAT_1(atanh, lanes::detail::math::atanh)
LANES_FLOAT_1(atanpi, lanes::detail::math::atanpi)
LANES_FLOAT_2(atan2pi, lanes::detail::math::atan2pi)
LANES_FLOAT_1(cbrt, lanes::detail::math::cbrt)
LANES_FLOAT_1(ceil, lanes::detail::math::ceil)
LANES_FLOAT_2(copysign, lanes::detail::math::copysign)
LANES_FLOAT_1(cos, lanes::detail::math::cos)
LANES_FLOAT_1(cosh, lanes::detail::math::cosh)
LANES_FLOAT_1(cospi, lanes::detail::math::cospi)
LANES_FLOAT_1(erfc, lanes::detail::math::erfc)
LANES_FLOAT_1(erf, lanes::detail::math::erf)
LANES_FLOAT_1(exp, lanes::detail::math::exp)
LANES_FLOAT_1(exp2, lanes::detail::math::exp2)
LANES_FLOAT_1(exp10, lanes::detail::math::exp10)
LANES_FLOAT_1(expm1, lanes::detail::math::expm1)
LANES_FLOAT_1(fabs, lanes::detail::math::fabs)
LANES_FLOAT_2(fdim, lanes::detail::math::fdim)
LANES_FLOAT_1(floor, lanes::detail::math::floor)
LANES_FLOAT_3(fma, lanes::detail::math::fma)
LANES_FLOAT_2(fmax, lanes::detail::math::fmax)
LANES_FLOAT_2(fmin, lanes::detail::math::fmin)
LANES_FLOAT_2(fmod, lanes::detail::math::fmod)
LANES_FLOAT_OUT(fract, void, lanes::detail::math::fract)
LANES_FLOAT_OUT(frexp, int, lanes::detail::math::frexp)
LANES_FLOAT_2(hypot, lanes::detail::math::hypot)
LANES_FLOAT_INT(ldexp, lanes::detail::math::ldexp)
LANES_FLOAT_1(lgamma, lanes::detail::math::lgamma)
LANES_FLOAT_OUT(lgamma_r, int, lanes::detail::math::lgammaR)
LANES_FLOAT_1(log, lanes::detail::math::log)
LANES_FLOAT_1(log2, lanes::detail::math::log2)
LANES_FLOAT_1(log10, lanes::detail::math::log10)
LANES_FLOAT_1(log1p, lanes::detail::math::log1p)
LANES_FLOAT_1(logb, lanes::detail::math::logb)
LANES_FLOAT_3(mad, lanes::detail::math::mad)
LANES_FLOAT_2(maxmag, lanes::detail::math::maxmag)
LANES_FLOAT_2(minmag, lanes::detail::math::minmag)
LANES_FLOAT_OUT(modf, void, lanes::detail::math::modf)
LANES_FLOAT_2(nextafter, lanes::detail::math::nextafter)
LANES_FLOAT_2(pow, lanes::detail::math::pow)
LANES_FLOAT_INT(pown, lanes::detail::math::pown)
LANES_FLOAT_2(powr, lanes::detail::math::powr)
LANES_FLOAT_2(remainder, lanes::detail::math::remainder)
LANES_FLOAT_1(rint, lanes::detail::math::rint)
LANES_FLOAT_INT(rootn, lanes::detail::math::rootn)
LANES_FLOAT_1(round, lanes::detail::math::round)
LANES_FLOAT_1(rsqrt, lanes::detail::math::rsqrt)
LANES_FLOAT_1(sin, lanes::detail::math::sin)
LANES_FLOAT_1(sinh, lanes::detail::math::sinh)
LANES_FLOAT_1(sinpi, lanes::detail::math::sinpi)
LANES_FLOAT_1(sqrt, lanes::detail::math::sqrt)
LANES_FLOAT_1(tan, lanes::detail::math::tan)
LANES_FLOAT_1(tanh, lanes::detail::math::tanh)
LANES_FLOAT_1(tanpi, lanes::detail::math::tanpi)
LANES_FLOAT_1(tgamma, lanes::detail::math::tgamma)
LANES_FLOAT_1(trunc, lanes::detail::math::trunc)

/// fmax and fmin of each element and one scalar.
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T>> = 0>
lanes::detail::ValueT<T> fmax(const T &X, lanes::detail::ElementT<T> Y) {
  return fmax(X, lanes::detail::ValueT<T>(Y));
}
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T>> = 0>
lanes::detail::ValueT<T> fmin(const T &X, lanes::detail::ElementT<T> Y) {
  return fmin(X, lanes::detail::ValueT<T>(Y));
}

/// The exponent of x as an int (vec<int32_t> / marray<int> element-wise).
inline int ilogb(float X) { return lanes::detail::math::ilogb(X); }
inline int ilogb(double X) { return lanes::detail::math::ilogb(X); }
inline int ilogb(half X) { return lanes::detail::math::ilogb(X); }
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsFloatNonScalar<T>> = 0>
lanes::detail::RebindT<T, int> ilogb(const T &X) {
  return lanes::detail::mapElements<lanes::detail::RebindT<T, int>>(
      [](auto E) { return lanes::detail::math::ilogb(E); }, X);
}

/// A quiet NaN with \p Code in its significand: float from 32-bit codes,
/// double from 64-bit ones, half from 16-bit ones.
inline float nan(std::uint32_t Code) {
  return lanes::detail::math::nan<float>(Code);
}
inline double nan(std::uint64_t Code) {
  return lanes::detail::math::nan<double>(Code);
}
inline half nan(std::uint16_t Code) {
  return lanes::detail::math::nan<half>(Code);
}
template <typename T,
          lanes::detail::EnableIf<
              lanes::detail::IsNonScalarArg<T> &&
              (std::is_same_v<lanes::detail::ElementT<T>, std::uint16_t> ||
               std::is_same_v<lanes::detail::ElementT<T>, std::uint32_t> ||
               std::is_same_v<lanes::detail::ElementT<T>, std::uint64_t>)> = 0>
auto nan(const T &Code) {
  using E = lanes::detail::ElementT<T>;
  using F = std::conditional_t<
      std::is_same_v<E, std::uint16_t>, half,
      std::conditional_t<std::is_same_v<E, std::uint32_t>, float, double>>;
  return lanes::detail::mapElements<lanes::detail::RebindT<T, F>>(
      [](auto E) { return lanes::detail::math::nan<F>(E); }, Code);
}

/// sin(x), with cos(x) stored through \p CosVal.
template <typename Ptr, lanes::detail::EnableIf<
                            lanes::detail::PointsTo<Ptr, float>> = 0>
float sincos(float X, Ptr CosVal) {
  *CosVal = lanes::detail::math::cos(X);
  return lanes::detail::math::sin(X);
}
template <typename Ptr, lanes::detail::EnableIf<
                            lanes::detail::PointsTo<Ptr, double>> = 0>
double sincos(double X, Ptr CosVal) {
  *CosVal = lanes::detail::math::cos(X);
  return lanes::detail::math::sin(X);
}
template <typename Ptr,
          lanes::detail::EnableIf<lanes::detail::PointsTo<Ptr, half>> = 0>
half sincos(half X, Ptr CosVal) {
  *CosVal = lanes::detail::math::cos(X);
  return lanes::detail::math::sin(X);
}
template <typename T, typename Ptr,
          lanes::detail::EnableIf<
              lanes::detail::IsFloatNonScalar<T> &&
              lanes::detail::PointsTo<Ptr, lanes::detail::ValueT<T>>> = 0>
lanes::detail::ValueT<T> sincos(const T &X, Ptr CosVal) {
  *CosVal = cos(X);
  return sin(X);
}

/// remainder(x, y), with the low 7 bits of the quotient (signed) stored
/// through \p Quo.
template <typename Ptr,
          lanes::detail::EnableIf<lanes::detail::PointsTo<Ptr, int>> = 0>
float remquo(float X, float Y, Ptr Quo) {
  int Q;
  float R = lanes::detail::math::remquo(X, Y, Q);
  *Quo = Q;
  return R;
}
template <typename Ptr,
          lanes::detail::EnableIf<lanes::detail::PointsTo<Ptr, int>> = 0>
double remquo(double X, double Y, Ptr Quo) {
  int Q;
  double R = lanes::detail::math::remquo(X, Y, Q);
  *Quo = Q;
  return R;
}
template <typename Ptr,
          lanes::detail::EnableIf<lanes::detail::PointsTo<Ptr, int>> = 0>
half remquo(half X, half Y, Ptr Quo) {
  int Q;
  half R = lanes::detail::math::remquo(X, Y, Q);
  *Quo = Q;
  return R;
}
template <typename T1, typename T2, typename Ptr,
          lanes::detail::EnableIf<
              lanes::detail::IsFloatNonScalar<T1> &&
              lanes::detail::SameValue<T1, T2> &&
              lanes::detail::PointsTo<Ptr, lanes::detail::RebindT<T1, int>>> =
              0>
lanes::detail::ValueT<T1> remquo(const T1 &X, const T2 &Y, Ptr Quo) {
  lanes::detail::ValueT<T1> XV = X, YV = Y, Res;
  lanes::detail::RebindT<T1, int> Q;
  for (size_t I = 0; I < Res.size(); ++I)
    Res[I] = lanes::detail::math::remquo(XV[I], YV[I], Q[I]);
  *Quo = Q;
  return Res;
}

} // namespace _V1
} // namespace sycl

// The float-only forms of native:: and half_precision::.
#define LANES_FAST_1(Name, Impl)                                               \
  inline float Name(float X) { return Impl(X); }                               \
  template <typename T,                                                        \
            lanes::detail::EnableIf<                                           \
                lanes::detail::IsNonScalarArg<T> &&                            \
                std::is_same_v<lanes::detail::ElementT<T>, float>> = 0>        \
  lanes::detail::ValueT<T> Name(const T &X) {                                  \
    return lanes::detail::mapElements<lanes::detail::ValueT<T>>(               \
        [](float E) { return Impl(E); }, X);                                   \
  }
#define LANES_FAST_2(Name, Impl)                                               \
  inline float Name(float X, float Y) { return Impl(X, Y); }                   \
  template <typename T1, typename T2,                                          \
            lanes::detail::EnableIf<                                           \
                lanes::detail::IsNonScalarArg<T1> &&                           \
                std::is_same_v<lanes::detail::ElementT<T1>, float> &&          \
                lanes::detail::SameValue<T1, T2>> = 0>                         \
  lanes::detail::ValueT<T1> Name(const T1 &X, const T2 &Y) {                   \
    return lanes::detail::mapElements<lanes::detail::ValueT<T1>>(              \
        [](float A, float B) { return Impl(A, B); }, X, Y);                    \
  }
#define LANES_FAST_FUNCTIONS                                                   \
  LANES_FAST_1(cos, lanes::detail::math::cos)                                  \
  LANES_FAST_2(divide, lanes::detail::math::divide)                            \
  LANES_FAST_1(exp, lanes::detail::math::exp)                                  \
  LANES_FAST_1(exp2, lanes::detail::math::exp2)                                \
  LANES_FAST_1(exp10, lanes::detail::math::exp10)                              \
  LANES_FAST_1(log, lanes::detail::math::log)                                  \
  LANES_FAST_1(log2, lanes::detail::math::log2)                                \
  LANES_FAST_1(log10, lanes::detail::math::log10)                              \
  LANES_FAST_2(powr, lanes::detail::math::powr)                                \
  LANES_FAST_1(recip, lanes::detail::math::recip)                              \
  LANES_FAST_1(rsqrt, lanes::detail::math::rsqrt)                              \
  LANES_FAST_1(sin, lanes::detail::math::sin)                                  \
  LANES_FAST_1(sqrt, lanes::detail::math::sqrt)                                \
  LANES_FAST_1(tan, lanes::detail::math::tan)

namespace sycl {
inline namespace _V1 {
/// SYCL 2020 4.17.6: native precision (here: full precision) math.
namespace native {
LANES_FAST_FUNCTIONS
} // namespace native
/// SYCL 2020 4.17.6: half precision (here: full precision) math.
namespace half_precision {
LANES_FAST_FUNCTIONS
} // namespace half_precision
} // namespace _V1
} // namespace sycl

#undef LANES_FLOAT_1
#undef LANES_FLOAT_2
#undef LANES_FLOAT_3
#undef LANES_FLOAT_INT
#undef LANES_FLOAT_OUT
#undef LANES_FAST_1
#undef LANES_FAST_2
#undef LANES_FAST_FUNCTIONS

#endif // LANES_DETAIL_BUILTINS_MATH_HPP
