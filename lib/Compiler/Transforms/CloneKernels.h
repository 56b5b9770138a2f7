//===- CloneKernels.h - Give every kernel entry a work-group function -*- C++ -*-===//
//
/// \file
/// Module pass `lanes-clone-kernels`. Runs first in the kernel pipeline.
///
/// Finds the kernel entries (functions annotated "lanes.kernel" in
/// llvm.global.annotations, or carrying the "lanes-kernel" attribute) and
/// gives each a work-group function: a copy `<entry>.lanes.wg` of type
/// `void(ptr kernel_object, ptr ctx)` that the later passes turn into code
/// running the whole work-group (and `lanes-group-ranges`, last, into code
/// running a run of groups). The entry itself is left untouched, so the
/// library-only fallback keeps working.
///
/// Specialization: each constant local size that a
/// `__lanes_work_group_function(@entry, x, y, z)` call asks with gets its own
/// copy `<entry>.lanes.wg.<x>x<y>x<z>`, marked with LocalSizeAttr, whose
/// work-item loops `lanes-work-item-loops` builds with constant trip counts
/// (up to four sizes per entry). The generic copy is made only when some
/// call's sizes are not constants, there are more sizes, or no call asks
/// (hand-written IR), so a kernel launched with one constant size costs no
/// extra compile time.
///
/// Known fields: a call's last argument is the kernel object its launch
/// will pass. The integer fields the call's block stores into it as
/// constants before the call (back to anything else that may write memory)
/// are known for that launch; each work-group function gets the fields
/// that all calls resolving to it agree on, and its loads of those fields
/// become the constants. The SYCL headers store the kernel object's
/// captures there, so an accessor's range (a local tile's row length) or
/// a captured constant becomes a constant in the kernel.
///
/// On the Intel cores whose gathers the Gather Data Sampling microcode fix
/// made slow, each work-group function asks for no gathers
/// (`+prefer-no-gather`), unless its features already say either way.
///
/// It also marks the query builtins' results `noundef`, so that the
/// simplification drops a `freeze` of one (see markDefinedQueries).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_CLONEKERNELS_H
#define LANES_TRANSFORMS_CLONEKERNELS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Marks kernel entries and clones each into a work-group function.
class CloneKernelsPass : public llvm::PassInfoMixin<CloneKernelsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace lanes

#endif
