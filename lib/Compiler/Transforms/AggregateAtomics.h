//===- AggregateAtomics.h - One atomic update, not one per item -*- C++ -*-===//
//
/// \file
/// Function pass `lanes-aggregate-atomics`, on lowered work-group functions
/// in the clean-up, after LICM and `lanes-trim-work-item-loops`.
///
/// Kernels often add to one counter from every work-item, or from every
/// sub-group's leader, with a relaxed atomic: `atomic_ref(total) += x`. A
/// GPU compiler combines the updates of a warp into one (warp-aggregated
/// atomics). In a work-item loop the updates are serialized anyway: each is
/// a locked instruction of some twenty cycles, and an atomic keeps the loop
/// from vectorizing.
///
/// Here an `atomicrmw` in a work-item loop becomes a running value of the
/// loop, and one `atomicrmw` of the combined operand after it, when:
/// - it is an integer add, sub, and, or, xor, min, max, umin or umax,
///   monotonic (relaxed), not volatile, and its result is unused;
/// - its address is invariant in the loop;
/// - nothing else in the loop may order memory (a fence, an atomic stronger
///   than monotonic, a call that may synchronise) or read an atomic value
///   (an atomic load, a cmpxchg, an `atomicrmw` whose result is used), so
///   that no work-item can wait in the loop for another item's update;
/// - no other instruction in the loop may access that address (but the
///   same update elsewhere: the two combine in any order), except plain
///   loads and stores that cannot run after the update for the same
///   work-item: such an access sees what it saw, or, made by another item,
///   would race with the update, which a kernel may not do. When the update
///   runs in every iteration of a loop of at least two, any plain access of
///   the address would race.
/// The loop taken is the outermost loop of the work-item loop nest (marked
/// by `lanes-work-item-loops`, over any dimension) where all of this
/// holds, so a 2-D or 3-D group makes one update too. The update after
/// the loop runs only when the combined operand is not the identity of the
/// operation: otherwise it changes nothing, and no item may have made one
/// (the address may be valid only for the items that do).
///
/// This is allowed because the items of a work-group run concurrently in
/// the kernel's semantics: an execution in which their relaxed updates of
/// one address happen back to back, after the rest of their work, is one
/// they could have had, and nothing in the loop can tell the difference.
/// The values in between are never seen; other threads may see the sum
/// arrive at once.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_AGGREGATEATOMICS_H
#define LANES_TRANSFORMS_AGGREGATEATOMICS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Replaces the relaxed atomic updates of one address in a work-item loop
/// by one update after the loop.
class AggregateAtomicsPass : public llvm::PassInfoMixin<AggregateAtomicsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
