//===- sycl/ext/oneapi/properties.hpp - Compile-time property lists -------===//
//
/// \file
/// The part of DPC++'s sycl_ext_oneapi_properties that device_global needs:
/// ext::oneapi::experimental::properties, a list of compile-time property
/// values (property_value<Key, Parameters...>) whose type says everything,
/// with has_property<Key>() and get_property<Key>(); empty_properties_t;
/// is_property_list. The lists are empty classes, so a device_global
/// with properties is no bigger than its value.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_PROPERTIES_HPP
#define LANES_SYCL_EXT_ONEAPI_PROPERTIES_HPP

#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// The value of the compile-time property Key, with its Parameters
/// (integral_constants, for properties that have any).
template <typename Key, typename... Parameters> struct property_value {
  using key_t = Key;
};
/// A property of one parameter, which `value` holds.
template <typename Key, typename T, T V>
struct property_value<Key, std::integral_constant<T, V>> {
  using key_t = Key;
  static constexpr T value = V;
};

template <typename T> struct is_property_value : std::false_type {};
template <typename Key, typename... Parameters>
struct is_property_value<property_value<Key, Parameters...>> : std::true_type {
};

/// A list of compile-time property values, each of another key.
template <typename... PropertyValues> class properties {
  static_assert((is_property_value<PropertyValues>::value && ...),
                "ext::oneapi::experimental::properties holds property "
                "values (e.g. device_image_scope, host_access_read)");

  template <typename Key>
  static constexpr int Count =
      (0 + ... + int(std::is_same_v<typename PropertyValues::key_t, Key>));
  static_assert(((Count<typename PropertyValues::key_t> == 1) && ...),
                "a property list holds one value of each property");

  /// The value with key Key, found from the first.
  template <typename Key, typename... Rest> struct ValueOf;
  template <typename Key, typename First, typename... Rest>
  struct ValueOf<Key, First, Rest...> {
    using type =
        typename std::conditional_t<std::is_same_v<typename First::key_t, Key>,
                                    std::enable_if<true, First>,
                                    ValueOf<Key, Rest...>>::type;
  };

public:
  constexpr properties(PropertyValues...) noexcept {}

  template <typename Key> static constexpr bool has_property() noexcept {
    return Count<Key> > 0;
  }
  /// The value of the property with key Key, which the list must have.
  template <typename Key> static constexpr auto get_property() noexcept {
    static_assert(Count<Key> > 0, "the property list has no such property");
    return typename ValueOf<Key, PropertyValues...>::type();
  }
};
template <typename... PropertyValues>
properties(PropertyValues...) -> properties<PropertyValues...>;

using empty_properties_t = properties<>;

template <typename T> struct is_property_list : std::false_type {};
template <typename... PropertyValues>
struct is_property_list<properties<PropertyValues...>> : std::true_type {};
template <typename T>
inline constexpr bool is_property_list_v = is_property_list<T>::value;

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_PROPERTIES_HPP
