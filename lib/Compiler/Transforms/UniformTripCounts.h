//===- UniformTripCounts.h - What the local ids settle ---------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-uniform-trip-counts`, on work-group functions
/// specialized for one local size, after their first simplification,
/// before the shape analysis and the implicit loop barriers.
///
/// The local ids of such a function range over known extents, and some
/// values computed from them are the same at every id, though no LLVM pass
/// sees it (`!range` on the ids would let InstCombine see some, but it then
/// rewrites `63 - lid` as `lid ^ 63`, which ScalarEvolution does not read
/// as an index). This pass evaluates them at every id of the group (at
/// most the group's size of evaluations, of ScalarEvolution expressions
/// in the ids and constants):
///  - a comparison that a branch tests, decided the same way everywhere
///    (`lid < 64` in a group of 32, a guard before a loop), becomes a
///    constant, so the branch and the divergence it seemed to make go;
///  - a loop that starts at a local id and strides over constant bounds,
///    as tiled and grid-stride code does (`for (y = lid; y < 32; y += 8)`
///    in a group of 8), runs equally often in every work-item, but its exit
///    compares the induction variable, which differs between them: to the
///    shape analysis the exit is varying, and ScalarEvolution does not fold
///    the count (`(31 - lid) /u 8`). Where a loop has one exit, from a
///    block that runs once a trip, and its exit count is one value C at
///    every id, the exit is made to test a new trip counter (`trip == C`):
///    the trip count is a constant and the exit uniform. Such loops are
///    then unrolled whole where LLVM's full unrolling finds them short, so
///    that the work-item loop around them is straight code that
///    vectorizes; a longer one keeps its loop, which
///    lanes-implicit-loop-barriers runs in lockstep like any loop with a
///    uniform trip count.
/// Each rewrite holds in every work-item separately: nothing assumes the
/// work-items agree.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_UNIFORMTRIPCOUNTS_H
#define LANES_TRANSFORMS_UNIFORMTRIPCOUNTS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Decides the branches and counts the trips that the local ids settle,
/// then unrolls the loops counted where LLVM finds it cheap.
class UniformTripCountsPass
    : public llvm::PassInfoMixin<UniformTripCountsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
