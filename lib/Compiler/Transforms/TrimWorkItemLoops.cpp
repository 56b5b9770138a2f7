//===- TrimWorkItemLoops.cpp - Run loops only where work is ---------------===//
//
/// \file
/// Implements `lanes-trim-work-item-loops`; see TrimWorkItemLoops.h.
///
/// The loops it takes have the shape `lanes-work-item-loops` makes: a
/// counter starting at a loop-invariant value, stepped by one (nuw) in the
/// single latch, which leaves when the next value is not below an invariant
/// bound; the header branches on a comparison of the counter with an
/// invariant limit either into the body or straight to the latch, and
/// nothing but the counter leaves the header for the latch. Because the
/// loop is bottom-tested, it runs the counter over
/// [start, umax(bound, start + 1)).
//
//===----------------------------------------------------------------------===//
#include "TrimWorkItemLoops.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-trim-work-item-loops"

STATISTIC(NumTrimmed, "Loops trimmed to the iterations that do work");

namespace lanes {
namespace {

/// A counted loop whose header decides, from the counter alone, whether an
/// iteration does anything.
struct GuardedLoop {
  BasicBlock *Preheader, *Header, *Latch, *Exit;
  PHINode *Counter;
  Value *Start;
  Instruction *Next;   ///< `add nuw Counter, 1`
  ICmpInst *LatchTest; ///< `Next <u Bound`, or `Counter <u Bound - 1`
  Value *Bound;
  BranchInst *Guard;
  CmpInst::Predicate Pred; ///< the body runs when `Counter Pred Limit`
  Value *Limit;
  BasicBlock *Body;
};

/// True when an iteration that skips the body does nothing but count: the
/// header and the latch have no effects and no PHIs but the counter, and
/// no value computed in \p L is live after it.
bool onlyDecides(const Loop &L, const GuardedLoop &G) {
  for (BasicBlock *BB : {G.Header, G.Latch})
    for (Instruction &I : *BB)
      if (&I != G.Counter && (isa<PHINode>(I) || I.mayHaveSideEffects()))
        return false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (User *U : I.users())
        if (!L.contains(cast<Instruction>(U)))
          return false;
  return true;
}

/// True for the comparisons of the counter with a limit that hold on one
/// range of counter values.
bool admitsRange(CmpInst::Predicate Pred) {
  return Pred == CmpInst::ICMP_ULT || Pred == CmpInst::ICMP_ULE ||
         Pred == CmpInst::ICMP_UGT || Pred == CmpInst::ICMP_UGE ||
         Pred == CmpInst::ICMP_EQ;
}

/// True when \p V is `counter & mask` and the mask keeps every value the
/// counter takes: what InstCombine makes of a 32-bit id's comparison
/// (`trunc counter to i32`) in a loop of constant bounds.
bool masksNothing(const Value *V, const GuardedLoop &G) {
  const APInt *Mask, *Start, *Bound;
  return match(V, m_And(m_Specific(G.Counter), m_APInt(Mask))) &&
         Mask->isMask() && match(G.Start, m_APInt(Start)) &&
         match(G.Bound, m_APInt(Bound)) && !Bound->isZero() &&
         Start->ule(*Mask) && (*Bound - 1).ule(*Mask);
}

std::optional<GuardedLoop> matchGuardedLoop(const Loop &L) {
  GuardedLoop G;
  G.Preheader = L.getLoopPreheader();
  G.Header = L.getHeader();
  G.Latch = L.getLoopLatch();
  G.Exit = L.getExitBlock();
  if (!G.Preheader || !G.Latch || !G.Exit || G.Latch == G.Header ||
      L.getExitingBlock() != G.Latch)
    return std::nullopt;

  // The latch: `next = add nuw counter, 1; br (next <u bound), header, exit`;
  // with a constant bound (a work-group function specialized for its local
  // size) InstCombine leaves `counter <u bound - 1` instead.
  Value *Tested;
  CmpInst::Predicate Pred;
  auto *Back = dyn_cast<BranchInst>(G.Latch->getTerminator());
  if (!Back || !Back->isConditional() || Back->getSuccessor(0) != G.Header ||
      !match(Back->getCondition(),
             m_OneUse(m_ICmp(Pred, m_Value(Tested), m_Value(G.Bound)))) ||
      Pred != CmpInst::ICMP_ULT || !L.isLoopInvariant(G.Bound))
    return std::nullopt;
  G.LatchTest = cast<ICmpInst>(Back->getCondition());
  G.Counter = dyn_cast<PHINode>(Tested);
  const APInt *Last;
  if (G.Counter && match(G.Bound, m_APInt(Last)) && !Last->isMaxValue())
    G.Bound = ConstantInt::get(G.Bound->getType(), *Last + 1);
  else if (match(Tested, m_NUWAdd(m_Value(), m_One())))
    G.Counter = dyn_cast<PHINode>(cast<Instruction>(Tested)->getOperand(0));
  else
    return std::nullopt;
  if (!G.Counter || G.Counter->getParent() != G.Header)
    return std::nullopt;
  G.Next = dyn_cast<Instruction>(G.Counter->getIncomingValueForBlock(G.Latch));
  if (!G.Next || !match(G.Next, m_NUWAdd(m_Specific(G.Counter), m_One())))
    return std::nullopt;
  G.Start = G.Counter->getIncomingValueForBlock(G.Preheader);

  // The header: `br (counter pred limit), body, latch` or the reverse.
  Value *Compared;
  G.Guard = dyn_cast<BranchInst>(G.Header->getTerminator());
  if (!G.Guard || !G.Guard->isConditional() ||
      !match(G.Guard->getCondition(),
             m_ICmp(G.Pred, m_Value(Compared), m_Value(G.Limit))) ||
      !L.isLoopInvariant(G.Limit) ||
      (Compared != G.Counter && !masksNothing(Compared, G)))
    return std::nullopt;
  if (G.Guard->getSuccessor(1) == G.Latch) {
    G.Body = G.Guard->getSuccessor(0);
  } else if (G.Guard->getSuccessor(0) == G.Latch) {
    G.Body = G.Guard->getSuccessor(1);
    G.Pred = CmpInst::getInversePredicate(G.Pred);
  } else {
    return std::nullopt;
  }
  if (G.Body == G.Latch || !admitsRange(G.Pred) || !onlyDecides(L, G))
    return std::nullopt;
  return G;
}

/// The counter values [Lo, Hi) that run the body, computed in the
/// preheader; Lo is not below Hi when none does.
std::pair<Value *, Value *> admittedRange(const GuardedLoop &G,
                                          IRBuilder<> &B) {
  Value *One = ConstantInt::get(G.Limit->getType(), 1);
  Value *End = B.CreateBinaryIntrinsic(
      Intrinsic::umax, G.Bound, B.CreateNUWAdd(G.Start, One), nullptr, "end");
  // limit + 1 where that is below the end, which it then cannot overflow.
  auto AfterLimit = [&] {
    return B.CreateSelect(B.CreateICmpULT(G.Limit, End),
                          B.CreateAdd(G.Limit, One), End);
  };
  auto AtLeastStart = [&](Value *V) {
    return match(G.Start, m_Zero())
               ? V
               : B.CreateBinaryIntrinsic(Intrinsic::umax, G.Start, V);
  };
  switch (G.Pred) {
  case CmpInst::ICMP_ULT:
    return {G.Start, B.CreateBinaryIntrinsic(Intrinsic::umin, End, G.Limit)};
  case CmpInst::ICMP_ULE:
    return {G.Start, AfterLimit()};
  case CmpInst::ICMP_UGT:
    return {AtLeastStart(AfterLimit()), End};
  case CmpInst::ICMP_UGE:
    return {AtLeastStart(G.Limit), End};
  default: // ICMP_EQ, see admitsRange
    return {AtLeastStart(G.Limit), AfterLimit()};
  }
}

/// Makes \p G count over the iterations that run its body only.
void trim(GuardedLoop &G) {
  IRBuilder<> B(G.Preheader->getTerminator());
  auto [Lo, Hi] = admittedRange(G, B);
  Value *Runs = B.CreateICmpULT(Lo, Hi, "trimmed.runs");
  G.Preheader->getTerminator()->eraseFromParent();
  B.SetInsertPoint(G.Preheader);
  B.CreateCondBr(Runs, G.Header, G.Exit);
  for (PHINode &Phi : G.Exit->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(G.Latch), G.Preheader);
  G.Counter->setIncomingValueForBlock(G.Preheader, Lo);
  G.LatchTest->setOperand(0, G.Next);
  G.LatchTest->setOperand(1, Hi);

  Value *Condition = G.Guard->getCondition();
  BranchInst::Create(G.Body, G.Guard->getIterator());
  G.Guard->eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructions(Condition);
  ++NumTrimmed;
}

} // namespace

PreservedAnalyses TrimWorkItemLoopsPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<GuardedLoop, 8> Guarded;
  for (Loop *L : LI.getLoopsInPreorder())
    if (std::optional<GuardedLoop> G = matchGuardedLoop(*L))
      Guarded.push_back(*G);
  for (GuardedLoop &G : Guarded)
    trim(G);
  return Guarded.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace lanes
