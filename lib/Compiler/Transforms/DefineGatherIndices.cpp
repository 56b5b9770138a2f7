//===- DefineGatherIndices.cpp - Gathers without undefined indices --------===//
//
/// \file
/// Implements `lanes-define-gather-indices`; see DefineGatherIndices.h.
//
//===----------------------------------------------------------------------===//
#include "DefineGatherIndices.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-define-gather-indices"

STATISTIC(NumDefined, "Masked gathers given defined indices in off lanes");

namespace lanes {
namespace {

/// V where Mask is true, zero where it is false. An extended index is
/// defined before its extension, so that the back end still sees how
/// narrow it is; a masked load under the same mask gets a zero
/// pass-through instead of a select (x86 loads it zero-masked either way).
Value *maskedOrZero(Value *V, Value *Mask, IRBuilder<> &B) {
  Constant *Zero = Constant::getNullValue(V->getType());
  if (auto *Load = dyn_cast<IntrinsicInst>(V);
      Load && Load->getIntrinsicID() == Intrinsic::masked_load &&
      Load->getArgOperand(2) == Mask) {
    Value *PassThru = Load->getArgOperand(3);
    if (isa<UndefValue>(PassThru))
      Load->setArgOperand(3, Zero);
    if (isa<UndefValue>(PassThru) || match(PassThru, m_Zero()))
      return V;
  }
  if (isa<SExtInst>(V) || isa<ZExtInst>(V)) {
    auto *Ext = cast<CastInst>(V);
    Value *Narrow = Ext->getOperand(0);
    Value *Defined = maskedOrZero(Narrow, Mask, B);
    if (Defined == Narrow)
      return V;
    Instruction *Copy = Ext->clone();
    Copy->setOperand(0, Defined);
    return B.Insert(Copy);
  }
  return B.CreateSelect(Mask, V, Zero);
}

/// The position of the only vector index of GEP, whose base is one pointer:
/// the address the back end turns into base + vector index; or 0.
unsigned vectorIndex(const GetElementPtrInst &GEP) {
  if (GEP.getPointerOperandType()->isVectorTy())
    return 0;
  unsigned Found = 0;
  for (unsigned I = 1, E = GEP.getNumOperands(); I != E; ++I)
    if (GEP.getOperand(I)->getType()->isVectorTy()) {
      if (Found)
        return 0;
      Found = I;
    }
  return Found;
}

bool defineIndices(IntrinsicInst &Gather, const TargetTransformInfo &TTI) {
  Value *Addresses = Gather.getArgOperand(0);
  Value *Mask = Gather.getArgOperand(2);
  MaybeAlign Alignment(
      cast<ConstantInt>(Gather.getArgOperand(1))->getZExtValue());
  if (match(Mask, m_AllOnes()) || getSplatValue(Addresses) ||
      !TTI.isLegalMaskedGather(Gather.getType(), Alignment.valueOrOne()))
    return false;
  IRBuilder<> B(&Gather);
  auto *GEP = dyn_cast<GetElementPtrInst>(Addresses);
  if (unsigned Index = GEP ? vectorIndex(*GEP) : 0) {
    Value *Defined = maskedOrZero(GEP->getOperand(Index), Mask, B);
    if (Defined != GEP->getOperand(Index)) {
      auto *Copy = cast<GetElementPtrInst>(GEP->clone());
      Copy->setOperand(Index, Defined);
      Gather.setArgOperand(0, B.Insert(Copy));
      if (GEP->use_empty())
        GEP->eraseFromParent();
    }
  } else {
    Gather.setArgOperand(0, maskedOrZero(Addresses, Mask, B));
  }
  ++NumDefined;
  return true;
}

} // namespace

PreservedAnalyses DefineGatherIndicesPass::run(Function &F,
                                               FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
  SmallVector<IntrinsicInst *, 16> Gathers;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<IntrinsicInst>(&I);
        Call && Call->getIntrinsicID() == Intrinsic::masked_gather)
      Gathers.push_back(Call);
  bool Changed = false;
  for (IntrinsicInst *Gather : Gathers)
    Changed |= defineIndices(*Gather, TTI);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
