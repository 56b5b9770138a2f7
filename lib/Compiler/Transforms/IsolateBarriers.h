//===- IsolateBarriers.h - One barrier per block ----------------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-isolate-barriers`, on work-group functions after
/// inlining and simplification.
///
/// Canonicalises barriers for continuation-based synchronisation: every
/// `__lanes_barrier` call and group collective ends up alone in a *barrier
/// block* (the call and an unconditional branch), whose only predecessor
/// and only successor are fresh blocks without PHIs. The block after a
/// barrier is where a sub-CFG starts.
///
/// Sub-group collectives are first gathered: each one moves up to the
/// sub-group collectives before it when every work-item that reaches those
/// reaches it exactly once after them and its operands (with the pure
/// arithmetic computing them) can move there too. A run of sub-group
/// collectives none of which reads another's result shares one barrier
/// block, so the work-item loops split once for the whole run (eight
/// shifts of one value in a stencil become one split, not eight).
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
