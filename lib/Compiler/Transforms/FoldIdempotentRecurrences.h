//===- FoldIdempotentRecurrences.h - x = x op k across a loop ---*- C++ -*-===//
//
/// \file
/// Function pass `lanes-fold-idempotent-recurrences`, on lowered work-group
/// functions, in the clean-up before loop unswitching and again after it.
///
/// Every work-item loop that may leave for more than one barrier tracks the
/// largest and the smallest exit code of its work-items (`code.max =
/// umax(code.max, code)`), so that checked mode can report a divergent
/// barrier. Once unswitching has given each exit its own copy of the loop,
/// `code` is a constant there, and the recurrence computes the same value
/// in every iteration. LLVM does not see that: the loop vectorizer turns it
/// into a horizontal reduction in every vector iteration, a chain of a
/// dozen dependent instructions that can cost more than the work-item's
/// own work (a 16x16 tile product spends 16 FMAs per row).
///
/// Likewise a uniform value that each work-item stores in one scalar slot,
/// chosen by a uniform branch (a kernel loop's next trip, or its count
/// after the last trip), is a phi of the work-item loop stepped by
/// `select(c, x, k)`. Folded before unswitching, it is no reason to copy
/// the loop, and a loop-carried value that then has one store per trip can
/// stay in a register.
///
/// Here a header phi `x = phi [init, preheader], [f(x), latch]`, where f is
/// idempotent (f(f(x)) = f(x)) with loop-invariant operands besides x: `x
/// op k` with op associative and x op x = x (and, or, the integer min and
/// max), or `select(c, x, k)` and `select(c, k, x)`, has the value f(init)
/// after every iteration. The latch value is replaced by f(init), computed
/// before the loop; the recurrence is then dead, or a phi that InstCombine
/// folds. Operands computed in the loop from invariant values are hoisted
/// first.
///
/// When the branch's way also stores (a barrier block's phi, whose value
/// the sub-CFG before it saves on the edge into the barrier, next to the
/// work-item's own state), the choice stays a phi of the latch, not a
/// select, and the branch stays in the loop. The slot then enters the loop
/// undefined (no work-item wrote it before), so a header phi `x = phi
/// [undef, preheader], [y, latch]` where y is, through phis and selects of
/// the loop, x or one invariant value k, is k throughout: every value it
/// takes is undef or k, and undef may be k.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_FOLDIDEMPOTENTRECURRENCES_H
#define LANES_TRANSFORMS_FOLDIDEMPOTENTRECURRENCES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Replaces loop recurrences `x = f(x)` (f idempotent, its other operands
/// invariant) by their one value.
class FoldIdempotentRecurrencesPass
    : public llvm::PassInfoMixin<FoldIdempotentRecurrencesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
