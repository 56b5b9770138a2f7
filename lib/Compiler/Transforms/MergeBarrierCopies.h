//===- MergeBarrierCopies.h - One call per source barrier -------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-merge-barrier-copies`, on work-group functions after
/// inlining and simplification, before `lanes-isolate-barriers`.
///
/// Clang's jump threading and tail duplication may copy a source barrier
/// into both arms of an `if`. When the `if` depends on the work-item, items
/// of one group then stop at different copies of the same barrier, which
/// is legal, but work-item loops would take it for divergence. This pass
/// merges such copies back into one barrier block: each arm branches to it
/// with its number, and a switch after the barrier resumes every work-item
/// in the code that followed its own copy. Values whose definitions no
/// longer dominate their uses get PHIs (SSAUpdater); the paths that bring
/// poison into them never reach those uses.
///
/// Collectives are merged the same way, their operands through PHIs.
/// Copies are calls of one builtin with the same fence or operation, file
/// and line in the same loop, at least one of them in a region that
/// depends on a varying branch (WorkItemShape). Copies in uniform control flow are left alone: every
/// work-item of a group reaches the same one.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_MERGEBARRIERCOPIES_H
#define LANES_TRANSFORMS_MERGEBARRIERCOPIES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Merges copies of one source barrier that work-items may reach apart.
class MergeBarrierCopiesPass
    : public llvm::PassInfoMixin<MergeBarrierCopiesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
  /// Barrier lowering depends on it, optnone or not.
  static bool isRequired() { return true; }
};

} // namespace lanes

#endif
