//===- IsolateBarriers.cpp - One barrier per block ------------------------===//
//
/// \file
/// Implements `lanes-isolate-barriers`; see IsolateBarriers.h.
//
//===----------------------------------------------------------------------===//
#include "IsolateBarriers.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-isolate-barriers"

STATISTIC(NumBarriers, "Barriers isolated into barrier blocks");

namespace lanes {

PreservedAnalyses IsolateBarriersPass::run(Function &F,
                                           FunctionAnalysisManager &) {
  if (!isWorkGroupFunction(F))
    return PreservedAnalyses::all();
  SmallVector<Instruction *, 8> Barriers;
  for (Instruction &I : instructions(F))
    if (isGroupSync(getBuiltin(&I)))
      Barriers.push_back(&I);

  for (Instruction *Barrier : Barriers) {
    // Split before the call even when it starts its block, so the barrier
    // block has a single predecessor and never holds PHIs or the entry.
    BasicBlock *Block = SplitBlock(Barrier->getParent(), Barrier,
                                   static_cast<DomTreeUpdater *>(nullptr),
                                   nullptr, nullptr, "barrier");
    SplitBlock(Block, Barrier->getNextNode(),
               static_cast<DomTreeUpdater *>(nullptr), nullptr, nullptr,
               "after.barrier");
    ++NumBarriers;
  }
  return Barriers.empty() ? PreservedAnalyses::all()
                          : PreservedAnalyses::none();
}

} // namespace lanes
