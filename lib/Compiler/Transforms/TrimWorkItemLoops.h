//===- TrimWorkItemLoops.h - Run loops only where work is -------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-trim-work-item-loops`, on work-group functions after
/// `lanes-work-item-loops` and the cleanup that hoists uniform values out of
/// the work-item loops, before the loop vectorizer.
///
/// Kernels often give work to a range of work-items only: `if (lid < s)`
/// in each stage of a tree reduction, `if (lid == 0)` for the one store of
/// a group's result. As a work-item loop, such a kernel tests the condition
/// for every item of the group, and the vectorizer turns the guarded body
/// into masked loads and stores over the whole group. When a loop's header
/// does nothing but decide, by comparing the counter with a loop-invariant
/// value, whether an iteration runs the body or goes straight to the latch,
/// the skipped iterations have no effect, so the loop is trimmed: it counts
/// over the range of items the comparison admits (clamped to its own
/// bounds) and the test goes away. `lid < s` becomes a loop over `s` items
/// without masks, `lid == 0` a loop of one iteration that later passes
/// unroll. This is index-set splitting restricted to the one case where the
/// other part is empty.
///
/// Where both sides of such a comparison do work (`if (lid >= d) x += t[lid
/// - d]` in a scan, anywhere in the body), an innermost loop that carries
/// nothing but its counter and leaves no value behind is split at the point
/// where the comparison changes: a copy runs the counter values below it
/// and the loop itself the rest, each with the comparison's value there, in
/// the same order as before. Neither part needs masked loads, and a part
/// that starts at `d` reads `t[lid - d]` as contiguous vectors. `lid == k`
/// and `lid != k` change twice, at k and after it: two copies and the loop,
/// the middle one of at most one iteration (Gauss-Jordan elimination's `if
/// (col != pivot)` around the update of a row).
///
/// The comparison may also be of a global id, `base + lid` with `base`
/// invariant: for `==` and `!=` always (the sum wraps as `k - base` does),
/// for `<` and `>=` when the sum is nuw, as `lanes-fold-local-sizes` marks
/// the global ids of the SYCL headers: a range kernel's `if (gid < n)` runs
/// the items below `n - base` (saturating at 0) without masks.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_TRIMWORKITEMLOOPS_H
#define LANES_TRANSFORMS_TRIMWORKITEMLOOPS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Shrinks counted loops whose header skips iterations outside an
/// invariant range to that range, and splits those whose two sides of
/// such a test both do work.
class TrimWorkItemLoopsPass : public llvm::PassInfoMixin<TrimWorkItemLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
