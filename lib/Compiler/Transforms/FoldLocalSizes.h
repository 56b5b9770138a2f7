//===- FoldLocalSizes.h - Constant local sizes, global ids ------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-fold-local-sizes`, on work-group functions after
/// inlining, before their simplification.
///
/// A work-group function specialized for one local size (LocalSizeAttr)
/// has its size queries lowered to constants by `lanes-work-item-loops`,
/// but everything before that sees calls: a kernel's sub-group arithmetic
/// (sub-groups per row, a sub-group's size) and row lengths stay
/// expressions, which the shape analysis cannot see through and which make
/// the values built from them too long to recompute after a barrier. Here
/// each `__lanes_local_size(d)` with a constant dimension becomes its
/// constant, so the simplification that follows folds them; so does
/// `__lanes_local_id(d)` in a dimension of size 1, always 0. (Other ids
/// get no `!range`: InstCombine would then rewrite `63 - lid` as `lid ^
/// 63`, which ScalarEvolution does not see as a reversed index;
/// lanes-uniform-trip-counts evaluates what the ids decide instead.)
///
/// In every work-group function, specialized or not, the global ids the
/// SYCL headers compute, `group_id(d) * local_size(d) + local_id(d)`, get
/// nuw on both steps: the runtime refuses launches of 2^64 work-items or
/// more, so a global id never wraps. `lanes-trim-work-item-loops` then
/// trims a work-item loop to the items of a bounds check `gid < n`.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_FOLDLOCALSIZES_H
#define LANES_TRANSFORMS_FOLDLOCALSIZES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Replaces the local-size queries of a specialized work-group function by
/// its sizes, and marks the global ids of every one as not wrapping.
class FoldLocalSizesPass : public llvm::PassInfoMixin<FoldLocalSizesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace lanes

#endif
