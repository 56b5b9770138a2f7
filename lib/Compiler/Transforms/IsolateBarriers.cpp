//===- IsolateBarriers.cpp - One barrier per block ------------------------===//
//
/// \file
/// Implements `lanes-isolate-barriers`; see IsolateBarriers.h.
//
//===----------------------------------------------------------------------===//
#include "IsolateBarriers.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-isolate-barriers"

STATISTIC(NumBarriers, "Barriers isolated into barrier blocks");
STATISTIC(NumGathered, "Sub-group collectives moved up to the one before");

namespace lanes {
namespace {

bool isSubGroupCall(const Instruction *I) {
  return I && isSubGroupCollective(getBuiltin(I));
}

/// Whether `V` is available at `At` once the instructions added to `Moves`
/// (operands first) move before `At`: only side-effect-free computations
/// and queries move.
bool availableAt(Value *V, Instruction *At, const DominatorTree &DT,
                 SmallSetVector<Instruction *, 8> &Moves) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Moves.contains(I) || DT.dominates(I, At))
    return true;
  bool Movable =
      isQuery(getBuiltin(I)) ||
      (!isa<PHINode>(I) && !isGroupSync(getBuiltin(I)) &&
       !I->mayReadOrWriteMemory() && isSafeToSpeculativelyExecute(I));
  if (!Movable)
    return false;
  for (Value *Op : I->operands())
    if (!availableAt(Op, At, DT, Moves))
      return false;
  Moves.insert(I);
  return true;
}

/// Whether sub-group collective `Next` may share the barrier block of the
/// run of sub-group collectives from `First` to just before it: it must not
/// read a result of the run.
bool extendsRun(Instruction *First, Instruction *Next) {
  if (!isSubGroupCall(First) || !isSubGroupCall(Next))
    return false;
  for (Instruction *I = First; I != Next; I = I->getNextNode())
    if (is_contained(Next->operands(), I))
      return false;
  return true;
}

/// Moves each sub-group collective up to the run of sub-group collectives
/// before it when every work-item reaching the run reaches it exactly once
/// after (the run dominates it, it post-dominates the run, and it lies on
/// every path around their loop) and its operands can be had at the run's
/// start. A sub-group collective reads nothing but its operands, so it may
/// move past any code; the run then shares one barrier block and one
/// exchange.
void gatherSubGroupCollectives(Function &F, FunctionAnalysisManager &FAM) {
  if (none_of(instructions(F),
              [](Instruction &I) { return isSubGroupCall(&I); }))
    return;
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  ReversePostOrderTraversal<const Function *> ConstRPO(&F);
  if (containsIrreducibleCFG<const BasicBlock *>(ConstRPO, LI))
    return;
  Instruction *First = nullptr, *Last = nullptr; // the current run
  ReversePostOrderTraversal<Function *> RPO(&F);
  for (BasicBlock *BB : RPO) {
    for (Instruction &I : make_early_inc_range(*BB)) {
      if (!isSubGroupCall(&I))
        continue;
      bool Adjacent = Last && Last == I.getPrevNode();
      SmallSetVector<Instruction *, 8> Moves;
      auto CanJoin = [&] {
        Loop *L = LI.getLoopFor(BB);
        SmallVector<BasicBlock *, 2> Latches;
        if (L)
          L->getLoopLatches(Latches);
        return LI.getLoopFor(First->getParent()) == L &&
               DT.dominates(Last, &I) &&
               PDT.dominates(BB, First->getParent()) &&
               all_of(Latches,
                      [&](BasicBlock *Latch) {
                        return DT.dominates(BB, Latch);
                      }) &&
               all_of(I.operands(), [&](Value *Op) {
                 return availableAt(Op, First, DT, Moves);
               });
      };
      if (Adjacent && extendsRun(First, &I)) {
        // Already in the run.
      } else if (Last && !Adjacent && CanJoin()) {
        for (Instruction *Move : Moves)
          Move->moveBefore(First);
        I.moveAfter(Last);
        ++NumGathered;
      } else {
        First = &I;
      }
      Last = &I;
    }
  }
}

} // namespace

PreservedAnalyses IsolateBarriersPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  if (!isWorkGroupFunction(F))
    return PreservedAnalyses::all();
  gatherSubGroupCollectives(F, FAM);
  SmallVector<Instruction *, 8> Barriers;
  for (Instruction &I : instructions(F))
    if (isGroupSync(getBuiltin(&I)))
      Barriers.push_back(&I);

  for (unsigned K = 0; K < Barriers.size(); ++K) {
    Instruction *First = Barriers[K], *Last = First;
    while (K + 1 < Barriers.size() && Last->getNextNode() == Barriers[K + 1] &&
           extendsRun(First, Barriers[K + 1]))
      Last = Barriers[++K];
    // Split before the call even when it starts its block, so the barrier
    // block has a single predecessor and never holds PHIs or the entry.
    BasicBlock *Block = SplitBlock(First->getParent(), First,
                                   static_cast<DomTreeUpdater *>(nullptr),
                                   nullptr, nullptr, "barrier");
    SplitBlock(Block, Last->getNextNode(),
               static_cast<DomTreeUpdater *>(nullptr), nullptr, nullptr,
               "after.barrier");
    ++NumBarriers;
  }
  return Barriers.empty() ? PreservedAnalyses::all()
                          : PreservedAnalyses::none();
}

} // namespace lanes
