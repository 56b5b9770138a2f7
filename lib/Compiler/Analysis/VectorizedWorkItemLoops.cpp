//===- VectorizedWorkItemLoops.cpp - Work-item loops after vectorizing ----===//
//
/// \file
/// Implements findWorkItemLoops; see VectorizedWorkItemLoops.h.
//
//===----------------------------------------------------------------------===//
#include "VectorizedWorkItemLoops.h"

#include "LanesIR.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace lanes {
namespace {

/// The lanes of \p L's vector arithmetic (the vectorization factor; loads
/// of interleaved data are wider); 0 in a scalar loop.
unsigned vectorLanes(const Loop &L) {
  unsigned Lanes = 0;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (auto *Ty = dyn_cast<FixedVectorType>(I.getType()))
        if (isa<BinaryOperator>(I) || isa<UnaryOperator>(I) ||
            isa<CmpInst>(I) || isa<CastInst>(I) || isa<SelectInst>(I) ||
            isa<IntrinsicInst>(I) || isa<LoadInst>(I))
          Lanes = Lanes ? std::min(Lanes, Ty->getNumElements())
                        : Ty->getNumElements();
  return Lanes;
}

/// The loop ID of \p L. LoopInfo reads it from the latch's branch, but
/// the passes after the vectorizer may split an empty latch off a loop of
/// one block, which leaves the ID on the branch out of the old block: so
/// the branches of \p L's own blocks (not its inner loops') count too.
MDNode *loopID(const Loop &L, const LoopInfo &LI) {
  if (MDNode *ID = L.getLoopID())
    return ID;
  for (BasicBlock *BB : L.blocks())
    if (LI.getLoopFor(BB) == &L)
      if (MDNode *ID = BB->getTerminator()->getMetadata(LLVMContext::MD_loop))
        return ID;
  return nullptr;
}

/// True when \p I is in access group \p Group (alone or in a list).
bool inAccessGroup(const Instruction &I, const Metadata *Group) {
  const MDNode *Groups = I.getMetadata(LLVMContext::MD_access_group);
  return Groups && (Groups == Group || is_contained(Groups->operands(), Group));
}

/// The work-item loop \p Mark, unrolled away, as its accesses in \p F
/// show it; Access stays null when none is left.
WorkItemLoop unrolledLoop(const Function &F, const MDNode &Mark) {
  WorkItemLoop W;
  if (Mark.getNumOperands() < 2)
    return W;
  for (const Instruction &I : instructions(F)) {
    if (!inAccessGroup(I, Mark.getOperand(1)))
      continue;
    if (!W.Access || (!W.Access->getDebugLoc() && I.getDebugLoc()))
      W.Access = &I;
    Type *Ty = isa<StoreInst>(I) ? cast<StoreInst>(I).getValueOperand()
                                       ->getType()
                                 : I.getType();
    if (auto *Vector = dyn_cast<FixedVectorType>(Ty))
      W.Lanes = std::max(W.Lanes, Vector->getNumElements());
  }
  return W;
}

} // namespace

SmallVector<WorkItemLoop, 4> findWorkItemLoops(const Function &F,
                                               const LoopInfo &LI) {
  // Keyed by the mark, in the order the first loop of each is met.
  MapVector<const MDNode *, WorkItemLoop> Loops;
  for (const Loop *L : LI.getLoopsInPreorder()) {
    MDNode *ID = loopID(*L, LI);
    const MDNode *Mark =
        ID ? findOptionMDForLoopID(ID, WorkItemLoopMD) : nullptr;
    if (!Mark)
      continue;
    WorkItemLoop &W = Loops[Mark];
    if (!W.First)
      W.First = L;
    W.Lanes = std::max(W.Lanes, vectorLanes(*L));
  }
  // Some loops of one may be gone: a vector loop of one trip unrolled away
  // while the others stay (lanes-lockstep-loops makes several of one).
  for (auto &[Mark, W] : Loops)
    W.Lanes = std::max(W.Lanes, unrolledLoop(F, *Mark).Lanes);
  SmallVector<WorkItemLoop, 4> Found = to_vector<4>(make_second_range(Loops));
  if (const MDNode *Marks = F.getMetadata(WorkItemLoopsMD))
    for (const MDOperand &Mark : Marks->operands())
      if (auto *Node = dyn_cast<MDNode>(Mark); Node && !Loops.count(Node))
        if (WorkItemLoop W = unrolledLoop(F, *Node); W.Access)
          Found.push_back(W);
  return Found;
}

} // namespace lanes
