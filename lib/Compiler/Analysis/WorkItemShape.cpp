//===- WorkItemShape.cpp - Which values are the same for a whole group ----===//
//
/// \file
/// Implements WorkItemShape; see WorkItemShape.h for the rules.
//
//===----------------------------------------------------------------------===//
#include "WorkItemShape.h"

#include "LanesIR.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lanes {

AnalysisKey WorkItemShapeAnalysis::Key;

WorkItemShape::WorkItemShape(Function &F) : PDT(F) {
  if (F.arg_size() > 0)
    KernelObject = F.getArg(0);
  while (propagate(F)) {
  }
}

bool WorkItemShape::isUniform(const Value *V) const {
  return !Varying.contains(V);
}

bool WorkItemShape::isSeedVarying(const Instruction &I) const {
  switch (getBuiltin(&I)) {
  case Builtin::LocalId:
  case Builtin::Barrier:
  case Builtin::GroupScanInclusive:
  case Builtin::GroupScanExclusive:
  case Builtin::SubGroupReduce:
  case Builtin::SubGroupScanInclusive:
  case Builtin::SubGroupScanExclusive:
  case Builtin::SubGroupShuffle:
    return true;
  case Builtin::None:
    break;
  default:
    return false;
  }
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isVolatile() || Load->isAtomic() ||
           getUnderlyingObject(Load->getPointerOperand()) != KernelObject;
  if (const auto *Call = dyn_cast<CallBase>(&I))
    return !Call->doesNotAccessMemory() || Call->isConvergent();
  // Allocas are private to each work-item, and so is what they point to.
  return isa<AllocaInst>(I) || I.mayReadOrWriteMemory();
}

/// Taints the blocks where paths from a varying branch in `Branch` may meet
/// again: everything reachable from it up to and including its immediate
/// post-dominator (all reachable blocks when paths only meet at exits).
bool WorkItemShape::markDivergentRegion(BasicBlock &Branch) {
  DomTreeNode *Node = PDT.getNode(&Branch);
  BasicBlock *Join =
      Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  bool Changed = false;
  SmallPtrSet<BasicBlock *, 32> Seen;
  SmallVector<BasicBlock *, 16> Worklist(successors(&Branch));
  while (!Worklist.empty()) {
    BasicBlock *BB = Worklist.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    Changed |= DivergentJoins.insert(BB).second;
    if (BB == Join)
      continue;
    DivergentBlocks.insert(BB);
    append_range(Worklist, successors(BB));
  }
  return Changed;
}

/// One sweep of the rules; returns true when something became varying.
bool WorkItemShape::propagate(Function &F) {
  bool Changed = false;
  auto MarkVarying = [&](const Value *V) {
    if (Varying.insert(V).second)
      Changed = true;
  };
  for (Instruction &I : instructions(F)) {
    Builtin B = getBuiltin(&I);
    if (Varying.contains(&I) || B == Builtin::GroupReduce ||
        B == Builtin::GroupBroadcast) // the same result for the whole group
      continue;
    bool IsVarying = isSeedVarying(I) ||
                     any_of(I.operands(), [&](const Use &Op) {
                       return Varying.contains(Op.get());
                     });
    if (isa<PHINode>(I) && DivergentJoins.contains(I.getParent()))
      IsVarying = true;
    if (!IsVarying)
      continue;
    MarkVarying(&I);
    if (I.isTerminator() && I.getNumSuccessors() > 1)
      Changed |= markDivergentRegion(*I.getParent());
  }
  return Changed;
}

WorkItemShape WorkItemShapeAnalysis::run(Function &F,
                                         FunctionAnalysisManager &) {
  return WorkItemShape(F);
}

PreservedAnalyses WorkItemShapePrinterPass::run(Function &F,
                                                FunctionAnalysisManager &AM) {
  const WorkItemShape &Shape = AM.getResult<WorkItemShapeAnalysis>(F);
  OS << "Shapes of '" << F.getName() << "':\n";
  for (Instruction &I : instructions(F)) {
    if (I.getType()->isVoidTy())
      continue;
    OS << (Shape.isUniform(&I) ? "uniform: " : "varying: ");
    I.printAsOperand(OS, /*PrintType=*/false);
    OS << "\n";
  }
  return PreservedAnalyses::all();
}

} // namespace lanes
