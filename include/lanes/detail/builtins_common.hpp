//===- lanes/detail/builtins_common.hpp - SYCL common and geometric -------===//
//
/// \file
/// SYCL 2020 4.17.8 (common functions: clamp, degrees, max, min, mix,
/// radians, step, smoothstep, sign) and 4.17.9 (geometric functions:
/// cross, dot, distance, length, normalize and their fast_ forms). max, min
/// and clamp also serve the integer types (4.17.7).
///
/// Products and sums are separate statements, never one expression, so no
/// compiler contracts them into fused multiply-adds: the compiled and the
/// library-only builds give the same bits. dot adds the products in
/// element order.
///
/// On sycl::half the common functions compute in half, each operation
/// rounded (degrees and radians in float, one rounding), and the geometric
/// ones accumulate in float (length and distance in double) and round
/// their result to half: products of halves are exact in float, and a sum of
/// squares above 65504, which would make length and normalize infinite in
/// half, stays finite.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_BUILTINS_COMMON_HPP
#define LANES_DETAIL_BUILTINS_COMMON_HPP

#include "lanes/detail/builtin_types.hpp"
#include "lanes/detail/math_half.hpp"
#include "lanes/detail/math_scalar.hpp"
#include "sycl/half.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace lanes::detail {

/// The element types max, min and clamp take.
template <typename T>
inline constexpr bool IsGenNumber = IsGenInt<T> || IsGenFloat<T>;

namespace common {

template <typename T> T max(T X, T Y) { return X < Y ? Y : X; }
template <typename T> T min(T X, T Y) { return Y < X ? Y : X; }

/// fmin(fmax(x, lo), hi) for floating point, min(max(x, lo), hi) else.
template <typename T> T clamp(T X, T Lo, T Hi) {
  if constexpr (IsFloatingPoint<T>)
    return math::fmin(math::fmax(X, Lo), Hi);
  else
    return min(max(X, Lo), Hi);
}

/// The type degrees and radians multiply in: float for half (the factor
/// rounded to half would cost a quarter of an ulp), F otherwise.
template <typename F> using ScaleT = std::conditional_t<IsHalf<F>, float, F>;

template <typename F> F degrees(F Radians) {
  using S = ScaleT<F>;
  return F(S(57.295779513082320876798154814105) * S(Radians));
}
template <typename F> F radians(F Degrees) {
  using S = ScaleT<F>;
  return F(S(0.017453292519943295769236907684886) * S(Degrees));
}

/// x + (y - x) * a.
template <typename F> F mix(F X, F Y, F A) {
  F Diff = Y - X;
  F Scaled = Diff * A;
  return X + Scaled;
}

template <typename F> F step(F Edge, F X) { return X < Edge ? F(0) : F(1); }

/// t * t * (3 - 2 * t) for t = clamp((x - edge0) / (edge1 - edge0), 0, 1).
template <typename F> F smoothstep(F Edge0, F Edge1, F X) {
  F T = clamp((X - Edge0) / (Edge1 - Edge0), F(0), F(1));
  F TwoT = F(2) * T;
  F Poly = F(3) - TwoT;
  F Square = T * T;
  return Square * Poly;
}

/// 1 or -1 by the sign of x, x itself for zeros, 0 for NaN.
template <typename F> F sign(F X) {
  return X > F(0) ? F(1) : X < F(0) ? F(-1) : X == X ? X : F(0);
}

} // namespace common

/// The type the geometric functions compute in: float for half, the
/// element type otherwise.
template <typename T>
using GeometricT = std::conditional_t<IsHalf<ElementT<T>>, float, ElementT<T>>;

/// p0 . p1 in GeometricT, the products added in element order.
template <typename T>
GeometricT<T> dotOf(const ValueT<T> &A, const ValueT<T> &B) {
  using G = GeometricT<T>;
  if constexpr (IsScalarArg<T>) {
    return G(A) * G(B);
  } else {
    G Sum = G(A[0]) * G(B[0]);
    for (size_t I = 1; I < A.size(); ++I) {
      G Product = G(A[I]) * G(B[I]);
      Sum += Product;
    }
    return Sum;
  }
}

/// Exact powers of two Down and Up = 1 / Down for a sum of squares of the
/// \p Count elements Element(I): Down brings the largest |Element(I)| near
/// 1. Its exponent is read from its bits, with no branch, so that a loop
/// around stays vector code; both are kept normal numbers, so infinities
/// and NaNs pass through. Scaled by Down the squares cannot overflow, nor
/// underflow where it matters, and where the plain sum does neither, the
/// scaled one is it times Down^2, to the bit.
template <typename G> struct RangeScale { G Down, Up; };
template <typename G, typename ElementFn>
RangeScale<G> rangeScale(size_t Count, const ElementFn &Element) {
  using Bits = std::conditional_t<std::is_same_v<G, float>, std::uint32_t,
                                  std::uint64_t>;
  constexpr int Mantissa = std::numeric_limits<G>::digits - 1;
  constexpr Bits TwiceBias = 2 * Bits(std::numeric_limits<G>::max_exponent - 1);
  constexpr Bits Magnitude = ~Bits(0) >> 1;
  Bits Largest = 0;
  for (size_t I = 0; I < Count; ++I)
    Largest =
        std::max(Largest, Bits(math::bitCast<Bits>(Element(I)) & Magnitude));
  Bits Exponent =
      std::clamp(Bits(Largest >> Mantissa), Bits(1), Bits(TwiceBias - 1));
  return {math::bitCast<G>(Bits((TwiceBias - Exponent) << Mantissa)),
          math::bitCast<G>(Bits(Exponent << Mantissa))};
}

/// (Element(0) * Scale)^2 + ... for the \p Count elements, in element
/// order (+ 0 is exact: the squares are not -0).
template <typename G, typename ElementFn>
G squaresTimes(size_t Count, const ElementFn &Element, G Scale) {
  G Sum = G(0);
  for (size_t I = 0; I < Count; ++I) {
    G E = Element(I) * Scale;
    G Square = E * E;
    Sum += Square;
  }
  return Sum;
}

/// sqrt(Element(0)^2 + ...), finite wherever the result is: the sum taken
/// scaled by rangeScale, so where it does not overflow or underflow the
/// result is the plain formula's to the bit.
template <typename G, typename ElementFn>
G lengthOf(size_t Count, const ElementFn &Element) {
  RangeScale<G> Scale = rangeScale<G>(Count, Element);
  return math::sqrt(squaresTimes(Count, Element, Scale.Down)) * Scale.Up;
}

/// p scaled by \p Factor element-wise (p * Factor), in GeometricT.
template <typename T>
ValueT<T> scaled(const ValueT<T> &P, GeometricT<T> Factor) {
  using G = GeometricT<T>;
  return elementwise<ValueT<T>>(
      [Factor](auto E) { return ElementT<T>(G(E) * Factor); }, P);
}

/// The geometric argument types: float, double, half, and vecs, swizzles and
/// marrays of 2 to 4 of them. Float marks the fast_ forms (float only).
template <typename T, bool FloatOnly = false>
inline constexpr bool IsGeometric =
    IsGenFloat<T> && (!FloatOnly || std::is_same_v<ElementT<T>, float>) &&
    (IsScalarArg<T> || (countOf<T>() >= 2 && countOf<T>() <= 4));

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// max and min of integers or floating point, element-wise, also with one
/// scalar for every element.
#define LANES_MIN_MAX(Name)                                                    \
  template <typename T1, typename T2,                                          \
            lanes::detail::EnableIf<lanes::detail::IsGenNumber<T1> &&          \
                                    lanes::detail::SameValue<T1, T2>> = 0>     \
  lanes::detail::ValueT<T1> Name(const T1 &X, const T2 &Y) {                   \
    return lanes::detail::elementwise<lanes::detail::ValueT<T1>>(              \
        [](auto A, auto B) { return lanes::detail::common::Name(A, B); }, X,   \
        Y);                                                                    \
  }                                                                            \
  template <typename T, lanes::detail::EnableIf<                               \
                            lanes::detail::IsGenNumber<T> &&                   \
                            lanes::detail::IsNonScalarArg<T>> = 0>             \
  lanes::detail::ValueT<T> Name(const T &X, lanes::detail::ElementT<T> Y) {    \
    return Name(X, lanes::detail::ValueT<T>(Y));                               \
  }
LANES_MIN_MAX(max)
LANES_MIN_MAX(min)
#undef LANES_MIN_MAX

/// x limited to [lo, hi], element-wise, also with scalar bounds.
template <typename T1, typename T2, typename T3,
          lanes::detail::EnableIf<lanes::detail::IsGenNumber<T1> &&
                                  lanes::detail::SameValue<T1, T2, T3>> = 0>
lanes::detail::ValueT<T1> clamp(const T1 &X, const T2 &Lo, const T3 &Hi) {
  return lanes::detail::elementwise<lanes::detail::ValueT<T1>>(
      [](auto A, auto L, auto H) { return lanes::detail::common::clamp(A, L, H); },
      X, Lo, Hi);
}
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsGenNumber<T> &&
                                  lanes::detail::IsNonScalarArg<T>> = 0>
lanes::detail::ValueT<T> clamp(const T &X, lanes::detail::ElementT<T> Lo,
                               lanes::detail::ElementT<T> Hi) {
  using V = lanes::detail::ValueT<T>;
  return clamp(X, V(Lo), V(Hi));
}

#define LANES_COMMON_1(Name)                                                   \
  template <typename T,                                                        \
            lanes::detail::EnableIf<lanes::detail::IsGenFloat<T>> = 0>         \
  lanes::detail::ValueT<T> Name(const T &X) {                                  \
    return lanes::detail::elementwise<lanes::detail::ValueT<T>>(               \
        [](auto E) { return lanes::detail::common::Name(E); }, X);             \
  }
LANES_COMMON_1(degrees)
LANES_COMMON_1(radians)
LANES_COMMON_1(sign)
#undef LANES_COMMON_1

/// The blend x + (y - x) * a, with a per element or one for all.
template <typename T1, typename T2, typename T3,
          lanes::detail::EnableIf<lanes::detail::IsGenFloat<T1> &&
                                  lanes::detail::SameValue<T1, T2> &&
                                  (lanes::detail::SameValue<T1, T3> ||
                                   (lanes::detail::IsNonScalarArg<T1> &&
                                    lanes::detail::IsArithmetic<T3>))> = 0>
lanes::detail::ValueT<T1> mix(const T1 &X, const T2 &Y, const T3 &A) {
  using E = lanes::detail::ElementT<T1>;
  return lanes::detail::elementwise<lanes::detail::ValueT<T1>>(
      [](E P, E Q, E R) { return lanes::detail::common::mix(P, Q, R); }, X, Y,
      lanes::detail::ValueT<T3>(A));
}

/// 0 where x < edge, 1 elsewhere; edge per element or one for all.
template <typename T1, typename T2,
          lanes::detail::EnableIf<lanes::detail::IsGenFloat<T2> &&
                                  (lanes::detail::SameValue<T1, T2> ||
                                   (lanes::detail::IsNonScalarArg<T2> &&
                                    lanes::detail::IsArithmetic<T1>))> = 0>
lanes::detail::ValueT<T2> step(const T1 &Edge, const T2 &X) {
  using E = lanes::detail::ElementT<T2>;
  return lanes::detail::elementwise<lanes::detail::ValueT<T2>>(
      [](E P, E Q) { return lanes::detail::common::step(P, Q); },
      lanes::detail::ValueT<T1>(Edge), X);
}

/// Hermite interpolation between 0 and 1 as x goes from edge0 to edge1;
/// edges per element or one pair for all.
template <typename T1, typename T2, typename T3,
          lanes::detail::EnableIf<lanes::detail::IsGenFloat<T3> &&
                                  lanes::detail::SameValue<T1, T2> &&
                                  (lanes::detail::SameValue<T1, T3> ||
                                   (lanes::detail::IsNonScalarArg<T3> &&
                                    lanes::detail::IsArithmetic<T1>))> = 0>
lanes::detail::ValueT<T3> smoothstep(const T1 &Edge0, const T2 &Edge1,
                                     const T3 &X) {
  using E = lanes::detail::ElementT<T3>;
  return lanes::detail::elementwise<lanes::detail::ValueT<T3>>(
      [](E P, E Q, E R) { return lanes::detail::common::smoothstep(P, Q, R); },
      lanes::detail::ValueT<T1>(Edge0), lanes::detail::ValueT<T2>(Edge1), X);
}

//===----------------------------------------------------------------------===//
// 4.17.9 Geometric functions
//===----------------------------------------------------------------------===//

/// The cross product of the first three elements (the fourth is 0).
template <typename T1, typename T2,
          lanes::detail::EnableIf<lanes::detail::IsGenFloat<T1> &&
                                  lanes::detail::IsNonScalarArg<T1> &&
                                  lanes::detail::SameValue<T1, T2>> = 0>
lanes::detail::ValueT<T1> cross(const T1 &P0, const T2 &P1) {
  using V = lanes::detail::ValueT<T1>;
  static_assert(V::size() == 3 || V::size() == 4,
                "sycl::cross takes 3 or 4 elements");
  using G = lanes::detail::GeometricT<T1>;
  const V A = P0, B = P1;
  V Res;
  for (int I = 0; I < 3; ++I) {
    int J = (I + 1) % 3, K = (I + 2) % 3;
    G Left = G(A[J]) * G(B[K]);
    G Right = G(A[K]) * G(B[J]);
    Res[I] = lanes::detail::ElementT<T1>(Left - Right);
  }
  return Res;
}

template <typename T1, typename T2,
          lanes::detail::EnableIf<lanes::detail::IsGeometric<T1> &&
                                  lanes::detail::SameValue<T1, T2>> = 0>
lanes::detail::ElementT<T1> dot(const T1 &P0, const T2 &P1) {
  return lanes::detail::ElementT<T1>(lanes::detail::dotOf<T1>(P0, P1));
}

/// sqrt(dot(p, p)), finite wherever the result is.
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsGeometric<T>> = 0>
lanes::detail::ElementT<T> length(const T &P) {
  using G = lanes::detail::GeometricT<T>;
  lanes::detail::ValueT<T> V(P);
  return lanes::detail::ElementT<T>(
      lanes::detail::lengthOf<G>(lanes::detail::countOf<T>(), [&V](size_t I) {
        return G(lanes::detail::elementOf(V, I));
      }));
}

/// length(p0 - p1), the differences taken in GeometricT.
template <typename T1, typename T2,
          lanes::detail::EnableIf<lanes::detail::IsGeometric<T1> &&
                                  lanes::detail::SameValue<T1, T2>> = 0>
lanes::detail::ElementT<T1> distance(const T1 &P0, const T2 &P1) {
  using G = lanes::detail::GeometricT<T1>;
  lanes::detail::ValueT<T1> A(P0), B(P1);
  return lanes::detail::ElementT<T1>(lanes::detail::lengthOf<G>(
      lanes::detail::countOf<T1>(), [&A, &B](size_t I) {
        return G(lanes::detail::elementOf(A, I)) -
               G(lanes::detail::elementOf(B, I));
      }));
}

/// p / length(p), as OpenCL 1.2 7.5.1 has it: p itself when all elements
/// are zero, NaN everywhere when one is NaN, and when some are infinite
/// the direction of those alone (each +-1, the others +-0, normalized).
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsGeometric<T>> = 0>
lanes::detail::ValueT<T> normalize(const T &P) {
  using E = lanes::detail::ElementT<T>;
  using G = lanes::detail::GeometricT<T>;
  lanes::detail::ValueT<T> V(P);
  constexpr size_t Count = lanes::detail::countOf<T>();
  auto Element = [&V](size_t I) { return G(lanes::detail::elementOf(V, I)); };
  G Scale = lanes::detail::rangeScale<G>(Count, Element).Down;
  G Length = lanes::detail::math::sqrt(
      lanes::detail::squaresTimes(Count, Element, Scale));
  if (Length == G(0))
    return V;
  if (Length == std::numeric_limits<G>::infinity()) {
    G Infinities = G(0);
    for (size_t I = 0; I < Count; ++I)
      Infinities += lanes::detail::math::fabs(Element(I)) == Length;
    G Root = lanes::detail::math::sqrt(Infinities);
    return lanes::detail::elementwise<lanes::detail::ValueT<T>>(
        [Length, Root](E X) {
          G Y = G(X);
          return E(lanes::detail::math::fabs(Y) == Length
                       ? lanes::detail::math::copysign(G(1), Y) / Root
                       : Y * G(0));
        },
        V);
  }
  return lanes::detail::elementwise<lanes::detail::ValueT<T>>(
      [Length, Scale](E X) { return E(G(X) * Scale / Length); }, V);
}

/// The fast_ forms (float only): the same computations.
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsGeometric<T, true>> = 0>
float fast_length(const T &P) {
  return length(P);
}
template <typename T1, typename T2,
          lanes::detail::EnableIf<lanes::detail::IsGeometric<T1, true> &&
                                  lanes::detail::SameValue<T1, T2>> = 0>
float fast_distance(const T1 &P0, const T2 &P1) {
  return distance(P0, P1);
}
/// p * rsqrt(dot(p, p)); p itself when all elements are zero.
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsGeometric<T, true>> = 0>
lanes::detail::ValueT<T> fast_normalize(const T &P) {
  float Sum = lanes::detail::dotOf<T>(P, P);
  if (Sum == 0.0f)
    return P;
  return lanes::detail::scaled<T>(P, lanes::detail::math::rsqrt(Sum));
}

} // namespace _V1
} // namespace sycl

#endif // LANES_DETAIL_BUILTINS_COMMON_HPP
