//===- ImplicitLoopBarriers.cpp - Work-item loops inside kernel loops -----===//
//
/// \file
/// Implements `lanes-implicit-loop-barriers`; see ImplicitLoopBarriers.h.
//
//===----------------------------------------------------------------------===//
#include "ImplicitLoopBarriers.h"

#include "../Analysis/LanesIR.h"
#include "../Analysis/WorkItemShape.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-implicit-loop-barriers"

STATISTIC(NumImplicit, "Implicit barriers put at the top of loops");

namespace lanes {
namespace {

bool hasBarrier(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (isGroupSync(getBuiltin(&I)))
        return true;
  return false;
}

/// True when every work-item of a group enters `L` together and leaves it
/// after the same iteration, by the same exit.
bool runsInLockstep(const Loop &L, const WorkItemShape &Shape) {
  if (Shape.isInDivergentRegion(L.getHeader()))
    return false;
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  return !Exiting.empty() && all_of(Exiting, [&](const BasicBlock *BB) {
    const Instruction *Term = BB->getTerminator();
    const Value *Cond = nullptr;
    if (const auto *Br = dyn_cast<BranchInst>(Term))
      Cond = Br->getCondition();
    else if (const auto *Switch = dyn_cast<SwitchInst>(Term))
      Cond = Switch->getCondition();
    return Cond && Shape.isUniform(Cond) && !Shape.isInDivergentRegion(BB);
  });
}

/// The values computed from the fastest-moving local id (data flow only).
DenseSet<const Value *> followFastestId(Function &F) {
  SmallVector<const Value *, 16> Work;
  for (Instruction &I : instructions(F))
    if (getBuiltin(&I) == Builtin::LocalId) {
      const auto *Dim = dyn_cast<ConstantInt>(cast<CallInst>(I).getArgOperand(0));
      if (!Dim || Dim->isZero())
        Work.push_back(&I);
    }
  DenseSet<const Value *> Moving(Work.begin(), Work.end());
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users())
      if (!U->getType()->isVoidTy() && Moving.insert(U).second)
        Work.push_back(U);
  }
  return Moving;
}

/// True when turning `L` inside out pays: its work-items differ along the
/// fastest dimension (some instruction uses a value that moves with the
/// fastest local id; otherwise the items would all compute the same thing,
/// as in a single_task), and none of its accesses steps one element per
/// iteration at an address that moves with that id (`a[gid * n + k]`: such
/// a loop vectorizes well as it is, and turned inside out would gather).
bool paysToTurn(const Loop &L, ScalarEvolution &SE,
                const DenseSet<const Value *> &Moving) {
  const DataLayout &DL = L.getHeader()->getDataLayout();
  bool UsesMoving = false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      UsesMoving |= any_of(I.operands(),
                           [&](const Use &Op) { return Moving.contains(Op); });
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr || !Moving.contains(Ptr))
        continue;
      const auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Ptr));
      if (!Rec || Rec->getLoop() != &L)
        continue;
      const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
      TypeSize Size = DL.getTypeStoreSize(getLoadStoreType(&I));
      if (Step && !Size.isScalable() &&
          Step->getAPInt().abs() == Size.getFixedValue())
        return false;
    }
  return UsesMoving;
}

FunctionCallee barrierFunction(Module &M) {
  LLVMContext &Ctx = M.getContext();
  auto *I32 = Type::getInt32Ty(Ctx);
  FunctionCallee Barrier = M.getOrInsertFunction(
      "__lanes_barrier",
      FunctionType::get(Type::getVoidTy(Ctx),
                        {I32, PointerType::getUnqual(Ctx), I32}, false));
  auto *F = cast<Function>(Barrier.getCallee());
  F->addFnAttr(Attribute::Convergent);
  F->addFnAttr(Attribute::NoUnwind);
  return Barrier;
}

} // namespace

PreservedAnalyses ImplicitLoopBarriersPass::run(Function &F,
                                                FunctionAnalysisManager &AM) {
  if (!isWorkGroupFunction(F))
    return PreservedAnalyses::all();
  const LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  const WorkItemShape &Shape = AM.getResult<WorkItemShapeAnalysis>(F);
  ScalarEvolution &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  DenseSet<const Value *> Moving = followFastestId(F);
  SmallVector<BasicBlock *, 4> Headers;
  for (const Loop *L : LI.getLoopsInPreorder())
    if (L->isInnermost() && !hasBarrier(*L) && runsInLockstep(*L, Shape) &&
        paysToTurn(*L, SE, Moving))
      Headers.push_back(L->getHeader());
  if (Headers.empty())
    return PreservedAnalyses::all();

  FunctionCallee Barrier = barrierFunction(*F.getParent());
  for (BasicBlock *Header : Headers) {
    IRBuilder<> B(Header, Header->getFirstInsertionPt());
    CallInst *Call = B.CreateCall(
        Barrier, {B.getInt32(0), ConstantPointerNull::get(B.getPtrTy()),
                  B.getInt32(0)});
    Call->setMetadata(ImplicitBarrierMD, MDNode::get(F.getContext(), {}));
    ++NumImplicit;
  }
  return PreservedAnalyses::none();
}

} // namespace lanes
