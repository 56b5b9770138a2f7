//===- Launch.cpp - nd-range launches on OpenMP ---------------------------===//
//
/// \file
/// lanes::rt::launch: checks the nd-range against the device limits, then
/// runs every work-group in an OpenMP parallel region, the linearised group
/// indices (dimension 0 fastest) dealt out in chunks; with one thread, or
/// one group, on the calling thread alone. A group runs either
/// through the compiled work-group function (one call per run of groups
/// along dimension 0, with a lanes_wg_ctx naming the first) or, without
/// one, on the fiber scheduler (one fiber per work-item).
///
/// Each worker thread fills one lanes_wg_ctx per launch from its own
/// WorkerState (local memory, loop-state arena) and only rewrites the group
/// id per call, so a compiled group costs a trip of the function's loop
/// over its run plus the kernel.
///
/// Error discipline: exceptions never leave the OpenMP region. Every group
/// runs under a catch-all that records the first error in the LaunchState;
/// a recorded error stops further groups from starting, and launch()
/// rethrows it after the region.
//
//===----------------------------------------------------------------------===//

#include "Config.h"
#include "LaunchState.h"
#include "Worker.h"

#include "sycl/exception.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <utility>

using namespace lanes::rt;
using namespace lanes::rt::detail;

namespace {

[[noreturn]] void throwError(sycl::errc Code, const std::string &Message) {
  throw sycl::exception(sycl::make_error_code(Code), Message);
}

/// "kernel 'K': " for messages.
std::string kernelPrefix(const LaunchDesc &D) {
  return std::string("kernel '") + demangle(D.KernelName) + "': ";
}

/// "{a,b}": a size triple in SYCL order, one component per dimension.
std::string formatRange(const LaunchDesc &D, const size_t Size[3]) {
  std::string Text = "{";
  for (int Dim = D.Dims - 1; Dim >= 0; --Dim) {
    Text += std::to_string(Size[Dim]);
    if (Dim != 0)
      Text += ",";
  }
  return Text + "}";
}

[[noreturn]] void throwNdRange(const LaunchDesc &D, const std::string &What) {
  throwError(sycl::errc::nd_range,
             kernelPrefix(D) + What + " (errc::nd_range)");
}

/// The dimension as the user's SYCL code numbers it.
std::string syclDim(const LaunchDesc &D, int Dim) {
  return "dimension " + std::to_string(D.Dims - 1 - Dim);
}

/// Whether the launch has no work-items. A global size of 0 is legal: SYCL
/// 2020 4.9.4.2.2 rejects only a non-zero index space that the local size
/// does not divide.
bool isEmpty(const LaunchDesc &D) {
  return std::find(D.Global, D.Global + D.Dims, 0) != D.Global + D.Dims;
}

void validateShape(const LaunchDesc &D) {
  if (D.Dims < 1 || D.Dims > 3)
    throwNdRange(D, "nd-range has " + std::to_string(D.Dims) +
                        " dimensions; 1 to 3 are supported");
  for (int Dim = D.Dims; Dim < 3; ++Dim)
    if (D.Global[Dim] != 1 || D.Local[Dim] != 1)
      throwNdRange(D, "unused dimension " + std::to_string(Dim) +
                          " (OpenCL order) must have global and local "
                          "size 1, has " +
                          std::to_string(D.Global[Dim]) + " and " +
                          std::to_string(D.Local[Dim]));
  bool Empty = isEmpty(D);
  uint64_t WorkItems = 1;
  for (int Dim = 0; Dim < D.Dims; ++Dim) {
    if (D.Local[Dim] == 0)
      throwNdRange(D, "local size in " + syclDim(D, Dim) +
                          " is 0; sizes must be positive");
    if (!Empty && __builtin_mul_overflow(WorkItems, D.Global[Dim], &WorkItems))
      throwNdRange(D, "global size " + formatRange(D, D.Global) +
                          " has more than 2^64 work-items");
  }
}

void validateLimits(const LaunchDesc &D) {
  const DeviceInfo &Device = deviceInfo();
  for (int Dim = 0; Dim < D.Dims; ++Dim)
    if (D.Local[Dim] > Device.MaxWorkItemSizes[Dim])
      throwNdRange(D, "local size " + std::to_string(D.Local[Dim]) + " in " +
                          syclDim(D, Dim) + " exceeds the device limit " +
                          std::to_string(Device.MaxWorkItemSizes[Dim]));
  // Cannot overflow: each factor is at most MaxWorkItemSizes.
  size_t GroupSize = D.Local[0] * D.Local[1] * D.Local[2];
  if (GroupSize > Device.MaxWorkGroupSize)
    throwNdRange(D, "work-group size " + std::to_string(GroupSize) +
                        " (local size " + formatRange(D, D.Local) +
                        ") exceeds the device limit " +
                        std::to_string(Device.MaxWorkGroupSize));
  for (int Dim = 0; Dim < D.Dims; ++Dim)
    if (D.Global[Dim] % D.Local[Dim] != 0)
      throwNdRange(D, "global size " + std::to_string(D.Global[Dim]) + " in " +
                          syclDim(D, Dim) + " is not divisible by local size " +
                          std::to_string(D.Local[Dim]));
  if (D.LocalMemBytes > Device.LocalMemSize)
    throwError(sycl::errc::memory_allocation,
               kernelPrefix(D) + "requests " + std::to_string(D.LocalMemBytes) +
                   " bytes of local memory, the device limit is " +
                   std::to_string(Device.LocalMemSize) +
                   " bytes (errc::memory_allocation)");
}

/// Throws sycl::exception for every launch the device cannot run.
void validate(const LaunchDesc &D) {
  if (!D.Entry)
    throwError(sycl::errc::invalid,
               kernelPrefix(D) + "launch without a kernel entry");
  validateShape(D);
  validateLimits(D);
}

/// LANES_VERBOSE: says once per kernel (and way of running it) how it runs.
void announce(const LaunchDesc &D) {
  if (!config().Verbose)
    return;
  const char *How = D.WorkGroupFn ? "compiled work-group function"
                                  : "library-only (one fiber per work-item)";
  static std::mutex Mutex;
  static std::set<std::pair<std::string, bool>> Announced;
  std::lock_guard<std::mutex> Lock(Mutex);
  const char *Name = demangle(D.KernelName);
  if (!Announced.emplace(Name, D.WorkGroupFn != nullptr).second)
    return;
  std::fprintf(stderr, "lanes: kernel '%s': %s; nd-range global %s local %s\n",
               Name, How, formatRange(D, D.Global).c_str(),
               formatRange(D, D.Local).c_str());
}

/// Runs groups of one launch on the calling thread.
class GroupRunner {
public:
  GroupRunner(LaunchState &L, WorkerState &W) : L(L), W(W) {
    const LaunchDesc &D = L.Desc;
    for (int Dim = 0; Dim < 3; ++Dim) {
      Ctx.group_id[Dim] = 0;
      Ctx.num_groups[Dim] = L.NumGroups[Dim];
      Ctx.local_size[Dim] = D.Local[Dim];
    }
    Ctx.local_memory = W.LocalMemory.reserve(D.LocalMemBytes);
    Ctx.runtime = &W;
    Ctx.checked = L.Checked ? 1 : 0;
  }

  /// Runs the groups with linear indices [Begin, End), consecutive, so
  /// that each id is the last one stepped rather than divided (the
  /// divisions cost as much as a small group); records errors in L and
  /// stops early once the launch has failed. A compiled work-group
  /// function takes the groups a row (along dimension 0) at a time.
  void run(uint64_t Begin, uint64_t End) noexcept {
    uint64_t Id[3];
    L.delinearizeGroup(Begin, Id);
    // Between calls: one call, one step, one flag test.
    auto *Fn = L.Desc.WorkGroupFn;
    const void *Object = L.Desc.KernelObject;
    try {
      for (uint64_t Linear = Begin; Linear < End && !L.stopped();) {
        std::copy(Id, Id + 3, Ctx.group_id);
        uint64_t Count = 1;
        if (Fn) {
          Count = std::min(End - Linear, Ctx.num_groups[0] - Id[0]);
          W.CompiledGroup = &Ctx;
          Fn(Object, &Ctx, Count);
          forgetCompiledGroup();
        } else {
          W.Fibers.runGroup(L, Ctx);
        }
        Linear += Count;
        stepGroupId(Id, Count);
      }
    } catch (...) {
      forgetCompiledGroup();
      L.fail(std::current_exception());
    }
  }

private:
  /// After a compiled work-group function: no group runs, and no work-item
  /// that __lanes_external_call named.
  void forgetCompiledGroup() {
    W.CompiledGroup = nullptr;
    CurrentWorkItem = nullptr;
  }

  /// Steps \p Id by \p Count groups along dimension 0, which never goes
  /// past the end of the row; then on to the next row, dimension 0 fastest.
  void stepGroupId(uint64_t Id[3], uint64_t Count) const {
    Id[0] += Count;
    if (Id[0] < Ctx.num_groups[0])
      return;
    Id[0] = 0;
    if (++Id[1] < Ctx.num_groups[1])
      return;
    Id[1] = 0;
    ++Id[2];
  }

  LaunchState &L;
  WorkerState &W;
  lanes_wg_ctx Ctx;
};

/// Marks a thread as running groups of `L` for the scope's duration.
class WorkerScope {
public:
  WorkerScope(WorkerState &W, LaunchState &L) : W(W) { W.Launch = &L; }
  ~WorkerScope() { W.Launch = nullptr; }
  WorkerScope(const WorkerScope &) = delete;
  WorkerScope &operator=(const WorkerScope &) = delete;

private:
  WorkerState &W;
};

/// Deals the chunks of one launch out to the threads of its team. Chunk
/// indices are split into one run per requested thread; thread T claims
/// the chunks of run T first, in order, then those left in the other runs.
/// When the threads keep pace, each launch over the same data gives a
/// thread the same groups as the last, whose data its caches still hold;
/// when one falls behind (another process took its core), the others take
/// over its chunks. A team smaller than requested leaves whole runs to be
/// taken over.
///
/// That is what `schedule(dynamic)` does in libomp (static stealing), but
/// Debian's libomp 19 is built with its debug traces: each chunk it hands
/// out formats three trace strings (`__kmp_dispatch_next: T#%d normal
/// case: ...`) that nothing prints. A parallel loop of 16 empty chunks on
/// 2 threads took 20-24 us that way against 2.5 us with
/// `schedule(static)`, a cost every launch paid.
class ChunkDealer {
public:
  ChunkDealer(uint64_t Chunks, unsigned Threads)
      : Heap(Threads > InlineRuns ? new Run[Threads] : nullptr),
        Runs(Heap ? Heap.get() : Inline), NumRuns(Threads) {
    for (unsigned T = 0; T < Threads; ++T) {
      Runs[T].Next.store(Chunks * T / Threads, std::memory_order_relaxed);
      Runs[T].End = Chunks * (T + 1) / Threads;
    }
  }

  /// Calls \p RunChunk with each chunk that thread \p Thread claims, until
  /// no chunk is left unclaimed.
  template <typename Fn> void deal(unsigned Thread, Fn RunChunk) {
    for (unsigned K = 0; K < NumRuns; ++K) {
      Run &R = Runs[(Thread + K) % NumRuns];
      // Only the claims need to be atomic: the end of the parallel region
      // orders what the groups wrote before the launch returns.
      for (uint64_t C;
           (C = R.Next.fetch_add(1, std::memory_order_relaxed)) < R.End;)
        RunChunk(C);
    }
  }

private:
  /// A run of chunks [Next, End) still to be claimed; a cache line each, so
  /// that claims in one run do not slow those in another.
  struct alignas(64) Run {
    std::atomic<uint64_t> Next{0};
    uint64_t End = 0;
  };

  /// The runs: in the dealer itself for teams of up to InlineRuns
  /// threads. Without the aligned allocation, a launch of 32 groups that do
  /// next to nothing takes 2.3 us on two threads instead of 2.7.
  static constexpr unsigned InlineRuns = 8;
  Run Inline[InlineRuns];
  std::unique_ptr<Run[]> Heap;
  Run *Runs;
  unsigned NumRuns;
};

/// Calls \p Body with a GroupRunner for \p L on the calling thread.
template <typename Fn> void withRunner(LaunchState &L, Fn Body) noexcept {
  std::optional<WorkerScope> Scope;
  std::optional<GroupRunner> Runner;
  try {
    WorkerState &W = currentWorker();
    Scope.emplace(W, L);
    Runner.emplace(L, W);
  } catch (...) {
    // No local memory for this thread: the launch fails, and the others
    // stop once they see it.
    L.fail(std::current_exception());
    return;
  }
  Body(*Runner);
}

void runAllGroups(LaunchState &L) {
  unsigned Threads = config().NumThreads;
  if (Threads == 1 || L.TotalGroups == 1) {
    // On the calling thread, without a serialized OpenMP region or a
    // dealer (an aligned allocation): a launch of 32 groups that do next
    // to nothing takes 0.56 us instead of 0.9.
    withRunner(L, [&](GroupRunner &R) { R.run(0, L.TotalGroups); });
    return;
  }
  // Chunks balance uneven groups and keep the claims few when groups are
  // tiny (about 8 chunks per thread).
  uint64_t Chunk = std::max<uint64_t>(1, L.TotalGroups / (Threads * 8ull));
  ChunkDealer Dealer((L.TotalGroups + Chunk - 1) / Chunk, Threads);
#pragma omp parallel num_threads(Threads)
  withRunner(L, [&](GroupRunner &R) {
    Dealer.deal(unsigned(omp_get_thread_num()), [&](uint64_t C) {
      R.run(C * Chunk, std::min(L.TotalGroups, (C + 1) * Chunk));
    });
  });
}

} // namespace

LaunchState::LaunchState(const LaunchDesc &D)
    : Desc(D), TotalGroups(1), GroupSize(1), Checked(config().Checked) {
  for (int Dim = 0; Dim < 3; ++Dim) {
    NumGroups[Dim] = D.Global[Dim] / D.Local[Dim];
    GroupSize *= D.Local[Dim];
    if (__builtin_mul_overflow(TotalGroups, NumGroups[Dim], &TotalGroups))
      throwNdRange(D, "the nd-range has more than 2^64 work-groups");
  }
}

void LaunchState::fail(std::exception_ptr Error) noexcept {
  std::lock_guard<std::mutex> Lock(ErrorMutex);
  if (!FirstError)
    FirstError = std::move(Error);
  Stopped.store(true, std::memory_order_relaxed);
}

void LaunchState::failRuntime(const std::string &What) noexcept {
  try {
    throw lanes::detail::kernel_failure(
        sycl::make_error_code(sycl::errc::runtime),
        std::string("kernel '") + kernelName() + "': " + What);
  } catch (...) {
    fail(std::current_exception());
  }
}

void LaunchState::rethrowIfFailed() const {
  if (FirstError)
    std::rethrow_exception(FirstError);
}

std::string LaunchState::formatId(const uint64_t Id[3]) const {
  std::string Text = "(";
  for (int Dim = Desc.Dims - 1; Dim >= 0; --Dim) {
    Text += std::to_string(Id[Dim]);
    if (Dim != 0)
      Text += ",";
  }
  return Text + ")";
}

void LaunchState::delinearizeGroup(uint64_t Linear, uint64_t GroupId[3]) const {
  GroupId[0] = Linear % NumGroups[0];
  Linear /= NumGroups[0];
  GroupId[1] = Linear % NumGroups[1];
  GroupId[2] = Linear / NumGroups[1];
}

WorkerState &lanes::rt::detail::currentWorker() {
  thread_local WorkerState State;
  return State;
}

void lanes::rt::launch(const LaunchDesc &D) {
  validate(D);
  if (isEmpty(D))
    return;
  WorkerState &Host = currentWorker();
  if (Host.Launch)
    throwError(sycl::errc::runtime, kernelPrefix(D) +
                                        "launched from inside kernel '" +
                                        Host.Launch->kernelName() +
                                        "'; kernels cannot launch kernels");
  announce(D);
  LaunchState L(D);
  runAllGroups(L);
  L.rethrowIfFailed();
}
