//===- KernelReport.h - What each kernel was compiled to --------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-report`, on work-group functions at the end of the
/// optimizer, after the loop vectorizer.
///
/// Tells the user, in one optimization analysis remark of pass
/// `lanes-report` per kernel (`lanes++ --lanes-report`, i.e. clang's
/// `-Rpass-analysis=lanes-report`), what the kernel became: its work-group
/// barriers, group and sub-group collectives and the implicit loop
/// barriers the pipeline added; the sub-CFGs (work-item loop nests) they
/// split it into; the bytes of loop state per work-item and of uniform
/// slots; and how many of its work-item loops vectorized, how wide. The
/// counts `lanes-work-item-loops` knew come from its WorkGroupSummary; the
/// loops are found as `lanes-vectorization-remarks` finds them
/// (VectorizedWorkItemLoops.h). A function without a summary gets no
/// remark.
///
/// The remark points at the kernel the user wrote: the outermost function
/// of the main source file that the kernel's code was inlined from (a
/// SYCL kernel's lambda, not the entry template of the SYCL headers around
/// it), else the work-group function's own definition. Clang gives the
/// pipeline the debug locations this needs whenever a remark is asked for.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_KERNELREPORT_H
#define LANES_TRANSFORMS_KERNELREPORT_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Emits one remark per lowered work-group function, summing up what it
/// was compiled to.
class KernelReportPass : public llvm::PassInfoMixin<KernelReportPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif // LANES_TRANSFORMS_KERNELREPORT_H
