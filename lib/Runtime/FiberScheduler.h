//===- FiberScheduler.h - Library-only work-groups on fibers ----*- C++ -*-===//
//
/// \file
/// Runs a kernel entry that was not compiled by Lanes: every work-item of a
/// group is a Boost.Context fiber, and __lanes_barrier switches from the
/// work-item back to the group's scheduler. See FiberScheduler.cpp for the
/// scheduling rules, how broken barriers are diagnosed, and how the
/// work-items of a failed group are unwound.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_RUNTIME_FIBERSCHEDULER_H
#define LANES_RUNTIME_FIBERSCHEDULER_H

#include "lanes/abi.h"

#include <boost/context/fiber.hpp>

#include <cstdint>
#include <exception>
#include <vector>

namespace lanes::rt::detail {

class FiberScheduler;
class LaunchState;
class StackPool;

/// How far a library-only work-item got in the current phase.
enum class ItemStatus {
  NotStarted, ///< no fiber has run it yet
  Running,    ///< running on a fiber, has not suspended since
  AtBarrier,  ///< its fiber is suspended in __lanes_barrier
  Released,   ///< suspended in a barrier now complete: the next phase
              ///< resumes it
  Unwinding,  ///< its group failed; its fiber is being unwound
  Finished,   ///< the entry returned (or threw, or was unwound)
};

/// The work-items a collective exchanges values between: the linear local
/// ids [Begin, End), the whole work-group or one sub-group.
struct CollectiveSegment {
  size_t Begin = 0;
  size_t End = 0;
  /// The sub-group's linear id in the work-group, or NotSubGroup for a
  /// work-group collective.
  size_t SubGroup = NotSubGroup;
  static constexpr size_t NotSubGroup = ~size_t(0);

  bool isSubGroup() const { return SubGroup != NotSubGroup; }
};

/// One work-item of the group a FiberScheduler runs.
struct WorkItem {
  /// The fiber suspended in this work-item's barrier; empty otherwise.
  boost::context::fiber Fiber;
  /// The stack of Fiber, valid while Fiber is not empty.
  boost::context::stack_context Stack;
  FiberScheduler *Owner = nullptr;
  const lanes_wg_ctx *Group = nullptr; ///< ids, sizes and local memory
  uint64_t LocalId[3] = {0, 0, 0};     ///< OpenCL dimension order
  ItemStatus Status = ItemStatus::NotStarted;
  const char *BarrierFile = nullptr; ///< where it waits (AtBarrier)
  unsigned BarrierLine = 0;
  /// The collective it waits in (a __lanes_group_* or __lanes_sub_group_*
  /// name), or null for a plain barrier.
  const char *Collective = nullptr;
  /// The work-items that collective waits for; a plain barrier, like a
  /// work-group collective, waits for the whole group.
  CollectiveSegment Segment;
  void *FakeStack = nullptr; ///< AddressSanitizer's, while suspended
};

/// Every builtin call of a library-only kernel reads CurrentWorkItem, so it
/// uses the initial-exec TLS model (a plain %fs-relative load instead of a
/// __tls_get_addr call; one pointer fits the static TLS surplus glibc keeps
/// for libraries loaded with dlopen) and is declared constant-initialized
/// (no TLS init wrapper).
#if defined(__clang__)
#define LANES_FAST_TLS                                                         \
  __attribute__((tls_model("initial-exec"), require_constant_initialization))
#else
#define LANES_FAST_TLS __attribute__((tls_model("initial-exec")))
#endif

/// The library-only work-item the calling thread is running, or null (no
/// kernel, or a compiled one). The __lanes_* builtins read it.
extern thread_local WorkItem *CurrentWorkItem LANES_FAST_TLS;

/// Runs library-only work-groups, one at a time, on the calling thread.
/// Owned by a WorkerState; not thread-safe.
class FiberScheduler {
public:
  explicit FiberScheduler(StackPool &Stacks) : Stacks(Stacks) {}
  FiberScheduler(const FiberScheduler &) = delete;
  FiberScheduler &operator=(const FiberScheduler &) = delete;

  /// Runs every work-item of the group described by `Group` (its sizes,
  /// ids and local memory) to completion. Errors (a work-item's exception,
  /// a barrier not every work-item reaches, a sub-group collective not
  /// every work-item of the sub-group reaches, different barriers in
  /// checked mode) are recorded in `L`; the group's waiting work-items are
  /// then unwound, or abandoned when the launch is not Unwindable. Never
  /// throws.
  void runGroup(LaunchState &L, const lanes_wg_ctx &Group) noexcept;

  /// __lanes_barrier: suspends the current work-item until every work-item
  /// of its group has arrived. Aborts with a message when no library-only
  /// work-item is running on this thread. Throws only to unwind the
  /// work-item when its group has failed (see FiberScheduler.cpp).
  static void barrier(const char *File, unsigned Line);

  /// What one work-item contributes to a collective.
  struct CollectiveOperand {
    uint64_t Bits;  ///< the bits of its value
    uint64_t Index; ///< a per-work-item index (a shuffle's source lane)
  };

  /// Computes the results of one collective for the work-items [Begin,
  /// End) of a segment from their operands (both arrays indexed by linear
  /// local id) and whatever `Arg` describes.
  using CollectiveFn = void (*)(const CollectiveOperand *Operands,
                                uint64_t *Results, size_t Begin, size_t End,
                                const void *Arg);

  /// A collective of the current work-item, which must exist (see
  /// Collectives.cpp), over `Segment` (the caller's sub-group, or its whole
  /// work-group): stores `Operand` in the group's scratch, waits like a
  /// barrier at `File`:`Line` for the work-items of the segment only
  /// (diagnostics name it `Name`), and returns the work-item's result of
  /// `Compute`. The first work-item of the segment to resume runs
  /// `Compute` once for the segment; see FiberScheduler.cpp for why no
  /// operand or result is overwritten before everyone has read it. Throws
  /// like barrier().
  static uint64_t collective(CollectiveOperand Operand,
                             const CollectiveSegment &Segment, const char *Name,
                             const char *File, unsigned Line,
                             CollectiveFn Compute, const void *Arg);

private:
  void prepareItems(const lanes_wg_ctx &Group);
  void runPhases();
  size_t startRunner(size_t First);
  void resume(WorkItem &Item);
  void switchTo(boost::context::fiber &&Fiber,
                const boost::context::stack_context &Stack);
  boost::context::fiber runItems(size_t First, boost::context::fiber &&Back);
  bool checkBarrierPhase();
  bool releaseSubGroups();
  bool checkSubGroup(const WorkItem &First);
  bool releaseGroup();
  void unwindSuspended() noexcept;
  void abandonSuspended() noexcept;
  void leaveDyingFiber();
  /// Suspends `Item` at a barrier (or collective) until the next phase.
  void wait(WorkItem &Item, const char *File, unsigned Line,
            const char *Collective, const CollectiveSegment &Segment);

  StackPool &Stacks;
  std::vector<WorkItem> Items;
  LaunchState *Launch = nullptr;
  /// Phases completed by this scheduler so far, over all groups: tells a
  /// collective whether its results were computed in the current phase.
  uint64_t CompletedPhases = 0;
  /// For each segment, by its first work-item's linear local id: the phase
  /// (a CompletedPhases value) its results are from.
  std::vector<uint64_t> ResultsPhase;
  /// Collective scratch, sized to the group in prepareItems.
  std::vector<CollectiveOperand> CollectiveOperands;
  std::vector<uint64_t> CollectiveResults;
  std::exception_ptr ItemError; ///< first exception a work-item threw
  /// The exception unwinding the current work-item, kept in case the
  /// kernel swallows it (see runItems).
  std::exception_ptr Unwinding;
  /// The way back to the scheduler while a fiber runs.
  boost::context::fiber SchedulerFiber;
  /// Where PooledStack reports the stack of a fiber being created.
  boost::context::stack_context NewStack;
  // The scheduler's own stack, for AddressSanitizer's switch annotations.
  const void *SchedulerStackBottom = nullptr;
  size_t SchedulerStackSize = 0;
  void *SchedulerFakeStack = nullptr;
};

} // namespace lanes::rt::detail

#endif // LANES_RUNTIME_FIBERSCHEDULER_H
