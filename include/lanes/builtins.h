//===- lanes/builtins.h - The Lanes IR contract ---------------------------===//
//
/// \file
/// The seam between front ends and the Lanes kernel pipeline. A front end
/// emits a kernel *entry* (a function `void entry(const void *kernel_object)`
/// marked with LANES_KERNEL) that runs ONE work-item, and uses only the
/// builtins below to talk about the work-item it is running. Nothing in the
/// pipeline knows about SYCL classes; a hand-written .ll file that follows
/// this header is a valid kernel. docs/ir-contract.md is the long form.
///
/// Dimensions follow the OpenCL convention: dimension 0 is the fastest-
/// varying one (x). The SYCL API maps its dimension D-1 onto dimension 0.
/// A dimension index above 2 is a contract violation.
///
/// Two implementations exist:
///  - library-only mode: lib/Runtime defines these functions; each work-item
///    runs `entry` as a fiber and __lanes_barrier switches fibers;
///  - compiled mode: the pass plugin builds a work-group function from the
///    entry, replaces every builtin in it, and folds
///    __lanes_work_group_function(entry) to that function.
/// A translation unit says which one it is compiled for with
/// LANES_COMPILED_KERNELS (see LANES_GROUP_WAIT below); lanes++ defines it.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BUILTINS_H
#define LANES_BUILTINS_H

#include <stddef.h>
#include <stdint.h>

#if defined(__clang__)
/// Marks a kernel entry. Clang records it in llvm.global.annotations; a
/// hand-written .ll may instead give the function the "lanes-kernel"
/// attribute.
#define LANES_KERNEL __attribute__((annotate("lanes.kernel"), noinline))
#define LANES_CONVERGENT __attribute__((convergent))
#else
#define LANES_KERNEL __attribute__((noinline))
#define LANES_CONVERGENT
#endif

/// Attributes of the builtins that wait for the rest of the group (the
/// barrier and the collectives). lanes++ defines LANES_COMPILED_KERNELS=1:
/// the pass plugin replaces these calls and wants them nothrow (plain
/// calls, no invokes). Without the plugin they are the library-only
/// runtime's, which unwinds the work-items still waiting in them when their
/// group fails, by an exception thrown out of the call; they must not be
/// nothrow there (a GCC-compiled caller with a non-trivial local would
/// terminate). LANES_WAITS_MAY_THROW says which of the two this
/// translation unit declares.
#if defined(LANES_COMPILED_KERNELS) && LANES_COMPILED_KERNELS
#define LANES_WAITS_MAY_THROW 0
#define LANES_GROUP_WAIT LANES_CONVERGENT __attribute__((nothrow))
#else
#define LANES_WAITS_MAY_THROW 1
#define LANES_GROUP_WAIT LANES_CONVERGENT
#endif

#ifdef __cplusplus
extern "C" {
#endif

struct lanes_wg_ctx;

/// The signature of a kernel entry: runs one work-item.
typedef void (*lanes_entry_fn)(const void *kernel_object);
/// The signature of a compiled work-group function: runs `count` >= 1
/// consecutive work-groups along dimension 0, starting with the one
/// ctx->group_id names (ctx->group_id[0] + count <= ctx->num_groups[0]).
/// After reporting a divergent barrier (include/lanes/abi.h) it returns at
/// once, ctx->group_id naming the group that broke the rule.
typedef void (*lanes_wg_fn)(const void *kernel_object, struct lanes_wg_ctx *,
                            uint64_t count);

/// Id of the calling work-item inside its work-group, in dimension `dim`.
size_t __lanes_local_id(unsigned dim) __attribute__((const, nothrow));
/// Number of work-items of a work-group in dimension `dim`.
size_t __lanes_local_size(unsigned dim) __attribute__((const, nothrow));
/// Id of the calling work-item's work-group in dimension `dim`.
size_t __lanes_group_id(unsigned dim) __attribute__((const, nothrow));
/// Number of work-groups in dimension `dim`.
size_t __lanes_num_groups(unsigned dim) __attribute__((const, nothrow));
/// Base of the calling work-group's local memory (64-byte aligned; size as
/// requested at launch).
void *__lanes_local_memory(void) __attribute__((const, nothrow));

/// Fence flags of __lanes_barrier (may be or-ed).
enum {
  LANES_FENCE_LOCAL = 1u,
  LANES_FENCE_GLOBAL = 2u,
};

/// Work-group barrier: every work-item of the group must reach the same
/// barrier the same number of times. `file` and `line` name the barrier in
/// diagnostics (the front end passes the user's call site). In library-only
/// mode, when the group fails (a barrier not all of it reaches, an
/// exception), the call does not return: it throws the exception that
/// unwinds the waiting work-item, which the kernel must let pass (no
/// noexcept frame in between, no catch (...) that swallows it). The same
/// holds for the collectives below.
void __lanes_barrier(unsigned fence_flags, const char *file,
                     unsigned line) LANES_GROUP_WAIT;

/// Operations of the group collectives. MIN/MAX compare signed integers;
/// UMIN/UMAX unsigned ones; on float and double MIN/MAX are fmin/fmax.
/// AND/OR/XOR take integers only. Identities: 0 for ADD, OR, XOR and UMAX
/// (+0.0 on floats), 1 for MUL, all ones for AND and UMIN, the type's
/// largest value for MIN (+infinity on floats), its smallest for MAX
/// (-infinity).
enum {
  LANES_OP_ADD = 0,
  LANES_OP_MUL = 1,
  LANES_OP_MIN = 2,
  LANES_OP_MAX = 3,
  LANES_OP_UMIN = 4,
  LANES_OP_UMAX = 5,
  LANES_OP_AND = 6,
  LANES_OP_OR = 7,
  LANES_OP_XOR = 8,
};

/// Work-group collectives. Like __lanes_barrier, every work-item of the
/// group must reach the same collective (same call, same `op`) the same
/// number of times; `file` and `line` name it in diagnostics. Work-items
/// are ordered by their linear local id (dimension 0 fastest). For T in
/// i32 (int32_t), i64 (int64_t), f32 (float) and f64 (double), `op` being
/// a compile-time constant:
///  - reduce: x of every work-item combined with `op` (on floats in any
///    order);
///  - scan_inclusive: x of work-items 0..self combined with `op`, in order;
///  - scan_exclusive: x of work-items 0..self-1, the identity for item 0
///    (for a float sum -0.0, the identity that keeps every x's sign);
///  - broadcast: x of the work-item whose linear local id is `item` (the
///    same for every work-item and below the group size).
/// Integer arithmetic wraps (two's complement). Narrower types and bool are
/// widened by the front end.
#define LANES_GROUP_COLLECTIVES(T, SUFFIX)                                     \
  T __lanes_group_reduce_##SUFFIX(unsigned op, T x, const char *file,          \
                                  unsigned line)                               \
      LANES_GROUP_WAIT;                                                        \
  T __lanes_group_scan_inclusive_##SUFFIX(unsigned op, T x, const char *file,  \
                                          unsigned line)                       \
      LANES_GROUP_WAIT;                                                        \
  T __lanes_group_scan_exclusive_##SUFFIX(unsigned op, T x, const char *file,  \
                                          unsigned line)                       \
      LANES_GROUP_WAIT;                                                        \
  T __lanes_group_broadcast_##SUFFIX(T x, size_t item, const char *file,       \
                                     unsigned line)                            \
      LANES_GROUP_WAIT;
LANES_GROUP_COLLECTIVES(int32_t, i32)
LANES_GROUP_COLLECTIVES(int64_t, i64)
LANES_GROUP_COLLECTIVES(float, f32)
LANES_GROUP_COLLECTIVES(double, f64)
#undef LANES_GROUP_COLLECTIVES

/// Sub-groups. A sub-group is a run of `sg_size` consecutive work-items
/// along dimension 0 of one row of the work-group: the work-item with local
/// id (x, y, z) is lane x % sg_size of sub-group x / sg_size of row (y, z);
/// the last sub-group of a row has local_size(0) % sg_size lanes when that
/// is not 0. `sg_size` is the kernel's sub-group size: a compile-time
/// constant power of two from 1 to 64, the same in every sub-group builtin
/// call of a kernel (the front end chooses it; the SYCL headers use the
/// SIMD width of the target, LANES_SUB_GROUP_SIZE). Ids and sizes are not
/// builtins: the front end computes them from the local ids and sizes.
///
/// The collectives below work like the group ones, over the caller's
/// sub-group instead of its work-group, lanes in order:
///  - reduce / scan_inclusive / scan_exclusive: as the group builtins;
///  - shuffle: x of lane `lane` of the caller's sub-group, or the caller's
///    own x when `lane` is not below the sub-group's size.
/// A sub-group collective must be reached by every work-item of the
/// caller's sub-group, the same number of times (as a group collective
/// must by every work-item of the work-group); other sub-groups of the
/// work-group need not reach it.
#define LANES_SUB_GROUP_COLLECTIVES(T, SUFFIX)                                 \
  T __lanes_sub_group_reduce_##SUFFIX(unsigned op, T x, unsigned sg_size,      \
                                      const char *file, unsigned line)         \
      LANES_GROUP_WAIT;                                                        \
  T __lanes_sub_group_scan_inclusive_##SUFFIX(                                 \
      unsigned op, T x, unsigned sg_size, const char *file, unsigned line)     \
      LANES_GROUP_WAIT;                                                        \
  T __lanes_sub_group_scan_exclusive_##SUFFIX(                                 \
      unsigned op, T x, unsigned sg_size, const char *file, unsigned line)     \
      LANES_GROUP_WAIT;                                                        \
  T __lanes_sub_group_shuffle_##SUFFIX(T x, size_t lane, unsigned sg_size,     \
                                       const char *file, unsigned line)        \
      LANES_GROUP_WAIT;
LANES_SUB_GROUP_COLLECTIVES(int32_t, i32)
LANES_SUB_GROUP_COLLECTIVES(int64_t, i64)
LANES_SUB_GROUP_COLLECTIVES(float, f32)
LANES_SUB_GROUP_COLLECTIVES(double, f64)
#undef LANES_SUB_GROUP_COLLECTIVES

/// Sub-group barrier: every work-item of the caller's sub-group must reach
/// the same one the same number of times, as for a sub-group collective;
/// memory the sub-group's work-items wrote before it (`fence_flags` as for
/// __lanes_barrier) is visible to the sub-group after it.
void __lanes_sub_group_barrier(unsigned fence_flags, unsigned sg_size,
                               const char *file,
                               unsigned line) LANES_GROUP_WAIT;

/// The work-group function the compiler built for `entry`, to be launched
/// with local size `local0` x `local1` x `local2` (dimension 0 fastest) on
/// `kernel_object`, or NULL when `entry` was not compiled (library-only
/// mode). The pipeline folds every call whose argument is a kernel entry it
/// lowered; where the sizes are constants the function it returns may be
/// specialized for them, so a launch must use exactly the sizes it asked
/// with. It may also be specialized for the integer fields the call sees
/// stored as constants into `kernel_object` just before it (an accessor's
/// range, a captured constant), so a launch must pass that object, not
/// changed since the call; NULL promises nothing.
lanes_wg_fn __lanes_work_group_function(lanes_entry_fn entry, size_t local0,
                                        size_t local1, size_t local2,
                                        const void *kernel_object)
    __attribute__((nothrow));

/// The local size in dimension `dim` (0 fastest, a constant from 0 to 2;
/// 1 past the dimensions required) that `entry` must be launched with, or
/// for `dim` 3 the number of dimensions of that launch; 0 when it requires
/// none. An entry requires the size that a function it calls, or itself,
/// was annotated with (SYCL's `[[sycl::reqd_work_group_size]]`, which the
/// lanes++ front end records); the pipeline folds every call to a
/// constant before anything is inlined. 0 in library-only mode.
size_t __lanes_required_local_size(lanes_entry_fn entry, unsigned dim)
    __attribute__((nothrow, const));

/// The sub-group size that `entry` requires, or 0 when it requires none.
/// An entry requires the size that a function it calls, or itself, was
/// annotated with (SYCL's `[[sycl::reqd_sub_group_size]]`, which the
/// lanes++ front end checks against the translation unit's sub-group size
/// and records); the pipeline folds every call to a constant before
/// anything is inlined. 0 in library-only mode.
unsigned __lanes_required_sub_group_size(lanes_entry_fn entry)
    __attribute__((nothrow, const));

/// The bytes of loop state that a work-group of `entry` keeps for each of
/// its work-items (values live across barriers, private variables,
/// sub-group operands; what `lanes++ --lanes-report` prints as loop
/// state), the most over the work-group functions made for it. The
/// pipeline folds every call to a constant once it has lowered the entry,
/// 0 when it did not. 0 in library-only mode, where no compiler lowers it.
size_t __lanes_private_mem_size(lanes_entry_fn entry)
    __attribute__((nothrow, const));

#ifdef __cplusplus
}
#endif

#endif // LANES_BUILTINS_H
