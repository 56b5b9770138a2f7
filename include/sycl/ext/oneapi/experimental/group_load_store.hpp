//===- sycl/ext/oneapi/experimental/group_load_store.hpp - Group loads ----===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_group_load_store (revision 2, the free
/// functions): `group_load(g, in, out, props)` and
/// `group_store(g, in, out, props)` in sycl::ext::oneapi::experimental,
/// for a work-group (group<Dims>) or a sub_group, moving one value, a
/// vec<T, N> or a span<T, N> per work-item between the work-items and the
/// memory that starts at the iterator every work-item passes. The
/// properties: data_placement_blocked (the default) or
/// data_placement_striped, contiguous_memory and full_group.
///
/// With id = g.get_local_linear_id() and G = g.get_local_linear_range(),
/// element k of a work-item is `in[id * N + k]` (blocked) or
/// `in[id + k * G]` (striped); a single value is `in[id]`. Each work-item
/// reads or writes its own elements with plain indexed loads and stores,
/// nothing else: within the work-item loop they are the accesses
/// hand-written indexing makes, and vectorize the same way. full_group
/// asserts that a sub-group is whole, so that G is the constant
/// get_max_local_range() (a partial sub-group would be undefined
/// behaviour, as the extension says); a work-group is always whole.
///
/// The functions do not synchronize. The extension gives them no memory
/// ordering, and no work-item touches another's elements, so a call needs
/// none for itself; code that reads elements another work-item stored
/// (through local memory, say) calls group_barrier in between, as SYCL
/// asks of any exchange through memory. Every work-item of the group must
/// still call them with the same iterator.
///
/// Iterators may be raw pointers, multi_ptrs (any address space) or any
/// random-access iterator, read through its operator[]; with
/// contiguous_memory a random-access iterator whose reference is a true
/// reference is read through the address of its element instead.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_GROUP_LOAD_STORE_HPP
#define LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_GROUP_LOAD_STORE_HPP

#include "sycl/ext/oneapi/properties.hpp"
#include "sycl/group.hpp"
#include "sycl/group_algorithm.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/span.hpp"
#include "sycl/sub_group.hpp"
#include "sycl/vec.hpp"

#include <cstddef>
#include <iterator>
#include <type_traits>

/// The extension's feature-test macro (its APIs are not versioned).
#define SYCL_EXT_ONEAPI_GROUP_LOAD_STORE 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// Where a work-item's elements lie in the group's memory.
enum class data_placement_enum {
  blocked, ///< element k of work-item i at i * N + k
  striped  ///< element k of work-item i at i + k * group size
};

/// The data placement property.
struct data_placement_key {
  template <data_placement_enum Placement>
  using value_t =
      property_value<data_placement_key,
                     std::integral_constant<data_placement_enum, Placement>>;
};
template <data_placement_enum Placement>
inline constexpr data_placement_key::value_t<Placement> data_placement{};
inline constexpr data_placement_key::value_t<data_placement_enum::blocked>
    data_placement_blocked{};
inline constexpr data_placement_key::value_t<data_placement_enum::striped>
    data_placement_striped{};

/// The assertion that the iterator's elements are contiguous in memory.
struct contiguous_memory_key {
  using value_t = property_value<contiguous_memory_key>;
};
inline constexpr contiguous_memory_key::value_t contiguous_memory{};

/// The assertion that the group is whole: get_local_range() ==
/// get_max_local_range().
struct full_group_key {
  using value_t = property_value<full_group_key>;
};
inline constexpr full_group_key::value_t full_group{};

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// The property list the functions are given: a list as it is, a single
/// property value (as the extension's examples pass one) as a list of it.
template <typename P, typename = void> struct GroupMemoryPropertiesImpl {
  static_assert(sycl::ext::oneapi::experimental::is_property_list_v<P>,
                "group_load and group_store take a property list "
                "(ext::oneapi::experimental::properties{...}) or a single "
                "property such as data_placement_striped");
  using type = P;
};
template <typename P>
struct GroupMemoryPropertiesImpl<
    P, std::enable_if_t<
           sycl::ext::oneapi::experimental::is_property_value<P>::value>> {
  using type = sycl::ext::oneapi::experimental::properties<P>;
};
template <typename P>
using GroupMemoryProperties = typename GroupMemoryPropertiesImpl<P>::type;

/// Whether the properties Props ask for the striped placement.
template <typename Props> constexpr bool isStriped() {
  if constexpr (Props::template has_property<
                    sycl::ext::oneapi::experimental::data_placement_key>())
    return decltype(Props::template get_property<
                    sycl::ext::oneapi::experimental::data_placement_key>())::
               value ==
           sycl::ext::oneapi::experimental::data_placement_enum::striped;
  else
    return false;
}

/// Whether Group is a group the functions take.
template <typename Group> constexpr void checkLoadStoreGroup() {
  static_assert(sycl::is_group_v<Group>,
                "group_load and group_store take a sycl::group or a "
                "sycl::sub_group");
}

/// The group's size for the striped placement: the sub-group's maximum
/// (a constant) when full_group says it is whole.
template <typename Props, typename Group> size_t stripeOf(const Group &G) {
  if constexpr (std::is_same_v<Group, sycl::sub_group> &&
                Props::template has_property<
                    sycl::ext::oneapi::experimental::full_group_key>())
    return G.get_max_local_range()[0];
  else
    return G.get_local_linear_range();
}

/// The index of element \p K of the calling work-item, of \p N.
template <typename Props, typename Group>
size_t elementIndex(const Group &G, size_t N, size_t K) {
  size_t Id = G.get_local_linear_id();
  if constexpr (isStriped<Props>())
    return Id + K * stripeOf<Props>(G);
  else
    return Id * N + K;
}

/// Whether It is a random-access iterator.
template <typename It, typename = void>
struct IsRandomAccessIterator : std::false_type {};
template <typename It>
struct IsRandomAccessIterator<
    It, std::void_t<typename std::iterator_traits<It>::iterator_category>>
    : std::is_base_of<std::random_access_iterator_tag,
                      typename std::iterator_traits<It>::iterator_category> {};

/// The iterator_traits of a random-access iterator It; of int * for other
/// types, whose use the static_assert below rejects.
template <typename It>
using RandomAccessTraits = std::iterator_traits<
    std::conditional_t<IsRandomAccessIterator<It>::value, It, int *>>;

/// How the functions index an iterator: a random-access iterator through
/// its operator[] (or, with contiguous_memory, through the address of its
/// element); raw pointers and multi_ptrs as the raw pointer.
template <typename It> struct GroupMemoryAccess {
  static_assert(IsRandomAccessIterator<It>::value,
                "group_load and group_store take a raw pointer, a multi_ptr "
                "or a random-access iterator");
  static constexpr bool Valid = IsRandomAccessIterator<It>::value;
  using value_type = typename RandomAccessTraits<It>::value_type;
  using reference = typename RandomAccessTraits<It>::reference;
  /// Whether contiguous_memory lets the iterator be read as a pointer.
  static constexpr bool HasAddress = std::is_lvalue_reference_v<reference>;
  template <bool Contiguous> static auto base(const It &I) {
    if constexpr (Contiguous && HasAddress)
      return &*I;
    else
      return I;
  }
};
template <typename T> struct GroupMemoryAccess<T *> {
  static constexpr bool Valid = true;
  using value_type = std::remove_cv_t<T>;
  template <bool Contiguous> static T *base(T *P) { return P; }
};
template <typename T, sycl::access::address_space Space,
          sycl::access::decorated D>
struct GroupMemoryAccess<sycl::multi_ptr<T, Space, D>> {
  static constexpr bool Valid = true;
  using value_type = std::remove_cv_t<T>;
  template <bool Contiguous>
  static T *base(const sycl::multi_ptr<T, Space, D> &P) {
    return P.get();
  }
};

/// The static checks of the element types: From's values become To's.
template <typename From, typename To> constexpr void checkGroupMemoryTypes() {
  static_assert(std::is_convertible_v<From, To>,
                "group_load and group_store: the values read must convert "
                "to the type they are written to");
  static_assert(std::is_trivially_copyable_v<From> &&
                    std::is_trivially_copyable_v<To> &&
                    std::is_default_constructible_v<From> &&
                    std::is_default_constructible_v<To>,
                "group_load and group_store move trivially copyable, "
                "default-constructible types");
}

/// Reads the calling work-item's \p N elements into \p Out[0, N).
template <typename Props, typename Group, typename It, typename OutT>
void groupLoad(const Group &G, It In, OutT &Out, size_t N) {
  checkLoadStoreGroup<Group>();
  using Access = GroupMemoryAccess<It>;
  using Elem = std::remove_reference_t<decltype(Out[0])>;
  checkGroupMemoryTypes<typename Access::value_type, Elem>();
  // After a failed check, the check's message alone.
  if constexpr (Access::Valid &&
                std::is_convertible_v<typename Access::value_type, Elem>) {
    auto Base = Access::template base<Props::template has_property<
        sycl::ext::oneapi::experimental::contiguous_memory_key>()>(In);
    for (size_t K = 0; K < N; ++K) {
      Elem V = Base[elementIndex<Props>(G, N, K)];
      Out[K] = V;
    }
  }
}

/// Writes \p In[0, N) to the calling work-item's \p N elements.
template <typename Props, typename Group, typename InT, typename It>
void groupStore(const Group &G, const InT &In, It Out, size_t N) {
  checkLoadStoreGroup<Group>();
  using Access = GroupMemoryAccess<It>;
  using Elem = std::remove_cv_t<std::remove_reference_t<decltype(In[0])>>;
  checkGroupMemoryTypes<Elem, typename Access::value_type>();
  if constexpr (Access::Valid &&
                std::is_convertible_v<Elem, typename Access::value_type>) {
    auto Base = Access::template base<Props::template has_property<
        sycl::ext::oneapi::experimental::contiguous_memory_key>()>(Out);
    for (size_t K = 0; K < N; ++K) {
      typename Access::value_type V = In[K];
      Base[elementIndex<Props>(G, N, K)] = V;
    }
  }
}

/// One value, as an array of one.
template <typename T> struct SingleValue {
  T &Value;
  T &operator[](size_t) const { return Value; }
};

/// The static check of a span's extent.
template <size_t Extent> constexpr void checkGroupMemorySpan() {
  static_assert(Extent != sycl::dynamic_extent,
                "group_load and group_store take a span of static extent "
                "(sycl::span<T, N>), which says how many elements each "
                "work-item moves");
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// Reads `in[g.get_local_linear_id()]` into \p Out.
template <typename Group, typename InputIteratorT, typename OutputT,
          typename Properties = empty_properties_t>
void group_load(Group G, InputIteratorT In, OutputT &Out, Properties = {}) {
  using Props = lanes::detail::GroupMemoryProperties<Properties>;
  lanes::detail::SingleValue<OutputT> One{Out};
  lanes::detail::groupLoad<Props>(G, In, One, 1);
}
/// Reads the calling work-item's N elements into \p Out (blocked by
/// default, or striped).
template <typename Group, typename InputIteratorT, typename OutputT, int N,
          typename Properties = empty_properties_t>
void group_load(Group G, InputIteratorT In, vec<OutputT, N> &Out,
                Properties = {}) {
  using Props = lanes::detail::GroupMemoryProperties<Properties>;
  lanes::detail::groupLoad<Props>(G, In, Out, N);
}
/// Reads the calling work-item's ElementsPerWorkItem elements into \p Out
/// (blocked by default, or striped).
template <typename Group, typename InputIteratorT, typename OutputT,
          size_t ElementsPerWorkItem, typename Properties = empty_properties_t>
void group_load(Group G, InputIteratorT In,
                span<OutputT, ElementsPerWorkItem> Out, Properties = {}) {
  lanes::detail::checkGroupMemorySpan<ElementsPerWorkItem>();
  static_assert(!std::is_const_v<OutputT>,
                "group_load writes to its span, which cannot be of const "
                "elements");
  using Props = lanes::detail::GroupMemoryProperties<Properties>;
  // Through the pointer: span's operator[] asserts, which would leave a
  // branch in the loop over the elements.
  OutputT *Data = Out.data();
  lanes::detail::groupLoad<Props>(G, In, Data, ElementsPerWorkItem);
}

/// Writes \p In to `out[g.get_local_linear_id()]`.
template <typename Group, typename InputT, typename OutputIteratorT,
          typename Properties = empty_properties_t>
void group_store(Group G, const InputT &In, OutputIteratorT Out,
                 Properties = {}) {
  using Props = lanes::detail::GroupMemoryProperties<Properties>;
  lanes::detail::SingleValue<const InputT> One{In};
  lanes::detail::groupStore<Props>(G, One, Out, 1);
}
/// Writes \p In to the calling work-item's N elements (blocked by default,
/// or striped).
template <typename Group, typename InputT, int N, typename OutputIteratorT,
          typename Properties = empty_properties_t>
void group_store(Group G, const vec<InputT, N> &In, OutputIteratorT Out,
                 Properties = {}) {
  using Props = lanes::detail::GroupMemoryProperties<Properties>;
  lanes::detail::groupStore<Props>(G, In, Out, N);
}
/// Writes \p In to the calling work-item's ElementsPerWorkItem elements
/// (blocked by default, or striped).
template <typename Group, typename InputT, size_t ElementsPerWorkItem,
          typename OutputIteratorT, typename Properties = empty_properties_t>
void group_store(Group G, span<InputT, ElementsPerWorkItem> In,
                 OutputIteratorT Out, Properties = {}) {
  lanes::detail::checkGroupMemorySpan<ElementsPerWorkItem>();
  using Props = lanes::detail::GroupMemoryProperties<Properties>;
  // Through the pointer, as in group_load.
  const InputT *Data = In.data();
  lanes::detail::groupStore<Props>(G, Data, Out, ElementsPerWorkItem);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_GROUP_LOAD_STORE_HPP
