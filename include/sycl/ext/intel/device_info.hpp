//===- sycl/ext/intel/device_info.hpp - Intel's device descriptors --------===//
//
/// \file
/// DPC++'s sycl_ext_intel_device_info (version 7): the descriptors of
/// `sycl::ext::intel::info::device`, each answered only by devices with
/// its `aspect::ext_intel_*`, plus the deprecated
/// `sycl::info::device::ext_intel_*` names of some of them.
///
/// The Lanes device is the host CPU, and it has the aspects of the
/// queries it can answer truthfully (lanes/detail/device_info.hpp lists
/// them):
///  - free_memory: the bytes the operating system could give the program
///    without swapping, MemAvailable of /proc/meminfo (Linux), or the free
///    physical pages (sysconf) where that file has no such line; never more
///    than info::device::global_mem_size. Read anew at each query.
///  - device_id (x86-64 only): the CPU's processor signature, cpuid leaf 1
///    EAX (stepping, model, family and their extended bits), which names
///    the processor version. It does not encode the core count:
///    info::device::max_compute_units says how many threads Lanes uses.
///
/// The others describe GPUs (EU counts, slices, hardware threads per EU),
/// PCI devices (pci_address) or hardware Lanes cannot read without
/// privileges or at all (UUID, memory bandwidth, clock and bus width,
/// throttling, fans, power limits); the device lacks their aspects and,
/// as in DPC++, get_info of them throws errc::feature_not_supported
/// naming the descriptor.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_INTEL_DEVICE_INFO_HPP
#define LANES_SYCL_EXT_INTEL_DEVICE_INFO_HPP

#include "lanes/detail/device_info.hpp"
#include "sycl/exception.hpp"
#include "sycl/info.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

/// Version 7: throttle reasons, fan speed and power limits.
#define SYCL_EXT_INTEL_DEVICE_INFO 7

namespace sycl {
inline namespace _V1 {
namespace ext::intel {

/// Why a device's clock is throttled (current_clock_throttle_reasons).
enum class throttle_reason {
  power_cap,
  current_limit,
  thermal_limit,
  psu_alert,
  sw_range,
  hw_range,
  other,
};

namespace info::device {
#define LANES_INTEL_DESCRIPTOR(NAME, TYPE)                                     \
  struct NAME {                                                                \
    using return_type = TYPE;                                                  \
  };
/// A number identifying the device (aspect::ext_intel_device_id).
LANES_INTEL_DESCRIPTOR(device_id, uint32_t)
/// aspect::ext_intel_device_info_uuid.
struct uuid {
  using return_type = std::array<unsigned char, 16>;
};
/// "domain:bus:device.function" (aspect::ext_intel_pci_address).
LANES_INTEL_DESCRIPTOR(pci_address, std::string)
/// Intel GPU geometry (aspect::ext_intel_gpu_<name>).
LANES_INTEL_DESCRIPTOR(gpu_eu_simd_width, uint32_t)
LANES_INTEL_DESCRIPTOR(gpu_eu_count, uint32_t)
LANES_INTEL_DESCRIPTOR(gpu_slices, uint32_t)
LANES_INTEL_DESCRIPTOR(gpu_subslices_per_slice, uint32_t)
LANES_INTEL_DESCRIPTOR(gpu_eu_count_per_subslice, uint32_t)
LANES_INTEL_DESCRIPTOR(gpu_hw_threads_per_eu, uint32_t)
/// Bytes per second (aspect::ext_intel_max_mem_bandwidth).
LANES_INTEL_DESCRIPTOR(max_mem_bandwidth, uint64_t)
/// Bytes (aspect::ext_intel_free_memory).
LANES_INTEL_DESCRIPTOR(free_memory, uint64_t)
/// MHz (aspect::ext_intel_memory_clock_rate).
LANES_INTEL_DESCRIPTOR(memory_clock_rate, uint32_t)
/// Bits (aspect::ext_intel_memory_bus_width).
LANES_INTEL_DESCRIPTOR(memory_bus_width, uint32_t)
/// aspect::ext_intel_current_clock_throttle_reasons.
LANES_INTEL_DESCRIPTOR(current_clock_throttle_reasons,
                       std::vector<ext::intel::throttle_reason>)
/// Percent of the maximum (aspect::ext_intel_fan_speed).
LANES_INTEL_DESCRIPTOR(fan_speed, int32_t)
/// Milliwatts (aspect::ext_intel_power_limits).
LANES_INTEL_DESCRIPTOR(min_power_limit, int32_t)
LANES_INTEL_DESCRIPTOR(max_power_limit, int32_t)
#undef LANES_INTEL_DESCRIPTOR
} // namespace info::device

} // namespace ext::intel

namespace info::device {
/// The names sycl_ext_intel_device_info deprecated, for the descriptors
/// of ext::intel::info::device that replace them.
#define LANES_DEPRECATED_INTEL_DESCRIPTOR(OLD, NEW)                            \
  using OLD [[deprecated("use sycl::ext::intel::info::device::" #NEW)]] =      \
      ext::intel::info::device::NEW;
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_device_info_uuid, uuid)
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_pci_address, pci_address)
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_gpu_eu_simd_width,
                                  gpu_eu_simd_width)
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_gpu_eu_count, gpu_eu_count)
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_gpu_slices, gpu_slices)
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_gpu_subslices_per_slice,
                                  gpu_subslices_per_slice)
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_gpu_eu_count_per_subslice,
                                  gpu_eu_count_per_subslice)
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_gpu_hw_threads_per_eu,
                                  gpu_hw_threads_per_eu)
LANES_DEPRECATED_INTEL_DESCRIPTOR(ext_intel_max_mem_bandwidth,
                                  max_mem_bandwidth)
#undef LANES_DEPRECATED_INTEL_DESCRIPTOR
} // namespace info::device

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// Traits of the descriptors of sycl::ext::intel::info::device: the
/// aspect a device needs to answer it and its name for messages.
template <typename Param> struct IntelDeviceQuery : std::false_type {};
#define LANES_INTEL_QUERY(NAME, ASPECT)                                        \
  template <>                                                                  \
  struct IntelDeviceQuery<sycl::ext::intel::info::device::NAME>                \
      : std::true_type {                                                       \
    static constexpr sycl::aspect Aspect = sycl::aspect::ASPECT;               \
    static constexpr const char *Name = #NAME;                                 \
  };
LANES_INTEL_QUERY(device_id, ext_intel_device_id)
LANES_INTEL_QUERY(uuid, ext_intel_device_info_uuid)
LANES_INTEL_QUERY(pci_address, ext_intel_pci_address)
LANES_INTEL_QUERY(gpu_eu_simd_width, ext_intel_gpu_eu_simd_width)
LANES_INTEL_QUERY(gpu_eu_count, ext_intel_gpu_eu_count)
LANES_INTEL_QUERY(gpu_slices, ext_intel_gpu_slices)
LANES_INTEL_QUERY(gpu_subslices_per_slice, ext_intel_gpu_subslices_per_slice)
LANES_INTEL_QUERY(gpu_eu_count_per_subslice,
                  ext_intel_gpu_eu_count_per_subslice)
LANES_INTEL_QUERY(gpu_hw_threads_per_eu, ext_intel_gpu_hw_threads_per_eu)
LANES_INTEL_QUERY(max_mem_bandwidth, ext_intel_max_mem_bandwidth)
LANES_INTEL_QUERY(free_memory, ext_intel_free_memory)
LANES_INTEL_QUERY(memory_clock_rate, ext_intel_memory_clock_rate)
LANES_INTEL_QUERY(memory_bus_width, ext_intel_memory_bus_width)
LANES_INTEL_QUERY(current_clock_throttle_reasons,
                  ext_intel_current_clock_throttle_reasons)
LANES_INTEL_QUERY(fan_speed, ext_intel_fan_speed)
LANES_INTEL_QUERY(min_power_limit, ext_intel_power_limits)
LANES_INTEL_QUERY(max_power_limit, ext_intel_power_limits)
#undef LANES_INTEL_QUERY

/// What get_info of an ext::intel descriptor throws when the device lacks
/// its aspect.
[[noreturn, gnu::cold]] inline void throwMissingIntelAspect(const char *Name,
                                                            sycl::aspect A) {
  throw sycl::exception(
      sycl::make_error_code(sycl::errc::feature_not_supported),
      std::string("get_info<ext::intel::info::device::") + Name +
          ">: the Lanes CPU device does not have aspect::" + aspectName(A));
}

/// The answer to ext::intel descriptor \p Param of the Lanes device.
template <typename Param> typename Param::return_type intelDeviceInfo() {
  using Query = IntelDeviceQuery<Param>;
  namespace intel = sycl::ext::intel::info::device;
  if constexpr (std::is_same_v<Param, intel::free_memory>) {
    if (supportsAspect(Query::Aspect))
      return freeMemoryBytes();
  } else if constexpr (std::is_same_v<Param, intel::device_id>) {
    if (supportsAspect(Query::Aspect))
      return processorSignature();
  }
  throwMissingIntelAspect(Query::Name, Query::Aspect);
}

} // namespace lanes::detail

#endif // LANES_SYCL_EXT_INTEL_DEVICE_INFO_HPP
