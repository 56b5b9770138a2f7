//===- IsolateNarrowGuards.h - Few work-items, own loop ---------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-isolate-narrow-guards`, on work-group functions
/// specialized for a constant local size, after `lanes-implicit-loop-barriers`
/// and before `lanes-isolate-barriers`.
///
/// A kernel often has a few work-items do extra work in the middle of what
/// all of them do: a stencil's halo, `T[l + r] = in[i]; if (l < r) { T[l] =
/// ...; T[l + n + r] = ...; }`. As one work-item loop, the vectorizer masks
/// the guarded part over the whole group: masked loads, and masked stores,
/// which are slow on many CPUs, for 256 items where 4 do work. When the
/// guard compares the fastest local id with a constant and admits at most a
/// quarter of the items in that dimension, and the branch is reached by the
/// whole group and is an `if` without `else`, implicit barriers go before
/// the test and at the join (each only where the interval has other work on
/// that side). The guarded part then has a work-item loop of its own, which
/// `lanes-trim-work-item-loops` shrinks to the admitted items. A barrier
/// where every work-item arrives changes no result of a race-free kernel.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_ISOLATENARROWGUARDS_H
#define LANES_TRANSFORMS_ISOLATENARROWGUARDS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Gives an `if (lid < C)` admitting few work-items its own barrier
/// interval.
class IsolateNarrowGuardsPass
    : public llvm::PassInfoMixin<IsolateNarrowGuardsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace lanes

#endif
