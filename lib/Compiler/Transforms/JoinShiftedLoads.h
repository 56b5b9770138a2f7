//===- JoinShiftedLoads.h - A shift completed by a load is a load -*- C++
//-*-===//
//
/// \file
/// Function pass `lanes-join-shifted-loads`, on work-group functions at the
/// end of the optimizer (after the loop vectorizer and lanes-fold-lane-ids).
///
/// A stencil written with sub-group shifts loads its own point, shifts the
/// sub-group's vector by k lanes (`shift_group_left(sg, x, k)`), and the
/// lanes the shift leaves empty read their neighbour from memory instead
/// (`if (lane + k >= size) right = in[i + k]`). Vectorized, that is a load
/// of the sub-group's points, a shuffle, a masked load of the k halo lanes
/// and a blend; yet every lane of the result holds the element k places
/// further on than its own: the blend is one load at `i + k`.
///
/// For each shufflevector, the pass follows each result lane back through
/// shuffles to the lane of a load (a plain vector load, or an active lane of
/// a masked load with a constant mask) and that lane's address. When the
/// addresses are consecutive elements (scalar evolution proves the
/// distances), every lane comes from a load, and nothing writes what one of
/// the loads read before the last of them (MemorySSA finds the same
/// clobber from there), the shuffle becomes one load of the whole vector,
/// next to the last: it reads only elements the original loads read, as
/// the memory held then.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_JOINSHIFTEDLOADS_H
#define LANES_TRANSFORMS_JOINSHIFTEDLOADS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Replaces shuffles of loaded lanes that read consecutive elements by one
/// vector load.
class JoinShiftedLoadsPass : public llvm::PassInfoMixin<JoinShiftedLoadsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
