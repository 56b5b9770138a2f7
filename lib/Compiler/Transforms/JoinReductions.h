//===- JoinReductions.h - Consecutive reductions as one vector --*- C++ -*-===//
//
/// \file
/// Function pass `lanes-join-reductions`, on work-group functions at the
/// end of the optimizer (after the loop over the sub-groups is unrolled).
///
/// Ported CUDA code sums a block in two levels: every sub-group reduces its
/// lanes (`reduce_over_group(sg, x, plus)`), its leader stores the sum at
/// the sub-group's index in local memory, and after a barrier one
/// sub-group loads the sums as one vector. Unrolled, the first level is W
/// reductions of W-lane vectors V_0..V_{W-1} stored to W consecutive
/// elements: W times log2(W) shuffles and operations, W scalar stores, and a
/// vector load that cannot be forwarded from them (a store-forwarding
/// stall).
///
/// The pass computes the W results as one vector, lane k holding V_k's:
/// each step pairs the vectors and combines the low halves of each pair's
/// parts with their high halves (two shuffles and one operation), which
/// halves the lanes every source takes. That is W - 1 operations and
/// 2(W - 1) shuffles, and one vector store in place of the last of the W
/// stores.
///
/// Legal when the reductions may be reassociated (integers, or floats with
/// `reassoc`, fadd/fmul from their identity), and nothing between the first
/// store and the last may read or write the W elements or stop execution
/// there (alias analysis decides; lanes-work-item-loops scopes local memory
/// apart from the pointers the kernel captured).
///
/// Where the reductions are a trip of a loop over the sub-groups that the
/// optimizer unrolled in part (a group has more sub-groups than a
/// sub-group has lanes), the pass asks for the loop (one block, up to 16
/// trips) to be unrolled whole (lanes-tidy-kernels does), and function
/// pass `lanes-forward-joined` then gives the loads of each joined vector
/// the vector itself: GVN looks back only so far in a block, and the first
/// vectors are stored far before sub-group 0 loads them.
///
/// Function pass `lanes-unjoin-reductions` undoes the join where the vector
/// of results is only reduced in turn (sub-group 0 adding the sums up,
/// once GVN forwarded the vector to its load and lanes-drop-unread-stores
/// dropped the store): the lanes of a pair of shuffles that take every
/// lane of two vectors once combine to what the two vectors combined do.
/// So the reduction of the tree's root reduces the W sources combined
/// (W - 1 operations, no shuffles), as the block reduction would be written
/// for a CPU. It matches any such tree, of the same operation as the
/// reduction, whose inner values nothing else uses; for a float sum also
/// the tree plus 0.0 (a sum started at 0.0 in the source), where the sum
/// of the sources plus 0.0 is the same; and joined vectors combined by the
/// same operation (sub-group 0 adding up several), each unjoined.
///
/// The same pass merges two such reductions that one operation of theirs
/// combines, and that nothing else uses: `reduce(A) op reduce(B)` becomes
/// `reduce(A op B)`, one vector operation in place of a reduction's
/// log2(W) shuffles and operations. Applied in order, it folds a chain of
/// them into one reduction: the warp-reduction idiom (each sub-group's
/// leader adds its sum to one total) leaves such a chain once
/// lanes-aggregate-atomics has summed a work-group's atomics and the loop
/// over the sub-groups is unrolled.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_JOINREDUCTIONS_H
#define LANES_TRANSFORMS_JOINREDUCTIONS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Replaces reductions stored to consecutive elements by one vector of
/// results and one store.
class JoinReductionsPass : public llvm::PassInfoMixin<JoinReductionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

/// Replaces the loads of a joined vector by the vector.
class ForwardJoinedPass : public llvm::PassInfoMixin<ForwardJoinedPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

/// Reduces the sources of a joined vector where only a reduction uses it.
class UnjoinReductionsPass : public llvm::PassInfoMixin<UnjoinReductionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace lanes

#endif
