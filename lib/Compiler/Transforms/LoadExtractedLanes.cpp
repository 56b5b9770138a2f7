//===- LoadExtractedLanes.cpp - Lanes of a loaded vector as loads ---------===//
//
/// \file
/// Implements `lanes-load-extracted-lanes`; see LoadExtractedLanes.h.
//
//===----------------------------------------------------------------------===//
#include "LoadExtractedLanes.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-load-extracted-lanes"

STATISTIC(NumLoadsSplit, "Vector loads whose extracted lanes are loaded alone");

namespace lanes {
namespace {

/// Whether nothing from `From` to `To`, in one block, may write memory.
bool noWritesBetween(const Instruction &From, const Instruction &To) {
  for (const Instruction *I = &From; I != &To; I = I->getNextNode())
    if (I->mayWriteToMemory())
      return false;
  return true;
}

/// Whether every use of V extracts one of its lanes, a constant one, in
/// V's block, with nothing between V and the extract that may write memory.
bool onlyExtractedNearby(const Instruction &V) {
  unsigned Lanes = cast<FixedVectorType>(V.getType())->getNumElements();
  return !V.use_empty() && all_of(V.users(), [&](const User *U) {
    const auto *Extract = dyn_cast<ExtractElementInst>(U);
    const auto *Lane =
        Extract ? dyn_cast<ConstantInt>(Extract->getIndexOperand()) : nullptr;
    return Lane && Lane->getValue().ult(Lanes) &&
           Extract->getParent() == V.getParent() &&
           noWritesBetween(V, *Extract);
  });
}

/// Replaces each extract of `Load` (or of its extension `Ext`, when not
/// null) by a load of that lane alone, extended as `Ext` does.
void loadLanes(LoadInst &Load, CastInst *Ext) {
  Instruction &Vector = Ext ? *static_cast<Instruction *>(Ext) : Load;
  Type *Element = Load.getType()->getScalarType();
  const DataLayout &DL = Load.getDataLayout();
  uint64_t Size = DL.getTypeStoreSize(Element);
  for (User *U : make_early_inc_range(Vector.users())) {
    auto *Extract = cast<ExtractElementInst>(U);
    uint64_t Lane =
        cast<ConstantInt>(Extract->getIndexOperand())->getZExtValue();
    IRBuilder<> B(Extract);
    Value *Address = B.CreateConstInBoundsGEP1_64(
        Element, Load.getPointerOperand(), Lane, "lane.address");
    LoadInst *One = B.CreateAlignedLoad(
        Element, Address, commonAlignment(Load.getAlign(), Lane * Size),
        "lane");
    One->copyMetadata(Load,
                      {LLVMContext::MD_tbaa, LLVMContext::MD_alias_scope,
                       LLVMContext::MD_noalias, LLVMContext::MD_access_group,
                       LLVMContext::MD_nontemporal});
    Value *Scalar = One;
    if (Ext)
      Scalar = B.CreateCast(Ext->getOpcode(), One, Extract->getType());
    Scalar->takeName(Extract);
    Extract->replaceAllUsesWith(Scalar);
    Extract->eraseFromParent();
  }
  if (Ext)
    Ext->eraseFromParent();
  Load.eraseFromParent();
}

} // namespace

PreservedAnalyses LoadExtractedLanesPass::run(Function &F,
                                              FunctionAnalysisManager &) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  const DataLayout &DL = F.getDataLayout();
  SmallVector<std::pair<LoadInst *, CastInst *>, 8> Split;
  for (Instruction &I : instructions(F)) {
    auto *Load = dyn_cast<LoadInst>(&I);
    auto *VecTy = Load ? dyn_cast<FixedVectorType>(Load->getType()) : nullptr;
    if (!VecTy || !Load->isSimple() ||
        !DL.typeSizeEqualsStoreSize(VecTy->getElementType()) ||
        DL.getTypeSizeInBits(VecTy->getElementType()) % 8)
      continue;
    // The lanes are extracted from the load or from its one extension.
    auto *Ext =
        Load->hasOneUse() ? dyn_cast<CastInst>(Load->user_back()) : nullptr;
    if (!isa_and_present<SExtInst, ZExtInst>(Ext) ||
        Ext->getParent() != Load->getParent() || !noWritesBetween(*Load, *Ext))
      Ext = nullptr;
    if (onlyExtractedNearby(Ext ? *static_cast<Instruction *>(Ext) : *Load))
      Split.push_back({Load, Ext});
  }
  for (auto [Load, Ext] : Split)
    loadLanes(*Load, Ext);
  NumLoadsSplit += Split.size();
  if (Split.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
