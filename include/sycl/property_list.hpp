//===- sycl/property_list.hpp - Properties and property_list --------------===//
//
/// \file
/// SYCL 2020 4.5.4: the property interface. Lanes knows the queue
/// properties in_order and enable_profiling (and DPC++'s discard_events),
/// the buffer property use_host_ptr, the accessor property no_init, the
/// reduction property initialize_to_identity and DPC++'s graph properties
/// (sycl_ext_oneapi_graph); passing any other type to a property_list fails
/// to compile with a static_assert. Properties carry no values: the one
/// graph property with a value, node::depends_on, is an argument of
/// command_graph::add of its own.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_PROPERTY_LIST_HPP
#define LANES_SYCL_PROPERTY_LIST_HPP

#include "sycl/exception.hpp"

#include <type_traits>

namespace sycl {
inline namespace _V1 {

class queue;

namespace property::queue {
/// Commands of the queue run in submission order. Lanes queues always do;
/// is_in_order() reports whether the property was given.
struct in_order {};
/// Events of the queue record submit, start and end times.
struct enable_profiling {};
} // namespace property::queue

namespace ext::oneapi::property::queue {
/// sycl_ext_oneapi_discard_queue_events: the program will not use the
/// events of the queue's commands. Lanes's events cost nothing (every
/// command has finished when submit returns), so it returns them anyway.
struct discard_events {};
} // namespace ext::oneapi::property::queue

namespace property::buffer {
/// The buffer keeps its data in the (non-const) host memory it was given
/// instead of a copy (SYCL 2020 4.7.2.2).
struct use_host_ptr {};
} // namespace property::buffer

namespace property {
/// The accessor does not need the buffer's previous contents (SYCL 2020
/// 4.7.6.4). Lanes keeps them anyway; the property only makes a read
/// accessor an error.
struct no_init {};
} // namespace property
/// SYCL 2020 4.7.6.4: the no_init property as a value.
inline constexpr property::no_init no_init;

namespace property::reduction {
/// The reduction ignores the variable's prior value (SYCL 2020 4.9.2.1).
struct initialize_to_identity {};
} // namespace property::reduction

// sycl_ext_oneapi_graph (sycl/ext/oneapi/experimental/graph.hpp): the
// graph properties and the node property without a value.
namespace ext::oneapi::experimental::property::graph {
struct no_cycle_check {};
struct assume_buffer_outlives_graph {};
struct updatable {};
struct enable_profiling {};
} // namespace ext::oneapi::experimental::property::graph
namespace ext::oneapi::experimental::property::node {
struct depends_on_all_leaves {};
} // namespace ext::oneapi::experimental::property::node

/// SYCL 2020 4.5.4: true for the property types Lanes knows.
template <typename T> struct is_property : std::false_type {};
template <> struct is_property<property::queue::in_order> : std::true_type {};
template <>
struct is_property<property::queue::enable_profiling> : std::true_type {};
template <>
struct is_property<ext::oneapi::property::queue::discard_events>
    : std::true_type {};
template <>
struct is_property<property::buffer::use_host_ptr> : std::true_type {};
template <> struct is_property<property::no_init> : std::true_type {};
template <>
struct is_property<property::reduction::initialize_to_identity>
    : std::true_type {};
template <>
struct is_property<ext::oneapi::experimental::property::graph::no_cycle_check>
    : std::true_type {};
template <>
struct is_property<
    ext::oneapi::experimental::property::graph::assume_buffer_outlives_graph>
    : std::true_type {};
template <>
struct is_property<ext::oneapi::experimental::property::graph::updatable>
    : std::true_type {};
template <>
struct is_property<ext::oneapi::experimental::property::graph::enable_profiling>
    : std::true_type {};
template <>
struct is_property<
    ext::oneapi::experimental::property::node::depends_on_all_leaves>
    : std::true_type {};
template <typename T>
inline constexpr bool is_property_v = is_property<T>::value;

/// SYCL 2020 4.5.4: true when property T applies to SYCL class C.
template <typename T, typename C> struct is_property_of : std::false_type {};
template <>
struct is_property_of<property::queue::in_order, queue> : std::true_type {};
template <>
struct is_property_of<property::queue::enable_profiling, queue>
    : std::true_type {};
template <>
struct is_property_of<ext::oneapi::property::queue::discard_events, queue>
    : std::true_type {};
template <typename T, typename C>
inline constexpr bool is_property_of_v = is_property_of<T, C>::value;

namespace detail_property {
/// The bit of property T in a property_list.
template <typename T> constexpr unsigned bitOf() {
  static_assert(is_property_v<T>,
                "Lanes does not support this SYCL property (known: "
                "property::queue::in_order, property::queue::enable_profiling, "
                "ext::oneapi::property::queue::discard_events, "
                "property::buffer::use_host_ptr, property::no_init, "
                "property::reduction::initialize_to_identity and the "
                "ext::oneapi::experimental::property::graph ones; "
                "property::node::depends_on goes to command_graph::add "
                "directly)");
  namespace graph = ext::oneapi::experimental::property::graph;
  if constexpr (std::is_same_v<T, property::queue::in_order>)
    return 1u;
  else if constexpr (std::is_same_v<T, property::queue::enable_profiling>)
    return 2u;
  else if constexpr (std::is_same_v<T, property::buffer::use_host_ptr>)
    return 4u;
  else if constexpr (std::is_same_v<T, property::no_init>)
    return 8u;
  else if constexpr (std::is_same_v<
                         T, ext::oneapi::property::queue::discard_events>)
    return 32u;
  else if constexpr (std::is_same_v<T, graph::no_cycle_check>)
    return 64u;
  else if constexpr (std::is_same_v<T, graph::assume_buffer_outlives_graph>)
    return 128u;
  else if constexpr (std::is_same_v<T, graph::updatable>)
    return 256u;
  else if constexpr (std::is_same_v<T, graph::enable_profiling>)
    return 512u;
  else if constexpr (std::is_same_v<T, ext::oneapi::experimental::property::
                                           node::depends_on_all_leaves>)
    return 1024u;
  else
    return 16u;
}
} // namespace detail_property

/// A set of properties passed to a SYCL object's constructor.
class property_list {
public:
  property_list() = default;
  template <typename... Props,
            std::enable_if_t<(is_property_v<Props> && ...), int> = 0>
  property_list(Props...)
      : Bits((0u | ... | detail_property::bitOf<Props>())) {}
  /// Any other type: explicit, so that it never takes part in implicit
  /// conversions (a lambda passed to a queue constructor is an
  /// async_handler or a selector, not a property), and a compile error with
  /// a readable message when named directly.
  template <typename... Props,
            std::enable_if_t<!(is_property_v<Props> && ...) &&
                                 !(std::is_same_v<Props, property_list> ||
                                   ...),
                             int> = 0>
  explicit property_list(Props...)
      : Bits((0u | ... | detail_property::bitOf<Props>())) {}

  template <typename T> bool has_property() const noexcept {
    return (Bits & detail_property::bitOf<T>()) != 0;
  }
  /// Throws errc::invalid when T is not in the list.
  template <typename T> T get_property() const {
    if (!has_property<T>())
      throw exception(make_error_code(errc::invalid),
                      "property_list::get_property: property not present");
    return T();
  }

private:
  unsigned Bits = 0;
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_PROPERTY_LIST_HPP
