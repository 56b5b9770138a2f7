//===- RequiredLocalSizes.h - Sizes kernels require -------------*- C++ -*-===//
//
/// \file
/// Module pass `lanes-required-local-sizes`, at the start of the pipeline,
/// before anything is inlined.
///
/// A kernel may require the local size it is launched with (SYCL's
/// `[[sycl::reqd_work_group_size]]`): the function that says so carries
/// RequiredLocalSizeAttr, or from C/C++ the annotation
/// `lanes.reqd_local_size=X[,Y[,Z]]` (what the front-end plugin writes on
/// a kernel's call operator): one size per dimension of the launches it
/// allows. It may likewise require its sub-group size (SYCL's
/// `[[sycl::reqd_sub_group_size]]`, which the front end has checked
/// against the translation unit's): RequiredSubGroupSizeAttr, or the
/// annotation `lanes.reqd_sub_group_size=N`. An entry requires the sizes
/// of the functions it reaches through direct calls, itself included;
/// reaching two different sizes of one kind (or local sizes of different
/// numbers of dimensions) is an error naming the kernel.
///
/// Each `__lanes_required_local_size(@entry, dim)` call becomes the
/// required local size in `dim` 0 to 2 (1 past the sizes given), the
/// number of sizes for `dim` 3, or 0 for an entry that requires none, so
/// that the front end's launch code can check a launch's size and ask for
/// the work-group function specialized for it. Each
/// `__lanes_required_sub_group_size(@entry)` call becomes the required
/// sub-group size, or 0, for the front end's kernel queries. A call whose
/// arguments are not such constants is an error: the runtime would answer
/// 0. The annotations, read, are dropped: they would keep each call
/// operator alive after the inliner copied it into its entries.
///
/// Each `__lanes_private_mem_size(@entry)` call, which only
/// `lanes-work-item-loops` can answer, names its entry in metadata
/// (PrivateMemSizeEntryMD) instead of its argument from here on, so that
/// the query does not keep an entry that nothing launches alive.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_REQUIREDLOCALSIZES_H
#define LANES_TRANSFORMS_REQUIREDLOCALSIZES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Folds the required-local-size and required-sub-group-size queries of
/// the module.
class RequiredLocalSizesPass
    : public llvm::PassInfoMixin<RequiredLocalSizesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace lanes

#endif
