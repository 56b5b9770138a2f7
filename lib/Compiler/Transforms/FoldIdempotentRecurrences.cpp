//===- FoldIdempotentRecurrences.cpp - x = x op k across a loop -----------===//
//
/// \file
/// Implements `lanes-fold-idempotent-recurrences`; see
/// FoldIdempotentRecurrences.h.
///
/// In iteration i the latch value is x_i op k, with x_0 = init and x_{i+1}
/// the latch value of iteration i; by induction every one of them is
/// init op k. No trip count is needed: a use of the latch value is reached
/// only after it was computed at least once.
//
//===----------------------------------------------------------------------===//
#include "FoldIdempotentRecurrences.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-fold-idempotent-recurrences"

STATISTIC(NumFolded, "Idempotent loop recurrences replaced by their value");

namespace lanes {
namespace {

/// True when `x op x == x` and op is associative.
bool isIdempotent(const Instruction &Op) {
  if (const auto *MinMax = dyn_cast<MinMaxIntrinsic>(&Op))
    return MinMax->getType()->isIntOrIntVectorTy();
  return Op.getOpcode() == Instruction::And ||
         Op.getOpcode() == Instruction::Or;
}

/// Folds the recurrence of `Phi`, a phi of `L`'s header, if it is one.
bool foldRecurrence(PHINode &Phi, const Loop &L) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
  if (!Preheader || !Latch || Phi.getNumIncomingValues() != 2)
    return false;
  // Through LCSSA phis: the recurrence of an outer work-item loop is
  // computed in its inner loop's preheader once the inner one is folded.
  Value *Back = Phi.getIncomingValueForBlock(Latch);
  for (auto *Single = dyn_cast<PHINode>(Back);
       Single && Single->getNumIncomingValues() == 1;
       Single = dyn_cast<PHINode>(Back))
    Back = Single->getIncomingValue(0);
  auto *Next = dyn_cast<Instruction>(Back);
  if (!Next || !L.contains(Next) || !isIdempotent(*Next))
    return false;
  Value *Step = Next->getOperand(0) == &Phi   ? Next->getOperand(1)
                : Next->getOperand(1) == &Phi ? Next->getOperand(0)
                                              : nullptr;
  if (!Step || Step == &Phi || !L.isLoopInvariant(Step))
    return false;
  Instruction *Folded = Next->clone();
  Folded->setName(Phi.getName() + ".folded");
  Folded->insertBefore(Preheader->getTerminator());
  Folded->replaceUsesOfWith(&Phi, Phi.getIncomingValueForBlock(Preheader));
  Next->replaceAllUsesWith(Folded);
  RecursivelyDeleteTriviallyDeadInstructions(Next);
  ++NumFolded;
  return true;
}

} // namespace

PreservedAnalyses
FoldIdempotentRecurrencesPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  // Inner loops first: folding one exposes its parent's recurrence.
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  for (Loop *L : reverse(Loops))
    for (PHINode &Phi : make_early_inc_range(L->getHeader()->phis()))
      Changed |= foldRecurrence(Phi, *L);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
