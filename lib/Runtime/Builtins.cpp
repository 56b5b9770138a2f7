//===- Builtins.cpp - The __lanes_* builtins in library-only mode ---------===//
//
/// \file
/// Definitions of the IR contract (lanes/builtins.h) for kernels the Lanes
/// compiler did not lower, and of the two calls compiled work-group
/// functions make into the runtime (lanes/abi.h).
///
/// Library-only builtins read the thread's current work-item, which the
/// fiber scheduler sets before it resumes a work-item's fiber. Called
/// outside any kernel they answer as a lone work-item would: 0 for every
/// id, 1 for every size, and a null local memory pointer. A dimension above
/// 2 violates the contract and gets the same answers. A compiled
/// work-group function names the work-item before each call into code the
/// compiler did not lower (__lanes_external_call: a function of another
/// translation unit), and the queries answer for that work-item until the
/// function returns. Reached there without one (a callback from a library
/// function), no answer would be right: they print an error naming the
/// kernel and abort (the queries are declared nothrow). So do barriers and
/// collectives reached from a compiled kernel, named work-item or not, and
/// __lanes_barrier outside any work-item: there is no group to wait with.
/// __lanes_barrier is the one that may throw: the exception that unwinds a
/// work-item of a failed group (FiberScheduler.cpp).
//
//===----------------------------------------------------------------------===//

#include "FiberScheduler.h"
#include "LaunchState.h"
#include "Worker.h"

#include "lanes/abi.h"
#include "lanes/builtins.h"
#include "lanes/runtime.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace lanes::rt::detail;

/// Definitions must repeat the declarations' exception specification:
/// nothrow for the queries, none for the barrier (lanes/builtins.h).
#define LANES_NOTHROW __attribute__((nothrow))

const WorkItem *lanes::rt::detail::currentItem(const char *Builtin) {
  const WorkItem *Item = CurrentWorkItem;
  if (Item)
    return Item;
  if (const LaunchState *Running = currentWorker().Launch) {
    std::fprintf(stderr,
                 "lanes: error: %s reached in compiled kernel '%s' from code "
                 "the Lanes compiler did not lower (called back from a "
                 "library function?)\n",
                 Builtin, Running->kernelName());
    std::abort();
  }
  return nullptr;
}

void lanes::rt::detail::requireLibraryOnlyItem(const WorkItem *Item,
                                               const char *Builtin,
                                               const char *File,
                                               unsigned Line) {
  if (!Item || Item->Owner)
    return;
  const LaunchState *Running = currentWorker().Launch;
  std::fprintf(
      stderr,
      "lanes: error: %s (at %s:%u) reached in compiled kernel '%s' "
      "from code the compiler cannot see from the kernel (a function of "
      "another translation unit, or one called through a function pointer "
      "or a virtual call): barriers and group functions work only in "
      "functions the kernel calls directly in its translation unit\n",
      Builtin, File ? File : "<unknown file>", Line,
      Running ? Running->kernelName() : "<unknown>");
  std::abort();
}

namespace {

/// The group of the running library-only work-item, if any.
const lanes_wg_ctx *currentGroup(const char *Builtin) {
  const WorkItem *Item = currentItem(Builtin);
  return Item ? Item->Group : nullptr;
}

/// The worker state behind a compiled kernel's context; aborts on a
/// context the runtime did not make, since these calls cannot fail softly.
WorkerState &workerOf(struct lanes_wg_ctx *Ctx, const char *Caller) {
  if (!Ctx || !Ctx->runtime) {
    std::fprintf(stderr,
                 "lanes: error: %s called without a runtime-provided "
                 "work-group context\n",
                 Caller);
    std::abort();
  }
  return *static_cast<WorkerState *>(Ctx->runtime);
}

} // namespace

extern "C" {

LANES_NOTHROW size_t __lanes_local_id(unsigned Dim) {
  const WorkItem *Item = currentItem("__lanes_local_id");
  return Item && Dim < 3 ? Item->LocalId[Dim] : 0;
}

LANES_NOTHROW size_t __lanes_local_size(unsigned Dim) {
  const lanes_wg_ctx *Group = currentGroup("__lanes_local_size");
  return Group && Dim < 3 ? Group->local_size[Dim] : 1;
}

LANES_NOTHROW size_t __lanes_group_id(unsigned Dim) {
  const lanes_wg_ctx *Group = currentGroup("__lanes_group_id");
  return Group && Dim < 3 ? Group->group_id[Dim] : 0;
}

LANES_NOTHROW size_t __lanes_num_groups(unsigned Dim) {
  const lanes_wg_ctx *Group = currentGroup("__lanes_num_groups");
  return Group && Dim < 3 ? Group->num_groups[Dim] : 1;
}

LANES_NOTHROW void *__lanes_local_memory(void) {
  const lanes_wg_ctx *Group = currentGroup("__lanes_local_memory");
  return Group ? Group->local_memory : nullptr;
}

void __lanes_external_call(uint64_t Local0, uint64_t Local1, uint64_t Local2,
                           uint64_t Group0, uint64_t Group1, uint64_t Group2) {
  // One named work-item per thread: calls of one group function follow
  // each other, and Launch.cpp clears CurrentWorkItem once it returns.
  thread_local lanes_wg_ctx Group;
  thread_local WorkItem Caller;
  const lanes_wg_ctx *Running = currentWorker().CompiledGroup;
  if (!Running)
    return;
  Group = *Running;
  Group.group_id[0] = Group0;
  Group.group_id[1] = Group1;
  Group.group_id[2] = Group2;
  Caller.Group = &Group;
  Caller.LocalId[0] = Local0;
  Caller.LocalId[1] = Local1;
  Caller.LocalId[2] = Local2;
  CurrentWorkItem = &Caller;
}

void __lanes_barrier(unsigned FenceFlags, const char *File, unsigned Line) {
  // Fibers of a group share one thread, so switching is already a full
  // fence for both local and global memory; the flags need no action.
  (void)FenceFlags;
  FiberScheduler::barrier(File, Line);
}

LANES_NOTHROW lanes_wg_fn __lanes_work_group_function(lanes_entry_fn,
                                                      size_t, size_t, size_t,
                                                      const void *) {
  // Reached only when the compiler did not fold the call: not compiled.
  return nullptr;
}

LANES_NOTHROW size_t __lanes_required_local_size(lanes_entry_fn, unsigned) {
  // Reached only when the compiler did not fold the call: not compiled.
  return 0;
}

LANES_NOTHROW unsigned __lanes_required_sub_group_size(lanes_entry_fn) {
  // Reached only when the compiler did not fold the call: not compiled.
  return 0;
}

LANES_NOTHROW size_t __lanes_private_mem_size(lanes_entry_fn) {
  // Reached only when the compiler did not fold the call: not compiled.
  return 0;
}

void *__lanes_loop_state(struct lanes_wg_ctx *Ctx, uint64_t Bytes) {
  return workerOf(Ctx, "__lanes_loop_state").LoopState.reserve(Bytes);
}

void __lanes_divergent_barrier(struct lanes_wg_ctx *Ctx, const char *First,
                               const char *Second) {
  WorkerState &W = workerOf(Ctx, "__lanes_divergent_barrier");
  if (!W.Launch) {
    std::fprintf(stderr, "lanes: error: __lanes_divergent_barrier called "
                         "outside a launch\n");
    std::abort();
  }
  W.Launch->failRuntime(
      "divergent barrier in work-group " + W.Launch->formatId(Ctx->group_id) +
      ": some work-items reached " + (First ? First : "<unknown>") +
      ", others " + (Second ? Second : "<unknown>"));
}

} // extern "C"

void lanes::rt::queryDimensionsError(const char *Query, int Dims) noexcept {
  const LaunchState *Running = currentWorker().Launch;
  std::fprintf(stderr,
               "lanes: error: kernel '%s' called "
               "sycl::ext::oneapi::%s<%d>(), but its range "
               "has more than one work-item in a dimension past the first "
               "%d: the query must name the kernel's dimensions\n",
               Running ? Running->kernelName() : "<none>", Query, Dims, Dims);
  std::abort();
}
