//===- FiberScheduler.cpp - Library-only work-groups on fibers ------------===//
//
/// \file
/// The portability fallback: a kernel entry that the Lanes compiler did not
/// turn into a work-group function runs once per work-item, each work-item
/// on its own Boost.Context fiber, and __lanes_barrier yields back to the
/// group's scheduler.
///
/// Scheduling works in phases. A phase resumes every unfinished work-item
/// in linear order (dimension 0 fastest); each runs until it finishes or
/// suspends in a barrier. When the phase ends:
///  - nobody waits at a barrier: the group is done;
///  - everybody unfinished waits, and nobody finished: the barrier is
///    complete, the next phase releases them (in checked mode only if all
///    wait at the same barrier, identified by file pointer and line, or by
///    file name when the pointers differ);
///  - some finished while others wait: that barrier can never complete, so
///    it is an error, reported with how many work-items reached it. The
///    scheduler never waits for work-items that cannot arrive, so a broken
///    kernel fails instead of hanging.
///
/// A work-item whose entry throws stops its group at once; the exception
/// becomes the launch's error.
///
/// When a group stops early its suspended work-items are *abandoned*, not
/// unwound: Boost's fiber destructor would throw a forced-unwind exception
/// out of __lanes_barrier, which builtins.h declares nothrow, and a kernel
/// compiled by GCC with any non-trivial local then calls std::terminate.
/// Abandoning reclaims the fiber's stack without running the destructors
/// of the kernel's locals; that leak is confined to launches that fail.
///
/// Stacks come from the worker's StackPool, so a barrier-free group reuses
/// one stack for all its work-items and a group with barriers reuses the
/// stacks of the previous group.
//
//===----------------------------------------------------------------------===//

#include "FiberScheduler.h"
#include "LaunchState.h"
#include "Memory.h"
#include "Sanitizers.h"

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

using namespace lanes::rt::detail;
namespace ctx = boost::context;

thread_local WorkItem *lanes::rt::detail::CurrentWorkItem = nullptr;

namespace {

/// Boost.Context StackAllocator that takes the work-item's stack from the
/// worker's pool and records it in the work-item, so that the scheduler can
/// reclaim it if the fiber is abandoned.
class PooledStack {
public:
  PooledStack(StackPool &Pool, WorkItem &Item) : Pool(&Pool), Item(&Item) {}

  ctx::stack_context allocate() {
    Item->Stack = Pool->acquire();
    Item->HoldsStack = true;
    return Item->Stack;
  }

  void deallocate(ctx::stack_context &Stack) noexcept {
    Pool->release(Stack);
    Item->HoldsStack = false;
  }

private:
  StackPool *Pool;
  WorkItem *Item;
};

const void *stackBottom(const ctx::stack_context &Stack) {
  return static_cast<const char *>(Stack.sp) - Stack.size;
}

/// "file:line" of the barrier a work-item waits at.
std::string barrierLocation(const WorkItem &Item) {
  return std::string(Item.BarrierFile ? Item.BarrierFile : "<unknown file>") +
         ":" + std::to_string(Item.BarrierLine);
}

bool sameBarrier(const WorkItem &A, const WorkItem &B) {
  if (A.BarrierLine != B.BarrierLine)
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
  abandonUnfinished();
  ItemError = nullptr;
  Launch = nullptr;
}

void FiberScheduler::prepareItems(const lanes_wg_ctx &Group) {
  const uint64_t *Size = Group.local_size;
  Items.resize(Size[0] * Size[1] * Size[2]);
  WorkItem *Item = Items.data();
  for (uint64_t Z = 0; Z < Size[2]; ++Z)
    for (uint64_t Y = 0; Y < Size[1]; ++Y)
      for (uint64_t X = 0; X < Size[0]; ++X, ++Item) {
        assert(!Item->Fiber && !Item->HoldsStack && "previous group leaked");
        Item->Owner = this;
        Item->Group = &Group;
        Item->LocalId[0] = X;
        Item->LocalId[1] = Y;
        Item->LocalId[2] = Z;
        Item->Status = ItemStatus::NotStarted;
        Item->BarrierFile = nullptr;
        Item->BarrierLine = 0;
      }
}

void FiberScheduler::runPhases() {
  for (;;) {
    uint64_t Finished = 0, Waiting = 0;
    for (WorkItem &Item : Items) {
      if (Item.Status != ItemStatus::Finished) {
        resume(Item);
        if (ItemError)
          return;
      }
      if (Item.Status == ItemStatus::Finished)
        ++Finished;
      else
        ++Waiting;
    }
    if (Waiting == 0 || !checkBarrierPhase(Finished, Waiting))
      return;
  }
}

void FiberScheduler::resume(WorkItem &Item) {
  if (Item.Status == ItemStatus::NotStarted)
    Item.Fiber = ctx::fiber(std::allocator_arg, PooledStack(Stacks, Item),
                            [this, &Item](ctx::fiber &&Back) {
                              return runItem(Item, std::move(Back));
                            });
  Item.Status = ItemStatus::Running;
  CurrentWorkItem = &Item;
  startStackSwitch(&SchedulerFakeStack, stackBottom(Item.Stack),
                   Item.Stack.size);
  Item.Fiber = std::move(Item.Fiber).resume();
  finishStackSwitch(SchedulerFakeStack, nullptr, nullptr);
  CurrentWorkItem = nullptr;
}

ctx::fiber FiberScheduler::runItem(WorkItem &Item, ctx::fiber &&Back) {
  finishStackSwitch(nullptr, &SchedulerStackBottom, &SchedulerStackSize);
  Item.Scheduler = std::move(Back);
  try {
    Launch->Desc.Entry(Launch->Desc.KernelObject);
  } catch (...) {
    if (!ItemError)
      ItemError = std::current_exception();
  }
  Item.Status = ItemStatus::Finished;
  // This fiber never runs again: nothing of its fake stack to keep.
  startStackSwitch(nullptr, SchedulerStackBottom, SchedulerStackSize);
  return std::move(Item.Scheduler);
}

bool FiberScheduler::checkBarrierPhase(uint64_t Finished, uint64_t Waiting) {
  const WorkItem *First = nullptr;
  for (const WorkItem &Item : Items)
    if (Item.Status == ItemStatus::AtBarrier) {
      First = &Item;
      break;
    }
  assert(First && "a phase with waiting work-items");
  const std::string Group = Launch->formatId(First->Group->group_id);
  if (Finished != 0) {
    Launch->failRuntime("barrier at " + barrierLocation(*First) +
                        " reached by only " + std::to_string(Waiting) + " of " +
                        std::to_string(Items.size()) +
                        " work-items of work-group " + Group +
                        "; the others finished the kernel");
    return false;
  }
  if (!Launch->Checked)
    return true;
  for (const WorkItem &Item : Items) {
    if (sameBarrier(*First, Item))
      continue;
    Launch->failRuntime("work-items of work-group " + Group +
                        " wait at different barriers: " + "work-item " +
                        Launch->formatId(First->LocalId) + " at " +
                        barrierLocation(*First) + ", work-item " +
                        Launch->formatId(Item.LocalId) + " at " +
                        barrierLocation(Item));
    return false;
  }
  return true;
}

void FiberScheduler::abandonUnfinished() noexcept {
  for (WorkItem &Item : Items) {
    assert(!Item.Scheduler && "only a running work-item holds the scheduler");
    if (Item.Fiber) {
      // Deliberately no destructor call: see the file comment. Reusing the
      // storage ends the old fiber object's lifetime without unwinding it.
      new (&Item.Fiber) ctx::fiber();
    }
    if (Item.HoldsStack) {
      // The abandoned frames' redzones are still poisoned; the next fiber
      // on this stack must not trip over them.
      unpoisonStack(stackBottom(Item.Stack), Item.Stack.size);
      Stacks.release(Item.Stack);
      Item.HoldsStack = false;
    }
    Item.FakeStack = nullptr;
  }
}

void FiberScheduler::barrier(const char *File, unsigned Line) noexcept {
  WorkItem *Item = CurrentWorkItem;
  if (!Item) {
    std::fprintf(stderr,
                 "lanes: error: __lanes_barrier (at %s:%u) called outside a "
                 "library-only work-item (a barrier reached through an "
                 "indirect call in a compiled kernel is not supported)\n",
                 File ? File : "<unknown file>", Line);
    std::abort();
  }
  FiberScheduler &Scheduler = *Item->Owner;
  // A group of one work-item is always complete at its barrier.
  if (Scheduler.Items.size() == 1)
    return;
  Item->Status = ItemStatus::AtBarrier;
  Item->BarrierFile = File;
  Item->BarrierLine = Line;
  startStackSwitch(&Item->FakeStack, Scheduler.SchedulerStackBottom,
                   Scheduler.SchedulerStackSize);
  Item->Scheduler = std::move(Item->Scheduler).resume();
  finishStackSwitch(Item->FakeStack, &Scheduler.SchedulerStackBottom,
                    &Scheduler.SchedulerStackSize);
}
