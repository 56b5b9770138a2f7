//===- IsolateNarrowGuards.cpp - Few work-items, own loop -----------------===//
//
/// \file
/// Implements `lanes-isolate-narrow-guards`; see IsolateNarrowGuards.h.
//
//===----------------------------------------------------------------------===//
#include "IsolateNarrowGuards.h"

#include "ImplicitLoopBarriers.h"

#include "../Analysis/LanesIR.h"
#include "../Analysis/WorkItemShape.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-isolate-narrow-guards"

STATISTIC(NumIsolated, "Narrow guards given a barrier interval of their own");

namespace lanes {
namespace {

/// An `if (lid < C)` without `else`: `Guard` ends in the branch to `Then`,
/// whose blocks all lead to `Join`, the branch's other successor.
struct NarrowGuard {
  BasicBlock *Guard, *Then, *Join;
  ICmpInst *Test;
};

/// How many values of the fastest local id `Test` admits, if it compares
/// that id with a constant in a way that admits a prefix or one item.
std::optional<uint64_t> admittedItems(ICmpInst &Test) {
  const APInt *C;
  CmpInst::Predicate Pred;
  Value *Id;
  if (!match(&Test, m_ICmp(Pred, m_Value(Id), m_APInt(C))) ||
      localIdDim(Id) != 0)
    return std::nullopt;
  switch (Pred) {
  case CmpInst::ICMP_ULT:
    return C->getZExtValue();
  case CmpInst::ICMP_ULE:
    return C->getZExtValue() + 1;
  case CmpInst::ICMP_EQ:
    return 1;
  default:
    return std::nullopt;
  }
}

/// Whether the blocks from `G.Then` up to `G.Join` form a region that only
/// `G.Guard` enters, that leaves only to `G.Join`, and that holds no group
/// synchronisation.
bool isSimpleRegion(const NarrowGuard &G, const DominatorTree &DT) {
  SmallVector<BasicBlock *, 8> Work{G.Then};
  SmallPtrSet<BasicBlock *, 8> Seen{G.Then};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (!DT.dominates(G.Then, BB) || succ_empty(BB))
      return false;
    for (Instruction &I : *BB)
      if (isGroupSync(getBuiltin(&I)))
        return false;
    for (BasicBlock *Succ : successors(BB))
      if (Succ != G.Join && Seen.insert(Succ).second)
        Work.push_back(Succ);
  }
  return true;
}

/// Whether the work-items do something in `BB`, after its last barrier,
/// other than computing values: a store or a call that is not a query. A
/// guard alone in its interval needs no barrier before it.
bool hasWork(const BasicBlock &BB) {
  bool Work = false;
  for (const Instruction &I : BB) {
    Builtin Called = getBuiltin(&I);
    if (isGroupSync(Called))
      Work = false;
    else if (I.mayWriteToMemory() && !isQuery(Called))
      Work = true;
  }
  return Work;
}

std::optional<NarrowGuard> matchNarrowGuard(BasicBlock &BB, uint64_t Width,
                                            const WorkItemShape &Shape,
                                            const DominatorTree &DT,
                                            const PostDominatorTree &PDT) {
  auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
  if (!Br || !Br->isConditional() || Shape.isInDivergentRegion(&BB))
    return std::nullopt;
  auto *Test = dyn_cast<ICmpInst>(Br->getCondition());
  std::optional<uint64_t> Items = Test ? admittedItems(*Test) : std::nullopt;
  if (!Items || *Items * 4 > Width)
    return std::nullopt;
  NarrowGuard G{&BB, Br->getSuccessor(0), Br->getSuccessor(1), Test};
  const DomTreeNode *Post = PDT.getNode(&BB);
  if (G.Then == G.Join || !Post || !Post->getIDom() ||
      Post->getIDom()->getBlock() != G.Join ||
      Shape.isInDivergentRegion(G.Join) || !isSimpleRegion(G, DT))
    return std::nullopt;
  return G;
}

/// Barriers around `G`'s region where the interval has work besides it:
/// before the test (which moves below the barrier, so that the region's
/// loop starts by comparing its counter) and at the top of the join.
bool isolate(const NarrowGuard &G) {
  bool Changed = false;
  auto *Br = cast<BranchInst>(G.Guard->getTerminator());
  if (hasWork(*G.Guard)) {
    G.Guard->splitBasicBlock(Br, "narrow.guard");
    auto *Test = cast<ICmpInst>(G.Test->clone());
    Test->insertBefore(Br);
    Br->setCondition(Test);
    if (G.Test->use_empty())
      G.Test->eraseFromParent();
    insertImplicitBarrier(Test);
    Changed = true;
  }
  Instruction *First = &*G.Join->getFirstNonPHIOrDbg();
  if (!isGroupSync(getBuiltin(First)) && !isa<ReturnInst>(First)) {
    insertImplicitBarrier(&*G.Join->getFirstInsertionPt());
    Changed = true;
  }
  NumIsolated += Changed;
  return Changed;
}

} // namespace

PreservedAnalyses IsolateNarrowGuardsPass::run(Function &F,
                                               FunctionAnalysisManager &AM) {
  std::optional<LocalSize> Size = fixedLocalSize(F);
  if (!isWorkGroupFunction(F) || !Size)
    return PreservedAnalyses::all();
  const WorkItemShape &Shape = AM.getResult<WorkItemShapeAnalysis>(F);
  const auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
  const auto &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
  SmallVector<NarrowGuard, 4> Guards;
  for (BasicBlock &BB : F)
    if (std::optional<NarrowGuard> G =
            matchNarrowGuard(BB, (*Size)[0], Shape, DT, PDT))
      Guards.push_back(*G);
  bool Changed = false;
  for (const NarrowGuard &G : Guards)
    Changed |= isolate(G);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
