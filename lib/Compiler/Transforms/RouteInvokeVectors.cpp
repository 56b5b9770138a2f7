//===- RouteInvokeVectors.cpp - Vectors of invokes past their block -------===//
//
/// \file
/// Implements `lanes-route-invoke-vectors`; see RouteInvokeVectors.h.
//
//===----------------------------------------------------------------------===//
#include "RouteInvokeVectors.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-route-invoke-vectors"

STATISTIC(NumRouted, "Vector results of invokes routed through a bitcast");

namespace lanes {

PreservedAnalyses RouteInvokeVectorsPass::run(Function &F,
                                              FunctionAnalysisManager &) {
  SmallVector<InvokeInst *, 4> Invokes;
  for (BasicBlock &BB : F) {
    auto *Invoke = dyn_cast<InvokeInst>(BB.getTerminator());
    auto *Type =
        Invoke ? dyn_cast<FixedVectorType>(Invoke->getType()) : nullptr;
    // Vectors of pointers cannot be bitcast to an integer; C++ code does
    // not return them.
    if (Type && !Type->getElementType()->isPointerTy() && !Invoke->use_empty())
      Invokes.push_back(Invoke);
  }
  if (Invokes.empty())
    return PreservedAnalyses::all();
  const DataLayout &DL = F.getDataLayout();
  for (InvokeInst *Invoke : Invokes) {
    // Every use of the result lies past the normal edge, so the new block
    // on it dominates them all.
    BasicBlock *Normal =
        SplitEdge(Invoke->getParent(), Invoke->getNormalDest());
    IRBuilder<> Builder(Normal->getTerminator());
    Type *Type = Invoke->getType();
    Value *Bits = Builder.CreateBitCast(
        Invoke, Builder.getIntNTy(DL.getTypeSizeInBits(Type)),
        Invoke->getName() + ".bits");
    Value *Result = Builder.CreateBitCast(Bits, Type, Invoke->getName());
    Invoke->replaceUsesWithIf(Result,
                              [&](Use &U) { return U.getUser() != Bits; });
    ++NumRouted;
  }
  return PreservedAnalyses::none();
}

} // namespace lanes
