//===- GroupRanges.h - Work-group functions over runs of groups -*- C++ -*-===//
//
/// \file
/// Module pass `lanes-group-ranges`. Runs last in the kernel pipeline, on
/// the work-group functions that `lanes-work-item-loops` built.
///
/// The runtime does not call a work-group function once per group: it
/// hands it a run of consecutive groups along dimension 0 (include/lanes/
/// builtins.h, lanes_wg_fn). A small group then costs a trip of a loop
/// instead of a call, whose return, reload of the context and fresh
/// loop-state block cost about as much as a 256-item sum from L1.
///
/// The pass gives each function a third parameter, `i64 %count`, and wraps
/// its body in a loop over the run:
///  - the new entry reads the first group's id (field 0 of the context,
///    dimension 0) and keeps the function's allocas;
///  - the loop's header has the group id as a phi, which replaces every
///    load of that field in the body;
///  - every return of the body goes to the latch, which steps the id and
///    leaves after `count` groups;
///  - a divergent barrier report finds the group's id stored in the context,
///    where the runtime reads it, and is followed by a return: the run stops
///    with the group that broke the barrier rule;
///  - the body's `__lanes_loop_state` call, with the size it asks for, moves
///    to the entry when the size does not depend on the group: one block
///    serves the whole run (include/lanes/abi.h).
/// The other fields of the context are invariant loads, which LICM hoists.
/// A function that already has the parameter is left alone.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_GROUPRANGES_H
#define LANES_TRANSFORMS_GROUPRANGES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Turns each lowered work-group function into one over a run of groups.
class GroupRangesPass : public llvm::PassInfoMixin<GroupRangesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace lanes

#endif
