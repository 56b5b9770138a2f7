//===- SpeculateLaneLoads.h - Masked scalar loads without branches -*- C++
//-*-===//
//
/// \file
/// Function pass `lanes-speculate-lane-loads`, on work-group functions at
/// the end of the optimizer (after the loop vectorizer).
///
/// Where the vectorizer builds a masked gather from scalar loads (on the
/// cores whose gathers are slow, see CloneKernels.cpp), it branches on
/// every lane's mask bit: lane k's block extracts the lane's index from a
/// vector, loads, and inserts the value at k; a phi after it takes the
/// vector with or without it. In the masked remainder of a loop (the last
/// trip of a CSR row's lanes, say) the mask is a different prefix each
/// time, so some of those branches mispredict on every trip.
///
/// This pass loads every lane without branching. A lane the mask leaves
/// off takes the index of the first lane it keeps, whose load the chain
/// makes anyway, so the address is one the program reads: lane k's index
/// becomes `mask bit k ? index[k] : index[cttz(mask)]`, and the lanes are
/// loaded in order under one branch that skips them all when the mask is
/// empty. Taking a variable lane goes through memory, and every load would
/// wait for it; the masks of interleaved loops are prefixes, so the first
/// kept lane is nearly always lane 0, whose index is at hand, and only a
/// mask without lane 0 branches to cttz and the variable extract
/// (sg-spmv-cached, one Zen 3 thread: 13.6 -> 13.2 ms). Each lane chooses
/// with a scalar test of its bit and a select, not as one vector select
/// whose lanes then come out one by one: a load waits for one scalar
/// choice, not a blend and an extract, and a lane's own index stays the
/// scalar sum that ScalarizeSplatLanes makes of it (sg-spmv-cached, one
/// Zen 3 thread: 12.3 -> 12.0 ms). Where the mask keeps a prefix by one
/// scalar, `icmp ugt (splat n), <0, 1, ...>` (the tail of
/// lanes-lockstep-loops, whose mask is the lane compared with a count),
/// lane k's test is `n > k`: the loads' addresses wait for n, not for the
/// vector compare and its move to a scalar register; and lane 0 is kept
/// whenever any lane is, so it is the first, without a branch. Where the
/// chain started from something other than poison, the result keeps its
/// lanes where the mask is off.
///
/// The chain must cover every lane of the mask in order, each lane's
/// block holding only the load, the insert and the instructions that
/// compute the load's address from the lane's index: speculatable ones
/// and plain loads (CSR's `x[col[j]]` loads the column first). A lane's
/// index is its extract of one vector of indices, or, in a lane whose
/// block has no extract (the vectorizer gives lane 0 the scalar it
/// splatted), the value from outside that the block uses where the other
/// lanes use their extracts. The blocks must be the same instructions in
/// every lane but for the index, so that a lane given the first kept
/// lane's index computes and loads just what that lane does: its loads,
/// the address computations included, are ones the program makes. Between
/// the lanes, the blocks hold only the chain's phis and branch conditions,
/// so no write comes between the loads.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_SPECULATELANELOADS_H
#define LANES_TRANSFORMS_SPECULATELANELOADS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Loads the lanes of a predicated scalar gather without a branch a lane.
class SpeculateLaneLoadsPass
    : public llvm::PassInfoMixin<SpeculateLaneLoadsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace lanes

#endif
