//===- ScalarizeSplatLanes.cpp - Lanes of a splat as scalars --------------===//
//
/// \file
/// Implements `lanes-scalarize-splat-lanes`; see ScalarizeSplatLanes.h.
//
//===----------------------------------------------------------------------===//
#include "ScalarizeSplatLanes.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-scalarize-splat-lanes"

STATISTIC(NumLanes, "Extracted lanes of a splat and a constant made scalar");

namespace lanes {
namespace {

/// Replaces the extracts of constant lanes of `Op`, a binary operator of a
/// splat and a constant vector, by scalar operations; returns how many.
unsigned scalarizeLanes(BinaryOperator &Op) {
  auto *Ty = dyn_cast<FixedVectorType>(Op.getType());
  if (!Ty)
    return 0;
  bool SplatFirst = isa<Constant>(Op.getOperand(1));
  auto *C = dyn_cast<Constant>(Op.getOperand(SplatFirst ? 1 : 0));
  Value *Splat = getSplatValue(Op.getOperand(SplatFirst ? 0 : 1));
  if (!C || !Splat)
    return 0;
  unsigned Count = 0;
  for (User *U : make_early_inc_range(Op.users())) {
    auto *Extract = dyn_cast<ExtractElementInst>(U);
    uint64_t Lane;
    if (!Extract || !match(Extract->getIndexOperand(), m_ConstantInt(Lane)) ||
        Lane >= Ty->getNumElements())
      continue;
    Constant *Element = C->getAggregateElement(Lane);
    if (!Element)
      continue;
    IRBuilder<> B(Extract);
    Value *Scalar = B.CreateBinOp(Op.getOpcode(), SplatFirst ? Splat : Element,
                                  SplatFirst ? Element : Splat);
    if (auto *I = dyn_cast<Instruction>(Scalar))
      I->copyIRFlags(&Op);
    Scalar->takeName(Extract);
    Extract->replaceAllUsesWith(Scalar);
    Extract->eraseFromParent();
    ++Count;
  }
  return Count;
}

} // namespace

PreservedAnalyses ScalarizeSplatLanesPass::run(Function &F,
                                               FunctionAnalysisManager &) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  SmallVector<WeakTrackingVH, 16> Done;
  unsigned Count = 0;
  for (Instruction &I : instructions(F))
    if (auto *Op = dyn_cast<BinaryOperator>(&I))
      if (unsigned N = scalarizeLanes(*Op)) {
        Count += N;
        Done.push_back(Op);
      }
  // The vectors nothing uses any more, and the splats they took.
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Done);
  NumLanes += Count;
  if (!Count)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
