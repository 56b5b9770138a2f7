//===- sycl/access.hpp - Access, address-space and memory enums -----------===//
//
/// \file
/// SYCL 2020 4.7.6 (access modes and targets), 4.7.7 (address spaces,
/// multi_ptr decoration) and 3.8.3 (memory_order, memory_scope). Only the
/// enumerations: they carry no behaviour on their own.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ACCESS_HPP
#define LANES_SYCL_ACCESS_HPP

namespace sycl {
inline namespace _V1 {

namespace access {

/// How a kernel uses the memory behind an accessor (SYCL 2020 4.7.6).
enum class mode {
  read = 1024,
  write,
  read_write,
  discard_write,
  discard_read_write,
  atomic,
};

/// Where an accessor's memory lives (SYCL 2020 4.7.6).
enum class target {
  device = 2014,
  global_buffer = device,
  constant_buffer = 2015,
  local = 2016,
  image = 2017,
  host_task = 2018,
  host_buffer = 2019,
  host_image = 2020,
  image_array = 2021,
};

/// Which memory a work-group barrier orders (SYCL 1.2.1 fence spaces, still
/// accepted by nd_item::barrier in SYCL 2020).
enum class fence_space : char {
  local_space = 0,
  global_space = 1,
  global_and_local = 2,
};

/// Address spaces a multi_ptr can point into (SYCL 2020 4.7.7.1).
enum class address_space : int {
  private_space = 0,
  global_space = 1,
  constant_space = 2,
  local_space = 3,
  ext_intel_global_device_space = 4,
  ext_intel_global_host_space = 5,
  generic_space = 6,
};

/// Whether multi_ptr exposes address-space-decorated pointers (4.7.7.1).
enum class decorated { no = 0, yes = 1, legacy = 2 };

/// Whether an accessor placeholder is bound to a command group.
enum class placeholder { false_t = 0, true_t = 1 };

} // namespace access

/// SYCL 2020 spelling of access::mode.
using access_mode = access::mode;
/// SYCL 2020 spelling of access::target.
using target = access::target;

/// SYCL 2020 3.8.3: the memory orders of atomic operations and fences.
enum class memory_order : int {
  relaxed = 0,
  acquire = 1,
  release = 2,
  acq_rel = 3,
  seq_cst = 4,
};

/// SYCL 2020 3.8.3: the set of work-items a memory operation is ordered
/// with.
enum class memory_scope : int {
  work_item = 0,
  sub_group = 1,
  work_group = 2,
  device = 3,
  system = 4,
};

inline constexpr memory_order memory_order_relaxed = memory_order::relaxed;
inline constexpr memory_order memory_order_acquire = memory_order::acquire;
inline constexpr memory_order memory_order_release = memory_order::release;
inline constexpr memory_order memory_order_acq_rel = memory_order::acq_rel;
inline constexpr memory_order memory_order_seq_cst = memory_order::seq_cst;

inline constexpr memory_scope memory_scope_work_item = memory_scope::work_item;
inline constexpr memory_scope memory_scope_sub_group = memory_scope::sub_group;
inline constexpr memory_scope memory_scope_work_group =
    memory_scope::work_group;
inline constexpr memory_scope memory_scope_device = memory_scope::device;
inline constexpr memory_scope memory_scope_system = memory_scope::system;

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ACCESS_HPP
