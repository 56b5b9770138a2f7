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
};

/// The calling thread's state, created on first use.
WorkerState &currentWorker();

/// The running library-only work-item, or null outside any kernel. Aborts
/// with a message naming `Builtin` and the kernel when called from a
/// compiled kernel instead (code the compiler did not lower).
const WorkItem *currentItem(const char *Builtin);

} // namespace lanes::rt::detail

#endif // LANES_RUNTIME_WORKER_H
