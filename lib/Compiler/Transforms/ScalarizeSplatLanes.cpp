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

/// `splat(Splat) op C`, or `C op splat(Splat)` without SplatFirst.
struct SplatOp {
  Value *Splat;
  Constant *C;
  bool SplatFirst;
};

/// \p V as a SplatOp: a binary operator of a splat and a constant vector.
std::optional<SplatOp> matchSplatOp(Value *V) {
  auto *Op = dyn_cast<BinaryOperator>(V);
  if (!Op || !isa<FixedVectorType>(Op->getType()))
    return std::nullopt;
  bool SplatFirst = isa<Constant>(Op->getOperand(1));
  auto *C = dyn_cast<Constant>(Op->getOperand(SplatFirst ? 1 : 0));
  Value *Splat = getSplatValue(Op->getOperand(SplatFirst ? 0 : 1));
  if (!C || !Splat)
    return std::nullopt;
  return SplatOp{Splat, C, SplatFirst};
}

/// Rewrites \p Phi, whose lanes are extracted, as `splat(s) op C` when it
/// joins `splat(s_i) op C` from every predecessor, the same operator and
/// constant: s is the PHI of the s_i. GVN's PRE makes such PHIs of the
/// lanes' indices where a block is entered with two (sg-spmv's tail, from
/// the full trips or straight from the row's start). Returns whether it
/// did; the PHI is left for the caller to erase.
bool joinSplatOps(PHINode &Phi) {
  if (Phi.getNumIncomingValues() == 0 ||
      none_of(Phi.users(), IsaPred<ExtractElementInst>))
    return false;
  std::optional<SplatOp> S = matchSplatOp(Phi.getIncomingValue(0));
  if (!S)
    return false;
  auto *First = cast<BinaryOperator>(Phi.getIncomingValue(0));
  auto Joins = [&](Value *V) {
    std::optional<SplatOp> Other = matchSplatOp(V);
    return Other &&
           cast<BinaryOperator>(V)->getOpcode() == First->getOpcode() &&
           Other->C == S->C && Other->SplatFirst == S->SplatFirst;
  };
  if (!all_of(Phi.incoming_values(), Joins))
    return false;
  IRBuilder<> B(&Phi);
  PHINode *Scalar = B.CreatePHI(S->Splat->getType(), Phi.getNumIncomingValues(),
                                Phi.getName() + ".splat");
  for (auto [V, From] : zip(Phi.incoming_values(), Phi.blocks()))
    Scalar->addIncoming(matchSplatOp(V)->Splat, From);
  B.SetInsertPoint(Phi.getParent()->getFirstInsertionPt());
  Value *Splat = B.CreateVectorSplat(
      cast<FixedVectorType>(Phi.getType())->getElementCount(), Scalar);
  auto *Op = cast<BinaryOperator>(B.CreateBinOp(First->getOpcode(),
                                                S->SplatFirst ? Splat : S->C,
                                                S->SplatFirst ? S->C : Splat));
  // Flags that every incoming operator has.
  Op->copyIRFlags(First);
  for (Value *V : Phi.incoming_values())
    Op->andIRFlags(V);
  Op->takeName(&Phi);
  Phi.replaceAllUsesWith(Op);
  return true;
}

/// Replaces the extracts of constant lanes of `Op`, a binary operator of a
/// splat and a constant vector, by scalar operations; returns how many.
unsigned scalarizeLanes(BinaryOperator &Op) {
  std::optional<SplatOp> S = matchSplatOp(&Op);
  if (!S)
    return 0;
  auto [Splat, C, SplatFirst] = *S;
  auto *Ty = cast<FixedVectorType>(Op.getType());
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
  SmallVector<PHINode *, 4> Phis;
  for (Instruction &I : instructions(F))
    if (auto *Phi = dyn_cast<PHINode>(&I))
      Phis.push_back(Phi);
  for (PHINode *Phi : Phis)
    if (joinSplatOps(*Phi)) {
      append_range(Done, Phi->incoming_values());
      Phi->eraseFromParent();
    }
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
