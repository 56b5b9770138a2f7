//===- ForwardStraddlingLoads.h - Loads across stores ---------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-forward-straddling-loads`, on work-group functions
/// in `lanes-tidy-kernels`, after GVN.
///
/// Work-items that exchange values through local memory store their own
/// and read their neighbours' (`tile[l] = x; barrier; tile[l - d]`, a
/// tree scan's steps). Once the work-item loops are vector code unrolled
/// whole, each step stores vectors at constant offsets in the tile, and
/// the next step loads vectors shifted by d elements: every such load
/// reads the end of one stored vector and the start of the next. GVN
/// forwards a load that one store covers (the unshifted reads), never one
/// that straddles two, and the processor cannot forward from two stores
/// either: the load waits until both have left the store buffer (the scan
/// benchmark spent a third of its time on the first such load after each
/// step's stores).
///
/// So a load whose elements (all of a plain load's, those a masked load's
/// constant mask keeps) were each last written, in the same block, by one
/// of at most 8 stores of the same element type (scalars or vectors of any
/// length) becomes those stored values: an extract for a scalar load, one
/// shuffle for a vector load across two vectors, a chain of shuffles and
/// inserts otherwise, and for a masked load a select of its pass-through
/// in the lanes it does not load. Where every load of a tile is forwarded,
/// `lanes-drop-unread-stores` then drops the tile's stores: a tree scan
/// runs in registers. The pass walks back from the load, instruction by
/// instruction, and gives up at anything else that may write what an
/// element still unaccounted for holds (alias analysis), at a store that
/// covers part of an element, or after 512 instructions.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_FORWARDSTRADDLINGLOADS_H
#define LANES_TRANSFORMS_FORWARDSTRADDLINGLOADS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Replaces loads of what stores in the same block wrote, two vectors or
/// pieces, by the stored values.
class ForwardStraddlingLoadsPass
    : public llvm::PassInfoMixin<ForwardStraddlingLoadsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
