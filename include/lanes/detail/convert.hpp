//===- lanes/detail/convert.hpp - Element conversion with rounding modes --===//
//
/// \file
/// sycl::rounding_mode and the conversion of one vec element under it
/// (SYCL 2020 4.14.2.4, vec::convert).
///
/// `automatic` is C++'s static_cast: truncation from floating point to
/// integers, round-to-nearest-even otherwise. Floating point to integer
/// rounds first (rint, trunc, ceil, floor) and then converts, which is
/// exact. An integer to a floating-point type, or a floating-point value to
/// a narrower one (double to float, double or float to sycl::half), in a
/// directed mode converts to nearest and then steps one ulp towards the
/// requested direction when the nearest value lies on the wrong side of the
/// exact one; the comparison with the exact value is done without rounding
/// (an integer against a float that is integral wherever rounding happened,
/// a narrowed value widened back). sycl::half counts as floating point
/// throughout; its rint, nextafter, ... are lanes/detail/math_half.hpp's.
/// Out-of-range conversions to integers are undefined, as in C++.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_CONVERT_HPP
#define LANES_DETAIL_CONVERT_HPP

#include "lanes/detail/math_half.hpp"
#include "sycl/half.hpp"

#include <limits>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.14.2.1: how vec::convert rounds.
enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// -1, 0 or 1 as \p Rounded (the nearest F to the integer \p X) is below,
/// equal to or above \p X. Rounded is integral whenever it differs from X,
/// so only values at 2^digits (the top of I's range, rounded up) cannot be
/// compared as integers.
template <typename F, typename I> int compareRounded(F Rounded, I X) {
  constexpr int Digits = std::numeric_limits<I>::digits;
  constexpr F Top = F(std::uint64_t(1) << (Digits - 1)) * F(2);
  if (Rounded >= Top)
    return 1;
  I Back = static_cast<I>(Rounded);
  return Back < X ? -1 : Back > X ? 1 : 0;
}

/// -1, 0 or 1 as the narrowed \p Rounded is below, equal to or above
/// \p X (0 for NaN).
template <typename F, typename G> int compareRoundedFloat(F Rounded, G X) {
  G Back = static_cast<G>(Rounded);
  return Back < X ? -1 : Back > X ? 1 : 0;
}

/// \p X converted to the floating-point type To, rounded by Mode.
template <typename To, sycl::rounding_mode Mode, typename From>
To convertToFloat(From X) {
  using sycl::rounding_mode;
  To Nearest = static_cast<To>(X);
  if constexpr (Mode == rounding_mode::automatic ||
                Mode == rounding_mode::rte ||
                (IsFloatingPoint<From> && sizeof(From) <= sizeof(To))) {
    return Nearest;
  } else {
    int Side = 0;
    if constexpr (std::is_integral_v<From>)
      Side = compareRounded(Nearest, X);
    else
      Side = compareRoundedFloat(Nearest, X);
    constexpr To Inf = std::numeric_limits<To>::infinity();
    bool Down = Mode == rounding_mode::rtn ||
                (Mode == rounding_mode::rtz && X > From(0));
    if (Down && Side > 0)
      return math::nextafter(Nearest, -Inf);
    if (!Down && Side < 0)
      return math::nextafter(Nearest, Inf);
    return Nearest;
  }
}

/// \p X converted to the element type To, rounded by Mode.
template <typename To, sycl::rounding_mode Mode, typename From>
To convertElement(From X) {
  using sycl::rounding_mode;
  if constexpr (IsFloatingPoint<To>) {
    return convertToFloat<To, Mode>(X);
  } else if constexpr (IsFloatingPoint<From>) {
    if constexpr (Mode == rounding_mode::rte)
      return static_cast<To>(math::rint(X));
    else if constexpr (Mode == rounding_mode::rtp)
      return static_cast<To>(math::ceil(X));
    else if constexpr (Mode == rounding_mode::rtn)
      return static_cast<To>(math::floor(X));
    else
      return static_cast<To>(X);
  } else {
    // Integer to integer: no rounding involved.
    return static_cast<To>(X);
  }
}

} // namespace lanes::detail

#endif // LANES_DETAIL_CONVERT_HPP
