//===- VersionClamps.cpp - Work-item loops without edge clamps ------------===//
//
/// \file
/// Implements `lanes-version-clamps`; see VersionClamps.h.
///
/// A clamp `max(x, limit)` (or min, signed or unsigned) of a loop has an
/// operand x that ScalarEvolution sees as {first, +, s} with s = 1 or -1
/// in the loop and a limit defined outside it. Over the loop's iterations
/// x runs from first to last = first + s * taken (taken: the back edges the
/// loop takes). When taken is below half the range of x's type, x does not
/// wrap exactly when the lower end lo of those two values is not above the
/// upper end hi, in the clamp's signedness; then a max leaves every x alone
/// when lo >= limit, and a min when hi <= limit.
//
//===----------------------------------------------------------------------===//
#include "VersionClamps.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-version-clamps"

STATISTIC(NumVersioned, "Work-item loops given a copy without clamps");
STATISTIC(NumClamps, "Clamps left out of those copies");

namespace lanes {
namespace {

/// A min or max of a loop, of an operand stepping by one per iteration and
/// a limit the loop does not change.
struct Clamp {
  MinMaxIntrinsic *Call;
  Value *Stepping;
  const SCEVAddRecExpr *Steps; ///< Stepping's recurrence in the loop
  Value *Limit;
};

SmallVector<Clamp, 4> findClamps(Loop &L, ScalarEvolution &SE) {
  SmallVector<Clamp, 4> Clamps;
  for (BasicBlock *BB : L.blocks()) {
    for (Instruction &I : *BB) {
      auto *Call = dyn_cast<MinMaxIntrinsic>(&I);
      if (!Call || !Call->getType()->isIntegerTy())
        continue;
      for (auto [Stepping, Limit] :
           {std::pair{Call->getLHS(), Call->getRHS()},
            std::pair{Call->getRHS(), Call->getLHS()}}) {
        auto *Steps = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Stepping));
        if (!Steps || Steps->getLoop() != &L || !Steps->isAffine() ||
            !L.isLoopInvariant(Limit))
          continue;
        auto *Step = dyn_cast<SCEVConstant>(Steps->getStepRecurrence(SE));
        if (!Step ||
            !(Step->getAPInt().isOne() || Step->getAPInt().isAllOnes()))
          continue;
        Clamps.push_back({Call, Stepping, Steps, Limit});
        break;
      }
    }
  }
  return Clamps;
}

/// The values a clamp's stepping operand takes over the iterations of a
/// loop nest: from Lo up to Hi, which lie Span apart when nothing wraps.
struct Range {
  const SCEV *Lo, *Hi, *Span;
};

/// C's range over its own loop, which takes its back edge `Taken` times.
Range rangeInLoop(const Clamp &C, const SCEV *Taken, ScalarEvolution &SE) {
  const SCEV *First = C.Steps->getStart();
  const SCEV *Last = C.Steps->evaluateAtIteration(Taken, SE);
  if (C.Steps->getStepRecurrence(SE)->isAllOnesValue())
    std::swap(First, Last);
  return {First, Last, Taken};
}

/// How much S changes from one iteration of `Outer` to the next: 0 when
/// Outer leaves it alone; none unless it steps by a constant there, of at
/// most 2^31 either way.
std::optional<int64_t> stepIn(const SCEV *S, const Loop &Outer,
                              ScalarEvolution &SE) {
  if (SE.isLoopInvariant(S, &Outer))
    return 0;
  auto *Rec = dyn_cast<SCEVAddRecExpr>(S);
  auto *Step = Rec && Rec->getLoop() == &Outer && Rec->isAffine()
                   ? dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE))
                   : nullptr;
  if (!Step || Step->getAPInt().getSignificantBits() > 32)
    return std::nullopt;
  return Step->getAPInt().getSExtValue();
}

/// C's range `R` over the loops inside `Outer`, widened to every iteration
/// of Outer, which takes its back edge `Taken` times; none unless R's span
/// and Taken are constants and both ends of R step by the same constant in
/// Outer. The widened range spans R's span plus Taken of those steps, which
/// must stay below half the range of C's type (and of the span's type).
std::optional<Range> widen(const Clamp &C, const Range &R, const Loop &Outer,
                           const SCEV *Taken, ScalarEvolution &SE) {
  auto *Trips = dyn_cast<SCEVConstant>(Taken);
  auto *Span = dyn_cast<SCEVConstant>(R.Span);
  std::optional<int64_t> Step = stepIn(R.Lo, Outer, SE);
  if (!Trips || !Span || !Step || Step != stepIn(R.Hi, Outer, SE) ||
      Trips->getAPInt().getActiveBits() > 31 ||
      Span->getAPInt().getActiveBits() > 62)
    return std::nullopt;
  uint64_t Wider = Span->getAPInt().getZExtValue() +
                   uint64_t(std::abs(*Step)) * Trips->getAPInt().getZExtValue();
  unsigned Bits = std::min(C.Stepping->getType()->getScalarSizeInBits(),
                           R.Span->getType()->getScalarSizeInBits());
  if (Bits <= 64 && Wider >= uint64_t(1) << (Bits - 1))
    return std::nullopt;
  // An end's value in Outer's first or last iteration.
  auto At = [&](const SCEV *End, bool Last) {
    if (*Step == 0)
      return End;
    auto *Rec = cast<SCEVAddRecExpr>(End);
    return Last ? Rec->evaluateAtIteration(Taken, SE) : Rec->getStart();
  };
  bool Rising = *Step >= 0;
  return Range{At(R.Lo, !Rising), At(R.Hi, Rising),
               SE.getConstant(R.Span->getType(), Wider)};
}

/// The value, at `At`, of "no clamp of `Clamps` changes its stepping
/// operand in any iteration of the nest its `Ranges` cover"; null when a
/// bound cannot be computed there.
Value *clampsIdle(ArrayRef<Clamp> Clamps, ArrayRef<Range> Ranges,
                  ScalarEvolution &SE, SCEVExpander &Expander,
                  Instruction *At) {
  for (const Range &R : Ranges)
    if (!Expander.isSafeToExpandAt(R.Lo, At) ||
        !Expander.isSafeToExpandAt(R.Hi, At) ||
        !Expander.isSafeToExpandAt(R.Span, At))
      return nullptr;
  IRBuilder<> B(At);
  SmallVector<Value *, 8> Conditions;
  // Every range spans fewer steps than half the range of each stepping
  // type: x wraps iff hi < lo. (A widened span is a constant that widen()
  // kept in bounds, so its test folds to true.)
  unsigned Bits = 64;
  for (const Clamp &C : Clamps)
    Bits = std::min(Bits, C.Stepping->getType()->getScalarSizeInBits());
  SmallPtrSet<const SCEV *, 4> Checked;
  for (const Range &R : Ranges) {
    Type *SpanTy = R.Span->getType();
    unsigned SpanBits = SpanTy->getScalarSizeInBits();
    if (SpanBits >= Bits && Checked.insert(R.Span).second)
      Conditions.push_back(B.CreateICmpULT(
          Expander.expandCodeFor(R.Span, SpanTy, At),
          ConstantInt::get(SpanTy, APInt::getOneBitSet(SpanBits, Bits - 1))));
  }
  for (auto [C, R] : zip(Clamps, Ranges)) {
    Type *Ty = C.Stepping->getType();
    Value *Lo = Expander.expandCodeFor(R.Lo, Ty, At);
    Value *Hi = Expander.expandCodeFor(R.Hi, Ty, At);
    CmpInst::Predicate AtMost =
        C.Call->isSigned() ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE;
    Conditions.push_back(B.CreateICmp(AtMost, Lo, Hi));
    bool IsMax = C.Call->getIntrinsicID() == Intrinsic::smax ||
                 C.Call->getIntrinsicID() == Intrinsic::umax;
    Conditions.push_back(IsMax ? B.CreateICmp(AtMost, C.Limit, Lo)
                               : B.CreateICmp(AtMost, Hi, C.Limit));
  }
  Value *Idle = B.CreateAnd(Conditions);
  Idle->setName("clamps.idle");
  return Idle;
}

/// Whether `L` has the shape versionLoop() needs.
bool versionable(const Loop &L) {
  return L.getLoopPreheader() && L.getUniqueExitBlock() &&
         L.hasDedicatedExits();
}

/// The loop to version for the clamps of `L`: L, or the outermost loop of
/// its work-item nest over whose iterations every clamp's range widens
/// (the sub-groups of a row, say, so that one test serves them all) and
/// whose preheader can compute the widened ranges; `Ranges` become the
/// ranges over that loop.
Loop &versionedLoop(Loop &L, ArrayRef<Clamp> Clamps,
                    SmallVectorImpl<Range> &Ranges, ScalarEvolution &SE,
                    const SCEVExpander &Expander) {
  Loop *Target = &L;
  while (Loop *Outer = Target->getParentLoop()) {
    const SCEV *Taken = SE.getBackedgeTakenCount(Outer);
    if (!findOptionMDForLoop(Outer, WorkItemNestMD) || !versionable(*Outer) ||
        isa<SCEVCouldNotCompute>(Taken))
      break;
    const Instruction *At = Outer->getLoopPreheader()->getTerminator();
    SmallVector<Range, 4> Wider;
    for (auto [C, R] : zip(Clamps, Ranges)) {
      std::optional<Range> W = Outer->isLoopInvariant(C.Limit)
                                   ? widen(C, R, *Outer, Taken, SE)
                                   : std::nullopt;
      if (!W || !Expander.isSafeToExpandAt(W->Lo, At) ||
          !Expander.isSafeToExpandAt(W->Hi, At))
        return *Target;
      Wider.push_back(*W);
    }
    Ranges.assign(Wider);
    Target = Outer;
  }
  return *Target;
}

/// Versions `L`, or the loop of its nest that versionedLoop() picks, on
/// L's clamps being idle; false when it has none or the shape does not
/// allow.
bool versionLoop(Loop &Inner, LoopInfo &LI, DominatorTree &DT,
                 ScalarEvolution &SE) {
  const SCEV *Taken = SE.getBackedgeTakenCount(&Inner);
  SmallVector<Clamp, 4> Clamps = findClamps(Inner, SE);
  if (isa<SCEVCouldNotCompute>(Taken) || Clamps.empty())
    return false;
  SmallVector<Range, 4> Ranges;
  for (const Clamp &C : Clamps)
    Ranges.push_back(rangeInLoop(C, Taken, SE));
  Function &F = *Inner.getHeader()->getParent();
  SCEVExpander Expander(SE, F.getDataLayout(), "clamps");
  Loop &L = versionedLoop(Inner, Clamps, Ranges, SE, Expander);
  if (!versionable(L))
    return false;
  BasicBlock *Preheader = L.getLoopPreheader(), *Exit = L.getUniqueExitBlock();
  Value *Idle =
      clampsIdle(Clamps, Ranges, SE, Expander, Preheader->getTerminator());
  if (!Idle)
    return false;
  formLCSSARecursively(L, DT, &LI, &SE);

  // Preheader: br Idle, copy's preheader, Kept; Kept: the original's.
  BasicBlock *Kept =
      SplitEdge(Preheader, L.getHeader(), &DT, &LI, nullptr, "clamps.kept");
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Blocks;
  cloneLoopWithPreheader(Kept, Preheader, &L, VMap, ".noclamp", &LI, &DT,
                         Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  auto Mapped = [&](Value *V) {
    Value *Copy = VMap.lookup(V);
    return Copy ? Copy : V;
  };
  // Both loops leave for Exit: its LCSSA PHIs take the copy's values too.
  for (PHINode &Phi : Exit->phis()) {
    SmallVector<std::pair<Value *, BasicBlock *>, 2> FromCopy;
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I)
      FromCopy.push_back({Mapped(Phi.getIncomingValue(I)),
                          cast<BasicBlock>(VMap[Phi.getIncomingBlock(I)])});
    for (auto [V, BB] : FromCopy)
      Phi.addIncoming(V, BB);
  }
  for (const Clamp &C : Clamps) {
    auto *Copy = cast<Instruction>(VMap[C.Call]);
    Copy->replaceAllUsesWith(Mapped(C.Stepping));
    Copy->eraseFromParent();
  }
  Preheader->getTerminator()->eraseFromParent();
  BranchInst::Create(cast<BasicBlock>(VMap[Kept]), Kept, Idle, Preheader);
  DT.recalculate(F);
  SE.forgetLoop(&L);
  ++NumVersioned;
  NumClamps += Clamps.size();
  return true;
}

} // namespace

PreservedAnalyses VersionClampsPass::run(Function &F,
                                         FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  bool Changed = false;
  for (Loop *L : innermostWorkItemLoops(LI))
    Changed |= versionLoop(*L, LI, DT, SE);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
