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
class Loop;
class LoopInfo;
} // namespace llvm

namespace lanes {

/// A work-item loop and what the vectorizer made of it.
struct WorkItemLoop {
  const llvm::Loop *First = nullptr; ///< the first loop made from it
  unsigned Lanes = 0;                ///< widest vectorized copy; 0 if none
};

/// The work-item loops in \p LI, in preorder of their first loops.
llvm::SmallVector<WorkItemLoop, 4> findWorkItemLoops(const llvm::LoopInfo &LI);

} // namespace lanes

#endif // LANES_ANALYSIS_VECTORIZEDWORKITEMLOOPS_H
