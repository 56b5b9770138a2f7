//===- ImplicitLoopBarriers.h - Work-item loops inside kernel loops -*- C++
//-*-===//
//
/// \file
/// Function pass `lanes-implicit-loop-barriers`, on work-group functions
/// after inlining and simplification, before `lanes-isolate-barriers`.
///
/// A loop in a kernel that has no barrier runs whole inside one work-item
/// loop: `for item { for k { ... } }`. The loop vectorizer only widens
/// innermost loops, so the work-items are never spread over SIMD lanes.
/// When every work-item of a group runs the loop the same number of times
/// (its header is outside every divergent region and each of its exits
/// branches on a uniform condition, per WorkItemShape), a barrier at the top
/// of its header changes no result: the group runs the loop in lockstep, as
/// a GPU would. Work-item loops then turn it inside out,
/// `for k { for item { ... } }`, and the work-item loop, innermost, is what
/// vectorizes (pocl's implicit loop barriers, horizontal inner-loop
/// parallelization).
///
/// It is done only where it pays: the loop must use a value that moves with
/// the fastest local id (otherwise every item computes the same thing, as
/// in a single_task, and the loop is better vectorized over its own
/// iterations), and no access in it may step one element per iteration at
/// an address that moves with that id (`a[gid * n + k]`), which vectorizes
/// well as it is and would become a strided gather turned inside out.
///
/// A loop whose work-items leave it after different numbers of trips (a
/// grid-stride loop, `for (i = gid; i < n; i += stride)`) is made lockstep
/// first, when the whole group reaches it, its exit compares with a bound
/// the group shares (so the trip counts differ little; a loop bounded per
/// work-item, such as a CSR row, is left alone) and it has the shape loop
/// rotation gives (a preheader, maybe a guard, one exit from the latch)
/// or one the pass can restore: a dedicated exit block between the latch
/// and the guard's target is folded away, a preheader CFG simplification
/// folded away is put back, a join that other paths share gets a block of
/// the loop's own, and a guard before a branch the group takes one way (as
/// loop unswitching leaves between the guard and two versions of a loop
/// that holds `for (k = 0; k < m; ++k)`, one for m > 0) moves past that
/// branch when every work-item may run its block, so that each version
/// has a guard of its own. Then the group goes round while any work-item
/// wants another trip, decided by a group OR reduction at the bottom of
/// the loop, and work-items that are done idle through the rest with their
/// values carried. That collective splits the loop like a barrier, so it
/// needs no implicit barrier of its own; the work-item loop inside it
/// vectorizes with the body predicated (a GPU runs such a loop the same
/// way). The trips that every work-item makes, all but the last few of a
/// grid-stride loop, run first in a copy of the loop without the
/// predicate, whose loads and stores need no masks. When the exit compares
/// an induction variable with a bound the group shares, the copy goes
/// round on a test of the group's largest index alone (one reduction
/// before the loop) and needs neither a vote nor any work-item's own exit
/// test. Such a loop may hold loops of its own, with no barrier: in nested
/// strided loops,
/// `for (y = lid1; y < 42; y += 8) for (x = lid0; x < 50; x += 32)`, the
/// outer loop's work-items leave a trip apart. The group then runs the
/// outer loop in lockstep, and a work-item loop inside each of its trips
/// runs the inner loop for every work-item, which lanes-lockstep-loops
/// makes a lockstep loop of its own when it is an interleaved one, as
/// here.
///
/// Only innermost loops get an implicit barrier; loops around them then
/// hold a barrier and are split by work-item loops like any loop with a
/// barrier. The barrier has no fence flags and carries the `lanes.implicit`
/// metadata, so reports do not blame the user's code for it.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_IMPLICITLOOPBARRIERS_H
#define LANES_TRANSFORMS_IMPLICITLOOPBARRIERS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Instruction;
class Loop;
class SCEVAddRecExpr;
class ScalarEvolution;
} // namespace llvm

namespace lanes {

/// Puts an implicit barrier before `Before`: a `__lanes_barrier` with no
/// fence flags and the `lanes.implicit` metadata, which the work-item loops
/// split at like any barrier and reports do not blame on the user's code.
/// Only where every work-item of a group arrives equally often.
void insertImplicitBarrier(llvm::Instruction *Before);

/// The address recurrence of load or store \p Access in loop \p L when it
/// steps one element per iteration (`a[... + k]`, which the loop vectorizer
/// takes as it is, contiguous); null otherwise. Loops whose accesses do so
/// at an address moving with the work-item are left to the vectorizer
/// rather than run in lockstep, which would make those accesses gathers.
const llvm::SCEVAddRecExpr *elementStride(llvm::Instruction &Access,
                                          const llvm::Loop &L,
                                          llvm::ScalarEvolution &SE);

/// Puts a barrier at the top of every innermost loop the group runs in
/// lockstep, and makes lockstep the innermost loops with varying trip
/// counts that pay.
class ImplicitLoopBarriersPass
    : public llvm::PassInfoMixin<ImplicitLoopBarriersPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace lanes

#endif
