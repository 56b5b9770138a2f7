//===- sycl/oneapi_printf.hpp - printf in kernels -------------------------===//
//
/// \file
/// DPC++'s experimental `sycl::ext::oneapi::experimental::printf(format,
/// args...)`: C's printf from kernel code, which programs written for
/// DPC++ use for debugging. Their format strings are arrays of char
/// declared `static const CONSTANT char FMT[] = "...";`, where CONSTANT is
/// `__attribute__((opencl_constant))` when `__SYCL_DEVICE_ONLY__` is
/// defined and empty otherwise; Lanes compiles kernels as host code and
/// never defines `__SYCL_DEVICE_ONLY__`, so they are plain arrays.
///
/// Every call is one std::printf on the host's stdout: its text is never
/// split by another work-item's, whose lines come in no fixed order
/// between work-items and groups, and it is written when submit() returns
/// (the commands run synchronously) but may wait in stdout's buffer until
/// the program flushes it, as a host printf does.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ONEAPI_PRINTF_HPP
#define LANES_SYCL_ONEAPI_PRINTF_HPP

#include <cstdio>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// Prints \p Args as \p Format says, as std::printf does; returns the
/// number of characters printed, or a negative number on error.
template <typename FormatT, typename... ArgsT>
int printf(const FormatT *Format, ArgsT... Args) {
  static_assert(std::is_same_v<std::remove_cv_t<FormatT>, char>,
                "sycl::ext::oneapi::experimental::printf takes a format "
                "string of char");
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
#endif
  return std::printf(Format, Args...);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ONEAPI_PRINTF_HPP
