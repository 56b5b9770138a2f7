//===- AggregateAtomics.cpp - One atomic update, not one per item ---------===//
//
/// \file
/// Implements `lanes-aggregate-atomics`; see AggregateAtomics.h.
///
/// The running value lives in a stack slot while the pass works: set to
/// the identity in the loop's preheader, combined with the operand where
/// the update was, read in the loop's exit, where the update moves, under
/// a test that the value is not the identity. The slots are promoted to
/// registers at the end, which makes the running value a phi of the loop
/// that the vectorizer takes for a reduction.
//
//===----------------------------------------------------------------------===//
#include "AggregateAtomics.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <optional>

using namespace llvm;

#define DEBUG_TYPE "lanes-aggregate-atomics"

STATISTIC(NumAggregated, "Atomic updates in work-item loops made one update "
                         "after the loop");

namespace lanes {
namespace {

/// The value \p Op leaves its operand unchanged with, for the operations
/// whose updates combine; none for the others.
std::optional<APInt> identityOf(AtomicRMWInst::BinOp Op, unsigned Bits) {
  switch (Op) {
  case AtomicRMWInst::Add:
  case AtomicRMWInst::Sub:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
  case AtomicRMWInst::UMax:
    return APInt::getZero(Bits);
  case AtomicRMWInst::And:
  case AtomicRMWInst::UMin:
    return APInt::getAllOnes(Bits);
  case AtomicRMWInst::Max:
    return APInt::getSignedMinValue(Bits);
  case AtomicRMWInst::Min:
    return APInt::getSignedMaxValue(Bits);
  default:
    return std::nullopt;
  }
}

/// True for an update that only writes: relaxed, not volatile, its result
/// unused, an operation whose updates combine.
bool isBlindUpdate(const AtomicRMWInst &RMW) {
  return RMW.use_empty() && !RMW.isVolatile() &&
         RMW.getOrdering() == AtomicOrdering::Monotonic &&
         RMW.getType()->isIntegerTy() &&
         identityOf(RMW.getOperation(), RMW.getType()->getIntegerBitWidth());
}

/// True when \p RMW updates its address for at least two work-items of
/// \p L: its block runs in every iteration, and \p L runs at least twice.
bool updatesForTwoItems(const AtomicRMWInst &RMW, Loop &L,
                        const DominatorTree &DT, ScalarEvolution &SE) {
  const SCEV *Backedges = SE.getBackedgeTakenCount(&L);
  return L.getLoopLatch() && DT.dominates(RMW.getParent(), L.getLoopLatch()) &&
         !isa<SCEVCouldNotCompute>(Backedges) && SE.isKnownPositive(Backedges);
}

/// The blocks of \p L that may run after \p RMW in the same iteration, the
/// same work-item: those reached from it without passing the header.
SmallPtrSet<const BasicBlock *, 16> blocksAfter(const AtomicRMWInst &RMW,
                                                const Loop &L) {
  SmallPtrSet<const BasicBlock *, 16> After;
  SmallVector<const BasicBlock *, 16> Work(successors(RMW.getParent()));
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (BB != L.getHeader() && L.contains(BB) && After.insert(BB).second)
      append_range(Work, successors(BB));
  }
  return After;
}

/// True when no instruction of \p L but \p RMW may access its address,
/// order memory or read an atomic value (see AggregateAtomics.h). A plain
/// load or store that may touch the address is no obstacle when it cannot
/// run after the update for the same item, nor when \p Racy: either it
/// would race with another item's update, or the update is the only one
/// and the access comes first.
bool isAloneInLoop(const AtomicRMWInst &RMW, const Loop &L, bool Racy,
                   AAResults &AA) {
  const MemoryLocation Loc = MemoryLocation::get(&RMW);
  const SmallPtrSet<const BasicBlock *, 16> After = blocksAfter(RMW, L);
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (&I == &RMW || !I.mayReadOrWriteMemory())
        continue;
      if (auto *Other = dyn_cast<AtomicRMWInst>(&I)) {
        if (!isBlindUpdate(*Other))
          return false;
        // The same update elsewhere in the loop: the two combine in any
        // order.
        if (Other->getPointerOperand() == RMW.getPointerOperand() &&
            Other->getOperation() == RMW.getOperation())
          continue;
      } else if (I.isAtomic() || I.isVolatile()) {
        return false;
      } else if (auto *Call = dyn_cast<CallBase>(&I)) {
        if (!Call->hasFnAttr(Attribute::NoSync) && !isa<MemIntrinsic>(Call))
          return false;
      }
      bool Plain = isa<LoadInst, StoreInst, MemIntrinsic>(I);
      bool RunsAfter =
          After.contains(BB) || (BB == RMW.getParent() && RMW.comesBefore(&I));
      if (Plain && (Racy || !RunsAfter))
        continue;
      if (isModOrRefSet(AA.getModRefInfo(&I, Loc)))
        return false;
    }
  return true;
}

/// The outermost work-item loop around \p RMW over which its updates
/// combine, or null.
Loop *aggregationLoop(const AtomicRMWInst &RMW, const LoopInfo &LI,
                      const DominatorTree &DT, ScalarEvolution &SE,
                      AAResults &AA) {
  Loop *Best = nullptr;
  for (Loop *L = LI.getLoopFor(RMW.getParent()); L; L = L->getParentLoop()) {
    if (!findOptionMDForLoop(L, WorkItemLoopMD) &&
        !findOptionMDForLoop(L, WorkItemNestMD))
      continue;
    if (!L->isLoopInvariant(RMW.getPointerOperand()) ||
        !L->getLoopPreheader() || !L->getExitBlock() ||
        !L->hasDedicatedExits() ||
        !isAloneInLoop(RMW, *L, updatesForTwoItems(RMW, *L, DT, SE), AA))
      break;
    Best = L;
  }
  return Best;
}

/// Makes the updates of \p RMW in \p L one update after \p L, the running
/// value in a new stack slot, which is added to \p Slots.
void aggregate(AtomicRMWInst &RMW, Loop &L, DomTreeUpdater &DTU, LoopInfo &LI,
               SmallVectorImpl<AllocaInst *> &Slots) {
  Type *Ty = RMW.getType();
  Function &F = *RMW.getFunction();
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Slot = B.CreateAlloca(Ty, nullptr, "atomic.running");
  Slots.push_back(Slot);
  Constant *Identity = ConstantInt::get(
      Ty, *identityOf(RMW.getOperation(), Ty->getIntegerBitWidth()));
  new StoreInst(Identity, Slot, L.getLoopPreheader()->getTerminator());

  // A subtraction subtracts the sum of the operands.
  AtomicRMWInst::BinOp Combine = RMW.getOperation() == AtomicRMWInst::Sub
                                     ? AtomicRMWInst::Add
                                     : RMW.getOperation();
  B.SetInsertPoint(&RMW);
  Value *Running = B.CreateLoad(Ty, Slot);
  Value *Next = buildAtomicRMWValue(Combine, B, Running, RMW.getValOperand());
  Next->setName("atomic.combine");
  B.CreateStore(Next, Slot);

  BasicBlock *Exit = L.getExitBlock();
  B.SetInsertPoint(Exit, Exit->getFirstInsertionPt());
  Value *Combined = B.CreateLoad(Ty, Slot, "atomic.combined");
  Instruction *Then = SplitBlockAndInsertIfThen(
      B.CreateICmpNE(Combined, Identity, "atomic.changes"), B.GetInsertPoint(),
      /*Unreachable=*/false, nullptr, &DTU, &LI);
  Then->getParent()->setName("atomic.update");
  RMW.moveBefore(Then);
  RMW.getOperandUse(1).set(Combined); // the value operand
  RMW.setMetadata(LLVMContext::MD_access_group, nullptr);
  ++NumAggregated;
}

} // namespace

PreservedAnalyses AggregateAtomicsPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  AAResults &AA = FAM.getResult<AAManager>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  // All choices first, on the function as it came.
  SmallVector<std::pair<AtomicRMWInst *, Loop *>, 4> Updates;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I); RMW && isBlindUpdate(*RMW))
        if (Loop *L = aggregationLoop(*RMW, LI, DT, SE, AA))
          Updates.push_back({RMW, L});
  if (Updates.empty())
    return PreservedAnalyses::all();

  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  SmallVector<AllocaInst *, 4> Slots;
  // Last first: each update moves to the top of its loop's exit, so they
  // keep their order there.
  for (auto [RMW, L] : reverse(Updates))
    aggregate(*RMW, *L, DTU, LI, Slots);
  PromoteMemToReg(Slots, DT);
  for (auto [RMW, L] : Updates)
    formLCSSARecursively(*L, DT, &LI, nullptr);
  PreservedAnalyses PA;
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  return PA;
}

} // namespace lanes
