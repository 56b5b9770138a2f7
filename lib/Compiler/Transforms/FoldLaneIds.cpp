//===- FoldLaneIds.cpp - Constant lane ids in vectorized loops ------------===//
//
/// \file
/// Implements `lanes-fold-lane-ids`; see FoldLaneIds.h.
///
/// A vector phi with a constant start C and a latch value `phi + splat(S)`
/// holds C + i * S in iteration i. For a mask m = 2^k - 1 with 2^k dividing
/// S, (C + i * S) & m = C & m in every iteration. Only a change is followed
/// by InstCombine, on the function, to fold what depends on the constants.
//
//===----------------------------------------------------------------------===//
#include "FoldLaneIds.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-fold-lane-ids"

STATISTIC(NumFolded, "Masks of vector induction variables made constant");

namespace lanes {
namespace {

/// The constant start C and the step S of \p Phi when it is `phi [C],
/// [Phi + splat(S)]`; null otherwise.
std::pair<Constant *, const APInt *> matchVectorInduction(PHINode &Phi) {
  if (!Phi.getType()->isIntOrIntVectorTy() || !Phi.getType()->isVectorTy() ||
      Phi.getNumIncomingValues() != 2)
    return {nullptr, nullptr};
  for (unsigned I : {0u, 1u}) {
    auto *Start = dyn_cast<Constant>(Phi.getIncomingValue(I));
    const APInt *Step;
    if (Start && match(Phi.getIncomingValue(1 - I),
                       m_c_Add(m_Specific(&Phi), m_APInt(Step))))
      return {Start, Step};
  }
  return {nullptr, nullptr};
}

/// Replaces each `and Phi, splat(m)` whose result does not change from
/// iteration to iteration by its constant.
bool foldMasks(PHINode &Phi) {
  auto [Start, Step] = matchVectorInduction(Phi);
  if (!Start)
    return false;
  bool Changed = false;
  for (User *U : make_early_inc_range(Phi.users())) {
    const APInt *Mask;
    auto *And = dyn_cast<BinaryOperator>(U);
    if (!And || !match(And, m_c_And(m_Specific(&Phi), m_APInt(Mask))) ||
        !(*Mask + 1).isPowerOf2() ||
        Step->countr_zero() < (*Mask + 1).logBase2())
      continue;
    Constant *Lanes = ConstantFoldBinaryOpOperands(
        Instruction::And, Start, ConstantInt::get(Phi.getType(), *Mask),
        Phi.getDataLayout());
    if (!Lanes)
      continue;
    And->replaceAllUsesWith(Lanes);
    And->eraseFromParent();
    ++NumFolded;
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses FoldLaneIdsPass::run(Function &F,
                                       FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (BasicBlock &BB : F)
    for (PHINode &Phi : make_early_inc_range(BB.phis()))
      Changed |= foldMasks(Phi);
  if (!Changed)
    return PreservedAnalyses::all();
  InstCombinePass().run(F, FAM);
  return PreservedAnalyses::none();
}

} // namespace lanes
