//===- MergeBarrierCopies.cpp - One call per source barrier ---------------===//
//
/// \file
/// Implements `lanes-merge-barrier-copies`; see MergeBarrierCopies.h.
//
//===----------------------------------------------------------------------===//
#include "MergeBarrierCopies.h"

#include "../Analysis/LanesIR.h"
#include "../Analysis/WorkItemShape.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

#include <tuple>

using namespace llvm;

#define DEBUG_TYPE "lanes-merge-barrier-copies"

STATISTIC(NumMerged, "Barrier copies merged into another copy");

namespace lanes {
namespace {

/// Moves `I` (before `I`, after `I`) into a block of its own.
BasicBlock *isolate(Instruction *I, const Twine &Name) {
  auto *NoDTU = static_cast<DomTreeUpdater *>(nullptr);
  BasicBlock *Block = SplitBlock(I->getParent(), I, NoDTU, nullptr, nullptr,
                                 Name);
  SplitBlock(Block, I->getNextNode(), NoDTU, nullptr, nullptr,
             "after." + Name);
  return Block;
}

/// Makes copy 0 of a barrier or collective the only one. Copy N's
/// predecessor branches to it with N in a PHI, and a switch on that PHI
/// after the call goes on where copy N went on. Arguments that differ
/// between copies (a collective's operand) arrive through PHIs, and uses of
/// copy N's result use copy 0's.
void merge(ArrayRef<CallInst *> Copies) {
  BasicBlock *Merged = isolate(Copies[0], "barrier.merged");
  BasicBlock *First = Merged->getSinglePredecessor();
  auto *Resume = Merged->getTerminator();
  IRBuilder<> B(Merged, Merged->begin());
  PHINode *Which =
      B.CreatePHI(B.getInt32Ty(), Copies.size(), "barrier.copy");
  Which->addIncoming(B.getInt32(0), First);
  SmallVector<std::pair<unsigned, PHINode *>, 2> Operands;
  for (Use &Arg : Copies[0]->args()) {
    if (all_of(Copies, [&](CallInst *Copy) {
          return Copy->getOperand(Arg.getOperandNo()) == Arg.get();
        }))
      continue;
    PHINode *Phi = B.CreatePHI(Arg->getType(), Copies.size(), "merged.arg");
    Phi->addIncoming(Arg.get(), First);
    Operands.push_back({Arg.getOperandNo(), Phi});
    Arg.set(Phi);
  }
  B.SetInsertPoint(Resume);
  SwitchInst *Switch =
      B.CreateSwitch(Which, Resume->getSuccessor(0), Copies.size() - 1);
  Resume->eraseFromParent();

  for (unsigned N = 1; N < Copies.size(); ++N) {
    BasicBlock *Copy = isolate(Copies[N], "barrier.copy");
    BasicBlock *Before = Copy->getSinglePredecessor();
    Before->getTerminator()->replaceUsesOfWith(Copy, Merged);
    Which->addIncoming(B.getInt32(N), Before);
    for (auto [No, Phi] : Operands)
      Phi->addIncoming(Copies[N]->getOperand(No), Before);
    Copies[N]->replaceAllUsesWith(Copies[0]);
    Switch->addCase(B.getInt32(N), Copy->getTerminator()->getSuccessor(0));
    DeleteDeadBlock(Copy);
    ++NumMerged;
  }
}

/// Gives every use that its definition no longer dominates a PHI web.
void repairSSA(Function &F) {
  DominatorTree DT(F);
  SmallVector<Use *, 8> Broken;
  for (Instruction &I : instructions(F)) {
    Broken.clear();
    for (Use &U : I.uses())
      if (!DT.dominates(&I, U))
        Broken.push_back(&U);
    if (Broken.empty())
      continue;
    SSAUpdater SSA;
    SSA.Initialize(I.getType(), I.getName());
    SSA.AddAvailableValue(I.getParent(), &I);
    for (Use *U : Broken)
      SSA.RewriteUse(*U);
  }
}

} // namespace

PreservedAnalyses MergeBarrierCopiesPass::run(Function &F,
                                              FunctionAnalysisManager &AM) {
  if (!isWorkGroupFunction(F))
    return PreservedAnalyses::all();
  const WorkItemShape &Shape = AM.getResult<WorkItemShapeAnalysis>(F);
  const LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  // Copies call the same builtin in the same loop with the same fence or
  // operation, file and line.
  using Key = std::tuple<const Loop *, Value *, Value *, Value *, Value *>;
  MapVector<Key, SmallVector<CallInst *, 2>> Copies;
  for (Instruction &I : instructions(F)) {
    Builtin B = getBuiltin(&I);
    if (!isGroupSync(B))
      continue;
    auto *Call = cast<CallInst>(&I);
    unsigned N = Call->arg_size();
    Value *FenceOrOp = B == Builtin::Barrier || B == Builtin::SubGroupBarrier ||
                               hasCollectiveOp(B)
                           ? Call->getArgOperand(0)
                           : nullptr;
    Copies[{LI.getLoopFor(Call->getParent()), Call->getCalledOperand(),
            FenceOrOp, Call->getArgOperand(N - 2), Call->getArgOperand(N - 1)}]
        .push_back(Call);
  }

  SmallVector<ArrayRef<CallInst *>, 2> Apart;
  for (const auto &[_, Calls] : Copies)
    if (Calls.size() > 1 && any_of(Calls, [&](const CallInst *Call) {
          return Shape.isInDivergentRegion(Call->getParent());
        }))
      Apart.push_back(Calls);
  if (Apart.empty())
    return PreservedAnalyses::all();
  for (ArrayRef<CallInst *> Calls : Apart)
    merge(Calls);
  repairSSA(F);
  return PreservedAnalyses::none();
}

} // namespace lanes
