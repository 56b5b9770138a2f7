//===- sycl/ext/oneapi/kernel_properties.hpp - Kernel launch properties ---===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_kernel_properties: the compile-time properties
/// that stand for SYCL 2020's kernel attributes, `work_group_size<...>`,
/// `work_group_size_hint<...>`, `sub_group_size<N>` and `device_has<...>`,
/// given to a launch (`parallel_for(range, properties{...}, kernel)`) or
/// returned by a kernel object's `get(properties_tag)`. What each one does
/// in Lanes is lanes/detail/kernel_properties.hpp's business.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_KERNEL_PROPERTIES_HPP
#define LANES_SYCL_EXT_ONEAPI_KERNEL_PROPERTIES_HPP

#include "sycl/ext/oneapi/properties.hpp"
#include "sycl/info.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// What a kernel object's `get` takes to return its properties.
struct properties_tag {};

/// `[[sycl::reqd_work_group_size(Dims...)]]`: the kernel runs in
/// work-groups of exactly this size, in range's order.
struct work_group_size_key {
  template <size_t... Dims>
  using value_t = property_value<work_group_size_key,
                                 std::integral_constant<size_t, Dims>...>;
};
/// `[[sycl::work_group_size_hint(Dims...)]]`: the size it will likely run in.
struct work_group_size_hint_key {
  template <size_t... Dims>
  using value_t = property_value<work_group_size_hint_key,
                                 std::integral_constant<size_t, Dims>...>;
};
/// `[[sycl::reqd_sub_group_size(Size)]]`.
struct sub_group_size_key {
  template <uint32_t Size>
  using value_t = property_value<sub_group_size_key,
                                 std::integral_constant<uint32_t, Size>>;
};
/// `[[sycl::device_has(Aspects...)]]`: the kernel runs only on devices with
/// every one of these aspects.
struct device_has_key {
  template <aspect... Aspects>
  using value_t = property_value<device_has_key,
                                 std::integral_constant<aspect, Aspects>...>;
};

/// The values of the keys above that hold several parameters. (Each has a
/// specialization of one parameter too, which properties.hpp's for
/// single-parameter values would otherwise make ambiguous.)
template <typename Key, size_t... Dims> struct SizesPropertyValue {
  using key_t = Key;
  static constexpr std::array<size_t, sizeof...(Dims)> value{Dims...};
  constexpr size_t operator[](int Dim) const { return value[Dim]; }
};
template <size_t... Dims>
struct property_value<work_group_size_key,
                      std::integral_constant<size_t, Dims>...>
    : SizesPropertyValue<work_group_size_key, Dims...> {};
template <size_t Dim>
struct property_value<work_group_size_key, std::integral_constant<size_t, Dim>>
    : SizesPropertyValue<work_group_size_key, Dim> {};
template <size_t... Dims>
struct property_value<work_group_size_hint_key,
                      std::integral_constant<size_t, Dims>...>
    : SizesPropertyValue<work_group_size_hint_key, Dims...> {};
template <size_t Dim>
struct property_value<work_group_size_hint_key,
                      std::integral_constant<size_t, Dim>>
    : SizesPropertyValue<work_group_size_hint_key, Dim> {};
template <aspect... Aspects> struct AspectsPropertyValue {
  using key_t = device_has_key;
  static constexpr std::array<aspect, sizeof...(Aspects)> value{Aspects...};
};
template <aspect... Aspects>
struct property_value<device_has_key,
                      std::integral_constant<aspect, Aspects>...>
    : AspectsPropertyValue<Aspects...> {};
template <aspect Aspect>
struct property_value<device_has_key, std::integral_constant<aspect, Aspect>>
    : AspectsPropertyValue<Aspect> {};

template <size_t... Dims>
inline constexpr work_group_size_key::value_t<Dims...> work_group_size;
template <size_t... Dims>
inline constexpr work_group_size_hint_key::value_t<Dims...>
    work_group_size_hint;
template <uint32_t Size>
inline constexpr sub_group_size_key::value_t<Size> sub_group_size;
template <aspect... Aspects>
inline constexpr device_has_key::value_t<Aspects...> device_has;

/// Whether a property changes how the kernel is compiled: all of the above.
template <typename> struct has_compile_time_kernel_effect : std::false_type {};
template <size_t... Dims>
struct has_compile_time_kernel_effect<work_group_size_key::value_t<Dims...>>
    : std::true_type {};
template <size_t... Dims>
struct has_compile_time_kernel_effect<
    work_group_size_hint_key::value_t<Dims...>> : std::true_type {};
template <uint32_t Size>
struct has_compile_time_kernel_effect<sub_group_size_key::value_t<Size>>
    : std::true_type {};
template <aspect... Aspects>
struct has_compile_time_kernel_effect<device_has_key::value_t<Aspects...>>
    : std::true_type {};
template <typename PropertyT>
inline constexpr bool has_compile_time_kernel_effect_v =
    has_compile_time_kernel_effect<PropertyT>::value;

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_KERNEL_PROPERTIES_HPP
