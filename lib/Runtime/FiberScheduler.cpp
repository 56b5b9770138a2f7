//===- FiberScheduler.cpp - Library-only work-groups on fibers ------------===//
//
/// \file
/// The portability fallback: a kernel entry that the Lanes compiler did not
/// turn into a work-group function runs once per work-item on Boost.Context
/// fibers, and __lanes_barrier yields back to the group's scheduler.
///
/// Scheduling works in phases. A phase runs every work-item that is not
/// yet started or was *released* from its wait, in linear order (dimension
/// 0 fastest), until it finishes or suspends in a barrier. When the phase
/// ends:
///  - nobody waits: the group is done;
///  - somebody waits in a sub-group collective: only sub-groups wait, see
///    below;
///  - everybody unfinished waits, and nobody finished: the barrier is
///    complete, all are released (in checked mode only if all wait at the
///    same barrier, identified by file pointer and line, or by file name
///    when the pointers differ);
///  - some finished while others wait: that barrier can never complete, so
///    it is an error, reported with how many work-items reached it. The
///    scheduler never waits for work-items that cannot arrive, so a broken
///    kernel fails instead of hanging.
///
/// A sub-group collective waits for the work-items of the caller's
/// sub-group only, as SYCL asks. When a phase ends with some work-item in
/// one, each sub-group that has such a work-item must be complete: all of
/// its work-items wait in a sub-group collective (in checked mode the same
/// one). Those sub-groups are released; every other work-item, waiting at
/// a work-group barrier or collective, stays suspended, not resumed by the
/// next phase, until a phase ends with no sub-group collective pending and
/// the rules above release the whole group. A sub-group where some
/// work-items wait in a sub-group collective while others finished or wait
/// at a work-group barrier can never complete: an error. Each phase
/// releases at least one sub-group or fails, so this never hangs either.
///
/// Fibers are not tied to work-items. A *runner* fiber runs work-items
/// back to back, starting the next one as soon as the previous returns,
/// until one suspends in a barrier; the scheduler then parks the runner in
/// that work-item and starts a new runner for the next. A barrier-free
/// group therefore costs one fiber and no context switch per work-item,
/// and a group where every work-item reaches a barrier gets one fiber per
/// work-item. A resumed runner whose work-item finishes does not take
/// another: by then every work-item has started.
///
/// A work-item whose entry throws stops its group at once; the exception
/// becomes the launch's error.
///
/// Group and sub-group collectives (Collectives.cpp) are barriers with a
/// data exchange over a *segment*, the whole group or one sub-group: each
/// work-item leaves its operand in its slot of the scheduler's scratch
/// before it suspends, and the first work-item of a released segment to
/// resume computes the result of every work-item of the segment, with its
/// own request (sub-groups released together may be in different
/// collectives). They are checked like barriers, so a collective only part
/// of its segment reaches is an error too, never a hang. No operand or
/// result is overwritten before the work-items of its segment have read
/// it: a segment is released only when all its work-items wait, so none
/// has run on and overwritten its operand; all of them resume in the next
/// phase, the first one computing at once, so the computation reads the
/// operands before anyone runs on to write its next one; and results are
/// only computed at the start of a later phase, after every released
/// work-item of this phase (the whole segment) has resumed and read its
/// result. Segments released together are disjoint, so one "computed in
/// phase" mark per segment, kept at its first work-item, tells them apart.
/// A segment of one work-item (a group or sub-group of one) is complete at
/// once and does not wait.
///
/// When a group stops early, the work-items suspended in a barrier or
/// collective are *unwound*, so that the destructors of the kernel's locals
/// run. The work-item that threw, and those that finished, have no fiber
/// left; only suspended ones are unwound, in linear order, each as the
/// current work-item (a destructor may ask for its ids). Destroying a
/// suspended Boost fiber resumes it with boost::context::detail::
/// forced_unwind thrown at its suspension point, i.e. out of wait() and
/// through __lanes_barrier or the collective into the kernel. On its way
/// down the fiber's own stack:
///  - wait() completes the AddressSanitizer stack switch the scheduler
///    started and keeps the exception (see below);
///  - the kernel's frames run their cleanups;
///  - runItems() lets it pass (its catch (...), which turns a work-item's
///    own exception into the launch's error, must not swallow it), and
///    starts the switch back, the fiber never resuming;
///  - Boost's fiber entry catches it and, back on the scheduler's stack,
///    returns the stack to the pool through PooledStack::deallocate. So a
///    stack is released exactly once: by Boost for a fiber that finished or
///    was unwound, by abandonSuspended() for one abandoned.
/// A barrier or collective reached while unwinding (from a destructor)
/// returns at once; a collective then gives the caller its own operand. A
/// kernel that catches the exception and carries on is unwound again when
/// its entry returns, by rethrowing the kept exception; one whose
/// destructor throws meanwhile terminates, as C++ unwinding does.
///
/// Unwinding needs an exception to pass every frame between the wait and
/// the entry. That holds only when the kernel was compiled against the
/// library-only declarations of lanes/builtins.h (which may throw; lanes++
/// declares them nothrow for the plugin, and unwinding through a nothrow
/// call with a non-trivial local terminates under GCC) and nothing in
/// between is noexcept. The front end says so in LaunchDesc::Unwindable:
/// the SYCL headers set it unless the kernel was compiled by lanes++ (its
/// entry then runs here only when no work-group function was made) or the
/// kernel's operator() is noexcept. Otherwise the suspended fibers are
/// *abandoned* as before: the stack is reclaimed without running the
/// destructors of the kernel's locals, a leak confined to failed launches.
/// A noexcept helper function between the kernel and its barrier cannot be
/// seen from the headers: unwinding through it terminates the program.
//
//===----------------------------------------------------------------------===//

#include "FiberScheduler.h"
#include "LaunchState.h"
#include "Memory.h"
#include "Sanitizers.h"
#include "Worker.h"

#include <boost/context/detail/exception.hpp>

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

using namespace lanes::rt::detail;
namespace ctx = boost::context;
/// What Boost throws into a fiber it destroys while suspended.
using ForcedUnwind = ctx::detail::forced_unwind;

thread_local WorkItem *lanes::rt::detail::CurrentWorkItem LANES_FAST_TLS =
    nullptr;

namespace {

/// Boost.Context StackAllocator over the worker's StackPool. It reports the
/// stack it hands out, so that the scheduler can unwind the fiber on it or
/// reclaim it from a fiber it abandons.
class PooledStack {
public:
  PooledStack(StackPool &Pool, ctx::stack_context &Allocated)
      : Pool(&Pool), Allocated(&Allocated) {}

  ctx::stack_context allocate() {
    *Allocated = Pool->acquire();
    return *Allocated;
  }

  void deallocate(ctx::stack_context &Stack) noexcept { Pool->release(Stack); }

private:
  StackPool *Pool;
  ctx::stack_context *Allocated;
};

const void *stackBottom(const ctx::stack_context &Stack) {
  return static_cast<const char *>(Stack.sp) - Stack.size;
}

/// "file:line" of the barrier a work-item waits at, followed by the name of
/// the collective when it waits in one.
std::string barrierLocation(const WorkItem &Item) {
  std::string Location =
      std::string(Item.BarrierFile ? Item.BarrierFile : "<unknown file>") +
      ":" + std::to_string(Item.BarrierLine);
  if (Item.Collective)
    Location += std::string(" (") + Item.Collective + ")";
  return Location;
}

/// "barrier at file:line", or the collective's name instead of "barrier".
std::string describeBarrier(const WorkItem &Item) {
  return std::string(Item.Collective ? Item.Collective : "barrier") + " at " +
         (Item.BarrierFile ? Item.BarrierFile : "<unknown file>") + ":" +
         std::to_string(Item.BarrierLine);
}

bool sameBarrier(const WorkItem &A, const WorkItem &B) {
  if (A.BarrierLine != B.BarrierLine)
    return false;
  if (A.Collective != B.Collective &&
      (!A.Collective || !B.Collective ||
       std::strcmp(A.Collective, B.Collective) != 0))
    return false;
  if (A.BarrierFile == B.BarrierFile)
    return true;
  return A.BarrierFile && B.BarrierFile &&
         std::strcmp(A.BarrierFile, B.BarrierFile) == 0;
}

} // namespace

void FiberScheduler::runGroup(LaunchState &L,
                              const lanes_wg_ctx &Group) noexcept {
  Launch = &L;
  ItemError = nullptr;
  try {
    prepareItems(Group);
    runPhases();
  } catch (...) {
    // Out of memory for a fiber stack or the work-item table.
    L.fail(std::current_exception());
  }
  if (ItemError)
    L.fail(ItemError);
  if (L.Desc.Unwindable)
    unwindSuspended();
  else
    abandonSuspended();
  ItemError = nullptr;
  Launch = nullptr;
}

void FiberScheduler::prepareItems(const lanes_wg_ctx &Group) {
  const uint64_t *Size = Group.local_size;
  Items.resize(Size[0] * Size[1] * Size[2]);
  CollectiveOperands.resize(Items.size());
  CollectiveResults.resize(Items.size());
  // Earlier groups' marks are from earlier phases, never the current one.
  ResultsPhase.resize(Items.size(), ~uint64_t(0));
  WorkItem *Item = Items.data();
  for (uint64_t Z = 0; Z < Size[2]; ++Z)
    for (uint64_t Y = 0; Y < Size[1]; ++Y)
      for (uint64_t X = 0; X < Size[0]; ++X, ++Item) {
        assert(!Item->Fiber && "previous group leaked a fiber");
        Item->Owner = this;
        Item->Group = &Group;
        Item->LocalId[0] = X;
        Item->LocalId[1] = Y;
        Item->LocalId[2] = Z;
        Item->Status = ItemStatus::NotStarted;
        Item->BarrierFile = nullptr;
        Item->BarrierLine = 0;
        Item->Collective = nullptr;
        Item->Segment = CollectiveSegment();
      }
}

void FiberScheduler::runPhases() {
  for (;;) {
    for (size_t I = 0; I < Items.size(); ++I) {
      WorkItem &Item = Items[I];
      // A runner may run several work-items; go on after the last.
      if (Item.Status == ItemStatus::NotStarted)
        I = startRunner(I);
      else if (Item.Status == ItemStatus::Released)
        resume(Item);
      if (ItemError)
        return;
    }
    if (!checkBarrierPhase())
      return;
    ++CompletedPhases;
  }
}

size_t FiberScheduler::startRunner(size_t First) {
  ctx::fiber Runner(std::allocator_arg, PooledStack(Stacks, NewStack),
                    [this, First](ctx::fiber &&Back) {
                      return runItems(First, std::move(Back));
                    });
  switchTo(std::move(Runner), NewStack);
  // The runner stopped in (or after) the last work-item it started.
  size_t Last = size_t(CurrentWorkItem - Items.data());
  CurrentWorkItem = nullptr;
  return Last;
}

void FiberScheduler::resume(WorkItem &Item) {
  ctx::fiber Fiber = std::move(Item.Fiber);
  Item.Status = ItemStatus::Running;
  CurrentWorkItem = &Item;
  switchTo(std::move(Fiber), Item.Stack);
  CurrentWorkItem = nullptr;
}

void FiberScheduler::switchTo(ctx::fiber &&Fiber,
                              const ctx::stack_context &Stack) {
  ctx::stack_context FiberStack = Stack;
  startStackSwitch(&SchedulerFakeStack, stackBottom(FiberStack),
                   FiberStack.size);
  ctx::fiber Suspended = std::move(Fiber).resume();
  finishStackSwitch(SchedulerFakeStack, nullptr, nullptr);
  if (Suspended) {
    // It stopped in a barrier: park it in the work-item that called it.
    WorkItem &Item = *CurrentWorkItem;
    assert(Item.Status == ItemStatus::AtBarrier && "suspended elsewhere");
    Item.Fiber = std::move(Suspended);
    Item.Stack = FiberStack;
  }
}

ctx::fiber FiberScheduler::runItems(size_t First, ctx::fiber &&Back) {
  finishStackSwitch(nullptr, &SchedulerStackBottom, &SchedulerStackSize);
  SchedulerFiber = std::move(Back);
  const rt::LaunchDesc &D = Launch->Desc;
  for (size_t I = First;
       I < Items.size() && Items[I].Status == ItemStatus::NotStarted; ++I) {
    WorkItem &Item = Items[I];
    Item.Status = ItemStatus::Running;
    CurrentWorkItem = &Item;
    try {
      D.Entry(D.KernelObject);
    } catch (const ForcedUnwind &) {
      // unwindSuspended() stops this work-item; not an error of its own.
      leaveDyingFiber();
      throw;
    } catch (...) {
      if (!ItemError)
        ItemError = std::current_exception();
    }
    if (Item.Status == ItemStatus::Unwinding) {
      // The kernel swallowed the unwinding and returned: finish the job.
      leaveDyingFiber();
      std::rethrow_exception(Unwinding);
    }
    // After a barrier this may be a later resumption of the fiber, but
    // the work-item it runs is the same.
    Item.Status = ItemStatus::Finished;
    if (ItemError)
      break;
  }
  leaveDyingFiber();
  return std::move(SchedulerFiber);
}

void FiberScheduler::leaveDyingFiber() {
  // This fiber never runs again: nothing of its fake stack to keep.
  startStackSwitch(nullptr, SchedulerStackBottom, SchedulerStackSize);
}

bool FiberScheduler::checkBarrierPhase() {
  bool SubGroupWaits = false;
  for (const WorkItem &Item : Items) {
    assert((Item.Status == ItemStatus::Finished ||
            Item.Status == ItemStatus::AtBarrier) &&
           "phase left it running");
    if (Item.Status == ItemStatus::AtBarrier && Item.Segment.isSubGroup())
      SubGroupWaits = true;
  }
  return SubGroupWaits ? releaseSubGroups() : releaseGroup();
}

/// Releases every sub-group in which a work-item waits in a sub-group
/// collective; false (with the launch's error recorded) when one of them
/// cannot complete.
bool FiberScheduler::releaseSubGroups() {
  for (size_t I = 0; I < Items.size(); ++I) {
    const WorkItem &First = Items[I];
    if (First.Status != ItemStatus::AtBarrier || !First.Segment.isSubGroup())
      continue;
    if (!checkSubGroup(First))
      return false;
    for (size_t J = First.Segment.Begin; J < First.Segment.End; ++J)
      Items[J].Status = ItemStatus::Released;
    I = First.Segment.End - 1;
  }
  return true;
}

/// Whether every work-item of the sub-group of `First`, its first
/// work-item waiting in a sub-group collective, waits in that collective
/// (in unchecked mode: in any sub-group collective). Records the launch's
/// error otherwise.
bool FiberScheduler::checkSubGroup(const WorkItem &First) {
  const CollectiveSegment &Segment = First.Segment;
  const WorkItem *Absent = nullptr, *Elsewhere = nullptr;
  size_t Reached = 0;
  for (size_t I = Segment.Begin; I < Segment.End; ++I) {
    const WorkItem &Item = Items[I];
    if (Item.Status != ItemStatus::AtBarrier || !Item.Segment.isSubGroup() ||
        Item.Segment.Begin != Segment.Begin ||
        Item.Segment.End != Segment.End) {
      if (!Absent)
        Absent = &Item;
      continue;
    }
    ++Reached;
    if (Launch->Checked && !Elsewhere && !sameBarrier(First, Item))
      Elsewhere = &Item;
  }
  const std::string SubGroup = "sub-group " + std::to_string(Segment.SubGroup) +
                               " of work-group " +
                               Launch->formatId(First.Group->group_id);
  if (Absent) {
    Launch->failRuntime(describeBarrier(First) + " reached by only " +
                        std::to_string(Reached) + " of " +
                        std::to_string(Segment.End - Segment.Begin) +
                        " work-items of " + SubGroup + "; work-item " +
                        Launch->formatId(Absent->LocalId) +
                        (Absent->Status == ItemStatus::Finished
                             ? std::string(" finished the kernel")
                             : " waits at " + describeBarrier(*Absent)));
    return false;
  }
  if (Elsewhere) {
    Launch->failRuntime("work-items of " + SubGroup +
                        " wait at different collectives: work-item " +
                        Launch->formatId(First.LocalId) + " at " +
                        barrierLocation(First) + ", work-item " +
                        Launch->formatId(Elsewhere->LocalId) + " at " +
                        barrierLocation(*Elsewhere));
    return false;
  }
  return true;
}

/// Releases the whole group from the barrier (or work-group collective)
/// every unfinished work-item waits at; false when the group is done, or
/// (with the launch's error recorded) when the barrier cannot complete.
bool FiberScheduler::releaseGroup() {
  const WorkItem *First = nullptr;
  uint64_t Finished = 0, Waiting = 0;
  for (const WorkItem &Item : Items) {
    if (Item.Status == ItemStatus::Finished) {
      ++Finished;
      continue;
    }
    ++Waiting;
    if (!First)
      First = &Item;
  }
  if (Waiting == 0)
    return false; // the group is done
  const std::string Group = Launch->formatId(First->Group->group_id);
  if (Finished != 0) {
    Launch->failRuntime(describeBarrier(*First) + " reached by only " +
                        std::to_string(Waiting) + " of " +
                        std::to_string(Items.size()) +
                        " work-items of work-group " + Group +
                        "; the others finished the kernel");
    return false;
  }
  for (const WorkItem &Item : Items) {
    if (!Launch->Checked || sameBarrier(*First, Item))
      continue;
    Launch->failRuntime("work-items of work-group " + Group +
                        " wait at different barriers: " + "work-item " +
                        Launch->formatId(First->LocalId) + " at " +
                        barrierLocation(*First) + ", work-item " +
                        Launch->formatId(Item.LocalId) + " at " +
                        barrierLocation(Item));
    return false;
  }
  for (WorkItem &Item : Items)
    if (Item.Status == ItemStatus::AtBarrier)
      Item.Status = ItemStatus::Released;
  return true;
}

void FiberScheduler::unwindSuspended() noexcept {
  assert(!SchedulerFiber && "only a running fiber holds the scheduler");
  for (WorkItem &Item : Items) {
    if (!Item.Fiber)
      continue;
    Item.Status = ItemStatus::Unwinding;
    CurrentWorkItem = &Item;
    startStackSwitch(&SchedulerFakeStack, stackBottom(Item.Stack),
                     Item.Stack.size);
    // Destroys the suspended fiber: it unwinds to its end (see the file
    // comment), and Boost hands its stack back to the pool. Unlike an
    // abandoned one, the stack needs no unpoisoning: AddressSanitizer
    // cleans the frames above a throw, as it does for those that return.
    Item.Fiber = ctx::fiber();
    finishStackSwitch(SchedulerFakeStack, nullptr, nullptr);
    CurrentWorkItem = nullptr;
    Item.Status = ItemStatus::Finished;
    Item.FakeStack = nullptr;
    Unwinding = nullptr;
  }
}

void FiberScheduler::abandonSuspended() noexcept {
  assert(!SchedulerFiber && "only a running fiber holds the scheduler");
  for (WorkItem &Item : Items) {
    if (!Item.Fiber)
      continue;
    // Deliberately no destructor call: see the file comment. Reusing the
    // storage ends the old fiber object's lifetime without unwinding it.
    new (&Item.Fiber) ctx::fiber();
    // The abandoned frames' redzones are still poisoned; the next fiber on
    // this stack must not trip over them.
    unpoisonStack(stackBottom(Item.Stack), Item.Stack.size);
    Stacks.release(Item.Stack);
    Item.FakeStack = nullptr;
  }
}

void FiberScheduler::barrier(const char *File, unsigned Line) {
  WorkItem *Item = CurrentWorkItem;
  if (!Item) {
    std::fprintf(stderr,
                 "lanes: error: __lanes_barrier (at %s:%u) called outside a "
                 "library-only work-item (a barrier reached through an "
                 "indirect call in a compiled kernel is not supported)\n",
                 File ? File : "<unknown file>", Line);
    std::abort();
  }
  requireLibraryOnlyItem(Item, "__lanes_barrier", File, Line);
  // A group of one work-item is always complete at its barrier.
  if (Item->Owner->Items.size() != 1)
    Item->Owner->wait(*Item, File, Line, nullptr, CollectiveSegment());
}

void FiberScheduler::wait(WorkItem &Item, const char *File, unsigned Line,
                          const char *Collective,
                          const CollectiveSegment &Segment) {
  // A destructor run by the unwinding: its group is gone.
  if (Item.Status == ItemStatus::Unwinding)
    return;
  Item.Status = ItemStatus::AtBarrier;
  Item.BarrierFile = File;
  Item.BarrierLine = Line;
  Item.Collective = Collective;
  Item.Segment = Segment;
  startStackSwitch(&Item.FakeStack, SchedulerStackBottom, SchedulerStackSize);
  try {
    SchedulerFiber = std::move(SchedulerFiber).resume();
  } catch (const ForcedUnwind &) {
    // Destroyed by unwindSuspended(), which started the switch here.
    finishStackSwitch(Item.FakeStack, &SchedulerStackBottom,
                      &SchedulerStackSize);
    Unwinding = std::current_exception();
    throw;
  }
  finishStackSwitch(Item.FakeStack, &SchedulerStackBottom, &SchedulerStackSize);
  // Resumed by the scheduler, which has made this the current work-item.
  assert(CurrentWorkItem == &Item && "resumed as another work-item");
}

uint64_t FiberScheduler::collective(CollectiveOperand Operand,
                                    const CollectiveSegment &Segment,
                                    const char *Name, const char *File,
                                    unsigned Line, CollectiveFn Compute,
                                    const void *Arg) {
  WorkItem *Item = CurrentWorkItem;
  assert(Item && "a collective outside a library-only work-item");
  // Reached from a destructor while unwinding: nobody to exchange with.
  if (Item->Status == ItemStatus::Unwinding)
    return Operand.Bits;
  FiberScheduler &Scheduler = *Item->Owner;
  size_t Self = size_t(Item - Scheduler.Items.data());
  assert(Segment.Begin <= Self && Self < Segment.End &&
         Segment.End <= Scheduler.Items.size() && "not the caller's segment");
  CollectiveOperand *Operands = Scheduler.CollectiveOperands.data();
  uint64_t *Results = Scheduler.CollectiveResults.data();
  Operands[Self] = Operand;
  if (Segment.End - Segment.Begin == 1) {
    // No barrier to wait at, and no phase to tell results apart.
    Compute(Operands, Results, Self, Self + 1, Arg);
    return Results[Self];
  }
  Scheduler.wait(*Item, File, Line, Name, Segment);
  // The first work-item of the segment to resume in this phase computes
  // (see the file comment for why nothing was overwritten yet).
  uint64_t &Phase = Scheduler.ResultsPhase[Segment.Begin];
  if (Phase != Scheduler.CompletedPhases) {
    Compute(Operands, Results, Segment.Begin, Segment.End, Arg);
    Phase = Scheduler.CompletedPhases;
  }
  return Results[Self];
}
