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
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::PatternMatch;

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

bool WorkItemShape::isSubGroupUniform(const Value *V, unsigned SubGroupSize,
                                      unsigned Depth) const {
  // Deep enough for an address computed from a sub-group id.
  constexpr unsigned MaxDepth = 12;
  if (isUniform(V))
    return true;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == MaxDepth || SubGroupSize < 2)
    return false;
  // A sub-group lies in one row: the local ids in dimensions 1 and 2 are
  // its own.
  if (localIdDim(I) > 0)
    return true;
  const APInt *C;
  const Value *X;
  if (match(I, m_LShr(m_Value(X), m_APInt(C))) && localIdDim(X) == 0)
    return C->uge(Log2_32(SubGroupSize));
  if (match(I, m_c_Or(m_Value(X), m_APInt(C))) && localIdDim(X) == 0)
    return (C->getZExtValue() & (SubGroupSize - 1)) == SubGroupSize - 1;
  if (const auto *Load = dyn_cast<LoadInst>(I))
    return Load->isSimple() &&
           isSubGroupUniform(Load->getPointerOperand(), SubGroupSize,
                             Depth + 1);
  if (!isa<BinaryOperator>(I) && !isa<CastInst>(I) &&
      !isa<GetElementPtrInst>(I) && !isa<CmpInst>(I) && !isa<SelectInst>(I))
    return false;
  return all_of(I->operands(), [&](const Use &Op) {
    return isSubGroupUniform(Op.get(), SubGroupSize, Depth + 1);
  });
}

bool WorkItemShape::isSeedVarying(const Instruction &I) const {
  switch (getBuiltin(&I)) {
  case Builtin::LocalId:
  case Builtin::Barrier:
  case Builtin::SubGroupBarrier:
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
