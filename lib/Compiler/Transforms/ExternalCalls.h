//===- ExternalCalls.h - Name the work-item to outside code -----*- C++ -*-===//
//
/// \file
/// Module pass `lanes-external-calls`. Runs on work-group functions right
/// after `lanes-inline-kernel-calls`, before their work-item loops exist.
///
/// A kernel may call a function of another translation unit
/// (`SYCL_EXTERNAL`) that asks for its work-item: the compiler cannot
/// lower those queries, and at run time they reach the runtime's
/// library-only builtins, which must know which work-item asks. So before
/// each call that may reach code outside the module, the work-group
/// function calls `__lanes_external_call` (include/lanes/abi.h) with the
/// work-item's local and group ids, as `__lanes_local_id` and
/// `__lanes_group_id` calls that the work-item loops then answer.
///
/// A call may reach outside code when it goes through a pointer, or to a
/// declaration, or to a function of the module that makes such a call
/// (transitively). Exempt: intrinsics, inline assembly, reserved names
/// (`__*`: the builtins, and helpers of the compiler and the C++ runtime
/// such as `__mulsc3`), functions that access no memory (they cannot read
/// the runtime's state either), and C library functions (TargetLibraryInfo
/// knows them, and all of <math.h>, some of which, such as erfc and lgamma,
/// it does not; they call no kernel code, and math functions must stay
/// widenable).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_EXTERNALCALLS_H
#define LANES_TRANSFORMS_EXTERNALCALLS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Names the calling work-item to the runtime before calls that may reach
/// code outside the module.
class ExternalCallsPass : public llvm::PassInfoMixin<ExternalCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace lanes

#endif
