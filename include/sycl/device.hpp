//===- sycl/device.hpp - device, platform, context, device selectors ------===//
//
/// \file
/// SYCL 2020 4.6.1 (device selection), 4.6.2 (platform), 4.6.3 (context)
/// and 4.6.4 (device). Lanes has exactly one platform with one device,
/// the host CPU; its properties come from lanes::rt::deviceInfo(). A
/// selector that rejects the CPU (gpu_selector_v, accelerator_selector_v)
/// makes device and queue construction throw errc::runtime.
///
/// What the runtime does not report (aspects, vector widths, clock) comes
/// from lanes/detail/device_info.hpp. The device also answers DPC++'s
/// sycl_ext_intel_device_info (sycl/ext/intel/device_info.hpp) and
/// sycl_ext_oneapi_device_architecture
/// (sycl/ext/oneapi/experimental/device_architecture.hpp).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_DEVICE_HPP
#define LANES_SYCL_DEVICE_HPP

#include "lanes/detail/device_info.hpp"
#include "lanes/detail/sub_group_size.hpp"
#include "lanes/runtime.h"
#include "sycl/backend.hpp"
#include "sycl/exception.hpp"
#include "sycl/ext/intel/device_info.hpp"
#include "sycl/ext/oneapi/experimental/device_architecture.hpp"
#include "sycl/info.hpp"
#include "sycl/property_list.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace sycl {
inline namespace _V1 {

namespace detail_device {
template <typename T> inline constexpr bool AlwaysFalse = false;
template <typename T> struct IsMaxWorkItemSizes : std::false_type {};
template <int Dims>
struct IsMaxWorkItemSizes<info::device::max_work_item_sizes<Dims>>
    : std::true_type {};

/// The answer to a query of a limit Lanes does not have.
template <typename T> constexpr T NoLimit = std::numeric_limits<T>::max();

/// What create_sub_devices throws: the device cannot be partitioned.
[[noreturn]] inline void refusePartition(const char *Property) {
  throw exception(make_error_code(errc::feature_not_supported),
                  std::string("create_sub_devices<info::partition_property::") +
                      Property +
                      ">: the Lanes CPU device cannot be partitioned "
                      "(info::device::partition_properties is empty)");
}

} // namespace detail_device

/// The Lanes CPU device. All device objects are equal.
class device {
public:
  device() = default;
  /// The device with the highest non-negative score of \p Selector.
  template <typename SelectorT,
            std::enable_if_t<std::is_invocable_r_v<int, const SelectorT &,
                                                   const device &>,
                             int> = 0>
  explicit device(const SelectorT &Selector);

  bool is_cpu() const { return true; }
  bool is_gpu() const { return false; }
  bool is_accelerator() const { return false; }

  platform get_platform() const;

  /// Answers a device descriptor of sycl::info::device.
  template <typename Param> typename Param::return_type get_info() const;

  /// Whether the device (and Lanes) supports \p Aspect.
  bool has(aspect Aspect) const {
    return lanes::detail::supportsAspect(Aspect);
  }
  /// Deprecated in SYCL 2020: whether info::device::extensions names
  /// \p Name.
  bool has_extension(const std::string &Name) const {
    std::vector<std::string> Names = lanes::detail::extensionNames();
    return std::find(Names.begin(), Names.end(), Name) != Names.end();
  }
  backend get_backend() const noexcept { return backend::ext_lanes_cpu; }

  /// sycl_ext_oneapi_device_architecture: whether the device is \p Arch.
  /// Every x86-64 CPU is ext::oneapi::experimental::architecture::x86_64,
  /// even one info::device::architecture names more precisely.
  bool ext_oneapi_architecture_is(
      ext::oneapi::experimental::architecture Arch) const {
    return lanes::detail::architectureIs(Arch,
                                         lanes::detail::hostArchitecture());
  }
  /// Whether the device's architecture is in \p Category: never, no
  /// category holds a CPU.
  bool ext_oneapi_architecture_is(
      ext::oneapi::experimental::arch_category Category) const {
    return lanes::detail::architectureIn(Category);
  }

  /// SYCL 2020 4.6.4.2: the device cannot be partitioned, so each form
  /// throws errc::feature_not_supported.
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(size_t) const {
    static_assert(Prop == info::partition_property::partition_equally,
                  "create_sub_devices(count) takes partition_equally");
    detail_device::refusePartition("partition_equally");
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(const std::vector<size_t> &) const {
    static_assert(Prop == info::partition_property::partition_by_counts,
                  "create_sub_devices(counts) takes partition_by_counts");
    detail_device::refusePartition("partition_by_counts");
  }
  template <info::partition_property Prop>
  std::vector<device>
  create_sub_devices(info::partition_affinity_domain) const {
    static_assert(
        Prop == info::partition_property::partition_by_affinity_domain,
        "create_sub_devices(domain) takes partition_by_affinity_domain");
    detail_device::refusePartition("partition_by_affinity_domain");
  }

  /// The devices of \p Type: the CPU device for cpu, all and automatic.
  static std::vector<device>
  get_devices(info::device_type Type = info::device_type::all) {
    if (Type == info::device_type::cpu || Type == info::device_type::all ||
        Type == info::device_type::automatic)
      return {device()};
    return {};
  }

  friend bool operator==(const device &, const device &) { return true; }
  friend bool operator!=(const device &, const device &) { return false; }
};

/// The Lanes platform: one CPU device.
class platform {
public:
  platform() = default;
  template <typename SelectorT,
            std::enable_if_t<std::is_invocable_r_v<int, const SelectorT &,
                                                   const device &>,
                             int> = 0>
  explicit platform(const SelectorT &Selector) {
    (void)device(Selector);
  }

  std::vector<device>
  get_devices(info::device_type Type = info::device_type::all) const {
    return device::get_devices(Type);
  }
  static std::vector<platform> get_platforms() { return {platform()}; }
  bool has(aspect Aspect) const { return device().has(Aspect); }
  /// Deprecated in SYCL 2020.
  bool has_extension(const std::string &Name) const {
    return device().has_extension(Name);
  }
  backend get_backend() const noexcept { return backend::ext_lanes_cpu; }

  template <typename Param> typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::platform::name>)
      return "Lanes";
    else if constexpr (std::is_same_v<Param, info::platform::vendor>)
      return "Lanes";
    else if constexpr (std::is_same_v<Param, info::platform::version>)
      return "SYCL 2020 subset (Lanes)";
    else if constexpr (std::is_same_v<Param, info::platform::profile>)
      return "FULL_PROFILE";
    else if constexpr (std::is_same_v<Param, info::platform::extensions>)
      return lanes::detail::extensionNames();
    else
      static_assert(detail_device::AlwaysFalse<Param>,
                    "platform::get_info takes an info::platform descriptor");
    __builtin_unreachable();
  }

  friend bool operator==(const platform &, const platform &) { return true; }
  friend bool operator!=(const platform &, const platform &) { return false; }
};

/// SYCL 2020 4.6.3: a context of the Lanes device. All contexts are equal
/// because all memory is the host's. A context keeps its async_handler for
/// the queues made from it that have none (sycl/queue.hpp) and its
/// property_list (SYCL 2020 defines no context properties).
class context {
public:
  explicit context(const property_list &Props = {})
      : context(async_handler(), Props) {}
  explicit context(async_handler Handler, const property_list &Props = {})
      : Props(Props) {
    if (Handler)
      this->Handler = std::make_shared<const async_handler>(std::move(Handler));
  }
  explicit context(const device &, const property_list &Props = {})
      : context(async_handler(), Props) {}
  explicit context(const device &, async_handler Handler,
                   const property_list &Props = {})
      : context(std::move(Handler), Props) {}
  explicit context(const platform &, const property_list &Props = {})
      : context(async_handler(), Props) {}
  explicit context(const platform &, async_handler Handler,
                   const property_list &Props = {})
      : context(std::move(Handler), Props) {}
  explicit context(const std::vector<device> &, const property_list &Props = {})
      : context(async_handler(), Props) {}
  explicit context(const std::vector<device> &, async_handler Handler,
                   const property_list &Props = {})
      : context(std::move(Handler), Props) {}

  std::vector<device> get_devices() const { return {device()}; }
  platform get_platform() const { return platform(); }
  backend get_backend() const noexcept { return backend::ext_lanes_cpu; }
  template <typename Prop> bool has_property() const noexcept {
    return Props.has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return Props.get_property<Prop>();
  }

  /// Answers a descriptor of sycl::info::context.
  template <typename Param> typename Param::return_type get_info() const;

  friend bool operator==(const context &, const context &) { return true; }
  friend bool operator!=(const context &, const context &) { return false; }

private:
  friend class queue;
  /// Null without an async_handler; copies share it.
  std::shared_ptr<const async_handler> Handler;
  property_list Props;
};

inline platform device::get_platform() const { return platform(); }

// SYCL 2020 4.13.2: the exception constructors that take a context, which
// sycl/exception.hpp declares without the definition of context.
inline exception::exception(context Context, std::error_code EC,
                            const std::string &What)
    : exception(EC, What) {
  Ctx = std::make_shared<const context>(std::move(Context));
}
inline exception::exception(context Context, std::error_code EC,
                            const char *What)
    : exception(std::move(Context), EC, std::string(What)) {}
inline exception::exception(context Context, std::error_code EC)
    : exception(std::move(Context), EC, EC.message()) {}
inline exception::exception(context Context, int Code,
                            const std::error_category &Cat,
                            const std::string &What)
    : exception(std::move(Context), std::error_code(Code, Cat), What) {}
inline exception::exception(context Context, int Code,
                            const std::error_category &Cat, const char *What)
    : exception(std::move(Context), std::error_code(Code, Cat),
                std::string(What)) {}
inline exception::exception(context Context, int Code,
                            const std::error_category &Cat)
    : exception(std::move(Context), std::error_code(Code, Cat)) {}

inline context exception::get_context() const {
  if (!Ctx)
    throw exception(make_error_code(errc::invalid),
                    "exception::get_context: this exception was thrown "
                    "without a context (has_context() is false)");
  return *Ctx;
}

template <typename Param>
typename Param::return_type device::get_info() const {
  const lanes::rt::DeviceInfo &Info = lanes::rt::deviceInfo();
  namespace dev = info::device;
  if constexpr (std::is_same_v<Param, dev::device_type>) {
    return info::device_type::cpu;
  } else if constexpr (std::is_same_v<Param, dev::vendor_id>) {
    return 0;
  } else if constexpr (std::is_same_v<Param, dev::max_compute_units>) {
    return Info.MaxComputeUnits;
  } else if constexpr (std::is_same_v<Param, dev::max_work_item_dimensions>) {
    return 3;
  } else if constexpr (detail_device::IsMaxWorkItemSizes<Param>::value) {
    // OpenCL order in the runtime, SYCL order (last = fastest) here.
    constexpr int Dims = Param::return_type::dimensions;
    const size_t *M = Info.MaxWorkItemSizes;
    if constexpr (Dims == 1)
      return range<1>(M[0]);
    else if constexpr (Dims == 2)
      return range<2>(M[1], M[0]);
    else
      return range<3>(M[2], M[1], M[0]);
  } else if constexpr (std::is_same_v<Param, dev::max_work_group_size>) {
    return Info.MaxWorkGroupSize;
  } else if constexpr (std::is_same_v<Param, dev::address_bits>) {
    return static_cast<uint32_t>(sizeof(void *) * 8);
  } else if constexpr (std::is_same_v<Param, dev::max_mem_alloc_size> ||
                       std::is_same_v<Param, dev::global_mem_size>) {
    return Info.GlobalMemSize;
  } else if constexpr (std::is_same_v<Param, dev::local_mem_type>) {
    return info::local_mem_type::global;
  } else if constexpr (std::is_same_v<Param, dev::local_mem_size>) {
    return Info.LocalMemSize;
  } else if constexpr (std::is_same_v<Param, dev::name>) {
    return Info.Name;
  } else if constexpr (std::is_same_v<Param, dev::vendor>) {
    return Info.Vendor;
  } else if constexpr (std::is_same_v<Param, dev::driver_version> ||
                       std::is_same_v<Param, dev::version>) {
    return "Lanes 0.1";
  } else if constexpr (std::is_same_v<Param, dev::platform>) {
    return platform();
  } else if constexpr (std::is_same_v<Param, dev::sub_group_sizes>) {
    // The one size every kernel of this translation unit uses.
    return std::vector<size_t>{lanes::detail::SubGroupSize};
  } else if constexpr (lanes::detail::VectorWidthQuery<Param>::value) {
    return lanes::detail::vectorWidth<lanes::detail::VectorWidthQuery<Param>>();
  } else if constexpr (std::is_same_v<Param, dev::max_clock_frequency>) {
    return lanes::detail::clockFrequencyMHz();
  } else if constexpr (std::is_same_v<Param, dev::error_correction_support>) {
    return false; // Lanes cannot tell whether the memory has ECC.
  } else if constexpr (std::is_same_v<Param, dev::profiling_timer_resolution>) {
    // Event timestamps come from the steady clock.
    using Period = std::chrono::steady_clock::period;
    return std::max<size_t>(1, size_t(Period::num * 1000000000 / Period::den));
  } else if constexpr (std::is_same_v<Param, dev::is_available>) {
    return true;
  } else if constexpr (std::is_same_v<Param, dev::queue_profiling>) {
    return has(aspect::queue_profiling);
  } else if constexpr (std::is_same_v<Param, dev::aspects>) {
    return std::vector<aspect>(std::begin(lanes::detail::SupportedAspects),
                               std::end(lanes::detail::SupportedAspects));
  } else if constexpr (std::is_same_v<Param,
                                      dev::atomic_memory_order_capabilities> ||
                       std::is_same_v<Param,
                                      dev::atomic_fence_order_capabilities>) {
    return std::vector<memory_order>{
        memory_order::relaxed, memory_order::acquire, memory_order::release,
        memory_order::acq_rel, memory_order::seq_cst};
  } else if constexpr (std::is_same_v<Param,
                                      dev::atomic_memory_scope_capabilities> ||
                       std::is_same_v<Param,
                                      dev::atomic_fence_scope_capabilities>) {
    return std::vector<memory_scope>{
        memory_scope::work_item, memory_scope::sub_group,
        memory_scope::work_group, memory_scope::device, memory_scope::system};
  } else if constexpr (std::is_same_v<Param, dev::max_num_sub_groups>) {
    // A work-group whose rows are one work-item wide has a sub-group for
    // each work-item (docs/sub-groups.md).
    return uint32_t(Info.MaxWorkGroupSize);
  } else if constexpr (std::is_same_v<
                           Param,
                           dev::sub_group_independent_forward_progress>) {
    return false; // The sub-groups of a group share one thread.
  } else if constexpr (std::is_same_v<Param, dev::image_support>) {
    return has(aspect::image);
  } else if constexpr (std::is_same_v<Param, dev::image2d_max_width> ||
                       std::is_same_v<Param, dev::image2d_max_height> ||
                       std::is_same_v<Param, dev::image3d_max_width> ||
                       std::is_same_v<Param, dev::image3d_max_height> ||
                       std::is_same_v<Param, dev::image3d_max_depth> ||
                       std::is_same_v<Param, dev::image_max_buffer_size>) {
    return size_t(INT_MAX); // Image coordinates are ints.
  } else if constexpr (std::is_same_v<Param, dev::max_read_image_args> ||
                       std::is_same_v<Param, dev::max_write_image_args> ||
                       std::is_same_v<Param, dev::max_samplers> ||
                       std::is_same_v<Param, dev::max_constant_args> ||
                       std::is_same_v<Param, dev::max_parameter_size> ||
                       std::is_same_v<Param, dev::printf_buffer_size>) {
    // Kernels capture what they like and print straight to stdout.
    return detail_device::NoLimit<typename Param::return_type>;
  } else if constexpr (std::is_same_v<Param, dev::max_constant_buffer_size>) {
    return Info.GlobalMemSize;
  } else if constexpr (std::is_same_v<Param, dev::mem_base_addr_align>) {
    return uint32_t(64 * 8); // USM and buffers: 64-byte aligned, in bits.
  } else if constexpr (std::is_same_v<Param, dev::half_fp_config>) {
    // Computed in float (fma in double) and rounded once: correctly
    // rounded (lanes/detail/math_half.hpp).
    return std::vector<info::fp_config>{
        info::fp_config::denorm, info::fp_config::inf_nan,
        info::fp_config::round_to_nearest, info::fp_config::fma};
  } else if constexpr (std::is_same_v<Param, dev::single_fp_config> ||
                       std::is_same_v<Param, dev::double_fp_config>) {
    std::vector<info::fp_config> Config{
        info::fp_config::denorm,           info::fp_config::inf_nan,
        info::fp_config::round_to_nearest, info::fp_config::round_to_zero,
        info::fp_config::round_to_inf,     info::fp_config::fma};
    if constexpr (std::is_same_v<Param, dev::single_fp_config>)
      Config.push_back(info::fp_config::correctly_rounded_divide_sqrt);
    return Config;
  } else if constexpr (std::is_same_v<Param, dev::global_mem_cache_type>) {
    return info::global_mem_cache_type::read_write;
  } else if constexpr (std::is_same_v<Param, dev::global_mem_cache_line_size>) {
    return lanes::detail::cacheFacts().LineBytes;
  } else if constexpr (std::is_same_v<Param, dev::global_mem_cache_size>) {
    return lanes::detail::cacheFacts().LargestBytes;
  } else if constexpr (std::is_same_v<Param, dev::host_unified_memory>) {
    return true;
  } else if constexpr (std::is_same_v<Param, dev::is_endian_little>) {
    return __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
  } else if constexpr (std::is_same_v<Param, dev::is_compiler_available> ||
                       std::is_same_v<Param, dev::is_linker_available>) {
    return false; // Kernels are compiled ahead of time (no online_compiler).
  } else if constexpr (std::is_same_v<Param, dev::execution_capabilities>) {
    return std::vector<info::execution_capability>{
        info::execution_capability::exec_kernel};
  } else if constexpr (std::is_same_v<Param, dev::built_in_kernel_ids> ||
                       std::is_same_v<Param, dev::built_in_kernels> ||
                       std::is_same_v<Param, dev::partition_properties> ||
                       std::is_same_v<Param, dev::partition_affinity_domains>) {
    return typename Param::return_type{};
  } else if constexpr (std::is_same_v<Param, dev::backend_version>) {
    return "Lanes 0.1";
  } else if constexpr (std::is_same_v<Param, dev::profile>) {
    return "FULL_PROFILE";
  } else if constexpr (std::is_same_v<Param, dev::extensions>) {
    return lanes::detail::extensionNames();
  } else if constexpr (std::is_same_v<Param,
                                      dev::preferred_interop_user_sync>) {
    return true;
  } else if constexpr (std::is_same_v<Param, dev::parent_device>) {
    throw exception(make_error_code(errc::invalid),
                    "info::device::parent_device: the Lanes CPU device is "
                    "not a sub-device");
  } else if constexpr (std::is_same_v<Param, dev::partition_max_sub_devices>) {
    return uint32_t(0);
  } else if constexpr (std::is_same_v<Param, dev::partition_type_property>) {
    return info::partition_property::no_partition;
  } else if constexpr (std::is_same_v<Param,
                                      dev::partition_type_affinity_domain>) {
    return info::partition_affinity_domain::not_applicable;
  } else if constexpr (lanes::detail::IntelDeviceQuery<Param>::value) {
    return lanes::detail::intelDeviceInfo<Param>();
  } else if constexpr (std::is_same_v<Param, ext::oneapi::experimental::info::
                                                 device::architecture>) {
    return lanes::detail::hostArchitecture();
  } else {
    static_assert(detail_device::AlwaysFalse<Param>,
                  "device::get_info takes an info::device descriptor (or a "
                  "device extension's)");
    __builtin_unreachable();
  }
}

template <typename Param>
typename Param::return_type context::get_info() const {
  namespace ctx = info::context;
  if constexpr (std::is_same_v<Param, ctx::platform>) {
    return platform();
  } else if constexpr (std::is_same_v<Param, ctx::devices>) {
    return get_devices();
  } else if constexpr (std::is_same_v<Param,
                                      ctx::atomic_memory_order_capabilities> ||
                       std::is_same_v<Param,
                                      ctx::atomic_fence_order_capabilities>) {
    return device().get_info<info::device::atomic_memory_order_capabilities>();
  } else if constexpr (std::is_same_v<Param,
                                      ctx::atomic_memory_scope_capabilities> ||
                       std::is_same_v<Param,
                                      ctx::atomic_fence_scope_capabilities>) {
    return device().get_info<info::device::atomic_memory_scope_capabilities>();
  } else {
    static_assert(detail_device::AlwaysFalse<Param>,
                  "context::get_info takes an info::context descriptor");
    __builtin_unreachable();
  }
}

/// SYCL 2020 4.6.4.3: whether any device, or all devices, of the
/// implementation may have aspect \p A: for Lanes's one device, both are
/// whether it has \p A.
template <aspect A>
struct any_device_has : std::bool_constant<lanes::detail::supportsAspect(A)> {};
template <aspect A>
struct all_devices_have : std::bool_constant<lanes::detail::supportsAspect(A)> {
};
template <aspect A>
inline constexpr bool any_device_has_v = any_device_has<A>::value;
template <aspect A>
inline constexpr bool all_devices_have_v = all_devices_have<A>::value;

/// SYCL 2020 4.6.1: the standard selectors. A negative score rejects a
/// device.
inline int default_selector_v(const device &Dev) { return Dev.is_cpu() ? 1 : 0; }
inline int cpu_selector_v(const device &Dev) { return Dev.is_cpu() ? 1 : -1; }
inline int gpu_selector_v(const device &Dev) { return Dev.is_gpu() ? 1 : -1; }
inline int accelerator_selector_v(const device &Dev) {
  return Dev.is_accelerator() ? 1 : -1;
}

/// SYCL 1.2.1 selector classes (deprecated in SYCL 2020, still common).
class device_selector {
public:
  virtual ~device_selector() = default;
  virtual int operator()(const device &Dev) const = 0;
};
class default_selector : public device_selector {
public:
  int operator()(const device &Dev) const override {
    return default_selector_v(Dev);
  }
};
class cpu_selector : public device_selector {
public:
  int operator()(const device &Dev) const override {
    return cpu_selector_v(Dev);
  }
};
class gpu_selector : public device_selector {
public:
  int operator()(const device &Dev) const override {
    return gpu_selector_v(Dev);
  }
};
class accelerator_selector : public device_selector {
public:
  int operator()(const device &Dev) const override {
    return accelerator_selector_v(Dev);
  }
};

namespace detail_device {
/// What aspect_selector returns: a selector accepting the devices that
/// have every aspect of Required and none of Denied.
class AspectSelector {
public:
  AspectSelector(std::vector<aspect> Required, std::vector<aspect> Denied)
      : Required(std::move(Required)), Denied(std::move(Denied)) {}

  int operator()(const device &Dev) const {
    return unmet(Dev).empty() ? 1 : -1;
  }

  /// Why \p Dev is rejected ("lacks fp16, has cpu"), or "" if it is not.
  std::string unmet(const device &Dev) const {
    std::string Why;
    auto Add = [&Why](const char *Verb, aspect A) {
      Why += (Why.empty() ? "" : ", ") + std::string(Verb) +
             lanes::detail::aspectName(A);
    };
    for (aspect A : Required)
      if (!Dev.has(A))
        Add("lacks ", A);
    for (aspect A : Denied)
      if (Dev.has(A))
        Add("has ", A);
    return Why;
  }

private:
  std::vector<aspect> Required;
  std::vector<aspect> Denied;
};
} // namespace detail_device

/// SYCL 2020 4.6.1.1: a selector for devices with every aspect of
/// \p RequireList and none of \p DenyList.
inline detail_device::AspectSelector
aspect_selector(const std::vector<aspect> &RequireList,
                const std::vector<aspect> &DenyList = {}) {
  return detail_device::AspectSelector(RequireList, DenyList);
}
/// A selector for devices with every aspect given.
template <typename... AspectTN,
          std::enable_if_t<(std::is_same_v<AspectTN, aspect> && ...), int> = 0>
detail_device::AspectSelector aspect_selector(aspect First, AspectTN... Rest) {
  return aspect_selector(std::vector<aspect>{First, Rest...});
}
template <aspect... AspectList>
detail_device::AspectSelector aspect_selector() {
  return aspect_selector(std::vector<aspect>{AspectList...});
}

namespace detail_device {
using SelectorFn = int (*)(const device &);

/// Why no device satisfies \p Selector, in words a user can act on.
template <typename SelectorT>
std::string rejectionMessage(const SelectorT &Selector) {
  if constexpr (std::is_same_v<SelectorT, AspectSelector>)
    return "no device satisfies the aspect_selector: the Lanes CPU device " +
           Selector.unmet(device());
  bool Gpu = std::is_base_of_v<gpu_selector, SelectorT>;
  bool Accelerator = std::is_base_of_v<accelerator_selector, SelectorT>;
  if constexpr (std::is_convertible_v<const SelectorT &, SelectorFn>) {
    SelectorFn Fn = Selector;
    Gpu = Fn == &gpu_selector_v;
    Accelerator = Fn == &accelerator_selector_v;
  }
  if (Gpu)
    return "no GPU device: Lanes runs on the CPU";
  if (Accelerator)
    return "no accelerator device: Lanes runs on the CPU";
  return "no device satisfies the device selector: Lanes has one device, "
         "the CPU";
}
} // namespace detail_device

template <typename SelectorT,
          std::enable_if_t<
              std::is_invocable_r_v<int, const SelectorT &, const device &>,
              int>>
device::device(const SelectorT &Selector) {
  if (Selector(device()) < 0)
    throw exception(make_error_code(errc::runtime),
                    detail_device::rejectionMessage(Selector));
}

} // namespace _V1
} // namespace sycl

namespace std {
/// Lanes has one device, one platform and one context: all objects of each
/// class compare equal, so they all hash alike.
template <> struct hash<sycl::device> {
  size_t operator()(const sycl::device &) const noexcept { return 0; }
};
template <> struct hash<sycl::platform> {
  size_t operator()(const sycl::platform &) const noexcept { return 0; }
};
template <> struct hash<sycl::context> {
  size_t operator()(const sycl::context &) const noexcept { return 0; }
};
} // namespace std

#endif // LANES_SYCL_DEVICE_HPP
