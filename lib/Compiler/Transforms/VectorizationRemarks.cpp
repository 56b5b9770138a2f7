//===- VectorizationRemarks.cpp - Say which work-item loops vectorized ----===//
//
/// \file
/// Implements `lanes-vectorization-remarks`; see VectorizationRemarks.h.
//
//===----------------------------------------------------------------------===//
#include "VectorizationRemarks.h"

#include "../Analysis/LanesIR.h"
#include "../Analysis/VectorizedWorkItemLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/VFABIDemangler.h"

#include <string>

using namespace llvm;

#define DEBUG_TYPE "lanes-vectorization-remarks"

namespace lanes {
namespace {

/// Where a remark about \p W points: its first memory access with a
/// source location (the user's code, more likely than the loop's header).
const Instruction *remarkLocation(const WorkItemLoop &W) {
  if (!W.First)
    return W.Access;
  const Loop &L = *W.First;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (I.mayReadOrWriteMemory() && I.getDebugLoc())
        return &I;
  return L.getHeader()->getFirstNonPHI();
}

/// What in \p W most likely kept it scalar, as a remark's ending.
std::string blocker(const WorkItemLoop &W) {
  const std::string Declined = "the loop vectorizer declined it "
                               "(-Rpass-analysis=loop-vectorize says why)";
  // No loop left: its trips are straight code, as when only one work-item
  // does something (`if (lid == 0)`) or the trips are few.
  if (!W.First)
    return "the optimizer unrolled it into scalar code (a loop of few "
           "trips, such as one work-item's part alone)";
  const Loop &L = *W.First;
  if (!L.isInnermost())
    return "it contains a loop (a work-item-dependent trip count?)";
  for (BasicBlock *BB : L.blocks()) {
    for (Instruction &I : *BB) {
      if (I.isAtomic())
        return "it performs atomic operations";
      auto *Call = dyn_cast<CallBase>(&I);
      // Intrinsics, and calls with vector variants (vector math), widen.
      if (!Call || isa<IntrinsicInst>(Call) ||
          Call->getFnAttr(VFABI::MappingsAttrName).isValid())
        continue;
      const Function *Callee = Call->getCalledFunction();
      if (!Callee)
        return "it makes an indirect call";
      return "it calls '" + demangle(Callee->getName()) +
             "', which is not inlined and has no vector variant";
    }
  }
  return Declined;
}

} // namespace

PreservedAnalyses VectorizationRemarksPass::run(Function &F,
                                                FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  std::string Kernel = kernelName(F);
  for (const WorkItemLoop &W :
       findWorkItemLoops(F, FAM.getResult<LoopAnalysis>(F))) {
    const Instruction *At = remarkLocation(W);
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
               << "' is not vectorized: " << blocker(W);
      });
  }
  return PreservedAnalyses::all();
}

} // namespace lanes
