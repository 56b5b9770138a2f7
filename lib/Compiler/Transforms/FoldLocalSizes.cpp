//===- FoldLocalSizes.cpp - Constant local sizes -------------------------===//
//
/// \file
/// Implements `lanes-fold-local-sizes`; see FoldLocalSizes.h.
//
//===----------------------------------------------------------------------===//
#include "FoldLocalSizes.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-fold-local-sizes"

STATISTIC(NumFolded, "Local-size and local-id queries folded to constants");

namespace lanes {

PreservedAnalyses FoldLocalSizesPass::run(Function &F,
                                          FunctionAnalysisManager &) {
  std::optional<LocalSize> Size;
  if (isWorkGroupFunction(F))
    Size = fixedLocalSize(F);
  if (!Size)
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    Builtin B = getBuiltin(&I);
    if (B != Builtin::LocalSize && B != Builtin::LocalId)
      continue;
    auto *Dim = dyn_cast<ConstantInt>(cast<CallInst>(I).getArgOperand(0));
    if (!Dim)
      continue;
    // Beyond the third dimension a size is 1, as lanes-work-item-loops has it.
    uint64_t D = Dim->getZExtValue();
    uint64_t Extent = D < 3 ? (*Size)[D] : 1;
    if (B == Builtin::LocalId && Extent > 1)
      continue;
    // A size, or the id in a dimension of size 1 (always 0).
    I.replaceAllUsesWith(
        ConstantInt::get(I.getType(), B == Builtin::LocalSize ? Extent : 0));
    I.eraseFromParent();
    ++NumFolded;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
