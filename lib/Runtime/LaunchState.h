//===- LaunchState.h - One nd-range launch in flight ------------*- C++ -*-===//
//
/// \file
/// What every worker thread of a launch shares: the validated descriptor,
/// the group grid and the launch's error slot. The first error any
/// work-group reports wins; it also stops the scheduler from starting
/// further groups. launch() rethrows it once every group has run (after the
/// OpenMP region, where there is one), so no exception ever crosses one.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_RUNTIME_LAUNCHSTATE_H
#define LANES_RUNTIME_LAUNCHSTATE_H

#include "lanes/runtime.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>

namespace lanes::rt::detail {

/// Shared state of one launch. fail() and stopped() are thread-safe; the
/// rest is immutable after construction.
class LaunchState {
public:
  /// `D` must have passed validation; it must outlive this object.
  explicit LaunchState(const LaunchDesc &D);

  const LaunchDesc &Desc;
  uint64_t NumGroups[3];  ///< OpenCL dimension order
  uint64_t TotalGroups;   ///< product of NumGroups
  uint64_t GroupSize;     ///< work-items per group
  bool Checked;           ///< LANES_CHECK

  /// Records `Error` unless an earlier error was recorded, and stops the
  /// launch.
  void fail(std::exception_ptr Error) noexcept;
  /// Records an error found while the groups run, errc::runtime with
  /// "kernel 'K': " + What, as a lanes::detail::kernel_failure (an
  /// asynchronous error for the queue).
  void failRuntime(const std::string &What) noexcept;
  /// True once an error was recorded: start no further work-groups.
  bool stopped() const noexcept {
    return Stopped.load(std::memory_order_relaxed);
  }
  /// The kernel's demangled name, for messages; looked up only when one is
  /// written (the lookup takes a lock and hashes the mangled name).
  const char *kernelName() const { return demangle(Desc.KernelName); }
  /// Throws the recorded error, if any. Call after all workers are done.
  void rethrowIfFailed() const;

  /// Formats an id given in OpenCL order (group or local id) the way the
  /// user's SYCL code sees it: SYCL order, one component per dimension,
  /// e.g. "(3,1)".
  std::string formatId(const uint64_t Id[3]) const;
  /// The linearised group `Linear` as an OpenCL-order group id.
  void delinearizeGroup(uint64_t Linear, uint64_t GroupId[3]) const;

private:
  std::atomic<bool> Stopped{false};
  std::mutex ErrorMutex;
  std::exception_ptr FirstError;
};

} // namespace lanes::rt::detail

#endif // LANES_RUNTIME_LAUNCHSTATE_H
