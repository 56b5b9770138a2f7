//===- Worker.h - Per-thread state of the Lanes runtime ---------*- C++ -*-===//
//
/// \file
/// Each thread that runs work-groups (OpenMP workers and the host thread
/// that calls launch()) owns one WorkerState for its whole life: its
/// local-memory and loop-state buffers, fiber stacks and fiber scheduler
/// are allocated on first use and reused by every later group and launch.
/// lanes_wg_ctx::runtime points to it, which is how __lanes_loop_state and
/// __lanes_divergent_barrier find their thread's arena and launch.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_RUNTIME_WORKER_H
#define LANES_RUNTIME_WORKER_H

#include "FiberScheduler.h"
#include "Memory.h"

namespace lanes::rt::detail {

class LaunchState;

/// The runtime state one thread owns. Only its own thread touches it.
struct WorkerState {
  ReusedBuffer LocalMemory;
  ReusedBuffer LoopState;
  StackPool Stacks;
  FiberScheduler Fibers{Stacks};
  /// The launch whose groups this thread is running, null between launches.
  /// Also how a launch from inside a kernel is recognised.
  LaunchState *Launch = nullptr;
  /// The context of the compiled work-group function this thread runs,
  /// null otherwise: what __lanes_external_call copies the sizes from.
  const lanes_wg_ctx *CompiledGroup = nullptr;
};

/// The calling thread's state, created on first use.
WorkerState &currentWorker();

/// The running library-only work-item, or null outside any kernel. Aborts
/// with a message naming `Builtin` and the kernel when called from a
/// compiled kernel instead (code the compiler did not lower).
const WorkItem *currentItem(const char *Builtin);

/// Stops the program when \p Item, which reached barrier or collective
/// \p Builtin at \p File:\p Line, is a compiled kernel's work-item named by
/// __lanes_external_call: code the compiler did not lower cannot wait for
/// the rest of its group.
void requireLibraryOnlyItem(const WorkItem *Item, const char *Builtin,
                            const char *File, unsigned Line);

} // namespace lanes::rt::detail

#endif // LANES_RUNTIME_WORKER_H
