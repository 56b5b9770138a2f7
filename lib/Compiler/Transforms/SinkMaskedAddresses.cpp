//===- SinkMaskedAddresses.cpp - Fold addresses into masked accesses ------===//
//
/// \file
/// Implements `lanes-sink-masked-addresses`; see SinkMaskedAddresses.h.
//
//===----------------------------------------------------------------------===//
#include "SinkMaskedAddresses.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-sink-masked-addresses"

STATISTIC(NumSunk, "Addresses recomputed next to a masked access");

namespace lanes {
namespace {

/// The address operand of a masked load or store, or null.
Use *maskedAddress(Instruction &I) {
  auto *Call = dyn_cast<IntrinsicInst>(&I);
  if (!Call)
    return nullptr;
  switch (Call->getIntrinsicID()) {
  case Intrinsic::masked_load:
    return &Call->getArgOperandUse(0);
  case Intrinsic::masked_store:
    return &Call->getArgOperandUse(1);
  default:
    return nullptr;
  }
}

} // namespace

PreservedAnalyses SinkMaskedAddressesPass::run(Function &F,
                                               FunctionAnalysisManager &) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  // One copy per address and block.
  DenseMap<std::pair<GetElementPtrInst *, BasicBlock *>, Instruction *> Copies;
  SmallSetVector<GetElementPtrInst *, 16> Moved;
  for (Instruction &I : instructions(F)) {
    Use *Address = maskedAddress(I);
    auto *GEP = Address ? dyn_cast<GetElementPtrInst>(Address->get()) : nullptr;
    if (!GEP || GEP->getParent() == I.getParent() ||
        !GEP->hasAllConstantIndices())
      continue;
    // Blocks are walked in order, so the copy precedes the block's later
    // masked accesses too.
    Instruction *&Copy = Copies[{GEP, I.getParent()}];
    if (!Copy) {
      Copy = GEP->clone();
      Copy->insertBefore(&I);
      Moved.insert(GEP);
      ++NumSunk;
    }
    Address->set(Copy);
  }
  for (GetElementPtrInst *GEP : Moved)
    if (GEP->use_empty())
      GEP->eraseFromParent();
  if (Copies.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
