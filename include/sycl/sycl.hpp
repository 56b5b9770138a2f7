//===- sycl/sycl.hpp - The Lanes SYCL 2020 API ----------------------------===//
//
/// \file
/// The header SYCL programs include. Header-only; kernels become calls to
/// the builtins of lanes/builtins.h and launches go to lanes::rt::launch()
/// (link with -llanes_rt). docs/api.md lists what exists, by section of the
/// SYCL 2020 specification; anything else is absent on purpose.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_SYCL_HPP
#define LANES_SYCL_SYCL_HPP

#include "sycl/access.hpp"
#include "sycl/accessor.hpp"
#include "sycl/atomic.hpp"
#include "sycl/atomic_fence.hpp"
#include "sycl/atomic_ref.hpp"
#include "sycl/backend.hpp"
#include "sycl/bit_cast.hpp"
#include "sycl/buffer.hpp"
#include "sycl/builtins.hpp"
#include "sycl/device.hpp"
#include "sycl/device_copyable.hpp"
#include "sycl/device_event.hpp"
#include "sycl/event.hpp"
#include "sycl/exception.hpp"
#include "sycl/ext/oneapi/bfloat16.hpp"
#include "sycl/ext/oneapi/device_global.hpp"
#include "sycl/ext/oneapi/enqueue_functions.hpp"
#include "sycl/ext/oneapi/experimental/graph.hpp"
#include "sycl/ext/oneapi/experimental/group_load_store.hpp"
#include "sycl/ext/oneapi/filter_selector.hpp"
#include "sycl/ext/oneapi/group_algorithm.hpp"
#include "sycl/ext/oneapi/kernel_properties.hpp"
#include "sycl/ext/oneapi/properties.hpp"
#include "sycl/ext/oneapi/sub_group_mask.hpp"
#include "sycl/free_function_queries.hpp"
#include "sycl/functional.hpp"
#include "sycl/group.hpp"
#include "sycl/group_algorithm.hpp"
#include "sycl/group_local_memory.hpp"
#include "sycl/h_item.hpp"
#include "sycl/half.hpp"
#include "sycl/handler.hpp"
#include "sycl/id.hpp"
#include "sycl/image.hpp"
#include "sycl/image_accessor.hpp"
#include "sycl/image_sampler.hpp"
#include "sycl/info.hpp"
#include "sycl/item.hpp"
#include "sycl/kernel_bundle.hpp"
#include "sycl/local_accessor.hpp"
#include "sycl/marray.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/nd_item.hpp"
#include "sycl/nd_range.hpp"
#include "sycl/oneapi_printf.hpp"
#include "sycl/private_memory.hpp"
#include "sycl/property_list.hpp"
#include "sycl/queue.hpp"
#include "sycl/range.hpp"
#include "sycl/reduction.hpp"
#include "sycl/span.hpp"
#include "sycl/specialization_id.hpp"
#include "sycl/stream.hpp"
#include "sycl/sub_group.hpp"
#include "sycl/usm.hpp"
#include "sycl/vec.hpp"

/// SYCL 2020 5.10.1: marks a function that kernels may call although it is
/// defined in another translation unit. Lanes compiles kernels as host
/// code, where every function can be called, so the macro is empty (unless
/// the program defined it already).
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL
#endif

#endif // LANES_SYCL_SYCL_HPP
