//===- FoldIdempotentRecurrences.h - x = x op k across a loop ---*- C++ -*-===//
//
/// \file
/// Function pass `lanes-fold-idempotent-recurrences`, on lowered work-group
/// functions, in the clean-up after loop unswitching.
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
/// Here a header phi `x = phi [init, preheader], [x op k, latch]`, where
/// `op` is idempotent and associative (and, or, the integer min and max)
/// and k is loop-invariant, has the value init op k after every iteration
/// (init op k op k = init op k). The latch value is replaced by init op k,
/// computed before the loop; the recurrence is then dead, or a phi that
/// InstCombine folds.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_FOLDIDEMPOTENTRECURRENCES_H
#define LANES_TRANSFORMS_FOLDIDEMPOTENTRECURRENCES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Replaces loop recurrences `x = x op k` (op idempotent, k invariant) by
/// their one value.
class FoldIdempotentRecurrencesPass
    : public llvm::PassInfoMixin<FoldIdempotentRecurrencesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
