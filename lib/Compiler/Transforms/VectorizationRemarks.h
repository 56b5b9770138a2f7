//===- VectorizationRemarks.h - Say which work-item loops vectorized -*- C++ -*-===//
//
/// \file
/// Function pass `lanes-vectorization-remarks`, on work-group functions at
/// the end of the optimizer, after the loop vectorizer.
///
/// Lanes is fast only where the work-item loops vectorize, so the user is
/// told, as optimization remarks of pass `lanes` (clang:
/// `-Rpass=lanes`, `-Rpass-missed=lanes`): for each work-item loop the
/// vectorizer widened, the kernel and the number of lanes; for each one it
/// did not, the kernel and the first reason found in the loop (a call of
/// a function without a vector variant, an atomic operation, a loop nested
/// inside), else the vectorizer's own decision, which
/// `-Rpass-analysis=loop-vectorize` explains. `lanes-work-item-loops` marks
/// the loops it makes (WorkItemLoopMD); the vectorizer keeps the mark on
/// the loops it makes from them and adds `llvm.loop.isvectorized`.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_VECTORIZATIONREMARKS_H
#define LANES_TRANSFORMS_VECTORIZATIONREMARKS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Emits one remark per work-item loop: vectorized (with its width) or not
/// (with a reason).
class VectorizationRemarksPass
    : public llvm::PassInfoMixin<VectorizationRemarksPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
