//===- DropUnreadStores.cpp - Stores to group memory nothing reads --------===//
//
/// \file
/// Implements `lanes-drop-unread-stores`; see DropUnreadStores.h.
//
//===----------------------------------------------------------------------===//
#include "DropUnreadStores.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-drop-unread-stores"

STATISTIC(NumDropped, "Stores to local memory or loop state nothing reads");

namespace lanes {
namespace {

using ValueSet = SmallPtrSet<Value *, 8>;

bool isLoopStateCall(const Value *U) {
  const auto *Call = dyn_cast<CallInst>(U);
  return Call && Call->getCalledFunction() &&
         Call->getCalledFunction()->getName() == LoopStateFn;
}

/// Collects in Bases the loads of the context's local_memory field, the
/// __lanes_loop_state call and any __lanes_local_memory call left; false
/// when the context has another use.
bool findBases(Function &F, ValueSet &Bases) {
  for (Instruction &I : instructions(F))
    if (getBuiltin(&I) == Builtin::LocalMemory)
      Bases.insert(&I);
  const DataLayout &DL = F.getDataLayout();
  int64_t Field = DL.getStructLayout(groupContextType(F.getContext()))
                      ->getElementOffset(LocalMemoryField);
  int64_t FieldEnd = Field + DL.getPointerSize();
  SmallVector<std::pair<Value *, int64_t>, 8> Work{{F.getArg(1), 0}};
  while (!Work.empty()) {
    auto [V, Offset] = Work.pop_back_val();
    for (User *U : V->users()) {
      if (auto *GEP = dyn_cast<GEPOperator>(U)) {
        APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (!GEP->accumulateConstantOffset(DL, Off))
          return false;
        Work.push_back({GEP, Offset + Off.getSExtValue()});
      } else if (auto *Load = dyn_cast<LoadInst>(U)) {
        int64_t End = Offset + DL.getTypeStoreSize(Load->getType());
        if (Offset == Field && End == FieldEnd)
          Bases.insert(Load);
        else if (Offset < FieldEnd && Field < End)
          return false;
      } else if (isLoopStateCall(U) && Offset == 0) {
        Bases.insert(U);
      } else {
        return false;
      }
    }
  }
  return true;
}

/// Whether U is the address of a store, masked store or scatter.
bool isStoreAddress(const Use &U) {
  if (const auto *Store = dyn_cast<StoreInst>(U.getUser()))
    return Store->isSimple() &&
           U.getOperandNo() == StoreInst::getPointerOperandIndex();
  const auto *Call = dyn_cast<IntrinsicInst>(U.getUser());
  return Call &&
         (Call->getIntrinsicID() == Intrinsic::masked_store ||
          Call->getIntrinsicID() == Intrinsic::masked_scatter) &&
         U.getOperandNo() == 1;
}

/// The address W writes, or for a scatter of a GEP of one base with vector
/// indices, that base.
Value *writtenAddress(Instruction &W) {
  if (auto *Store = dyn_cast<StoreInst>(&W))
    return Store->getPointerOperand();
  Value *Address = W.getOperand(1);
  auto *GEP = dyn_cast<GetElementPtrInst>(Address);
  return GEP && GEP->getPointerOperandType()->isPointerTy()
             ? GEP->getPointerOperand()
             : Address;
}

/// Whether the memory behind Bases is only ever written, collecting the
/// writes in Writes.
bool onlyWritten(const ValueSet &Bases,
                 SmallVectorImpl<Instruction *> &Writes) {
  SmallVector<Value *, 16> Work(Bases.begin(), Bases.end());
  ValueSet Seen(Bases);
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      auto *I = cast<Instruction>(U.getUser());
      if (isa<GetElementPtrInst, PHINode, SelectInst, BitCastInst,
              AddrSpaceCastInst>(I)) {
        if (Seen.insert(I).second)
          Work.push_back(I);
      } else if (isStoreAddress(U)) {
        Writes.push_back(I);
      } else if (!isa<ICmpInst>(I)) {
        return false;
      }
    }
  }
  return true;
}

/// Whether some call may read memory other than through its arguments
/// (which onlyWritten() checked; a gather's are a vector of them).
bool callsMayReadElsewhere(Function &F, const ValueSet &Bases) {
  return any_of(instructions(F), [&](Instruction &I) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || Bases.contains(Call) ||
        match(Call, m_Intrinsic<Intrinsic::masked_gather>()))
      return false;
    MemoryEffects Elsewhere =
        Call->getMemoryEffects()
            .getWithoutLoc(IRMemLocation::ArgMem)
            .getWithoutLoc(IRMemLocation::InaccessibleMem);
    return isRefSet(Elsewhere.getModRef());
  });
}

bool dropUnreadStores(Function &F) {
  ValueSet Bases;
  SmallVector<Instruction *, 16> Writes;
  if (F.arg_size() < 2 || !findBases(F, Bases) || Bases.empty() ||
      !onlyWritten(Bases, Writes) || callsMayReadElsewhere(F, Bases))
    return false;
  SmallVector<WeakTrackingVH, 1> LoopState;
  for (Value *Base : Bases)
    if (isLoopStateCall(Base))
      LoopState.push_back(Base);
  bool Changed = false;
  for (Instruction *W : Writes) {
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(writtenAddress(*W), Objects, /*LI=*/nullptr,
                         /*MaxLookup=*/0);
    if (!all_of(Objects, [&](const Value *O) { return Bases.contains(O); }))
      continue;
    SmallVector<WeakTrackingVH, 4> Operands(W->operands());
    W->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructionsPermissive(Operands);
    ++NumDropped;
    Changed = true;
  }
  // The runtime only hands out the memory: a call nothing uses is dead.
  for (WeakTrackingVH &Call : LoopState)
    if (Call && Call->use_empty()) {
      cast<Instruction>(Call)->eraseFromParent();
      Changed = true;
    }
  return Changed;
}

} // namespace

PreservedAnalyses DropUnreadStoresPass::run(Function &F,
                                            FunctionAnalysisManager &) {
  if (!isLoweredWorkGroupFunction(F) || !dropUnreadStores(F))
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
