//===- SplitChosenLoads.h - Loads of a chosen pointer, split ----*- C++ -*-===//
//
/// \file
/// Function pass `lanes-split-chosen-loads`, on work-group functions at the
/// end of the clean-up after `lanes-work-item-loops`, right before the loop
/// vectorizer.
///
/// A work-item that takes a value from one of two places, `v = edge ?
/// in[i + 1] : shifted[i]` (a sub-group shift whose last lane reads its
/// halo from memory), is written as two loads and a choice. InstCombine
/// sinks two loads that meet in a phi into one load of a phi of their
/// pointers, and SimplifyCFG turns that phi into a select. Each pointer
/// steps by one element per work-item, but the chosen one does not: the
/// loop vectorizer can only gather through it, one scalar load per lane.
/// In an innermost work-item loop, such a load whose every pointer either
/// steps by its element or stays fixed is split back into one load per
/// pointer on its own path, which the vectorizer turns into a vector load
/// (masked where it cannot prove the access safe) and a blend.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_SPLITCHOSENLOADS_H
#define LANES_TRANSFORMS_SPLITCHOSENLOADS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Splits loads through a select or phi of pointers in work-item loops.
class SplitChosenLoadsPass : public llvm::PassInfoMixin<SplitChosenLoadsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
