//===- VectorizedWorkItemLoops.h - Work-item loops after vectorizing -*- C++
//-*-===//
//
/// \file
/// Finds the work-item loops of a work-group function after the loop
/// vectorizer and how wide each became. `lanes-work-item-loops` marks each
/// loop it makes (WorkItemLoopMD); the vectorizer keeps the mark on the
/// loops it makes from one (vector body, scalar remainder, epilogue) and
/// adds `llvm.loop.isvectorized`, so one mark is one work-item loop however
/// many loops it became. Used by the remarks that say what vectorized.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_ANALYSIS_VECTORIZEDWORKITEMLOOPS_H
#define LANES_ANALYSIS_VECTORIZEDWORKITEMLOOPS_H

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
class Instruction;
class Loop;
class LoopInfo;
} // namespace llvm

namespace lanes {

/// A work-item loop and what the vectorizer made of it.
struct WorkItemLoop {
  /// The first loop made from it; null when the optimizer unrolled it away
  /// (its trip count a constant number of vectors).
  const llvm::Loop *First = nullptr;
  /// Of a loop unrolled away: its first memory access left.
  const llvm::Instruction *Access = nullptr;
  unsigned Lanes = 0; ///< widest vectorized copy; 0 if none
};

/// The work-item loops of \p F: those in \p LI in preorder of their first
/// loops, then those unrolled away whose memory accesses are left (found
/// through their access groups, WorkItemLoopsMD).
llvm::SmallVector<WorkItemLoop, 4> findWorkItemLoops(const llvm::Function &F,
                                                     const llvm::LoopInfo &LI);

} // namespace lanes

#endif // LANES_ANALYSIS_VECTORIZEDWORKITEMLOOPS_H
