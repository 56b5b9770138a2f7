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

} // namespace

SmallVector<WorkItemLoop, 4> findWorkItemLoops(const LoopInfo &LI) {
  // Keyed by the mark, in the order the first loop of each is met.
  MapVector<const MDNode *, WorkItemLoop> Loops;
  for (const Loop *L : LI.getLoopsInPreorder()) {
    MDNode *ID = L->getLoopID();
    const MDNode *Mark =
        ID ? findOptionMDForLoopID(ID, WorkItemLoopMD) : nullptr;
    if (!Mark)
      continue;
    WorkItemLoop &W = Loops[Mark];
    if (!W.First)
      W.First = L;
    W.Lanes = std::max(W.Lanes, vectorLanes(*L));
  }
  return to_vector<4>(make_second_range(Loops));
}

} // namespace lanes
