//===- KernelPipeline.h - The Lanes kernel pipeline -------------*- C++ -*-===//
//
/// \file
/// Assembles the kernel pipeline and registers every Lanes pass with a
/// PassBuilder (for the clang plugin and for lanes-opt alike).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_PIPELINE_KERNELPIPELINE_H
#define LANES_PIPELINE_KERNELPIPELINE_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
}

namespace lanes {

/// Runs a function pipeline on the work-group functions of a module only,
/// leaving the rest of the program to the normal pipeline.
class ForEachWorkGroupFunctionPass
    : public llvm::PassInfoMixin<ForEachWorkGroupFunctionPass> {
public:
  explicit ForEachWorkGroupFunctionPass(llvm::FunctionPassManager FPM)
      : FPM(std::move(FPM)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  llvm::FunctionPassManager FPM;
};

/// Simplification before barrier lowering: nd_item and friends become SSA
/// values, copies clang made of one barrier are merged, loops the group runs
/// in lockstep get an implicit barrier, barriers get blocks of their own.
ForEachWorkGroupFunctionPass simplifyKernelsPass();
/// Clean-up after lowering: promotes slots, hoists uniform code out of the
/// work-item loops, so the vectorizer sees simple loops.
ForEachWorkGroupFunctionPass cleanupKernelsPass();
/// Clean-up after the loop vectorizer and the late Lanes passes: folds the
/// bookkeeping of sub-groups that go on alone, which is constant once the
/// lane loops are vector code.
ForEachWorkGroupFunctionPass tidyKernelsPass();
/// The whole kernel pipeline, in order.
llvm::ModulePassManager kernelPipeline();

/// Registers every pass of PassRegistry.def by name, the shape analysis,
/// and the kernel pipeline at the optimizer's early extension point.
void registerPassBuilderCallbacks(llvm::PassBuilder &PB);

} // namespace lanes

#endif
