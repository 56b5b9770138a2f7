//===- IsolateBarriers.h - One barrier per block ----------------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-isolate-barriers`, on work-group functions after
/// inlining and simplification.
///
/// Canonicalises barriers for continuation-based synchronisation: every
/// `__lanes_barrier` call ends up alone in a *barrier block* (the call and an
/// unconditional branch), whose only predecessor and only successor are
/// fresh blocks without PHIs. The block after a barrier is where a sub-CFG
/// starts.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_ISOLATEBARRIERS_H
#define LANES_TRANSFORMS_ISOLATEBARRIERS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Splits blocks so that each barrier call sits in a block of its own.
class IsolateBarriersPass : public llvm::PassInfoMixin<IsolateBarriersPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
  /// Barrier lowering depends on it, optnone or not.
  static bool isRequired() { return true; }
};

} // namespace lanes

#endif
