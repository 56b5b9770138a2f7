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
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-trim-work-item-loops"

STATISTIC(NumTrimmed, "Loops trimmed to the iterations that do work");
STATISTIC(NumSplit, "Loops split where a test of the counter changes");

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

/// True when no value computed in \p L is live after it.
bool usedOnlyInside(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (User *U : I.users())
        if (!L.contains(cast<Instruction>(U)))
          return false;
  return true;
}

/// True when an iteration that skips the body does nothing but count: the
/// header and the latch have no effects and no PHIs but the counter, and
/// no value computed in \p L is live after it.
bool onlyDecides(const Loop &L, const GuardedLoop &G) {
  for (BasicBlock *BB : {G.Header, G.Latch})
    for (Instruction &I : *BB)
      if (&I != G.Counter && (isa<PHINode>(I) || I.mayHaveSideEffects()))
        return false;
  return usedOnlyInside(L);
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

/// Fills the counted-loop part of \p G (all but the guard) from \p L.
bool matchCountedLoop(const Loop &L, GuardedLoop &G) {
  G.Preheader = L.getLoopPreheader();
  G.Header = L.getHeader();
  G.Latch = L.getLoopLatch();
  G.Exit = L.getExitBlock();
  if (!G.Preheader || !G.Latch || !G.Exit || G.Latch == G.Header ||
      L.getExitingBlock() != G.Latch)
    return false;

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
    return false;
  G.LatchTest = cast<ICmpInst>(Back->getCondition());
  G.Counter = dyn_cast<PHINode>(Tested);
  const APInt *Last;
  if (G.Counter && match(G.Bound, m_APInt(Last)) && !Last->isMaxValue())
    G.Bound = ConstantInt::get(G.Bound->getType(), *Last + 1);
  else if (match(Tested, m_NUWAdd(m_Value(), m_One())))
    G.Counter = dyn_cast<PHINode>(cast<Instruction>(Tested)->getOperand(0));
  else
    return false;
  if (!G.Counter || G.Counter->getParent() != G.Header)
    return false;
  G.Next = dyn_cast<Instruction>(G.Counter->getIncomingValueForBlock(G.Latch));
  if (!G.Next || !match(G.Next, m_NUWAdd(m_Specific(G.Counter), m_One())))
    return false;
  G.Start = G.Counter->getIncomingValueForBlock(G.Preheader);
  return true;
}

/// Whether \p Cond compares the counter of \p G with a limit invariant in
/// \p L; sets G.Pred and G.Limit.
bool comparesCounter(const Loop &L, Value *Cond, GuardedLoop &G) {
  Value *Compared;
  return match(Cond, m_ICmp(G.Pred, m_Value(Compared), m_Value(G.Limit))) &&
         L.isLoopInvariant(G.Limit) &&
         (Compared == G.Counter || masksNothing(Compared, G));
}

std::optional<GuardedLoop> matchGuardedLoop(const Loop &L) {
  GuardedLoop G;
  if (!matchCountedLoop(L, G))
    return std::nullopt;

  // The header: `br (counter pred limit), body, latch` or the reverse.
  G.Guard = dyn_cast<BranchInst>(G.Header->getTerminator());
  if (!G.Guard || !G.Guard->isConditional() ||
      !comparesCounter(L, G.Guard->getCondition(), G))
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

/// True when \p L runs as one vector anyway: a constant trip count no larger
/// than the vectorization width it is given (the lane loop of a sub-group).
/// Split, it would run as two vectors, both masked.
bool isOneVector(const Loop &L, const GuardedLoop &G) {
  std::optional<int> Width =
      getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width");
  const APInt *Start, *Bound;
  return Width && match(G.Start, m_APInt(Start)) &&
         match(G.Bound, m_APInt(Bound)) && (*Bound - *Start).ule(*Width);
}

/// Instructions in a loop that is split, at most: the split copies it.
constexpr unsigned MaxSplitSize = 400;

/// A counted loop with a branch on a comparison of its counter with an
/// invariant limit that holds on one side of a point only (`lid < d`,
/// `lid >= d`), where both sides do work: the loop runs in two parts, one
/// per side, each without the test.
std::optional<std::pair<GuardedLoop, ICmpInst *>>
matchSplitLoop(const Loop &L) {
  GuardedLoop G;
  if (!L.isInnermost() || !matchCountedLoop(L, G) ||
      &*G.Header->phis().begin() != G.Counter ||
      std::next(G.Header->phis().begin()) != G.Header->phis().end() ||
      !usedOnlyInside(L) || isOneVector(L, G))
    return std::nullopt;
  unsigned Size = 0;
  for (BasicBlock *BB : L.blocks())
    Size += BB->size();
  if (Size > MaxSplitSize)
    return std::nullopt;
  for (BasicBlock *BB : L.blocks()) {
    auto *Branch = dyn_cast<BranchInst>(BB->getTerminator());
    if (BB != G.Latch && Branch && Branch->isConditional() &&
        comparesCounter(L, Branch->getCondition(), G) &&
        G.Pred != CmpInst::ICMP_EQ && admitsRange(G.Pred))
      return std::make_pair(G, cast<ICmpInst>(Branch->getCondition()));
  }
  return std::nullopt;
}

/// The end of \p G's counter values, max(bound, start + 1): the loop is
/// bottom-tested.
Value *counterEnd(const GuardedLoop &G, IRBuilder<> &B) {
  return B.CreateBinaryIntrinsic(
      Intrinsic::umax, G.Bound,
      B.CreateNUWAdd(G.Start, ConstantInt::get(G.Start->getType(), 1)), nullptr,
      "end");
}

/// limit + 1 where that is below \p End, which it then cannot overflow;
/// else \p End.
Value *afterLimit(const GuardedLoop &G, Value *End, IRBuilder<> &B) {
  return B.CreateSelect(
      B.CreateICmpULT(G.Limit, End),
      B.CreateAdd(G.Limit, ConstantInt::get(G.Limit->getType(), 1)), End);
}

/// The counter values [Lo, Hi) that run the body, computed in the
/// preheader; Lo is not below Hi when none does.
std::pair<Value *, Value *> admittedRange(const GuardedLoop &G,
                                          IRBuilder<> &B) {
  Value *End = counterEnd(G, B);
  auto AfterLimit = [&] { return afterLimit(G, End, B); };
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

/// Runs \p G, a loop of \p L, as two loops: a copy for the counter values
/// below the point where \p Test changes, the loop itself for the rest,
/// each with \p Test's value in it; either is skipped when it would be
/// empty.
void split(const Loop &L, GuardedLoop &G, ICmpInst *Test) {
  LLVMContext &Ctx = G.Header->getContext();
  Function &F = *G.Header->getParent();
  IRBuilder<> B(G.Preheader->getTerminator());
  Value *End = counterEnd(G, B);
  // The test holds below the point for `<` and `<=`; the point is the limit,
  // or the value after it for `<=` and `>`.
  bool Below = G.Pred == CmpInst::ICMP_ULT || G.Pred == CmpInst::ICMP_ULE;
  Value *Point = G.Pred == CmpInst::ICMP_ULE || G.Pred == CmpInst::ICMP_UGT
                     ? afterLimit(G, End, B)
                     : G.Limit;
  Point = B.CreateBinaryIntrinsic(
      Intrinsic::umin, End,
      B.CreateBinaryIntrinsic(Intrinsic::umax, G.Start, Point), nullptr,
      "split.at");

  // The first part: a copy of the loop over [start, point).
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 8> Copies;
  for (BasicBlock *BB : L.blocks()) {
    Copies.push_back(CloneBasicBlock(BB, VMap, ".first", &F));
    VMap[BB] = Copies.back();
  }
  remapInstructionsInBlocks(Copies, VMap);
  BasicBlock *Second = BasicBlock::Create(Ctx, "split.second", &F, G.Header);
  cast<BranchInst>(cast<BasicBlock>(VMap[G.Latch])->getTerminator())
      ->setSuccessor(1, Second);
  auto *FirstTest = cast<ICmpInst>(VMap[G.LatchTest]);
  FirstTest->setOperand(0, VMap[G.Next]);
  FirstTest->setOperand(1, Point);
  G.Preheader->getTerminator()->eraseFromParent();
  B.SetInsertPoint(G.Preheader);
  B.CreateCondBr(B.CreateICmpULT(G.Start, Point),
                 cast<BasicBlock>(VMap[G.Header]), Second);

  // The second part: the loop itself over [point, end).
  B.SetInsertPoint(Second);
  B.CreateCondBr(B.CreateICmpULT(Point, End), G.Header, G.Exit);
  G.Counter->setIncomingValueForBlock(G.Preheader, Point);
  G.Counter->replaceIncomingBlockWith(G.Preheader, Second);
  for (PHINode &Phi : G.Exit->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(G.Latch), Second);

  auto *FirstCopy = cast<ICmpInst>(VMap[Test]);
  FirstCopy->replaceAllUsesWith(ConstantInt::getBool(Ctx, Below));
  FirstCopy->eraseFromParent();
  Test->replaceAllUsesWith(ConstantInt::getBool(Ctx, !Below));
  Test->eraseFromParent();
  ++NumSplit;
}

} // namespace

PreservedAnalyses TrimWorkItemLoopsPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<GuardedLoop, 8> Guarded;
  SmallVector<std::tuple<Loop *, GuardedLoop, ICmpInst *>, 8> Splits;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (std::optional<GuardedLoop> G = matchGuardedLoop(*L))
      Guarded.push_back(*G);
    else if (auto S = matchSplitLoop(*L))
      Splits.emplace_back(L, S->first, S->second);
  }
  for (GuardedLoop &G : Guarded)
    trim(G);
  for (auto &[L, G, Test] : Splits)
    split(*L, G, Test);
  return Guarded.empty() && Splits.empty() ? PreservedAnalyses::all()
                                           : PreservedAnalyses::none();
}

} // namespace lanes
