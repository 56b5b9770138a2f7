//===- KernelPipeline.cpp - The Lanes kernel pipeline ---------------------===//
//
/// \file
/// The pipeline, readable in one function (kernelPipeline), and the pass
/// registration. It runs at the start of the optimizer (OptimizerEarly),
/// after clang's inliner and simplification, so kernels arrive mostly
/// inlined; the loop vectorizer runs after it on the work-item loops, and
/// the remarks on what became of them run at the end (OptimizerLast).
//
//===----------------------------------------------------------------------===//
#include "KernelPipeline.h"

#include "../Analysis/LanesIR.h"
#include "../Analysis/WorkItemShape.h"
#include "../Transforms/AggregateAtomics.h"
#include "../Transforms/CloneKernels.h"
#include "../Transforms/DefineGatherIndices.h"
#include "../Transforms/DropUnreadStores.h"
#include "../Transforms/ExternalCalls.h"
#include "../Transforms/FitVectorCalls.h"
#include "../Transforms/FoldIdempotentRecurrences.h"
#include "../Transforms/FoldLaneIds.h"
#include "../Transforms/FoldLocalSizes.h"
#include "../Transforms/ForwardStraddlingLoads.h"
#include "../Transforms/GroupRanges.h"
#include "../Transforms/ImplicitLoopBarriers.h"
#include "../Transforms/InlineKernelCalls.h"
#include "../Transforms/InterleaveShortLoops.h"
#include "../Transforms/IsolateBarriers.h"
#include "../Transforms/IsolateNarrowGuards.h"
#include "../Transforms/JoinReductions.h"
#include "../Transforms/JoinShiftedLoads.h"
#include "../Transforms/KernelNames.h"
#include "../Transforms/KernelReport.h"
#include "../Transforms/LoadExtractedLanes.h"
#include "../Transforms/LockstepLoops.h"
#include "../Transforms/MergeBarrierCopies.h"
#include "../Transforms/ReadScanOperands.h"
#include "../Transforms/RequiredLocalSizes.h"
#include "../Transforms/RouteInvokeVectors.h"
#include "../Transforms/ScalarizeSplatLanes.h"
#include "../Transforms/SinkMaskedAddresses.h"
#include "../Transforms/SpeculateLaneLoads.h"
#include "../Transforms/SplitChosenLoads.h"
#include "../Transforms/TrimWorkItemLoops.h"
#include "../Transforms/UniformTripCounts.h"
#include "../Transforms/VectorMath.h"
#include "../Transforms/VectorizationRemarks.h"
#include "../Transforms/VersionClamps.h"
#include "../Transforms/WorkItemLoops.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/JumpThreading.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopDeletion.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"
#include "llvm/Transforms/Scalar/SimpleLoopUnswitch.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

#include <type_traits>

using namespace llvm;

namespace lanes {

PreservedAnalyses ForEachWorkGroupFunctionPass::run(Module &M,
                                                    ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  PreservedAnalyses PA = PreservedAnalyses::all();
  for (Function &F : M) {
    if (!isWorkGroupFunction(F) && !isLoweredWorkGroupFunction(F))
      continue;
    PreservedAnalyses FPA = FPM.run(F, FAM);
    FAM.invalidate(F, FPA);
    PA.intersect(std::move(FPA));
  }
  PA.preserveSet<AllAnalysesOn<Function>>();
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}

ForEachWorkGroupFunctionPass simplifyKernelsPass() {
  FunctionPassManager FPM;
  FPM.addPass(FoldLocalSizesPass());
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  // After InstCombine, which drops the guards the local ids' ranges decide.
  FPM.addPass(UniformTripCountsPass());
  // Small vectors a work-item computes (sycl::float4 comes back from its
  // operators in <2 x float> halves, the x86-64 ABI's return type) keep the
  // loop vectorizer from widening the work-item loop across work-items:
  // make them scalar, so that it can. Before the work-item loops, so that
  // the vectors the sub-group exchanges are made of stay vectors.
  ScalarizerPassOptions Scalarize;
  Scalarize.ScalarizeLoadStore = true;
  FPM.addPass(RouteInvokeVectorsPass());
  FPM.addPass(ScalarizerPass(Scalarize));
  FPM.addPass(InstCombinePass());
  FPM.addPass(MergeBarrierCopiesPass());
  FPM.addPass(ImplicitLoopBarriersPass());
  FPM.addPass(IsolateNarrowGuardsPass());
  // WorkItemShape relies on LCSSA to see values leaving divergent loops.
  FPM.addPass(LCSSAPass());
  FPM.addPass(IsolateBarriersPass());
  return ForEachWorkGroupFunctionPass(std::move(FPM));
}

ForEachWorkGroupFunctionPass cleanupKernelsPass() {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  FPM.addPass(InstCombinePass());
  // Sinking what both sides of a branch do into the join makes one store
  // of the paths out of a work-item loop that store a value in one slot
  // (a loop's next value and its value after the loop, see
  // WorkItemLoops.h), so that unswitching does not copy the loop for them.
  FPM.addPass(SimplifyCFGPass(SimplifyCFGOptions().sinkCommonInsts(true)));
  // Before unswitching: a value that each work-item stores in one uniform
  // slot, chosen by a uniform branch, is then no reason to copy the loop.
  FPM.addPass(FoldIdempotentRecurrencesPass());
  {
    LoopPassManager LPM;
    LPM.addPass(LICMPass(LICMOptions()));
    LPM.addPass(SimpleLoopUnswitchPass(/*NonTrivial=*/true));
    FPM.addPass(createFunctionToLoopPassAdaptor(std::move(LPM),
                                                /*UseMemorySSA=*/true));
  }
  FPM.addPass(GVNPass());
  FPM.addPass(InstCombinePass());
  // After unswitching and InstCombine, which leave the exit-code trackers
  // of each copy a constant operand.
  FPM.addPass(FoldIdempotentRecurrencesPass());
  // After LICM and InstCombine, so that guards compare the counter with
  // hoisted, canonical limits.
  FPM.addPass(TrimWorkItemLoopsPass());
  // After LICM, which leaves the address of an update invariant, and after
  // trimming, which wants no phis in the loops it takes but the counter.
  // A trimmed loop may be skipped straight to its exit: LoopSimplify gives
  // it back the dedicated exit that aggregating over it needs.
  FPM.addPass(LoopSimplifyPass());
  // After LICM, which leaves the start of the elements a copy loop loads
  // invariant, and LoopSimplify, which gives it one exit.
  FPM.addPass(ReadScanOperandsPass());
  FPM.addPass(AggregateAtomicsPass());
  FPM.addPass(VersionClampsPass());
  // Last: InstCombine and SimplifyCFG would merge the loads again.
  FPM.addPass(SplitChosenLoadsPass());
  // After LICM, which leaves the bounds of an interleaved loop invariant in
  // the work-item loop around it.
  FPM.addPass(LockstepLoopsPass());
  // After the lockstep loops, which set the widths of theirs.
  FPM.addPass(InterleaveShortLoopsPass());
  return ForEachWorkGroupFunctionPass(std::move(FPM));
}

ForEachWorkGroupFunctionPass tidyKernelsPass() {
  FunctionPassManager FPM;
  // Sub-groups that go on alone (WorkItemLoops.h) keep the code of the way
  // each left, a constant on each path, and check that they agree. Before
  // the vectorizer, a lane loop stands between the branch that chose the
  // path and the check, and no pass sees through it; once the lane loops
  // are vector code, jump threading follows the codes, and the checks fold
  // away with the paths that report divergence.
  FPM.addPass(JumpThreadingPass());
  FPM.addPass(SimplifyCFGPass());
  // What is left of a loop over the sub-groups may now be small enough to
  // unroll (or peel, where only the first trip does something), so that
  // the work one sub-group does is straight code; a loop whose trips
  // lanes-join-reductions joined is unrolled whole (it asks to be).
  FPM.addPass(createFunctionToLoopPassAdaptor(LoopFullUnrollPass()));
  // Forwards what was stored in local memory to the loads that read it,
  // now that both are vector code: the sub-groups' sums (one vector, once
  // lanes-join-reductions joined them) to sub-group 0, each step of a
  // tree reduction to the next.
  FPM.addPass(GVNPass());
  // The joined vectors GVN did not reach, stored far back in the block.
  FPM.addPass(ForwardJoinedPass());
  // The loads GVN cannot forward: each reads the ends of two stores (a
  // tree scan's neighbours in a tile).
  FPM.addPass(ForwardStraddlingLoadsPass());
  FPM.addPass(SimplifyCFGPass());
  // A loop that peeling left with nothing to do.
  FPM.addPass(createFunctionToLoopPassAdaptor(LoopDeletionPass()));
  // The stores GVN left with no reader.
  FPM.addPass(DropUnreadStoresPass());
  // What the forwarding and the dropped stores left unused (addresses,
  // phis of the values once stored), so that a joined vector's only user
  // is the reduction lanes-unjoin-reductions looks for.
  FPM.addPass(DCEPass());
  FPM.addPass(UnjoinReductionsPass());
  return ForEachWorkGroupFunctionPass(std::move(FPM));
}

ModulePassManager kernelPipeline() {
  ModulePassManager MPM;
  MPM.addPass(CloneKernelsPass());
  MPM.addPass(InlineKernelCallsPass());
  MPM.addPass(ExternalCallsPass());
  MPM.addPass(simplifyKernelsPass());
  MPM.addPass(WorkItemLoopsPass());
  MPM.addPass(cleanupKernelsPass());
  MPM.addPass(GroupRangesPass());
  return MPM;
}

namespace {

/// Lets `-print-after=NAME` and friends find the pass of class `PassT`. The
/// pipelines built from pass managers have no class of their own to name.
template <typename PassT>
void nameClass(PassInstrumentationCallbacks &PIC, StringRef Name) {
  if constexpr (!std::is_same_v<PassT, ModulePassManager> &&
                !std::is_same_v<PassT, ForEachWorkGroupFunctionPass>)
    PIC.addClassToPassName(PassT::name(), Name);
}

} // namespace

void registerPassBuilderCallbacks(PassBuilder &PB) {
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks()) {
#define MODULE_PASS(NAME, CREATE) nameClass<decltype(CREATE)>(*PIC, NAME);
#define FUNCTION_PASS(NAME, CREATE) nameClass<decltype(CREATE)>(*PIC, NAME);
#include "PassRegistry.def"
  }
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define MODULE_PASS(NAME, CREATE)                                              \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "PassRegistry.def"
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define FUNCTION_PASS(NAME, CREATE)                                            \
  if (Name == NAME) {                                                          \
    FPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "PassRegistry.def"
        return false;
      });
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
#define FUNCTION_ANALYSIS(NAME, CREATE) FAM.registerPass([] { return CREATE; });
#include "PassRegistry.def"
  });
  // Before anything is inlined: the entries still call the functions that
  // require a local or sub-group size, and the records of kernel names are
  // still there.
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(KernelNamesPass());
        MPM.addPass(RequiredLocalSizesPass());
      });
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(kernelPipeline());
      });
  // Where InjectTLIMappings is about to name LLVM's own vector math.
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(VectorMathPass());
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        FunctionPassManager Join;
        Join.addPass(FoldLaneIdsPass());
        // After FoldLaneIds, which makes the halo loads' masks constants.
        Join.addPass(JoinShiftedLoadsPass());
        Join.addPass(JoinReductionsPass());
        MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Join)));
        // After the joins, whose vectors GVN forwards.
        MPM.addPass(tidyKernelsPass());
        FunctionPassManager FPM;
        // After GVN, which would merge the recomputed addresses again.
        FPM.addPass(SinkMaskedAddressesPass());
        FPM.addPass(DefineGatherIndicesPass());
        FPM.addPass(SpeculateLaneLoadsPass());
        FPM.addPass(LoadExtractedLanesPass());
        // After SpeculateLaneLoads, which matches the extracts it replaces.
        FPM.addPass(ScalarizeSplatLanesPass());
        FPM.addPass(FitVectorCallsPass());
        FPM.addPass(VectorizationRemarksPass());
        FPM.addPass(KernelReportPass());
        MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
      });
}

} // namespace lanes
