//===- InlineKernelCalls.h - Inline what reaches a builtin ------*- C++ -*-===//
//
/// \file
/// Module pass `lanes-inline-kernel-calls`. Runs on work-group functions
/// right after `lanes-clone-kernels`.
///
/// Barrier lowering must see every barrier and every work-item query in the
/// work-group function itself, so every call chain that reaches a work-item
/// builtin of include/lanes/builtins.h is inlined, however deep (`noinline`
/// is overridden). A recursive chain, or a call the inliner refuses, is
/// reported as an error naming the kernel and the call's source location.
/// Calls that reach no builtin are left to the normal inliner.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_INLINEKERNELCALLS_H
#define LANES_TRANSFORMS_INLINEKERNELCALLS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Inlines into work-group functions every call reaching a builtin.
class InlineKernelCallsPass : public llvm::PassInfoMixin<InlineKernelCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace lanes

#endif
