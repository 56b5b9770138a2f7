//===- KernelNames.h - The SYCL names of kernels ----------------*- C++ -*-===//
//
/// \file
/// Module pass `lanes-kernel-names`, at the start of the pipeline, before
/// anything is inlined or dropped.
///
/// Diagnostics and reports name a kernel. SYCL programs name kernels with
/// a type (`parallel_for<class Scale>`), which the run time's messages
/// use too; the entry of a kernel (`lanes::detail::kernelEntry<...>`) is
/// instantiated for the kernel object's type only. The SYCL headers
/// instantiate `lanes::detail::NamedKernelType<Name, KernelT>::Set` for
/// every named kernel (kernel_bundle.hpp), so the module holds a global of
/// that name. This pass gives each entry whose kernel object is a KernelT
/// so recorded the attribute KernelNameAttr = Name, demangled, which
/// kernelName() reads and work-group functions inherit. A kernel object
/// launched under two names keeps the first. Unnamed kernels keep being
/// named by their kernel object.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_KERNELNAMES_H
#define LANES_TRANSFORMS_KERNELNAMES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Names the module's kernel entries as the SYCL program does.
class KernelNamesPass : public llvm::PassInfoMixin<KernelNamesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace lanes

#endif
