//===- VersionClamps.h - Work-item loops without edge clamps ----*- C++ -*-===//
//
/// \file
/// Function pass `lanes-version-clamps`, on work-group functions after
/// `lanes-trim-work-item-loops`, before the loop vectorizer.
///
/// Stencils and image kernels clamp their indices at the edges of the data:
/// `in[max(i - r, 0)]`, `in[min(i + r, n - 1)]`. In an innermost work-item
/// loop such an index is a `llvm.smax`/`smin`/`umax`/`umin` of a value that
/// steps by one with the work-item and a value the loop does not change.
/// The clamp hides the step from the loop vectorizer, which then gathers
/// where it could load a vector. Yet only the work-groups at the edges of
/// the data clamp anything. So the loop is versioned: before it, one test
/// asks whether every such clamp leaves its stepping operand unchanged on
/// every iteration (the first and the last value of the operand decide,
/// as it steps by one without wrapping); if so, a copy of the loop with the
/// clamps removed runs, else the original.
///
/// When the loop is the inner loop of a work-item nest (the lanes of one
/// sub-group, within the loop over a row's sub-groups), that test would
/// run once an outer iteration. Where every clamp's stepping operand moves
/// by a constant step in the nest's outer loop too (a sub-group's start
/// rising by its size), and the trip counts are constants, the test covers
/// the outer loop's iterations as well, and the whole nest is versioned
/// once.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_VERSIONCLAMPS_H
#define LANES_TRANSFORMS_VERSIONCLAMPS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Versions innermost work-item loops on their clamps being no-ops.
class VersionClampsPass : public llvm::PassInfoMixin<VersionClampsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
