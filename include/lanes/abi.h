//===- lanes/abi.h - Compiled work-group function <-> runtime -------------===//
//
/// \file
/// What a compiled work-group function receives and may call. The pass
/// plugin generates code against this layout (the field indices are
/// copied in lib/Compiler/Transforms/WorkItemLoops.cpp, and GroupRanges.cpp
/// knows group_id[0] is at offset 0); lib/Runtime fills it in. Change them
/// together.
///
/// Ownership: the runtime owns the context and everything it points to; a
/// work-group function may use them only until it returns. One context is
/// used by one thread at a time.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_ABI_H
#define LANES_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Per-work-group launch context. Field order is ABI: every field is 8 bytes.
struct lanes_wg_ctx {
  uint64_t group_id[3];   ///< field 0: the (first) group's id, OpenCL order
  uint64_t num_groups[3]; ///< field 1
  uint64_t local_size[3]; ///< field 2
  void *local_memory;     ///< field 3: 64-byte aligned local memory
  void *runtime;          ///< field 4: opaque per-thread runtime state
  uint64_t checked;       ///< field 5: nonzero: report divergent barriers
};

/// Returns 64-byte aligned scratch of at least `bytes` for the loop-state
/// arrays of the current work-groups. Owned by the calling thread; valid
/// until the work-group function returns, for every group of its run (a
/// block asked for once may serve them all). Never NULL. A work-group
/// function calls it at most once per group: every call may return the
/// same memory.
void *__lanes_loop_state(struct lanes_wg_ctx *ctx, uint64_t bytes);

/// Records that work-items of the current group left a sub-CFG at different
/// barriers (`first` and `second` describe them, e.g. "barrier at k.cpp:12"
/// or "kernel exit"). The work-group function returns right after; the
/// runtime raises the error once the launch ends.
void __lanes_divergent_barrier(struct lanes_wg_ctx *ctx, const char *first,
                               const char *second);

/// Names the work-item that is about to call code the compiler did not
/// lower (a function of another translation unit, or one called through a
/// pointer), by its local and group ids (OpenCL order): until the
/// work-group function returns, the work-item queries of lanes/builtins.h
/// answer for it, with the sizes and local memory of the running group.
/// Barriers and collectives reached there stop the program with an error.
void __lanes_external_call(uint64_t local0, uint64_t local1, uint64_t local2,
                           uint64_t group0, uint64_t group1, uint64_t group2);

#ifdef __cplusplus
}
#endif

#endif // LANES_ABI_H
