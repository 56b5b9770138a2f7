//===- DropUnreadStores.h - Stores to group memory nothing reads -*- C++
//-*-===//
//
/// \file
/// Function pass `lanes-drop-unread-stores`, on work-group functions at the
/// end of the optimizer (after `lanes-tidy-kernels`' GVN).
///
/// A work-group's local memory and its loop state (__lanes_loop_state) live
/// for the work-group function's run only: the host cannot read them, and
/// include/lanes/abi.h gives them to the function alone. Once GVN has
/// forwarded what a kernel stored there to the loads that read it (the
/// sub-groups' sums of a block reduction, each step of a tree), the stores
/// are left with no reader, but LLVM cannot drop them: to it both are
/// memory that outlives the function. This pass drops every store to them
/// when nothing in the function can read them:
///  - the context (the second parameter) is used only by loads at constant
///    offsets and the __lanes_loop_state call; the loads of its
///    local_memory field, the call's result (and a __lanes_local_memory
///    call, should one be left) are the memory's bases;
///  - the bases and the addresses made from them (GEPs, phis, selects) are
///    used only as the address of simple stores, masked stores and
///    scatters, and by comparisons;
///  - no call but the bases reads memory the module can reach other than
///    through its arguments (a gather's are a vector of them): a runtime
///    call, a barrier's divergence report or a function that was not
///    inlined might reach local memory through the runtime.
/// A store is dropped only when all its addresses come from the bases.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_DROPUNREADSTORES_H
#define LANES_TRANSFORMS_DROPUNREADSTORES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Drops the stores to local memory and loop state that nothing reads.
class DropUnreadStoresPass : public llvm::PassInfoMixin<DropUnreadStoresPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace lanes

#endif
