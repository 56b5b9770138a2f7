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
      .StartsWith("__lanes_group_reduce_", Builtin::GroupReduce)
      .StartsWith("__lanes_group_scan_inclusive_", Builtin::GroupScanInclusive)
      .StartsWith("__lanes_group_scan_exclusive_", Builtin::GroupScanExclusive)
      .StartsWith("__lanes_group_broadcast_", Builtin::GroupBroadcast)
      .StartsWith("__lanes_sub_group_reduce_", Builtin::SubGroupReduce)
      .StartsWith("__lanes_sub_group_scan_inclusive_",
                  Builtin::SubGroupScanInclusive)
      .StartsWith("__lanes_sub_group_scan_exclusive_",
                  Builtin::SubGroupScanExclusive)
      .StartsWith("__lanes_sub_group_shuffle_", Builtin::SubGroupShuffle)
      .Default(Builtin::None);
}

Builtin getBuiltin(const Instruction *I) {
  const auto *Call = dyn_cast_or_null<CallInst>(I);
  return Call ? getBuiltin(Call->getCalledFunction()) : Builtin::None;
}

bool isWorkItemBuiltin(Builtin B) {
  return B != Builtin::None && B != Builtin::WorkGroupFunction;
}

bool isQuery(Builtin B) {
  return B == Builtin::LocalId || B == Builtin::LocalSize ||
         B == Builtin::GroupId || B == Builtin::NumGroups ||
         B == Builtin::LocalMemory;
}

bool isCollective(Builtin B) {
  return B == Builtin::GroupReduce || B == Builtin::GroupScanInclusive ||
         B == Builtin::GroupScanExclusive || B == Builtin::GroupBroadcast ||
         isSubGroupCollective(B);
}

bool isSubGroupCollective(Builtin B) {
  return B == Builtin::SubGroupReduce || B == Builtin::SubGroupScanInclusive ||
         B == Builtin::SubGroupScanExclusive || B == Builtin::SubGroupShuffle;
}

bool hasCollectiveOp(Builtin B) {
  return isCollective(B) && B != Builtin::GroupBroadcast &&
         B != Builtin::SubGroupShuffle;
}

bool isGroupSync(Builtin B) { return B == Builtin::Barrier || isCollective(B); }

bool isKernelEntry(const Function &F) {
  return F.hasFnAttribute(KernelAttr) && !F.isDeclaration();
}

bool isWorkGroupFunction(const Function &F) {
  return F.hasFnAttribute(WorkGroupAttr) && !F.isDeclaration();
}

bool isLoweredWorkGroupFunction(const Function &F) {
  return F.hasFnAttribute(LoweredWorkGroupAttr) && !F.isDeclaration();
}

std::string describeBarrier(const CallInst &Barrier) {
  StringRef File;
  unsigned N = Barrier.arg_size();
  if (N >= 2 && getConstantStringInfo(Barrier.getArgOperand(N - 2), File) &&
      !File.empty())
    if (auto *Line = dyn_cast<ConstantInt>(Barrier.getArgOperand(N - 1)))
      return (File + ":" + Twine(Line->getZExtValue())).str();
  if (const DebugLoc &Loc = Barrier.getDebugLoc())
    return (Loc->getFilename() + ":" + Twine(Loc.getLine())).str();
  return "unknown location";
}

std::string describeGroupSync(const CallInst &Call) {
  StringRef What;
  switch (getBuiltin(&Call)) {
  case Builtin::GroupReduce:
    What = "the group reduction";
    break;
  case Builtin::GroupScanInclusive:
  case Builtin::GroupScanExclusive:
    What = "the group scan";
    break;
  case Builtin::GroupBroadcast:
    What = "the group broadcast";
    break;
  case Builtin::SubGroupReduce:
    What = "the sub-group reduction";
    break;
  case Builtin::SubGroupScanInclusive:
  case Builtin::SubGroupScanExclusive:
    What = "the sub-group scan";
    break;
  case Builtin::SubGroupShuffle:
    What = "the sub-group shuffle";
    break;
  default:
    What = "the barrier";
  }
  return (What + " at " + describeBarrier(Call)).str();
}

std::string kernelName(const Function &F) {
  StringRef Name = F.getName();
  Name.consume_back(WorkGroupSuffix);
  return demangle(Name);
}

} // namespace lanes
