//===- lanes/runtime.h - The C++ API's view of the Lanes runtime ----------===//
//
/// \file
/// What the header-only SYCL API (include/sycl) asks of the runtime library
/// (lib/Runtime, liblanes_rt). No LLVM, no SYCL classes beyond
/// sycl::exception: the API translates its ranges into a LaunchDesc.
///
/// Thread safety: every function may be called from any host thread.
/// launch() blocks until the whole nd-range has run.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_RUNTIME_H
#define LANES_RUNTIME_H

#include "lanes/builtins.h"

#include <cstddef>

namespace lanes::rt {

/// One nd-range launch. Sizes are in OpenCL dimension order (0 = fastest);
/// unused dimensions are 1.
struct LaunchDesc {
  const char *KernelName = nullptr; ///< mangled type name (typeid().name())
  lanes_entry_fn Entry = nullptr;   ///< runs one work-item (always set)
  lanes_wg_fn WorkGroupFn = nullptr;///< compiled form, or nullptr
  const void *KernelObject = nullptr;
  int Dims = 1;
  size_t Global[3] = {1, 1, 1};
  size_t Local[3] = {1, 1, 1};
  size_t LocalMemBytes = 0;
  /// Entry lets an exception pass out of every barrier and collective it
  /// waits in (lanes/builtins.h declared them with LANES_WAITS_MAY_THROW,
  /// and no noexcept function lies in between). When a library-only group
  /// fails, its waiting work-items are then unwound, destroying their
  /// locals; otherwise they are abandoned. Ignored with WorkGroupFn.
  bool Unwindable = false;
};

/// Runs every work-group of `D`: through D.WorkGroupFn when set, else one
/// fiber per work-item. Throws sycl::exception:
///  - errc::nd_range: a global size not divisible by the local size, a zero
///    size, a local size above the device maximum (total or per dimension);
///  - errc::memory_allocation: LocalMemBytes above the device's local memory;
///  - errc::runtime: a divergent barrier (kernel, group and barriers named),
///    a barrier reached outside a running kernel.
/// Messages name the kernel (demangled).
void launch(const LaunchDesc &D);

/// The CPU device's properties, computed once.
struct DeviceInfo {
  const char *Name;
  const char *Vendor;
  unsigned MaxComputeUnits;   ///< worker threads launch() uses
  size_t MaxWorkGroupSize;    ///< >= 4096
  size_t MaxWorkItemSizes[3]; ///< OpenCL dimension order, each >= 4096
  size_t LocalMemSize;        ///< bytes of local memory per work-group
  size_t GlobalMemSize;       ///< bytes
};
const DeviceInfo &deviceInfo();

/// Demangles a typeid name for messages ("main::{lambda(...)#1}").
/// The returned pointer stays valid for the life of the process.
const char *demangle(const char *MangledName);

} // namespace lanes::rt

#endif // LANES_RUNTIME_H
