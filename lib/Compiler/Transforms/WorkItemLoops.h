//===- WorkItemLoops.h - Work-group functions by CBS ------------*- C++ -*-===//
//
/// \file
/// Module pass `lanes-work-item-loops`: turns each work-group function
/// (barriers isolated by `lanes-isolate-barriers`) into code that runs every
/// work-item of one group, by continuation-based synchronisation (CBS,
/// Karrenberg & Hack 2012; the form of Meyer's hipSYCL thesis, 2021).
///
/// Algorithm:
///  1. The function's entry and the block after each barrier start a
///     *sub-CFG*: the blocks reachable from the start without entering a
///     barrier block. Each exit of a sub-CFG (an edge into barrier k, or a
///     return) has an *exit code* (k + 1, or 0).
///  2. Each sub-CFG is cloned into a *work-item loop* nest over the local
///     ids (dimension 0 innermost, bottom-tested: every size is >= 1). Its
///     builtins become the loop counters and values read once from the
///     `lanes_wg_ctx` (include/lanes/abi.h). A kernel specialized for a
///     local size whose dimension 0 is a multiple of its sub-group size SG,
///     and that computes from its sub-group id, runs dimension 0 as a loop
///     over the sub-groups around a loop of exactly SG lanes; the sub-group
///     id and the lane are rewritten in terms of the two counters, so what
///     a sub-group shares is invariant in the lane loop. So does a kernel
///     with chained nests (5), or where sub-groups may part ways (3).
///  3. After the nest, control goes to the sub-CFG its exit code names: a
///     direct branch when the sub-CFG has one exit, else a switch. With
///     several exits the nest also computes the minimum and maximum code
///     over the work-items; when they differ and the context asks for
///     checks, the function reports a divergent barrier and returns.
///     Unless one of the exits is a run of sub-group collectives: whole
///     sub-groups may then part ways there, as SYCL allows, and they go
///     on *alone*, each through the runs it reaches (the run exchanged for
///     it alone, then a copy of the nest after the run that loops over its
///     lanes only) until it stops at a work-group barrier or collective,
///     or the end; every sub-group must stop at the same one, which the
///     work-group goes on to (a work-group collective computed there from
///     operands the work-items saved on their way). In a kernel that runs
///     dimension 0 as sub-groups and lanes (2), each sub-group goes on
///     alone right after its lanes, inside the loop over the sub-groups,
///     and a nest that only such sub-groups reach is never built over the
///     group. In other kernels such a nest keeps each work-item's exit
///     code, and when the codes differ a *fallback* takes the sub-groups
///     on alone one after another.
///  4. Values live across a barrier that are cheap to recompute are
///     recomputed where they are needed (Rematerialize.h). The others are
///     kept in *loop state*: per-work-item arrays sized by the actual local
///     size (64-byte aligned, from the runtime's arena via
///     __lanes_loop_state), or one scalar slot when WorkItemShape proves
///     them uniform (loaded once before the nest, so stores by earlier
///     work-items cannot leak into later ones). Each clone
///     stores the values it defines and reloads the ones it receives; SSA
///     form is repaired with SSAUpdater, so PHIs stay PHIs. Values that a
///     PHI joins (a loop's value, its next value, its value after the
///     loop) share one array when they are never live at once, so that a
///     value carried around a loop with a barrier is loaded and stored at
///     one address (LLVM can then keep it in a register across the
///     loop). Every alloca becomes a per-work-item array too. The block is a
///     noalias return, and the accesses to the slots of values (not allocas)
///     have an alias scope that every other access of the function is marked
///     outside of: only this pass's code reaches them.
///  5. A group collective (reduce, scan, broadcast) is a barrier block
///     whose nest also carries an *accumulator* through every level (like
///     the min/max exit code): it starts at the operation's identity and
///     each work-item leaving for the collective steps it with its operand
///     (Collectives.h). A reduction's or broadcast's final value is stored
///     in the result's scalar slot on the way to the next sub-CFG; a scan
///     stores each work-item's running value in its loop-state array. A
///     scan of integers, where the target has vectors of 8 or more of
///     them, instead leaves each work-item's operand there, and on the way
///     to the next sub-CFG a loop scans the array in place a vector at a
///     time (a log-step scan of the vector, plus the carry of the items
///     before it): the nest then carries nothing the vectorizer cannot
///     take, and the scan costs a few vector operations per vector of
///     work-items instead of one dependent operation per work-item.
///     A sub-group collective (or a run of them sharing one barrier
///     block) is a barrier block too, but nothing is carried: each
///     work-item leaving for it saves its operand (and a shuffle's source
///     lane unless it is a constant per lane) in a loop-state array, and on
///     the way to the next sub-CFG a loop over the sub-groups turns each
///     sub-group's operands, one vector of sub-group-size lanes, into the
///     lanes' results with vector operations (docs/sub-groups.md).
///     When the one sub-CFG that reaches such a run has no other exit (and
///     sub-groups are whole), the nest after the run instead *continues*
///     that sub-CFG's nest: it shares its loops over the rows and the
///     sub-groups, and the run is exchanged for one sub-group at a time
///     between the two lane loops. What only such a chain of nests reads
///     waits in stack arrays of one sub-group's lanes, which become
///     registers once the lane loops are vectors. A sub-group barrier
///     splits like such a run with nothing to exchange.
///  6. Memory accesses in a clone share an access group and the innermost
///     loop is marked `llvm.loop.parallel_accesses`: work-items of a group
///     do not race between barriers (SYCL 2020 3.8.3), so the loop
///     vectorizer needs no dependence proof. In a kernel with sub-group
///     collectives the loops also get the sub-group size as their
///     vectorization width. The innermost loop carries the work-item loop
///     mark (lanes.work_item_loop), the outer ones another
///     (lanes.work_item_nest), so that later passes know them all as loops
///     over the items of one group (LanesIR.h).
/// Finally every `__lanes_work_group_function(@entry)` is folded to the
/// new function, and what it was lowered to (barriers, sub-CFGs, bytes of
/// loop state) is recorded on it for `lanes-report` (WorkGroupSummary.h).
/// Every `__lanes_private_mem_size(@entry)` is folded to the most bytes of
/// loop state per work-item that the functions lowered from `@entry`
/// keep.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_WORKITEMLOOPS_H
#define LANES_TRANSFORMS_WORKITEMLOOPS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Builds the work-item loops of every work-group function.
class WorkItemLoopsPass : public llvm::PassInfoMixin<WorkItemLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace lanes

#endif
