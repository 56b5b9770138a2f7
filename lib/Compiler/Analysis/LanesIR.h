//===- LanesIR.h - Recognising the Lanes IR contract ------------*- C++ -*-===//
//
/// \file
/// Names and queries for the IR contract of include/lanes/builtins.h: which
/// functions are kernel entries, which are the work-group functions built
/// from them, and which calls are `__lanes_*` builtins. Every pass asks here
/// instead of comparing strings itself.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_ANALYSIS_LANESIR_H
#define LANES_ANALYSIS_LANESIR_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class CallInst;
class Function;
class Instruction;
class Module;
class Value;
} // namespace llvm

namespace lanes {

/// The builtins of the contract, and the ABI calls the pipeline emits.
enum class Builtin {
  None,
  LocalId,
  LocalSize,
  GroupId,
  NumGroups,
  LocalMemory,
  Barrier,
  WorkGroupFunction,
};

/// The function attribute marking a kernel entry (hand-written IR may set
/// it directly; `lanes-clone-kernels` sets it from llvm.global.annotations).
inline constexpr llvm::StringLiteral KernelAttr = "lanes-kernel";
/// The function attribute on a work-group function; its value names the
/// entry it was built from.
inline constexpr llvm::StringLiteral WorkGroupAttr = "lanes-work-group";
/// The suffix appended to an entry's name to name its work-group function.
inline constexpr llvm::StringLiteral WorkGroupSuffix = ".lanes.wg";
/// Metadata kind on a loop-state alloca whose value is the same for every
/// work-item: it stays one scalar slot instead of a per-item array.
inline constexpr llvm::StringLiteral UniformSlotMD = "lanes.uniform";

/// Metadata kind on a barrier call the pipeline added (an implicit loop
/// barrier), not one the user wrote.
inline constexpr llvm::StringLiteral ImplicitBarrierMD = "lanes.implicit";

/// The builtin `F` implements, or Builtin::None.
Builtin getBuiltin(const llvm::Function *F);
/// The builtin `I` calls, or Builtin::None when `I` is no such call.
Builtin getBuiltin(const llvm::Instruction *I);
/// True for builtins whose result depends on the calling work-item or
/// that synchronise it: a call chain reaching one must be inlined.
bool isWorkItemBuiltin(Builtin B);

/// True when `F` is a kernel entry.
bool isKernelEntry(const llvm::Function &F);
/// True when `F` is a work-group function built by the pipeline.
bool isWorkGroupFunction(const llvm::Function &F);

/// "file:line" of a barrier call, from its arguments (or its debug location);
/// "a barrier" when neither is known.
std::string describeBarrier(const llvm::CallInst &Barrier);
/// A readable kernel name for diagnostics (demangled entry name).
std::string kernelName(const llvm::Function &F);

} // namespace lanes

#endif // LANES_ANALYSIS_LANESIR_H
