//===- ScalarizeSplatLanes.h - Lanes of a splat as scalars ------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-scalarize-splat-lanes`, on work-group functions at
/// the end of the optimizer (after the loop vectorizer).
///
/// Where the vectorizer builds a gather from scalar loads (on the cores
/// whose gathers are slow, see CloneKernels.cpp), lane k's address comes
/// from lane k of the lanes' indices, often `splat(j) + <0, 1, ..., SG-1>`
/// (a CSR row's `j + lane`): one extractelement a lane. InstCombine turns
/// such an extract into the scalar `j + k` only when the vector has no
/// other user, and a gather extracts every lane, so the code generator
/// builds the vector and takes each lane back out of the register
/// (`vpextrq`, two instructions a lane on AVX2) where `j + k` would fold
/// into the load's address.
///
/// This pass replaces every extract of a constant lane k from a binary
/// operator of a splat and a constant vector, `splat(s) op C` or
/// `C op splat(s)`, by the scalar `s op C[k]`, with the operator's flags
/// (the lane computes the same operation on the same values). The vector
/// goes when nothing else uses it. A PHI of such operators, the same
/// operator and constant from every predecessor (GVN's PRE moves the
/// lanes' indices so into the predecessors of a block entered two ways),
/// is first rewritten as the operator of the splatted values' PHI.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_SCALARIZESPLATLANES_H
#define LANES_TRANSFORMS_SCALARIZESPLATLANES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Computes the extracted lanes of `splat(s) op C` as scalars.
class ScalarizeSplatLanesPass
    : public llvm::PassInfoMixin<ScalarizeSplatLanesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace lanes

#endif
