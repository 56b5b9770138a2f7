//===- InlineKernelCalls.cpp - Inline what reaches a builtin --------------===//
//
/// \file
/// Implements `lanes-inline-kernel-calls`; see InlineKernelCalls.h.
///
/// Algorithm: compute the set of defined functions that (transitively) call
/// a work-item builtin, by a fixpoint over direct calls. Reject a kernel if a
/// cycle of such functions is reachable from it (recursion cannot be
/// inlined). Then inline, breadth first, every call to a function in the set
/// until none is left; termination follows from the absence of cycles.
//
//===----------------------------------------------------------------------===//
#include "InlineKernelCalls.h"

#include "../Analysis/LanesIR.h"
#include "Diagnostics.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-inline-kernel-calls"

STATISTIC(NumInlined, "Calls inlined because they reach a work-item builtin");

namespace lanes {
namespace {

const Function *directCallee(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  return Call ? Call->getCalledFunction() : nullptr;
}

/// Defined functions from which a work-item builtin can be reached.
FunctionSet functionsReachingBuiltins(const Module &M) {
  return functionsWithCalls(M, [](const CallBase &Call,
                                  const FunctionSet &Found) {
    const Function *Callee = Call.getCalledFunction();
    return Callee &&
           (isWorkItemBuiltin(getBuiltin(Callee)) || Found.contains(Callee));
  });
}

/// Finds a call that closes a cycle among `Reaching` functions reachable
/// from `F`; nullptr when there is none.
const CallBase *findRecursiveCall(const Function &F, const FunctionSet &Reaching,
                                  FunctionSet &OnPath, FunctionSet &Done) {
  OnPath.insert(&F);
  for (const Instruction &I : instructions(F)) {
    const Function *Callee = directCallee(I);
    if (!Callee || !Reaching.contains(Callee) || Done.contains(Callee))
      continue;
    if (OnPath.contains(Callee))
      return cast<CallBase>(&I);
    if (const CallBase *Cycle =
            findRecursiveCall(*Callee, Reaching, OnPath, Done))
      return Cycle;
  }
  OnPath.erase(&F);
  Done.insert(&F);
  return nullptr;
}

/// Inlines every call in `WG` to a function in `Reaching`. Returns false
/// after diagnosing a call that cannot be inlined.
bool inlineReachingCalls(Function &WG, const FunctionSet &Reaching) {
  while (true) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(WG))
      if (const Function *Callee = directCallee(I))
        if (Reaching.contains(Callee))
          Calls.push_back(cast<CallBase>(&I));
    if (Calls.empty())
      return true;
    for (CallBase *Call : Calls) {
      InlineFunctionInfo Info;
      const Function *Callee = Call->getCalledFunction();
      InlineResult Result = InlineFunction(*Call, Info);
      if (!Result.isSuccess()) {
        diagnoseKernel(WG, Call,
                       "cannot inline '" + demangle(Callee->getName()) +
                           "', which reaches a barrier or work-item query: " +
                           Result.getFailureReason());
        return false;
      }
      ++NumInlined;
    }
  }
}

} // namespace

PreservedAnalyses InlineKernelCallsPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  FunctionSet Reaching = functionsReachingBuiltins(M);
  SmallVector<Function *, 8> Failed;
  for (Function &WG : M) {
    if (!isWorkGroupFunction(WG))
      continue;
    FunctionSet OnPath, Done;
    if (const CallBase *Cycle = findRecursiveCall(WG, Reaching, OnPath, Done)) {
      diagnoseKernel(WG, Cycle,
                     "recursive call to '" +
                         demangle(Cycle->getCalledFunction()->getName()) +
                         "' reaches a barrier or work-item query; kernels "
                         "may not recurse into them");
      Failed.push_back(&WG);
    } else if (!inlineReachingCalls(WG, Reaching)) {
      Failed.push_back(&WG);
    }
  }
  // A kernel that cannot be lowered keeps only its entry (the error stops
  // the compile; the IR stays valid).
  for (Function *WG : Failed)
    WG->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace lanes
