//===- FiberScheduler.h - Library-only work-groups on fibers ----*- C++ -*-===//
//
/// \file
/// Runs a kernel entry that was not compiled by Lanes: every work-item of a
/// group is a Boost.Context fiber, and __lanes_barrier switches from the
/// work-item back to the group's scheduler. See FiberScheduler.cpp for the
/// scheduling rules and how broken barriers are diagnosed.
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
  NotStarted, ///< no fiber yet
  Running,    ///< resumed, has not suspended since
  AtBarrier,  ///< suspended in __lanes_barrier
  Finished,   ///< the entry returned (or threw)
};

/// One work-item of the group a FiberScheduler runs.
struct WorkItem {
  /// The suspended work-item; empty before it starts and once it finished.
  boost::context::fiber Fiber;
  /// The way back to the scheduler while the work-item runs.
  boost::context::fiber Scheduler;
  FiberScheduler *Owner = nullptr;
  const lanes_wg_ctx *Group = nullptr; ///< ids, sizes and local memory
  uint64_t LocalId[3] = {0, 0, 0};     ///< OpenCL dimension order
  ItemStatus Status = ItemStatus::NotStarted;
  const char *BarrierFile = nullptr; ///< where it waits (AtBarrier)
  unsigned BarrierLine = 0;
  /// The stack of Fiber while it is alive.
  boost::context::stack_context Stack;
  bool HoldsStack = false;
  void *FakeStack = nullptr; ///< AddressSanitizer's, while suspended
};

/// The library-only work-item the calling thread is running, or null (no
/// kernel, or a compiled one). The __lanes_* builtins read it.
extern thread_local WorkItem *CurrentWorkItem;

/// Runs library-only work-groups, one at a time, on the calling thread.
/// Owned by a WorkerState; not thread-safe.
class FiberScheduler {
public:
  explicit FiberScheduler(StackPool &Stacks) : Stacks(Stacks) {}
  FiberScheduler(const FiberScheduler &) = delete;
  FiberScheduler &operator=(const FiberScheduler &) = delete;

  /// Runs every work-item of the group described by `Group` (its sizes,
  /// ids and local memory) to completion. Errors (a work-item's exception,
  /// a barrier not every work-item reaches, different barriers in checked
  /// mode) are recorded in `L`; the group's unfinished work-items are then
  /// abandoned. Never throws.
  void runGroup(LaunchState &L, const lanes_wg_ctx &Group) noexcept;

  /// __lanes_barrier: suspends the current work-item until every work-item
  /// of its group has arrived. Aborts with a message when no library-only
  /// work-item is running on this thread.
  static void barrier(const char *File, unsigned Line) noexcept;

private:
  void prepareItems(const lanes_wg_ctx &Group);
  void runPhases();
  void resume(WorkItem &Item);
  boost::context::fiber runItem(WorkItem &Item, boost::context::fiber &&Back);
  bool checkBarrierPhase(uint64_t Finished, uint64_t Waiting);
  void abandonUnfinished() noexcept;

  StackPool &Stacks;
  std::vector<WorkItem> Items;
  LaunchState *Launch = nullptr;
  std::exception_ptr ItemError; ///< first exception a work-item threw
  // The scheduler's own stack, for AddressSanitizer's switch annotations.
  const void *SchedulerStackBottom = nullptr;
  size_t SchedulerStackSize = 0;
  void *SchedulerFakeStack = nullptr;
};

} // namespace lanes::rt::detail

#endif // LANES_RUNTIME_FIBERSCHEDULER_H
