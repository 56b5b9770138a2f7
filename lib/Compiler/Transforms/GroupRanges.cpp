//===- GroupRanges.cpp - Work-group functions over runs of groups ---------===//
//
/// \file
/// Implements `lanes-group-ranges`; see GroupRanges.h.
//
//===----------------------------------------------------------------------===//
#include "GroupRanges.h"

#include "../Analysis/LanesIR.h"
#include "Diagnostics.h"
#include "lanes/abi.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <cstddef>

using namespace llvm;

#define DEBUG_TYPE "lanes-group-ranges"

STATISTIC(NumRanged, "Work-group functions made to run a run of groups");
STATISTIC(NumSharedStates, "Loop-state blocks asked for once per run");

namespace lanes {
namespace {

static_assert(offsetof(lanes_wg_ctx, group_id) == 0,
              "the group id in dimension 0 is the context's first field");
constexpr int64_t GroupIdBytes = sizeof(lanes_wg_ctx::group_id[0]);

/// Collects the loads of the group's id in dimension 0 from \p WG's
/// context. Returns false, after a diagnostic, when something else reads
/// those bytes: the loop could not give it the id.
bool findGroupIdLoads(Function &WG, SmallVectorImpl<LoadInst *> &Loads) {
  const DataLayout &DL = WG.getDataLayout();
  const Argument *Ctx = WG.getArg(1);
  for (Instruction &I : instructions(WG)) {
    auto *Load = dyn_cast<LoadInst>(&I);
    if (!Load || getUnderlyingObject(Load->getPointerOperand()) != Ctx)
      continue;
    int64_t Offset;
    const Value *Base =
        constantOffsetBase(Load->getPointerOperand(), DL, Offset);
    if (Base == Ctx && Offset >= GroupIdBytes)
      continue;
    if (Base == Ctx && Offset == 0 && Load->getType()->isIntegerTy(64)) {
      Loads.push_back(Load);
      continue;
    }
    diagnoseKernel(WG, Load,
                   "internal compiler error: the work-group function reads "
                   "its group id in an unexpected way; please report this "
                   "kernel");
    return false;
  }
  return true;
}

/// \p I as a call of the runtime function \p Name, or null.
CallInst *callTo(Instruction &I, StringRef Name) {
  auto *Call = dyn_cast<CallInst>(&I);
  Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == Name ? Call : nullptr;
}

/// Whether the operands of \p I can be computed once before the loop, in
/// \p Entry: each is there already, or is in \p Body, the block every trip
/// starts with, computes without touching memory or loads what does not
/// change during a launch, and its operands can be too. Those to move go
/// to \p Order, operands first.
bool operandsHoistable(Instruction &I, BasicBlock *Body, BasicBlock *Entry,
                       SetVector<Instruction *> &Order) {
  for (Value *Op : I.operands()) {
    auto *OpI = dyn_cast<Instruction>(Op);
    if (!OpI || OpI->getParent() == Entry || Order.contains(OpI))
      continue;
    bool Movable =
        isa<LoadInst>(OpI)
            ? OpI->hasMetadata(LLVMContext::MD_invariant_load)
            : !OpI->mayReadOrWriteMemory() && !OpI->mayHaveSideEffects();
    if (OpI->getParent() != Body || !Movable ||
        !operandsHoistable(*OpI, Body, Entry, Order))
      return false;
    Order.insert(OpI);
  }
  return true;
}

/// Moves the loop-state call of \p Body to the end of \p Entry, with what
/// its size is computed from, when none of that depends on the group.
void shareLoopState(BasicBlock *Body, BasicBlock *Entry) {
  for (Instruction &I : *Body) {
    CallInst *Call = callTo(I, LoopStateFn);
    if (!Call)
      continue;
    SetVector<Instruction *> Order;
    if (!operandsHoistable(*Call, Body, Entry, Order))
      return;
    Order.insert(Call);
    for (Instruction *Moved : Order)
      Moved->moveBefore(Entry->getTerminator());
    ++NumSharedStates;
    return;
  }
}

/// A copy of \p WG's signature with the run's length as a third parameter,
/// which takes over \p WG's body, name, attributes and uses; \p WG is
/// erased.
Function *addCountParameter(Function &WG) {
  LLVMContext &Ctx = WG.getContext();
  auto *Ptr = PointerType::getUnqual(Ctx);
  auto *Ty = FunctionType::get(Type::getVoidTy(Ctx),
                               {Ptr, Ptr, Type::getInt64Ty(Ctx)}, false);
  Function *Run = Function::Create(Ty, WG.getLinkage(), WG.getAddressSpace());
  WG.getParent()->getFunctionList().insert(WG.getIterator(), Run);
  Run->copyAttributesFrom(&WG);
  Run->copyMetadata(&WG, 0);
  Run->takeName(&WG);
  Run->splice(Run->end(), &WG);
  for (unsigned Arg = 0; Arg < 2; ++Arg) {
    WG.getArg(Arg)->replaceAllUsesWith(Run->getArg(Arg));
    Run->getArg(Arg)->takeName(WG.getArg(Arg));
  }
  Run->getArg(2)->setName("count");
  // Lets LICM take any field out of the loop, not only those every group
  // reads.
  Run->addDereferenceableParamAttr(1, sizeof(lanes_wg_ctx));
  WG.replaceAllUsesWith(Run);
  WG.eraseFromParent();
  return Run;
}

/// Makes each divergent barrier report in \p Run name the group \p Id
/// (the runtime reads it from the context) and end the run there, when the
/// report is followed by a jump (SimplifyCFG may have merged its return
/// with the others).
void stopAtReports(Function &Run, PHINode *Id) {
  SmallVector<CallInst *, 2> Reports;
  for (Instruction &I : instructions(Run))
    if (CallInst *Call = callTo(I, DivergentBarrierFn))
      Reports.push_back(Call);
  for (CallInst *Report : Reports) {
    new StoreInst(Id, Run.getArg(1), /*isVolatile=*/false, Align(8), Report);
    auto *Jump = dyn_cast<BranchInst>(Report->getNextNode());
    if (!Jump || Jump->isConditional())
      continue;
    BasicBlock *BB = Report->getParent();
    Jump->getSuccessor(0)->removePredecessor(BB);
    Jump->eraseFromParent();
    ReturnInst::Create(Run.getContext(), BB);
  }
}

/// Wraps the body of \p Run (as addCountParameter left it) in the loop
/// over its groups; \p GroupIdLoads become the loop's counter, and the
/// loop-state block is asked for once when it can be.
void buildRunLoop(Function &Run, ArrayRef<LoadInst *> GroupIdLoads) {
  LLVMContext &Ctx = Run.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Argument *CtxArg = Run.getArg(1);
  BasicBlock *Body = &Run.getEntryBlock();
  SmallVector<ReturnInst *, 4> Returns;
  for (BasicBlock &BB : Run)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(Ret);

  auto *Entry = BasicBlock::Create(Ctx, "run.entry", &Run, Body);
  auto *Header = BasicBlock::Create(Ctx, "group", &Run, Body);
  auto *Latch = BasicBlock::Create(Ctx, "next.group", &Run);
  auto *End = BasicBlock::Create(Ctx, "run.end", &Run);
  for (Instruction &I : make_early_inc_range(*Body))
    if (isa<AllocaInst>(I))
      I.moveBefore(*Entry, Entry->end());
  IRBuilder<> B(Entry);
  Value *First = B.CreateAlignedLoad(I64, CtxArg, Align(8), "group.id.first");
  Value *Last = B.CreateAdd(First, Run.getArg(2), "group.id.end",
                            /*HasNUW=*/true);
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  PHINode *Id = B.CreatePHI(I64, 2);
  B.CreateBr(Body);
  B.SetInsertPoint(Latch);
  Value *Next = B.CreateAdd(Id, B.getInt64(1), "group.id.next",
                            /*HasNUW=*/true);
  B.CreateCondBr(B.CreateICmpULT(Next, Last, "more.groups"), Header, End);
  ReturnInst::Create(Ctx, End);
  Id->addIncoming(First, Entry);
  Id->addIncoming(Next, Latch);

  for (LoadInst *Load : GroupIdLoads) {
    Load->replaceAllUsesWith(Id);
    Load->eraseFromParent();
  }
  Id->setName("group.id.0"); // the loads' name, now free
  for (ReturnInst *Ret : Returns) {
    BranchInst::Create(Latch, Ret);
    Ret->eraseFromParent();
  }
  stopAtReports(Run, Id);
  shareLoopState(Body, Entry);
}

} // namespace

PreservedAnalyses GroupRangesPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 8> Lowered;
  for (Function &F : M)
    if (isLoweredWorkGroupFunction(F) && F.arg_size() == 2)
      Lowered.push_back(&F);
  bool Changed = false;
  for (Function *WG : Lowered) {
    SmallVector<LoadInst *, 4> GroupIdLoads;
    if (!findGroupIdLoads(*WG, GroupIdLoads))
      continue;
    Function *Run = addCountParameter(*WG);
    buildRunLoop(*Run, GroupIdLoads);
    Changed = true;
    ++NumRanged;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
