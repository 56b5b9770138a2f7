//===- sycl/ext/oneapi/device_global.hpp - Global variables of devices ----===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_device_global: `ext::oneapi::experimental::
/// device_global<T, Properties>`, a variable at namespace scope that kernels
/// read and write and the host reaches through queue and handler memcpy
/// and copy (newer SYCLomatic gives CUDA's `__device__` variables this
/// form). The device is the CPU, so the variable is a T in host memory that
/// every kernel of the program shares; the copies are memcpys, checked to
/// stay inside it (errc::invalid). Its properties (device_image_scope,
/// host_access, init_mode, implement_in_csr) are accepted and change
/// nothing: there is one device image, and the host may always access it.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_DEVICE_GLOBAL_HPP
#define LANES_SYCL_EXT_ONEAPI_DEVICE_GLOBAL_HPP

#include "lanes/detail/buffer_storage.hpp"
#include "sycl/ext/oneapi/properties.hpp"
#include "sycl/multi_ptr.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

// The properties of device_global, each a key and its values.
struct device_image_scope_key {
  using value_t = property_value<device_image_scope_key>;
};
inline constexpr device_image_scope_key::value_t device_image_scope;

enum class host_access_enum : std::uint16_t { read, write, read_write, none };
struct host_access_key {
  template <host_access_enum Access>
  using value_t =
      property_value<host_access_key,
                     std::integral_constant<host_access_enum, Access>>;
};
template <host_access_enum Access>
inline constexpr host_access_key::value_t<Access> host_access;
inline constexpr host_access_key::value_t<host_access_enum::read>
    host_access_read;
inline constexpr host_access_key::value_t<host_access_enum::write>
    host_access_write;
inline constexpr host_access_key::value_t<host_access_enum::read_write>
    host_access_read_write;
inline constexpr host_access_key::value_t<host_access_enum::none>
    host_access_none;

enum class init_mode_enum : std::uint16_t { reprogram, reset };
struct init_mode_key {
  template <init_mode_enum Mode>
  using value_t = property_value<init_mode_key,
                                 std::integral_constant<init_mode_enum, Mode>>;
};
template <init_mode_enum Mode>
inline constexpr init_mode_key::value_t<Mode> init_mode;
inline constexpr init_mode_key::value_t<init_mode_enum::reprogram>
    init_mode_reprogram;
inline constexpr init_mode_key::value_t<init_mode_enum::reset> init_mode_reset;

struct implement_in_csr_key {
  template <bool Enable>
  using value_t =
      property_value<implement_in_csr_key, std::bool_constant<Enable>>;
};
template <bool Enable>
inline constexpr implement_in_csr_key::value_t<Enable> implement_in_csr;
inline constexpr implement_in_csr_key::value_t<true> implement_in_csr_on;
inline constexpr implement_in_csr_key::value_t<false> implement_in_csr_off;

/// A variable of type T (an array too) that kernels and, through queue and
/// handler copies, the host share. Zero-initialized, or made from the
/// constructor's arguments; not copyable or movable.
template <typename T, typename PropertyListT = empty_properties_t>
class device_global {
  static_assert(is_property_list_v<PropertyListT>,
                "device_global's second argument is a property list "
                "(ext::oneapi::experimental::properties)");
  static_assert(std::is_trivially_destructible_v<T>,
                "device_global needs a trivially destructible T");

  template <typename U>
  using EnableIfArray = std::enable_if_t<std::is_array_v<U>, int>;
  template <typename U>
  using EnableIfScalar = std::enable_if_t<!std::is_array_v<U>, int>;

public:
  using element_type = std::remove_extent_t<T>;

  constexpr device_global() noexcept = default;
  /// T made from \p Args (the elements of an array).
  template <typename... Args, std::enable_if_t<(sizeof...(Args) > 0), int> = 0>
  constexpr device_global(const Args &...Arguments) : Value{Arguments...} {}
  device_global(const device_global &) = delete;
  device_global &operator=(const device_global &) = delete;

  T &get() noexcept { return Value; }
  const T &get() const noexcept { return Value; }
  operator T &() noexcept { return Value; }
  operator const T &() const noexcept { return Value; }

  template <typename U = T, EnableIfScalar<U> = 0>
  device_global &operator=(const U &New) noexcept {
    Value = New;
    return *this;
  }
  template <typename U = T, EnableIfScalar<U> = 0> U *operator->() noexcept {
    return &Value;
  }
  template <typename U = T, EnableIfScalar<U> = 0>
  const U *operator->() const noexcept {
    return &Value;
  }
  template <typename U = T, EnableIfArray<U> = 0>
  element_type &operator[](std::ptrdiff_t Index) noexcept {
    return Value[Index];
  }
  template <typename U = T, EnableIfArray<U> = 0>
  const element_type &operator[](std::ptrdiff_t Index) const noexcept {
    return Value[Index];
  }

  template <typename U = T, EnableIfScalar<U> = 0>
  multi_ptr<U, access::address_space::global_space, access::decorated::no>
  get_multi_ptr() noexcept {
    return address_space_cast<access::address_space::global_space,
                              access::decorated::no>(&Value);
  }
  template <typename U = T, EnableIfScalar<U> = 0>
  multi_ptr<const U, access::address_space::global_space, access::decorated::no>
  get_multi_ptr() const noexcept {
    return address_space_cast<access::address_space::global_space,
                              access::decorated::no>(&Value);
  }

  template <typename Key> static constexpr bool has_property() noexcept {
    return PropertyListT::template has_property<Key>();
  }
  template <typename Key> static constexpr auto get_property() noexcept {
    return PropertyListT::template get_property<Key>();
  }

  /// For the copies of queue and handler: the \p Bytes bytes of \p Global
  /// from \p Offset; throws errc::invalid, naming \p Who, when they do not
  /// lie inside it.
  friend unsigned char *deviceGlobalBytes(const device_global &Global,
                                          size_t Offset, size_t Bytes,
                                          const char *Who) {
    if (Offset > sizeof(T) || Bytes > sizeof(T) - Offset)
      lanes::detail::throwInvalid(
          std::string(Who) + ": " + std::to_string(Bytes) +
          " bytes from offset " + std::to_string(Offset) +
          " exceed the device_global's " + std::to_string(sizeof(T)) +
          " bytes");
    return reinterpret_cast<unsigned char *>(
               const_cast<std::remove_const_t<T> *>(&Global.Value)) +
           Offset;
  }

private:
  T Value{};
};

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

namespace lanes::detail {
/// For the copies of queue and handler: the first of the \p Count
/// elements of \p Global from index \p Start; throws errc::invalid,
/// naming \p Who, when they do not lie inside it.
template <typename T, typename Props>
unsigned char *deviceGlobalElements(
    const sycl::ext::oneapi::experimental::device_global<T, Props> &Global,
    size_t Count, size_t Start, const char *Who) {
  constexpr size_t Size = sizeof(std::remove_all_extents_t<T>);
  constexpr size_t Elements = sizeof(T) / Size;
  if (Start > Elements || Count > Elements - Start)
    throwInvalid(std::string(Who) + ": " + std::to_string(Count) +
                 " elements from index " + std::to_string(Start) +
                 " exceed the device_global's " + std::to_string(Elements) +
                 " elements");
  return deviceGlobalBytes(Global, 0, sizeof(T), Who) + Start * Size;
}
} // namespace lanes::detail

#endif // LANES_SYCL_EXT_ONEAPI_DEVICE_GLOBAL_HPP
