//===- sycl/info.hpp - Information descriptors ----------------------------===//
//
/// \file
/// SYCL 2020 appendix A: the descriptor types passed to get_info<>() and
/// the enumerations they return. Only the descriptors Lanes answers exist;
/// asking for another one fails to compile.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_INFO_HPP
#define LANES_SYCL_INFO_HPP

#include "sycl/access.hpp"
#include "sycl/range.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sycl {
inline namespace _V1 {

class context;
class device;
class kernel_id;
class platform;

/// SYCL 2020 4.6.4: optional device features (aspects).
enum class aspect {
  cpu,
  gpu,
  accelerator,
  custom,
  emulated,
  host_debuggable,
  fp16,
  fp64,
  atomic64,
  image,
  online_compiler,
  online_linker,
  queue_profiling,
  usm_device_allocations,
  usm_host_allocations,
  usm_atomic_host_allocations,
  usm_shared_allocations,
  usm_atomic_shared_allocations,
  usm_system_allocations,
  // sycl_ext_intel_device_info, sycl_ext_intel_mem_channel_property and
  // DPC++'s legacy images (sycl/ext/intel/device_info.hpp).
  ext_intel_pci_address,
  ext_intel_gpu_eu_count,
  ext_intel_gpu_eu_simd_width,
  ext_intel_gpu_slices,
  ext_intel_gpu_subslices_per_slice,
  ext_intel_gpu_eu_count_per_subslice,
  ext_intel_max_mem_bandwidth,
  ext_intel_mem_channel,
  ext_intel_device_info_uuid,
  ext_intel_gpu_hw_threads_per_eu,
  ext_intel_free_memory,
  ext_intel_device_id,
  ext_intel_memory_clock_rate,
  ext_intel_memory_bus_width,
  ext_intel_legacy_image,
  ext_intel_current_clock_throttle_reasons,
  ext_intel_fan_speed,
  ext_intel_power_limits,
};

namespace info {

enum class device_type : unsigned {
  cpu,
  gpu,
  accelerator,
  custom,
  automatic,
  host,
  all,
};

enum class local_mem_type : int { none, local, global };

enum class event_command_status : int { submitted, running, complete };

enum class fp_config : int {
  denorm,
  inf_nan,
  round_to_nearest,
  round_to_zero,
  round_to_inf,
  fma,
  correctly_rounded_divide_sqrt,
  soft_float,
};

enum class global_mem_cache_type : int { none, read_only, read_write };

enum class execution_capability : unsigned { exec_kernel, exec_native_kernel };

enum class partition_property : int {
  no_partition,
  partition_equally,
  partition_by_counts,
  partition_by_affinity_domain,
};

enum class partition_affinity_domain : int {
  not_applicable,
  numa,
  L4_cache,
  L3_cache,
  L2_cache,
  L1_cache,
  next_partitionable,
};

namespace device {
struct device_type {
  using return_type = info::device_type;
};
struct vendor_id {
  using return_type = uint32_t;
};
struct max_compute_units {
  using return_type = uint32_t;
};
struct max_work_item_dimensions {
  using return_type = uint32_t;
};
/// SYCL 2020 form: the per-dimension maxima as a range in SYCL order.
template <int Dims = 3> struct max_work_item_sizes {
  using return_type = range<Dims>;
};
struct max_work_group_size {
  using return_type = size_t;
};
struct address_bits {
  using return_type = uint32_t;
};
struct max_mem_alloc_size {
  using return_type = uint64_t;
};
struct global_mem_size {
  using return_type = uint64_t;
};
struct local_mem_type {
  using return_type = info::local_mem_type;
};
struct local_mem_size {
  using return_type = uint64_t;
};
struct name {
  using return_type = std::string;
};
struct vendor {
  using return_type = std::string;
};
struct driver_version {
  using return_type = std::string;
};
struct version {
  using return_type = std::string;
};
struct platform {
  using return_type = sycl::platform;
};
/// Sub-group sizes the device supports: the one size of the translation
/// unit's kernels (lanes/detail/sub_group_size.hpp).
struct sub_group_sizes {
  using return_type = std::vector<size_t>;
};
/// Widths, in elements, of the vectors kernels of this program are
/// compiled to use (preferred_*) and of the widest vectors the CPU has
/// (native_*); lanes/detail/device_info.hpp says how half counts.
#define LANES_VECTOR_WIDTH_DESCRIPTORS(TYPE)                                   \
  struct preferred_vector_width_##TYPE {                                       \
    using return_type = uint32_t;                                              \
  };                                                                           \
  struct native_vector_width_##TYPE {                                          \
    using return_type = uint32_t;                                              \
  };
LANES_VECTOR_WIDTH_DESCRIPTORS(char)
LANES_VECTOR_WIDTH_DESCRIPTORS(short)
LANES_VECTOR_WIDTH_DESCRIPTORS(int)
LANES_VECTOR_WIDTH_DESCRIPTORS(long)
LANES_VECTOR_WIDTH_DESCRIPTORS(float)
LANES_VECTOR_WIDTH_DESCRIPTORS(double)
LANES_VECTOR_WIDTH_DESCRIPTORS(half)
#undef LANES_VECTOR_WIDTH_DESCRIPTORS
/// Megahertz.
struct max_clock_frequency {
  using return_type = uint32_t;
};
struct error_correction_support {
  using return_type = bool;
};
/// Nanoseconds between two ticks of the profiling clock.
struct profiling_timer_resolution {
  using return_type = size_t;
};
struct is_available {
  using return_type = bool;
};
/// Deprecated in SYCL 2020: has(aspect::queue_profiling).
struct queue_profiling {
  using return_type = bool;
};
struct aspects {
  using return_type = std::vector<sycl::aspect>;
};
/// The memory orders and scopes atomic_ref and atomic_fence accept.
struct atomic_memory_order_capabilities {
  using return_type = std::vector<sycl::memory_order>;
};
struct atomic_fence_order_capabilities {
  using return_type = std::vector<sycl::memory_order>;
};
struct atomic_memory_scope_capabilities {
  using return_type = std::vector<sycl::memory_scope>;
};
struct atomic_fence_scope_capabilities {
  using return_type = std::vector<sycl::memory_scope>;
};
/// SYCL 2020 A.3 descriptors whose answers follow from Lanes's design
/// (docs/api.md lists each answer and why).
#define LANES_DESCRIPTOR(NAME, TYPE)                                           \
  struct NAME {                                                                \
    using return_type = TYPE;                                                  \
  };
LANES_DESCRIPTOR(max_num_sub_groups, uint32_t)
LANES_DESCRIPTOR(sub_group_independent_forward_progress, bool)
LANES_DESCRIPTOR(image_support, bool)
LANES_DESCRIPTOR(max_read_image_args, uint32_t)
LANES_DESCRIPTOR(max_write_image_args, uint32_t)
LANES_DESCRIPTOR(image2d_max_width, size_t)
LANES_DESCRIPTOR(image2d_max_height, size_t)
LANES_DESCRIPTOR(image3d_max_width, size_t)
LANES_DESCRIPTOR(image3d_max_height, size_t)
LANES_DESCRIPTOR(image3d_max_depth, size_t)
LANES_DESCRIPTOR(image_max_buffer_size, size_t)
LANES_DESCRIPTOR(max_samplers, uint32_t)
LANES_DESCRIPTOR(max_parameter_size, size_t)
LANES_DESCRIPTOR(mem_base_addr_align, uint32_t)
LANES_DESCRIPTOR(half_fp_config, std::vector<info::fp_config>)
LANES_DESCRIPTOR(single_fp_config, std::vector<info::fp_config>)
LANES_DESCRIPTOR(double_fp_config, std::vector<info::fp_config>)
LANES_DESCRIPTOR(global_mem_cache_type, info::global_mem_cache_type)
LANES_DESCRIPTOR(global_mem_cache_line_size, uint32_t)
LANES_DESCRIPTOR(global_mem_cache_size, uint64_t)
LANES_DESCRIPTOR(max_constant_buffer_size, uint64_t)
LANES_DESCRIPTOR(max_constant_args, uint32_t)
LANES_DESCRIPTOR(host_unified_memory, bool)
LANES_DESCRIPTOR(is_endian_little, bool)
LANES_DESCRIPTOR(is_compiler_available, bool)
LANES_DESCRIPTOR(is_linker_available, bool)
LANES_DESCRIPTOR(execution_capabilities,
                 std::vector<info::execution_capability>)
LANES_DESCRIPTOR(built_in_kernel_ids, std::vector<sycl::kernel_id>)
LANES_DESCRIPTOR(built_in_kernels, std::vector<std::string>)
LANES_DESCRIPTOR(backend_version, std::string)
LANES_DESCRIPTOR(profile, std::string)
LANES_DESCRIPTOR(extensions, std::vector<std::string>)
LANES_DESCRIPTOR(printf_buffer_size, size_t)
LANES_DESCRIPTOR(preferred_interop_user_sync, bool)
LANES_DESCRIPTOR(parent_device, sycl::device)
LANES_DESCRIPTOR(partition_max_sub_devices, uint32_t)
LANES_DESCRIPTOR(partition_properties, std::vector<info::partition_property>)
LANES_DESCRIPTOR(partition_affinity_domains,
                 std::vector<info::partition_affinity_domain>)
LANES_DESCRIPTOR(partition_type_property, info::partition_property)
LANES_DESCRIPTOR(partition_type_affinity_domain,
                 info::partition_affinity_domain)
} // namespace device

namespace platform {
struct name {
  using return_type = std::string;
};
struct vendor {
  using return_type = std::string;
};
struct version {
  using return_type = std::string;
};
struct profile {
  using return_type = std::string;
};
/// Deprecated in SYCL 2020 (aspects replace it).
LANES_DESCRIPTOR(extensions, std::vector<std::string>)
} // namespace platform

namespace context {
LANES_DESCRIPTOR(platform, sycl::platform)
LANES_DESCRIPTOR(devices, std::vector<sycl::device>)
LANES_DESCRIPTOR(atomic_memory_order_capabilities,
                 std::vector<sycl::memory_order>)
LANES_DESCRIPTOR(atomic_fence_order_capabilities,
                 std::vector<sycl::memory_order>)
LANES_DESCRIPTOR(atomic_memory_scope_capabilities,
                 std::vector<sycl::memory_scope>)
LANES_DESCRIPTOR(atomic_fence_scope_capabilities,
                 std::vector<sycl::memory_scope>)
} // namespace context

namespace event {
struct command_execution_status {
  using return_type = info::event_command_status;
};
} // namespace event

namespace event_profiling {
/// Nanoseconds (steady clock) when the command was submitted.
struct command_submit {
  using return_type = uint64_t;
};
/// Nanoseconds when the command started running.
struct command_start {
  using return_type = uint64_t;
};
/// Nanoseconds when the command finished.
struct command_end {
  using return_type = uint64_t;
};
} // namespace event_profiling

namespace queue {
struct context {
  using return_type = sycl::context;
};
struct device {
  using return_type = sycl::device;
};
} // namespace queue

/// Queries of a kernel (kernel::get_info()).
namespace kernel {
/// Only for kernels from backend interoperability and built-in kernels:
/// throws errc::invalid.
struct num_args {
  using return_type = uint32_t;
};
/// The kernel's attributes (SYCL 2020 5.8.1) that Lanes honours, as
/// "sycl::reqd_work_group_size(16,8)" (the sizes given, in SYCL's order)
/// and "sycl::reqd_sub_group_size(16)", separated by a space; empty
/// without them and in library-only mode.
struct attributes {
  using return_type = std::string;
};
} // namespace kernel

/// Queries of a kernel on a device (kernel::get_info(device)).
namespace kernel_device_specific {
/// Only for built-in kernels and custom devices: throws errc::invalid.
struct global_work_size {
  using return_type = range<3>;
};
/// The largest work-group the kernel may run with.
struct work_group_size {
  using return_type = size_t;
};
/// The work-group size the kernel requires ([[sycl::reqd_work_group_size]],
/// missing leading dimensions 1), or {0,0,0}.
struct compile_work_group_size {
  using return_type = range<3>;
};
/// The sub-group size the kernel requires
/// ([[sycl::reqd_sub_group_size(N)]] on its call operator: N), or 0;
/// always 0 in library-only mode, where no compiler sees the attribute.
struct compile_sub_group_size {
  using return_type = uint32_t;
};
/// The bytes of memory the kernel keeps for each work-item of a group: its
/// loop state (values live across barriers, private variables), what
/// `lanes++ --lanes-report` prints; always 0 in library-only mode.
struct private_mem_size {
  using return_type = size_t;
};
/// The number of sub-groups the kernel requires: always 0, as SYCL 2020
/// has no kernel attribute that sets it.
struct compile_num_sub_groups {
  using return_type = uint32_t;
};
/// The kernel's sub-group size.
struct preferred_work_group_size_multiple {
  using return_type = size_t;
};
/// The most sub-groups a work-group of the kernel has: with a required
/// size, its rows times the sub-groups of a row; else the largest group
/// one work-item wide, a sub-group per work-item.
struct max_num_sub_groups {
  using return_type = uint32_t;
};
struct max_sub_group_size {
  using return_type = uint32_t;
};
} // namespace kernel_device_specific
#undef LANES_DESCRIPTOR

} // namespace info
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_INFO_HPP
