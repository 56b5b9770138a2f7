//===- FoldLaneIds.h - Constant lane ids in vectorized loops ----*- C++ -*-===//
//
/// \file
/// Function pass `lanes-fold-lane-ids`, on work-group functions after the
/// loop vectorizer (at the end of the optimizer).
///
/// A sub-group's lane is `lid & (SG - 1)`, and kernels test it: `if (lane <
/// k)` takes a halo from memory, `if (lane == 0)` does a sub-group's share.
/// The work-item loop runs with vectorization width SG, so each vector
/// iteration holds lanes 0..SG-1 in order, but the vectorizer computes the
/// lane from its vector induction variable, `phi [<0, 1, ..., VF-1>],
/// [+ splat(VF)]`, and InstCombine cannot see that the low bits of each
/// element never change: every such test stays a vector compare, and on
/// AVX2 the resulting masks are packed and unpacked each iteration. Here
/// `and` of such an induction variable with a mask m, where m + 1 is a
/// power of two dividing the step, becomes the constant `start & m`;
/// InstCombine then folds the tests into constant masks.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_FOLDLANEIDS_H
#define LANES_TRANSFORMS_FOLDLANEIDS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Folds the low bits of vector induction variables into constants.
class FoldLaneIdsPass : public llvm::PassInfoMixin<FoldLaneIdsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
