//===- sycl/ext/intel/math/imf_rounding_math.hpp - Rounded arithmetic -----===//
//
/// \file
/// DPC++'s sycl_ext_intel_math arithmetic with an explicit rounding mode:
/// fadd, fsub, fmul, fdiv, frcp, fmaf and fsqrt on float and dadd, dsub,
/// dmul, ddiv, drcp, fma and dsqrt on double, each with the suffix _rd
/// (toward -inf), _rn (to nearest, ties to even), _ru (toward +inf) or _rz
/// (toward zero). Every result is the exact result rounded as the suffix
/// says, in kernels and on the host alike: lanes/detail/directed_rounding.hpp
/// derives it from the round-to-nearest result and the sign of its exact
/// error, so nothing depends on the floating-point environment.
///
/// As in DPC++ each function is a template over its argument type with
/// float (or double) as the default; other arithmetic arguments are
/// converted to float (double) first.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_INTEL_MATH_IMF_ROUNDING_MATH_HPP
#define LANES_SYCL_EXT_INTEL_MATH_IMF_ROUNDING_MATH_HPP

#include "lanes/detail/directed_rounding.hpp"

#include <type_traits>

namespace lanes::detail::rounding {

/// a - b rounded as \p M says.
template <typename F> inline F sub(F A, F B, Mode M) { return add(A, -B, M); }
/// 1 / x rounded as \p M says.
template <typename F> inline F rcp(F X, Mode M) { return div(F(1), X, M); }

/// Whether the imf rounding functions take Tp (as DPC++, any arithmetic
/// type, converted to the function's float or double).
template <typename Tp>
inline constexpr bool IsImfArg = std::is_arithmetic_v<Tp>;

} // namespace lanes::detail::rounding

// Name_rd, Name_rn, Name_ru and Name_rz on one, two or three arguments,
// converted to T, computed by rounding::Impl.
#define LANES_IMF_ROUNDED(Name, Suffix, Dir, T, Impl, Params, Args)            \
  template <typename Tp = T> Tp Name##_##Suffix Params {                       \
    static_assert(lanes::detail::rounding::IsImfArg<Tp>,                       \
                  "sycl::ext::intel::math::" #Name "_" #Suffix                 \
                  " takes arithmetic arguments");                              \
    static_assert(lanes::detail::rounding::ExactArithmetic<Tp>,                \
                  "sycl::ext::intel::math::" #Name "_" #Suffix                 \
                  " needs IEEE 754 arithmetic: compile without -ffast-math");  \
    return Tp(lanes::detail::rounding::Impl(                                   \
        LANES_IMF_UNPAREN Args, lanes::detail::rounding::Mode::Dir));          \
  }
#define LANES_IMF_UNPAREN(...) __VA_ARGS__
#define LANES_IMF_ROUNDED_ALL(Name, T, Impl, Params, Args)                     \
  LANES_IMF_ROUNDED(Name, rd, Down, T, Impl, Params, Args)                     \
  LANES_IMF_ROUNDED(Name, rn, Nearest, T, Impl, Params, Args)                  \
  LANES_IMF_ROUNDED(Name, ru, Up, T, Impl, Params, Args)                       \
  LANES_IMF_ROUNDED(Name, rz, TowardZero, T, Impl, Params, Args)
#define LANES_IMF_ARGS1(T) (T(x))
#define LANES_IMF_ARGS2(T) (T(x), T(y))
#define LANES_IMF_ARGS3(T) (T(x), T(y), T(z))

namespace sycl {
inline namespace _V1 {
namespace ext::intel::math {

/// x + y, x - y, x * y, x / y, 1 / x, x * y + z (one rounding) and sqrt(x)
/// of floats, rounded down (_rd), to nearest (_rn), up (_ru) or toward
/// zero (_rz).
LANES_IMF_ROUNDED_ALL(fadd, float, add, (Tp x, Tp y), LANES_IMF_ARGS2(float))
LANES_IMF_ROUNDED_ALL(fsub, float, sub, (Tp x, Tp y), LANES_IMF_ARGS2(float))
LANES_IMF_ROUNDED_ALL(fmul, float, mul, (Tp x, Tp y), LANES_IMF_ARGS2(float))
LANES_IMF_ROUNDED_ALL(fdiv, float, div, (Tp x, Tp y), LANES_IMF_ARGS2(float))
LANES_IMF_ROUNDED_ALL(frcp, float, rcp, (Tp x), LANES_IMF_ARGS1(float))
LANES_IMF_ROUNDED_ALL(fmaf, float, fma, (Tp x, Tp y, Tp z),
                      LANES_IMF_ARGS3(float))
LANES_IMF_ROUNDED_ALL(fsqrt, float, sqrt, (Tp x), LANES_IMF_ARGS1(float))

/// The same on doubles: dadd, dsub, dmul, ddiv, drcp, fma and dsqrt.
LANES_IMF_ROUNDED_ALL(dadd, double, add, (Tp x, Tp y), LANES_IMF_ARGS2(double))
LANES_IMF_ROUNDED_ALL(dsub, double, sub, (Tp x, Tp y), LANES_IMF_ARGS2(double))
LANES_IMF_ROUNDED_ALL(dmul, double, mul, (Tp x, Tp y), LANES_IMF_ARGS2(double))
LANES_IMF_ROUNDED_ALL(ddiv, double, div, (Tp x, Tp y), LANES_IMF_ARGS2(double))
LANES_IMF_ROUNDED_ALL(drcp, double, rcp, (Tp x), LANES_IMF_ARGS1(double))
LANES_IMF_ROUNDED_ALL(fma, double, fma, (Tp x, Tp y, Tp z),
                      LANES_IMF_ARGS3(double))
LANES_IMF_ROUNDED_ALL(dsqrt, double, sqrt, (Tp x), LANES_IMF_ARGS1(double))

} // namespace ext::intel::math
} // namespace _V1
} // namespace sycl

#undef LANES_IMF_ROUNDED
#undef LANES_IMF_UNPAREN
#undef LANES_IMF_ROUNDED_ALL
#undef LANES_IMF_ARGS1
#undef LANES_IMF_ARGS2
#undef LANES_IMF_ARGS3

#endif // LANES_SYCL_EXT_INTEL_MATH_IMF_ROUNDING_MATH_HPP
