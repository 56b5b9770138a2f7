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
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
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
  /// Where the test compares `Offset + Counter`, a global id, with the
  /// limit: Offset, which the transformations take off the limit; else
  /// null. For `==` and `!=` the add may wrap, as the subtraction does;
  /// for `<` and `>=` it is nuw, and the subtraction saturates at 0.
  Value *Offset = nullptr;
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

/// Whether \p Cond compares the counter of \p G, or the counter plus an
/// offset (see GuardedLoop::Offset), with a limit invariant in \p L, on
/// either side; sets G.Pred, G.Limit and G.Offset.
bool comparesCounter(const Loop &L, Value *Cond, GuardedLoop &G) {
  Value *Compared;
  if (!match(Cond, m_ICmp(G.Pred, m_Value(Compared), m_Value(G.Limit))))
    return false;
  // `n > gid` as `gid < n`: InstCombine leaves the order of two
  // instructions as written.
  if (L.isLoopInvariant(Compared)) {
    std::swap(Compared, G.Limit);
    G.Pred = CmpInst::getSwappedPredicate(G.Pred);
  }
  if (!L.isLoopInvariant(G.Limit))
    return false;
  G.Offset = nullptr;
  if (Compared == G.Counter || masksNothing(Compared, G))
    return true;
  auto *Add = dyn_cast<BinaryOperator>(Compared);
  if (!Add || !match(Add, m_c_Add(m_Specific(G.Counter), m_Value(G.Offset))) ||
      !L.isLoopInvariant(G.Offset))
    return false;
  return ICmpInst::isEquality(G.Pred) ||
         (Add->hasNoUnsignedWrap() &&
          (G.Pred == CmpInst::ICMP_ULT || G.Pred == CmpInst::ICMP_UGE));
}

/// Makes G.Limit the limit of the counter itself, in the preheader.
void subtractOffset(GuardedLoop &G, IRBuilder<> &B) {
  if (!G.Offset)
    return;
  G.Limit = ICmpInst::isEquality(G.Pred)
                ? B.CreateSub(G.Limit, G.Offset, "limit")
                : B.CreateBinaryIntrinsic(Intrinsic::usub_sat, G.Limit,
                                          G.Offset, nullptr, "limit");
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
/// `lid >= d`) or at one value only (`lid == k`, `gid != k`), where both
/// sides do work: the loop runs in parts, one per side, each without the
/// test.
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
        (admitsRange(G.Pred) || G.Pred == CmpInst::ICMP_NE))
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

/// Makes \p G count over the iterations that run its body only. The loop
/// keeps a preheader of its own, a block "trimmed.ph" after the test that
/// skips it.
void trim(GuardedLoop &G, LoopInfo &LI) {
  IRBuilder<> B(G.Preheader->getTerminator());
  subtractOffset(G, B);
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
  SplitEdge(G.Preheader, G.Header, nullptr, &LI, nullptr, "trimmed.ph");

  Value *Condition = G.Guard->getCondition();
  BranchInst::Create(G.Body, G.Guard->getIterator());
  G.Guard->eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructions(Condition);
  ++NumTrimmed;
}

/// Runs \p G, a loop of \p L, in parts over consecutive ranges of counter
/// values, in each of which \p Test has one value: `<` and the like change
/// at one point, `==` and `!=` at the limit and after it. Copies of the
/// loop run the parts before the last, the loop itself the last; each part
/// has the test's value in it and is skipped when it would be empty.
void split(const Loop &L, GuardedLoop &G, ICmpInst *Test) {
  LLVMContext &Ctx = G.Header->getContext();
  Function &F = *G.Header->getParent();
  IRBuilder<> B(G.Preheader->getTerminator());
  subtractOffset(G, B);
  Value *End = counterEnd(G, B);
  auto Clamped = [&](Value *Point) {
    return B.CreateBinaryIntrinsic(
        Intrinsic::umin, End,
        B.CreateBinaryIntrinsic(Intrinsic::umax, G.Start, Point), nullptr,
        "split.at");
  };
  // The points where the test changes, and its value before the first;
  // it flips at each point.
  SmallVector<Value *, 2> Points;
  if (G.Pred == CmpInst::ICMP_ULE || G.Pred == CmpInst::ICMP_UGT) {
    Points = {Clamped(afterLimit(G, End, B))};
  } else {
    Points = {Clamped(G.Limit)};
    if (ICmpInst::isEquality(G.Pred))
      Points.push_back(Clamped(afterLimit(G, End, B)));
  }
  bool Holds = G.Pred == CmpInst::ICMP_ULT || G.Pred == CmpInst::ICMP_ULE ||
               G.Pred == CmpInst::ICMP_NE;

  // Each part but the last is a copy of the loop over [From, Points[I]),
  // entered from Guard, which skips it when it is empty.
  static const char *const Copy[] = {".first", ".second"};
  static const char *const NextGuard[] = {"split.second", "split.third"};
  G.Preheader->getTerminator()->eraseFromParent();
  BasicBlock *Guard = G.Preheader;
  Value *From = G.Start;
  for (auto [I, To] : enumerate(Points)) {
    ValueToValueMapTy VMap;
    SmallVector<BasicBlock *, 8> Copies;
    for (BasicBlock *BB : L.blocks()) {
      Copies.push_back(CloneBasicBlock(BB, VMap, Copy[I], &F));
      VMap[BB] = Copies.back();
    }
    remapInstructionsInBlocks(Copies, VMap);
    BasicBlock *Next = BasicBlock::Create(Ctx, NextGuard[I], &F, G.Header);
    cast<BranchInst>(cast<BasicBlock>(VMap[G.Latch])->getTerminator())
        ->setSuccessor(1, Next);
    auto *LatchTest = cast<ICmpInst>(VMap[G.LatchTest]);
    LatchTest->setOperand(0, VMap[G.Next]);
    LatchTest->setOperand(1, To);
    auto *Counter = cast<PHINode>(VMap[G.Counter]);
    Counter->setIncomingValueForBlock(G.Preheader, From);
    Counter->replaceIncomingBlockWith(G.Preheader, Guard);
    auto *TestCopy = cast<ICmpInst>(VMap[Test]);
    TestCopy->replaceAllUsesWith(ConstantInt::getBool(Ctx, Holds));
    TestCopy->eraseFromParent();
    Holds = !Holds;

    B.SetInsertPoint(Guard);
    B.CreateCondBr(B.CreateICmpULT(From, To), cast<BasicBlock>(VMap[G.Header]),
                   Next);
    Guard = Next;
    From = To;
  }

  // The last part: the loop itself over [From, end).
  B.SetInsertPoint(Guard);
  B.CreateCondBr(B.CreateICmpULT(From, End), G.Header, G.Exit);
  G.Counter->setIncomingValueForBlock(G.Preheader, From);
  G.Counter->replaceIncomingBlockWith(G.Preheader, Guard);
  for (PHINode &Phi : G.Exit->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(G.Latch), Guard);
  Test->replaceAllUsesWith(ConstantInt::getBool(Ctx, Holds));
  Test->eraseFromParent();
  ++NumSplit;
}

} // namespace

PreservedAnalyses TrimWorkItemLoopsPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<std::pair<Loop *, GuardedLoop>, 8> Guarded;
  SmallVector<std::tuple<Loop *, GuardedLoop, ICmpInst *>, 8> Splits;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (std::optional<GuardedLoop> G = matchGuardedLoop(*L))
      Guarded.emplace_back(L, *G);
    else if (auto S = matchSplitLoop(*L))
      Splits.emplace_back(L, S->first, S->second);
  }
  // A trimmed loop may test its counter again inside (a range kernel
  // rounded up to whole groups, `if (gid != k)` inside its bounds check):
  // it is split then too.
  for (auto &[L, G] : Guarded) {
    trim(G, LI);
    if (auto S = matchSplitLoop(*L))
      Splits.emplace_back(L, S->first, S->second);
  }
  for (auto &[L, G, Test] : Splits)
    split(*L, G, Test);
  return Guarded.empty() && Splits.empty() ? PreservedAnalyses::all()
                                           : PreservedAnalyses::none();
}

} // namespace lanes
