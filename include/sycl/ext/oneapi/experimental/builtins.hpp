//===- sycl/ext/oneapi/experimental/builtins.hpp - Experimental built-ins -===//
//
/// \file
/// The header DPC++ declares its experimental built-ins in, for programs
/// that include it directly:
///   - sycl::ext::oneapi::experimental::printf (sycl/oneapi_printf.hpp) and
///     the __SYCL_CONSTANT_AS macro its format strings are declared with
///     (empty: Lanes compiles kernels as host code, where DPC++ defines it
///     empty too);
///   - sycl_ext_oneapi_native_math: native::tanh on float and half and
///     native::exp2 on half, and on vecs, swizzles and marrays of them.
///     Like sycl::native, they are the full-precision functions (the half
///     ones computed in float and rounded once), which already vectorize.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_BUILTINS_HPP
#define LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_BUILTINS_HPP

#include "lanes/detail/builtin_types.hpp"
#include "lanes/detail/math_half.hpp"
#include "lanes/detail/math_scalar.hpp"
#include "sycl/half.hpp"
#include "sycl/oneapi_printf.hpp"

#include <type_traits>

/// The sycl_ext_oneapi_native_math feature-test macro.
#define SYCL_EXT_ONEAPI_NATIVE_MATH 1

#ifndef __SYCL_CONSTANT_AS
/// The address space of printf format strings: none on the host.
#define __SYCL_CONSTANT_AS
#endif

namespace lanes::detail {

/// Whether T is E or a vec, swizzle or marray of E, for one of the element
/// types \p Es.
template <typename T, typename... Es>
inline constexpr bool
    IsGenOf = (IsScalarArg<T> ||
               IsNonScalarArg<T>)&&(std::is_same_v<ElementT<T>, Es> || ...);

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental::native {

/// tanh of each element of a float or half scalar, vec, swizzle or marray.
template <typename T, lanes::detail::EnableIf<
                          lanes::detail::IsGenOf<T, float, sycl::half>> = 0>
lanes::detail::ValueT<T> tanh(const T &x) {
  return lanes::detail::elementwise<lanes::detail::ValueT<T>>(
      [](auto E) { return lanes::detail::math::tanh(E); }, x);
}

/// 2^x of each element of a half scalar, vec, swizzle or marray.
template <typename T,
          lanes::detail::EnableIf<lanes::detail::IsGenOf<T, sycl::half>> = 0>
lanes::detail::ValueT<T> exp2(const T &x) {
  return lanes::detail::elementwise<lanes::detail::ValueT<T>>(
      [](auto E) { return lanes::detail::math::exp2(E); }, x);
}

} // namespace ext::oneapi::experimental::native
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_BUILTINS_HPP
