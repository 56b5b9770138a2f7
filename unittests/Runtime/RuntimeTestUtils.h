//===- RuntimeTestUtils.h - Hand-made kernels for runtime tests -*- C++ -*-===//
//
/// \file
/// Helpers that build lanes::rt::LaunchDesc objects the way a front end
/// would, without the SYCL API: a test writes its kernel as a lambda that
/// calls the __lanes_* builtins directly (library-only path) or as a lambda
/// that takes the lanes_wg_ctx and loops over the work-items itself (a
/// hand-made compiled work-group function). Sizes are given in OpenCL order
/// (index 0 is the fastest dimension), as LaunchDesc holds them.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_UNITTESTS_RUNTIME_RUNTIMETESTUTILS_H
#define LANES_UNITTESTS_RUNTIME_RUNTIMETESTUTILS_H

#include "lanes/abi.h"
#include "lanes/builtins.h"
#include "lanes/runtime.h"
#include "sycl/exception.hpp"

#include "gtest/gtest.h"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

namespace lanes::test {

using Sizes = std::array<size_t, 3>;

/// Kernel entry running one work-item: calls the lambda kernel object.
template <typename Fn> void entryOf(const void *KernelObject) {
  (*static_cast<const Fn *>(KernelObject))();
}

/// Hand-made work-group function: checks that the run stays in its row
/// (lanes_wg_fn), then calls the lambda with the context of each group. A
/// lambda that returns bool ends the run by returning true, as a compiled
/// function does once it has reported a divergent barrier.
template <typename Fn>
void workGroupOf(const void *KernelObject, lanes_wg_ctx *Ctx, uint64_t Count) {
  const Fn &WorkGroup = *static_cast<const Fn *>(KernelObject);
  const uint64_t First = Ctx->group_id[0];
  if (Count == 0 || First + Count > Ctx->num_groups[0])
    ADD_FAILURE() << "a run of " << Count << " groups from group " << First
                  << " of a row of " << Ctx->num_groups[0];
  for (uint64_t Group = First; Group < First + Count; ++Group) {
    Ctx->group_id[0] = Group;
    if constexpr (std::is_same_v<
                      std::invoke_result_t<const Fn &, lanes_wg_ctx *>, bool>) {
      if (WorkGroup(Ctx))
        return;
    } else {
      WorkGroup(Ctx);
    }
  }
}

/// An entry that must never run (compiled-path launches).
inline void unreachableEntry(const void *) {
  ADD_FAILURE() << "the entry ran although a work-group function was given";
}

/// A launch of `Object` with neither entry nor work-group function set.
template <typename Fn>
rt::LaunchDesc describeLaunch(const Fn &Object, int Dims, Sizes Global,
                              Sizes Local, size_t LocalMemBytes) {
  rt::LaunchDesc D;
  D.KernelName = typeid(Fn).name();
  D.KernelObject = &Object;
  D.Dims = Dims;
  for (int Dim = 0; Dim < 3; ++Dim) {
    D.Global[Dim] = Global[Dim];
    D.Local[Dim] = Local[Dim];
  }
  D.LocalMemBytes = LocalMemBytes;
  return D;
}

/// A library-only launch of `Kernel` (a lambda taking no arguments). The
/// tests are compiled without the plugin, so the builtins may throw and a
/// failed group's waiting work-items can be unwound.
template <typename Fn>
rt::LaunchDesc libraryLaunch(const Fn &Kernel, int Dims, Sizes Global,
                             Sizes Local, size_t LocalMemBytes = 0) {
  rt::LaunchDesc D = describeLaunch(Kernel, Dims, Global, Local, LocalMemBytes);
  D.Entry = &entryOf<Fn>;
  D.Unwindable = true;
  return D;
}

/// A compiled-path launch of `WorkGroup` (a lambda taking lanes_wg_ctx *).
template <typename Fn>
rt::LaunchDesc compiledLaunch(const Fn &WorkGroup, int Dims, Sizes Global,
                              Sizes Local, size_t LocalMemBytes = 0) {
  rt::LaunchDesc D =
      describeLaunch(WorkGroup, Dims, Global, Local, LocalMemBytes);
  D.Entry = &unreachableEntry;
  D.WorkGroupFn = &workGroupOf<Fn>;
  return D;
}

/// Linear id of the calling library-only work-item within its group.
inline size_t localLinearId() {
  return (__lanes_local_id(2) * __lanes_local_size(1) + __lanes_local_id(1)) *
             __lanes_local_size(0) +
         __lanes_local_id(0);
}

/// Work-items per group of the calling library-only work-item.
inline size_t localLinearSize() {
  return __lanes_local_size(0) * __lanes_local_size(1) * __lanes_local_size(2);
}

/// Linear id of the calling work-item's group.
inline size_t groupLinearId() {
  return (__lanes_group_id(2) * __lanes_num_groups(1) + __lanes_group_id(1)) *
             __lanes_num_groups(0) +
         __lanes_group_id(0);
}

/// Runs `Launch` and returns the sycl::exception it throws; fails the test
/// (returning a success-coded exception) when it throws nothing or
/// something else.
inline sycl::exception catchSyclError(const std::function<void()> &Launch) {
  try {
    Launch();
  } catch (const sycl::exception &E) {
    return E;
  } catch (const std::exception &E) {
    ADD_FAILURE() << "expected sycl::exception, got: " << E.what();
    return sycl::exception(sycl::make_error_code(sycl::errc::success));
  }
  ADD_FAILURE() << "expected sycl::exception, nothing was thrown";
  return sycl::exception(sycl::make_error_code(sycl::errc::success));
}

/// Sets environment variables for a scope ("NAME=value" entries; an entry
/// "NAME" alone unsets NAME) and restores them afterwards.
class ScopedEnv {
public:
  explicit ScopedEnv(std::vector<std::string> Settings);
  ~ScopedEnv();
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
  struct Saved {
    std::string Name;
    bool WasSet;
    std::string Value;
  };
  std::vector<Saved> Previous;
};

/// Runs `Body` in a child process (a death-test subprocess re-executing
/// this binary, so the runtime starts afresh and reads its environment
/// again) with `Env` applied (see ScopedEnv), and expects it to exit with
/// code 0. `Body` returns 0 on success or a small code naming the failed
/// check.
void expectInChild(std::vector<std::string> Env,
                   const std::function<int()> &Body);

/// Collects what the calling process writes to stderr (fd 2) while alive.
class StderrCapture {
public:
  StderrCapture();
  ~StderrCapture();
  /// Stops capturing and returns the text.
  std::string finish();

private:
  int SavedFd = -1;
  int FileFd = -1;
};

/// Occurrences of `Needle` in `Text`.
size_t countOccurrences(const std::string &Text, const std::string &Needle);

} // namespace lanes::test

#endif // LANES_UNITTESTS_RUNTIME_RUNTIMETESTUTILS_H
