//===- FoldIdempotentRecurrences.cpp - x = x op k across a loop -----------===//
//
/// \file
/// Implements `lanes-fold-idempotent-recurrences`; see
/// FoldIdempotentRecurrences.h.
///
/// In iteration i the latch value is f(x_i), with x_0 = init and x_{i+1}
/// the latch value of iteration i; f being idempotent, by induction every
/// one of them is f(init). No trip count is needed: a use of the latch
/// value is reached only after it was computed at least once.
//
//===----------------------------------------------------------------------===//
#include "FoldIdempotentRecurrences.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-fold-idempotent-recurrences"

STATISTIC(NumFolded, "Idempotent loop recurrences replaced by their value");

namespace lanes {
namespace {

/// `Join`, a phi of two ways out of a branch on a condition c invariant in
/// `L`, as the select(c, ...) it amounts to, put in its place; null when it
/// is not one. Its values must be available where it is: each invariant,
/// or computed in L's header. (The branch's block dominates `Join`'s, and
/// c decides which of its successors the way took, and so which value.)
SelectInst *selectOfInvariantBranch(PHINode &Join, Loop &L) {
  BasicBlock *Block = Join.getParent();
  if (Join.getNumIncomingValues() != 2 || Block == L.getHeader() ||
      !L.contains(Block))
    return nullptr;
  // The branch each way came through, and whether it took its true side.
  BranchInst *Branch = nullptr;
  Value *Sides[2] = {nullptr, nullptr};
  for (unsigned I = 0; I < 2; ++I) {
    BasicBlock *From = Join.getIncomingBlock(I), *Successor = Block;
    if (auto *Direct = dyn_cast<BranchInst>(From->getTerminator());
        !(Direct && Direct->isConditional())) {
      Successor = From;
      From = From->getSinglePredecessor();
    }
    auto *Way = From ? dyn_cast<BranchInst>(From->getTerminator()) : nullptr;
    if (!Way || !Way->isConditional() || (Branch && Way != Branch) ||
        Way->getSuccessor(0) == Way->getSuccessor(1))
      return nullptr;
    Branch = Way;
    unsigned Side = Way->getSuccessor(0) == Successor ? 0 : 1;
    if (Way->getSuccessor(Side) != Successor || Sides[Side])
      return nullptr;
    Value *V = Join.getIncomingValue(I);
    auto *Def = dyn_cast<Instruction>(V);
    if (Def && L.contains(Def) && Def->getParent() != L.getHeader())
      return nullptr;
    Sides[Side] = V;
  }
  if (!L.isLoopInvariant(Branch->getCondition()))
    return nullptr;
  auto *Select = SelectInst::Create(Branch->getCondition(), Sides[0], Sides[1],
                                    "", Block->getFirstNonPHI());
  Select->takeName(&Join);
  Join.replaceAllUsesWith(Select);
  Join.eraseFromParent();
  return Select;
}

/// `V`, with the phis of invariant branches in `L` that it is computed
/// from (a few steps back, not through phis that stay) made selects: the
/// new value, as V itself may be one.
Value *withChoicesAsSelects(Value *V, Loop &L, unsigned Depth = 0) {
  if (auto *Join = dyn_cast<PHINode>(V))
    if (SelectInst *Select = selectOfInvariantBranch(*Join, L))
      V = Select;
  auto *I = dyn_cast<Instruction>(V);
  if (I && L.contains(I) && !isa<PHINode>(I) && Depth < 4)
    for (Value *Op : I->operands())
      withChoicesAsSelects(Op, L, Depth + 1);
  return V;
}

/// True when `Next` steps `Phi` by an idempotent step f (f(f(x)) = f(x))
/// whose other operands are invariant in `L`: x op k with op associative
/// and x op x = x (and, or, integer min and max), or select(c, x, k) and
/// select(c, k, x). Operands computed in the loop from invariant values
/// are hoisted to its preheader, as LICM would.
bool isIdempotentStep(Instruction &Next, PHINode &Phi, Loop &L) {
  auto Invariant = [&](Value *V) {
    bool Changed;
    return V != &Phi &&
           L.makeLoopInvariant(withChoicesAsSelects(V, L), Changed);
  };
  auto IsStep = [&](Value *X, Value *K) { return X == &Phi && Invariant(K); };
  if (auto *Select = dyn_cast<SelectInst>(&Next))
    return (IsStep(Select->getTrueValue(), Select->getFalseValue()) ||
            IsStep(Select->getFalseValue(), Select->getTrueValue())) &&
           Invariant(Select->getCondition());
  auto *MinMax = dyn_cast<MinMaxIntrinsic>(&Next);
  if (!(MinMax && MinMax->getType()->isIntOrIntVectorTy()) &&
      Next.getOpcode() != Instruction::And &&
      Next.getOpcode() != Instruction::Or)
    return false;
  Value *A = Next.getOperand(0), *B = Next.getOperand(1);
  return IsStep(A, B) || IsStep(B, A);
}

/// The one value besides `Phi` that `Back` can be, when it is `Phi` or an
/// invariant value k through phis and selects of `L`: k, hoisted to the
/// preheader if need be. Null otherwise.
Value *soleOtherValue(Value *Back, PHINode &Phi, Loop &L) {
  Value *K = nullptr;
  SmallVector<Value *, 8> Work{Back};
  SmallPtrSet<Value *, 8> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (V == &Phi || !Seen.insert(V).second)
      continue;
    auto *I = dyn_cast<Instruction>(V);
    if (I && L.contains(I)) {
      if (auto *Join = dyn_cast<PHINode>(I)) {
        append_range(Work, Join->incoming_values());
        continue;
      }
      if (auto *Select = dyn_cast<SelectInst>(I)) {
        Work.append({Select->getTrueValue(), Select->getFalseValue()});
        continue;
      }
    }
    bool Changed;
    if ((K && V != K) || !L.makeLoopInvariant(V, Changed))
      return nullptr;
    K = V;
  }
  return K;
}

/// Folds the recurrence of `Phi`, a phi of `L`'s header, if it is one.
bool foldRecurrence(PHINode &Phi, Loop &L) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
  if (!Preheader || !Latch || Phi.getNumIncomingValues() != 2)
    return false;
  // Undefined on entry, then itself or k: k throughout (the first value
  // may be any, k included).
  if (isa<UndefValue>(Phi.getIncomingValueForBlock(Preheader))) {
    if (Value *K =
            soleOtherValue(Phi.getIncomingValueForBlock(Latch), Phi, L)) {
      Phi.replaceAllUsesWith(K);
      Phi.eraseFromParent();
      ++NumFolded;
      return true;
    }
  }
  // Through LCSSA phis: the recurrence of an outer work-item loop is
  // computed in its inner loop's preheader once the inner one is folded.
  Value *Back = Phi.getIncomingValueForBlock(Latch);
  for (auto *Single = dyn_cast<PHINode>(Back);
       Single && Single->getNumIncomingValues() == 1;
       Single = dyn_cast<PHINode>(Back))
    Back = Single->getIncomingValue(0);
  auto *Next = dyn_cast<Instruction>(withChoicesAsSelects(Back, L));
  if (!Next || !L.contains(Next) || !isIdempotentStep(*Next, Phi, L))
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
