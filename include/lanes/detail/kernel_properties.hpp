//===- lanes/detail/kernel_properties.hpp - What kernel properties do -----===//
//
/// \file
/// How a kernel's compile-time properties (sycl/ext/oneapi/
/// kernel_properties.hpp) take effect. A kernel object has the properties
/// its `get(properties_tag)` returns; a launch given a property list runs
/// the kernel wrapped in WithProperties, whose `get` adds the list to them.
/// Then, in both modes:
/// - `work_group_size<...>` is the kernel's required local size, as
///   `[[sycl::reqd_work_group_size]]` is in compiled mode: launches with
///   another size throw errc::nd_range, range launches use it, and the
///   work-group function is specialized for it (lanes/detail/kernel.hpp);
/// - `sub_group_size<N>` must be the translation unit's sub-group size
///   (LANES_SUB_GROUP_SIZE), else the program does not compile;
/// - `device_has<...>` throws errc::kernel_not_supported at launch when
///   the device lacks one of the aspects;
/// - `work_group_size_hint<...>` changes nothing.
/// Any other property is a compile error.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_KERNEL_PROPERTIES_HPP
#define LANES_DETAIL_KERNEL_PROPERTIES_HPP

#include "lanes/detail/device_info.hpp"
#include "lanes/detail/sub_group_size.hpp"
#include "lanes/detail/work_item.hpp"
#include "sycl/ext/oneapi/kernel_properties.hpp"

#include <type_traits>
#include <utility>

namespace lanes::detail {

namespace syclex = sycl::ext::oneapi::experimental;

/// The properties kernel object \p KernelT declares through
/// `get(properties_tag)` (which need not be const), else none.
template <typename KernelT, typename = void> struct DeclaredProperties {
  using type = syclex::empty_properties_t;
};
template <typename KernelT>
struct DeclaredProperties<KernelT,
                          std::void_t<decltype(std::declval<KernelT &>().get(
                              syclex::properties_tag()))>> {
  using Returned =
      decltype(std::declval<KernelT &>().get(syclex::properties_tag()));
  static_assert(syclex::is_property_list_v<Returned>,
                "a kernel object's get(properties_tag) must return an "
                "ext::oneapi::experimental::properties list");
  using type = std::conditional_t<syclex::is_property_list_v<Returned>,
                                  Returned, syclex::empty_properties_t>;
};
template <typename KernelT>
using KernelProperties = typename DeclaredProperties<KernelT>::type;

/// \p List with \p Value added, unless it has a value of that key already,
/// which must then be the same.
template <typename List, typename Value> struct AddProperty;
template <typename... Values, typename Value>
struct AddProperty<syclex::properties<Values...>, Value> {
  using List = syclex::properties<Values...>;
  using Key = typename Value::key_t;
  static constexpr bool Has = List::template has_property<Key>();
  static_assert(!Has || (std::is_same_v<Values, Value> || ...),
                "a kernel launched with a property its own "
                "get(properties_tag) gives another value");
  using type =
      std::conditional_t<Has, List, syclex::properties<Values..., Value>>;
};

/// \p List with the values of \p More added.
template <typename List, typename More> struct MergeProperties;
template <typename List> struct MergeProperties<List, syclex::properties<>> {
  using type = List;
};
template <typename List, typename First, typename... Rest>
struct MergeProperties<List, syclex::properties<First, Rest...>>
    : MergeProperties<typename AddProperty<List, First>::type,
                      syclex::properties<Rest...>> {};

/// A list of the type \p List points to.
template <typename... Values>
constexpr syclex::properties<Values...>
makeProperties(syclex::properties<Values...> *) {
  return syclex::properties<Values...>(Values()...);
}

/// Kernel object \p KernelT launched with the property list \p LaunchT:
/// calls it as it is and declares the properties of both.
template <typename KernelT, typename LaunchT> struct WithProperties {
  KernelT Kernel;

  template <typename... ArgTs>
  [[gnu::always_inline]] auto operator()(ArgTs &...Args) const
      noexcept(noexcept(Kernel(Args...))) -> decltype(Kernel(Args...)) {
    LANES_INLINE_KERNEL_CALL return Kernel(Args...);
  }

  static constexpr auto get(syclex::properties_tag) {
    return makeProperties(
        static_cast<typename MergeProperties<
            LaunchT, KernelProperties<KernelT>>::type *>(nullptr));
  }
};

/// \p Kernel to be launched with \p Properties.
template <typename PropertiesT, typename KernelT>
WithProperties<KernelT, PropertiesT> withProperties(const KernelT &Kernel) {
  return {Kernel};
}

/// Whether every value of property list \p List is a kernel property.
template <typename List> struct AllKernelProperties;
template <typename... Values>
struct AllKernelProperties<syclex::properties<Values...>>
    : std::bool_constant<(syclex::has_compile_time_kernel_effect_v<Values> &&
                          ...)> {};

/// The value of property \p Key kernel \p KernelT has; \p KernelT must
/// have one.
template <typename KernelT, typename Key>
using KernelProperty =
    decltype(KernelProperties<KernelT>::template get_property<Key>());

template <typename KernelT, typename Key>
inline constexpr bool
    HasKernelProperty = KernelProperties<KernelT>::template has_property<Key>();

/// Whether no size of \p SizesValue, a work_group_size value, is 0.
template <typename SizesValue> constexpr bool nonzeroSizes() {
  for (size_t Size : SizesValue::value)
    if (Size == 0)
      return false;
  return true;
}

/// The checks that need no launch, for kernels of \p Dims dimensions (0
/// for a single_task, which has no sizes to check).
template <typename KernelT, int Dims> constexpr void checkKernelProperties() {
  static_assert(AllKernelProperties<KernelProperties<KernelT>>::value,
                "a kernel takes the properties work_group_size, "
                "work_group_size_hint, sub_group_size and device_has");
  if constexpr (HasKernelProperty<KernelT, syclex::sub_group_size_key>)
    static_assert(
        KernelProperty<KernelT, syclex::sub_group_size_key>::value ==
            LANES_SUB_GROUP_SIZE,
        "sub_group_size<N>: the kernels of a translation unit have one "
        "sub-group size, LANES_SUB_GROUP_SIZE (N is in the instantiation "
        "above); compile with -DLANES_SUB_GROUP_SIZE=N for N a power of "
        "two from 1 to 64");
  if constexpr (HasKernelProperty<KernelT, syclex::work_group_size_key>) {
    using Sizes = KernelProperty<KernelT, syclex::work_group_size_key>;
    static_assert(Dims == 0 || Sizes::value.size() == size_t(Dims),
                  "work_group_size<...> takes one size per dimension of "
                  "the launch");
    static_assert(nonzeroSizes<Sizes>(), "work_group_size<...>: a "
                                         "work-group size must be at least 1");
  }
}

/// The first aspect of kernel \p KernelT's device_has that the device
/// lacks, or nullptr.
template <typename KernelT> constexpr const sycl::aspect *missingAspect() {
  if constexpr (HasKernelProperty<KernelT, syclex::device_has_key>) {
    for (const sycl::aspect &A :
         KernelProperty<KernelT, syclex::device_has_key>::value)
      if (!supportsAspect(A))
        return &A;
  }
  return nullptr;
}

} // namespace lanes::detail

#endif // LANES_DETAIL_KERNEL_PROPERTIES_HPP
