//===- sycl/bit_cast.hpp - sycl::bit_cast ---------------------------------===//
//
/// \file
/// SYCL 2020's `sycl::bit_cast<To>(from)`: C++20's `std::bit_cast` for
/// C++17 programs, in host code and kernels. The compiler's builtin does the
/// work, so the cast is a register move (or nothing) and `constexpr`.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_BIT_CAST_HPP
#define LANES_SYCL_BIT_CAST_HPP

#include <type_traits>

namespace sycl {
inline namespace _V1 {

/// The object representation of \p From read as a \p To.
template <typename To, typename From>
constexpr To bit_cast(const From &Value) noexcept {
  static_assert(sizeof(To) == sizeof(From),
                "sycl::bit_cast: To and From must have the same size");
  static_assert(std::is_trivially_copyable_v<To> &&
                    std::is_trivially_copyable_v<From>,
                "sycl::bit_cast: To and From must be trivially copyable");
  return __builtin_bit_cast(To, Value);
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_BIT_CAST_HPP
