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
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-fold-local-sizes"

STATISTIC(NumFolded, "Local-size and local-id queries folded to constants");
STATISTIC(NumGlobalIds, "Global ids marked as not wrapping");

namespace lanes {
namespace {

/// True when \p V calls the query \p B of dimension \p Dim.
bool callsQuery(const Value *V, Builtin B, const Value *Dim) {
  auto *Call = dyn_cast<CallInst>(V);
  return Call && getBuiltin(Call) == B && Call->getArgOperand(0) == Dim;
}

/// Marks each `group_id(d) * local_size(d) + local_id(d)` of \p F, the
/// global id as the SYCL headers compute it, nuw: a global id is below the
/// global size, which the runtime keeps below 2^64 (it refuses more work-
/// items), so neither step wraps. A comparison of the global id then
/// holds on one range of local ids (lanes-trim-work-item-loops).
bool markGlobalIds(Function &F) {
  bool Changed = false;
  for (Instruction &Id : instructions(F)) {
    if (getBuiltin(&Id) != Builtin::LocalId)
      continue;
    Value *Dim = cast<CallInst>(Id).getArgOperand(0);
    for (User *U : Id.users()) {
      Value *Base, *Group, *Size;
      if (!match(U, m_c_Add(m_Specific(&Id), m_Value(Base))) ||
          !match(Base, m_c_Mul(m_Value(Group), m_Value(Size))))
        continue;
      if (!callsQuery(Group, Builtin::GroupId, Dim))
        std::swap(Group, Size);
      if (!callsQuery(Group, Builtin::GroupId, Dim) ||
          !callsQuery(Size, Builtin::LocalSize, Dim))
        continue;
      cast<Instruction>(Base)->setHasNoUnsignedWrap(true);
      cast<Instruction>(U)->setHasNoUnsignedWrap(true);
      ++NumGlobalIds;
      Changed = true;
    }
  }
  return Changed;
}

} // namespace

PreservedAnalyses FoldLocalSizesPass::run(Function &F,
                                          FunctionAnalysisManager &) {
  if (!isWorkGroupFunction(F))
    return PreservedAnalyses::all();
  bool Changed = markGlobalIds(F);
  std::optional<LocalSize> Size = fixedLocalSize(F);
  if (!Size)
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
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
