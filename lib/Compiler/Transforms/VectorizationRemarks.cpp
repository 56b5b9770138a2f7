//===- VectorizationRemarks.cpp - Say which work-item loops vectorized ----===//
//
/// \file
/// Implements `lanes-vectorization-remarks`; see VectorizationRemarks.h.
//
//===----------------------------------------------------------------------===//
#include "VectorizationRemarks.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <string>

using namespace llvm;

#define DEBUG_TYPE "lanes-vectorization-remarks"

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

/// Where a remark about \p L points: its first memory access with a
/// source location (the user's code, more likely than the loop's header).
const Instruction *remarkLocation(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (I.mayReadOrWriteMemory() && I.getDebugLoc())
        return &I;
  return L.getHeader()->getFirstNonPHI();
}

/// A work-item loop and what the vectorizer made of it.
struct WorkItemLoop {
  const Loop *First = nullptr; ///< the first loop made from it
  unsigned Lanes = 0;          ///< widest vectorized copy; 0 if none
};

/// What in \p L most likely kept it scalar, as a remark's ending.
std::string blocker(const Loop &L) {
  if (!L.isInnermost())
    return "it contains a loop (a work-item-dependent trip count?)";
  for (BasicBlock *BB : L.blocks()) {
    for (Instruction &I : *BB) {
      if (I.isAtomic())
        return "it performs atomic operations";
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || isa<IntrinsicInst>(Call))
        continue;
      const Function *Callee = Call->getCalledFunction();
      if (!Callee)
        return "it makes an indirect call";
      return "it calls '" + demangle(Callee->getName()) +
             "', which is not inlined and has no vector variant";
    }
  }
  return "the loop vectorizer declined it "
         "(-Rpass-analysis=loop-vectorize says why)";
}

} // namespace

PreservedAnalyses VectorizationRemarksPass::run(Function &F,
                                                FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  // The vectorized body, its remainder and an epilogue share the mark of
  // the work-item loop they come from.
  MapVector<const MDNode *, WorkItemLoop> Loops;
  for (Loop *L : FAM.getResult<LoopAnalysis>(F).getLoopsInPreorder()) {
    MDNode *ID = L->getLoopID();
    const MDNode *Mark = ID ? findOptionMDForLoopID(ID, WorkItemLoopMD) : nullptr;
    if (!Mark)
      continue;
    WorkItemLoop &W = Loops[Mark];
    if (!W.First)
      W.First = L;
    W.Lanes = std::max(W.Lanes, vectorLanes(*L));
  }
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  std::string Kernel =
      demangle(F.getFnAttribute(LoweredWorkGroupAttr).getValueAsString());
  for (auto &Entry : Loops) {
    const WorkItemLoop &W = Entry.second;
    const Instruction *At = remarkLocation(*W.First);
    if (W.Lanes)
      ORE.emit([&] {
        return OptimizationRemark("lanes", "Vectorized", At)
               << "a work-item loop of kernel '" << Kernel
               << "' is vectorized, " << ore::NV("Lanes", W.Lanes)
               << " lanes";
      });
    else
      ORE.emit([&] {
        return OptimizationRemarkMissed("lanes", "NotVectorized", At)
               << "a work-item loop of kernel '" << Kernel
               << "' is not vectorized: " << blocker(*W.First);
      });
  }
  return PreservedAnalyses::all();
}

} // namespace lanes
