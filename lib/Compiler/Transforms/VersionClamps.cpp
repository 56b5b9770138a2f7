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

/// The value, at `At`, of "no clamp of `Clamps` changes its stepping
/// operand in any of the loop's iterations", the loop taking its back edge
/// `Taken` times; null when a bound cannot be computed there.
Value *clampsIdle(ArrayRef<Clamp> Clamps, const SCEV *Taken,
                  ScalarEvolution &SE, SCEVExpander &Expander,
                  Instruction *At) {
  SmallVector<std::pair<const SCEV *, const SCEV *>, 4> Ends; // first, last
  for (const Clamp &C : Clamps) {
    Ends.push_back(
        {C.Steps->getStart(), C.Steps->evaluateAtIteration(Taken, SE)});
    if (!Expander.isSafeToExpandAt(Ends.back().first, At) ||
        !Expander.isSafeToExpandAt(Ends.back().second, At))
      return nullptr;
  }
  if (!Expander.isSafeToExpandAt(Taken, At))
    return nullptr;
  IRBuilder<> B(At);
  SmallVector<Value *, 8> Conditions;
  // Fewer steps than half the range of each stepping type: x wraps iff
  // hi < lo.
  unsigned Bits = 64;
  for (const Clamp &C : Clamps)
    Bits = std::min(Bits, C.Stepping->getType()->getScalarSizeInBits());
  Type *TakenTy = Taken->getType();
  unsigned TakenBits = TakenTy->getScalarSizeInBits();
  if (TakenBits >= Bits)
    Conditions.push_back(B.CreateICmpULT(
        Expander.expandCodeFor(Taken, TakenTy, At),
        ConstantInt::get(TakenTy, APInt::getOneBitSet(TakenBits, Bits - 1))));
  for (auto [C, End] : zip(Clamps, Ends)) {
    Type *Ty = C.Stepping->getType();
    Value *Lo = Expander.expandCodeFor(End.first, Ty, At);
    Value *Hi = Expander.expandCodeFor(End.second, Ty, At);
    if (C.Steps->getStepRecurrence(SE)->isAllOnesValue())
      std::swap(Lo, Hi);
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

/// Versions `L` on its clamps being idle; false when it has none or its
/// shape does not allow.
bool versionLoop(Loop &L, LoopInfo &LI, DominatorTree &DT,
                 ScalarEvolution &SE) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Exit = L.getUniqueExitBlock();
  if (!Preheader || !Exit || !L.hasDedicatedExits())
    return false;
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  SmallVector<Clamp, 4> Clamps = findClamps(L, SE);
  if (isa<SCEVCouldNotCompute>(Taken) || Clamps.empty())
    return false;
  Function &F = *Preheader->getParent();
  SCEVExpander Expander(SE, F.getDataLayout(), "clamps");
  Value *Idle =
      clampsIdle(Clamps, Taken, SE, Expander, Preheader->getTerminator());
  if (!Idle)
    return false;
  formLCSSA(L, DT, &LI, &SE);

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
