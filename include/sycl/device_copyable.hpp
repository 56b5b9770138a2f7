//===- sycl/device_copyable.hpp - sycl::is_device_copyable ----------------===//
//
/// \file
/// SYCL 2020's `sycl::is_device_copyable<T>` (3.13.1): whether objects of
/// type T may be passed to kernels by copying their bytes. True for
/// trivially copyable types and for the standard types SYCL names as
/// implicitly device copyable when their parts are (`std::array`,
/// `std::pair`, `std::tuple`, `std::optional`, `std::variant`,
/// `std::basic_string_view`, `sycl::span`, arrays, cv-qualified ones). A
/// program may specialize it for a type of its own that is not trivially
/// copyable. Lanes runs kernels in the host's address space, so it needs
/// the trait for no copy of its own; it is here for the programs that ask
/// or specialize it.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_DEVICE_COPYABLE_HPP
#define LANES_SYCL_DEVICE_COPYABLE_HPP

#include "sycl/span.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

namespace sycl {
inline namespace _V1 {
template <typename T> struct is_device_copyable;
} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// Whether every one of \p Ts is device copyable, by sycl's trait (which a
/// program may have specialized for them).
template <typename... Ts>
inline constexpr bool
    AllDeviceCopyable = (sycl::is_device_copyable<Ts>::value && ...);

/// The types SYCL makes device copyable without a specialization: the
/// trivially copyable ones, cv-qualified device copyable ones, then those
/// below.
template <typename T>
struct ImplicitlyDeviceCopyable
    : std::conditional_t<std::is_same_v<T, std::remove_cv_t<T>>,
                         std::is_trivially_copyable<T>,
                         sycl::is_device_copyable<std::remove_cv_t<T>>> {};
template <typename T, size_t N>
struct ImplicitlyDeviceCopyable<T[N]>
    : std::bool_constant<AllDeviceCopyable<T>> {};
template <typename T, size_t N>
struct ImplicitlyDeviceCopyable<std::array<T, N>>
    : std::bool_constant<N == 0 || AllDeviceCopyable<T>> {};
template <typename T1, typename T2>
struct ImplicitlyDeviceCopyable<std::pair<T1, T2>>
    : std::bool_constant<AllDeviceCopyable<T1, T2>> {};
template <typename... Ts>
struct ImplicitlyDeviceCopyable<std::tuple<Ts...>>
    : std::bool_constant<AllDeviceCopyable<Ts...>> {};
template <typename T>
struct ImplicitlyDeviceCopyable<std::optional<T>>
    : std::bool_constant<AllDeviceCopyable<T>> {};
template <typename... Ts>
struct ImplicitlyDeviceCopyable<std::variant<Ts...>>
    : std::bool_constant<AllDeviceCopyable<Ts...>> {};
template <typename CharT, typename Traits>
struct ImplicitlyDeviceCopyable<std::basic_string_view<CharT, Traits>>
    : std::true_type {};
template <typename T, size_t Extent>
struct ImplicitlyDeviceCopyable<sycl::span<T, Extent>> : std::true_type {};

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// Whether a \p T may be passed to a kernel by copying its bytes; a
/// program may specialize it (to std::true_type) for its own types.
template <typename T>
struct is_device_copyable : lanes::detail::ImplicitlyDeviceCopyable<T> {};

template <typename T>
inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_DEVICE_COPYABLE_HPP
