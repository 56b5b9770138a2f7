//===- RouteInvokeVectors.h - Vectors of invokes past their block ---------===//
//
/// \file
/// Function pass `lanes-route-invoke-vectors`, in lanes-simplify-kernels
/// right before LLVM's ScalarizerPass.
///
/// The scalarizer splits a vector value into its elements right after the
/// instruction that defines it. For an invoke, which ends its block, that
/// is past the terminator: invalid IR, on which the next pass crashes. A
/// kernel meets it when it calls a function that is not inlined and
/// returns a small vector (a sycl::half4 is a <4 x half>) while a
/// destructor or a noexcept boundary makes the call an invoke.
///
/// This pass gives each invoke that returns a vector of integers or
/// floating-point values a block of its own on the normal edge, and routes
/// the result through a bitcast to an integer of its size and back there.
/// The scalarizer does not split an integer, so it splits the bitcast back
/// instead, inside that block; InstCombine later folds the pair away.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_ROUTEINVOKEVECTORS_H
#define LANES_TRANSFORMS_ROUTEINVOKEVECTORS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Routes the vector results of invokes through their normal destination.
class RouteInvokeVectorsPass
    : public llvm::PassInfoMixin<RouteInvokeVectorsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace lanes

#endif
