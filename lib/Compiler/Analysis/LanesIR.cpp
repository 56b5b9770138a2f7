//===- LanesIR.cpp - Recognising the Lanes IR contract --------------------===//
//
/// \file
/// Implements the queries of LanesIR.h.
//
//===----------------------------------------------------------------------===//
#include "LanesIR.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace lanes {

Builtin getBuiltin(const Function *F) {
  if (!F || !F->getName().starts_with("__lanes_"))
    return Builtin::None;
  return StringSwitch<Builtin>(F->getName())
      .Case("__lanes_local_id", Builtin::LocalId)
      .Case("__lanes_local_size", Builtin::LocalSize)
      .Case("__lanes_group_id", Builtin::GroupId)
      .Case("__lanes_num_groups", Builtin::NumGroups)
      .Case("__lanes_local_memory", Builtin::LocalMemory)
      .Case("__lanes_barrier", Builtin::Barrier)
      .Case("__lanes_work_group_function", Builtin::WorkGroupFunction)
      .Default(Builtin::None);
}

Builtin getBuiltin(const Instruction *I) {
  const auto *Call = dyn_cast_or_null<CallInst>(I);
  return Call ? getBuiltin(Call->getCalledFunction()) : Builtin::None;
}

bool isWorkItemBuiltin(Builtin B) {
  return B != Builtin::None && B != Builtin::WorkGroupFunction;
}

bool isKernelEntry(const Function &F) {
  return F.hasFnAttribute(KernelAttr) && !F.isDeclaration();
}

bool isWorkGroupFunction(const Function &F) {
  return F.hasFnAttribute(WorkGroupAttr) && !F.isDeclaration();
}

std::string describeBarrier(const CallInst &Barrier) {
  StringRef File;
  if (Barrier.arg_size() == 3 &&
      getConstantStringInfo(Barrier.getArgOperand(1), File) && !File.empty())
    if (auto *Line = dyn_cast<ConstantInt>(Barrier.getArgOperand(2)))
      return (File + ":" + Twine(Line->getZExtValue())).str();
  if (const DebugLoc &Loc = Barrier.getDebugLoc())
    return (Loc->getFilename() + ":" + Twine(Loc.getLine())).str();
  return "a barrier";
}

std::string kernelName(const Function &F) {
  StringRef Name = F.getName();
  Name.consume_back(WorkGroupSuffix);
  return demangle(Name);
}

} // namespace lanes
