//===- SplitChosenLoads.cpp - Loads of a chosen pointer, split ------------===//
//
/// \file
/// Implements `lanes-split-chosen-loads`; see SplitChosenLoads.h.
///
/// A load of `select c, p, q` becomes `br c` to a block loading p and one
/// loading q, joined by a phi of the two values. A load of `phi [p, A],
/// [q, B]` in the phi's block becomes a load of p on the edge from A and
/// of q on the edge from B (at the end of the predecessor when the edge is
/// its only one, else in a new block on the edge), joined by a phi: the
/// inverse of InstCombine's sinking. No instruction before the load in its
/// block may write memory, so that each new load reads what the old one
/// read. A pointer qualifies when
/// ScalarEvolution sees it as loop invariant or as {start, +, size of the
/// loaded type} in the work-item loop.
//
//===----------------------------------------------------------------------===//
#include "SplitChosenLoads.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-split-chosen-loads"

STATISTIC(NumSelects, "Loads of a select of pointers split");
STATISTIC(NumPhis, "Loads of a phi of pointers split");

namespace lanes {
namespace {

/// Whether \p Ptr, loaded as \p Ty in \p L, is fixed or steps by one
/// element per iteration, so that the vectorizer loads it as a vector.
bool isVectorPointer(Value *Ptr, Type *Ty, Loop &L, ScalarEvolution &SE) {
  const SCEV *S = SE.getSCEV(Ptr);
  if (SE.isLoopInvariant(S, &L))
    return true;
  auto *Rec = dyn_cast<SCEVAddRecExpr>(S);
  if (!Rec || Rec->getLoop() != &L || !Rec->isAffine())
    return false;
  auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  const DataLayout &DL = L.getHeader()->getDataLayout();
  return Step && Step->getAPInt() == DL.getTypeStoreSize(Ty).getFixedValue();
}

/// A copy of \p Load reading \p Ptr, before \p Before.
LoadInst *loadFrom(LoadInst &Load, Value *Ptr, Instruction *Before) {
  auto *Copy = cast<LoadInst>(Load.clone());
  Copy->setOperand(LoadInst::getPointerOperandIndex(), Ptr);
  Copy->insertBefore(Before);
  return Copy;
}

/// Splits a load of `select C, P, Q` into a branch on C to a load of P or
/// of Q.
void splitSelect(LoadInst &Load, SelectInst &Sel, DominatorTree &DT,
                 LoopInfo &LI) {
  Instruction *Then = nullptr, *Else = nullptr;
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  SplitBlockAndInsertIfThenElse(Sel.getCondition(), &Load, &Then, &Else,
                                /*BranchWeights=*/nullptr, &DTU, &LI);
  LoadInst *TrueLoad = loadFrom(Load, Sel.getTrueValue(), Then);
  LoadInst *FalseLoad = loadFrom(Load, Sel.getFalseValue(), Else);
  Then->getParent()->setName(Load.getName() + ".true");
  Else->getParent()->setName(Load.getName() + ".false");
  PHINode *Value = PHINode::Create(Load.getType(), 2);
  Value->insertBefore(&Load);
  Value->takeName(&Load);
  Value->addIncoming(TrueLoad, TrueLoad->getParent());
  Value->addIncoming(FalseLoad, FalseLoad->getParent());
  Load.replaceAllUsesWith(Value);
  Load.eraseFromParent();
  if (Sel.use_empty())
    Sel.eraseFromParent();
  ++NumSelects;
}

/// Whether a load of phi \p Phi in its block reads what loads on the edges
/// into the block would.
bool canSplitPhi(LoadInst &Load, PHINode &Phi) {
  if (Phi.getParent() != Load.getParent() || !Phi.hasOneUse())
    return false;
  SmallPtrSet<BasicBlock *, 4> Preds;
  for (BasicBlock *Pred : Phi.blocks())
    if (!Preds.insert(Pred).second || !isa<BranchInst>(Pred->getTerminator()))
      return false;
  for (Instruction &I : *Load.getParent()) {
    if (&I == &Load)
      return true;
    if (I.mayWriteToMemory())
      return false;
  }
  return false;
}

/// Splits a load of phi \p Phi into one load on each edge into its block
/// (a block of its own where the predecessor branches elsewhere too).
void splitPhi(LoadInst &Load, PHINode &Phi, DominatorTree &DT, LoopInfo &LI) {
  BasicBlock *BB = Phi.getParent();
  for (BasicBlock *Pred : SmallVector<BasicBlock *, 4>(Phi.blocks()))
    if (!Pred->getSingleSuccessor())
      SplitEdge(Pred, BB, &DT, &LI);
  PHINode *Value =
      PHINode::Create(Load.getType(), Phi.getNumIncomingValues(), "");
  Value->insertBefore(&Phi);
  for (auto [Ptr, Pred] : zip(Phi.incoming_values(), Phi.blocks()))
    Value->addIncoming(loadFrom(Load, Ptr, Pred->getTerminator()), Pred);
  Value->takeName(&Load);
  Load.replaceAllUsesWith(Value);
  Load.eraseFromParent();
  Phi.eraseFromParent();
  ++NumPhis;
}

/// Splits the qualifying loads of innermost work-item loop \p L.
bool splitLoads(Loop &L, LoopInfo &LI, DominatorTree &DT,
                ScalarEvolution &SE) {
  SmallVector<LoadInst *, 8> Loads;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (auto *Load = dyn_cast<LoadInst>(&I); Load && Load->isSimple())
        if (isa<SelectInst, PHINode>(Load->getPointerOperand()))
          Loads.push_back(Load);
  bool Changed = false;
  for (LoadInst *Load : Loads) {
    auto *Chooser = cast<Instruction>(Load->getPointerOperand());
    auto Qualifies = [&](Value *Ptr) {
      return isVectorPointer(Ptr, Load->getType(), L, SE);
    };
    if (auto *Sel = dyn_cast<SelectInst>(Chooser)) {
      if (!Sel->getCondition()->getType()->isIntegerTy(1) ||
          !Qualifies(Sel->getTrueValue()) || !Qualifies(Sel->getFalseValue()))
        continue;
      splitSelect(*Load, *Sel, DT, LI);
    } else {
      auto *Phi = cast<PHINode>(Chooser);
      if (Phi->getParent() == L.getHeader() || !canSplitPhi(*Load, *Phi) ||
          !all_of(Phi->incoming_values(), Qualifies))
        continue;
      splitPhi(*Load, *Phi, DT, LI);
    }
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses SplitChosenLoadsPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  bool Changed = false;
  for (Loop *L : innermostWorkItemLoops(LI))
    Changed |= splitLoads(*L, LI, DT, SE);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  return PA;
}

} // namespace lanes
