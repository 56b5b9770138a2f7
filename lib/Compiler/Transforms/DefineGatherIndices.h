//===- DefineGatherIndices.h - Gathers without undefined indices -*- C++
//-*-===//
//
/// \file
/// Function pass `lanes-define-gather-indices`, on work-group functions at
/// the end of the optimizer (after the loop vectorizer).
///
/// The lanes of a sub-group past the end of a short work-group are off in
/// every mask, and the addresses the vectorizer computes for them are often
/// undefined (a masked load's poison pass-through, an insertelement into
/// poison). When a gather is wider than a register, the x86 back end splits
/// it, and a part whose indices are all undefined reads a register nothing
/// defines. LLVM 19's register allocator may then give that index the
/// gather's destination register: `vpgatherqd (,%zmm0), %ymm0` is an
/// illegal instruction (the ISA faults when index and destination are one
/// register), and the program dies of SIGILL. Seen with sub-groups of 32
/// on AVX-512, where `llc-19` alone reproduces it from the optimized IR.
///
/// This pass gives the lanes a gather's mask leaves off a defined index:
/// the gather's vector index (or its vector of addresses) becomes
/// `select(mask, index, 0)`. A part whose indices were all undefined then
/// folds to zeros, a register like any other; elsewhere it costs one masked
/// move. Gathers whose mask is all true, whose address is one pointer for
/// every lane, or which the target does not have (they become scalar
/// loads) are left alone.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_DEFINEGATHERINDICES_H
#define LANES_TRANSFORMS_DEFINEGATHERINDICES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Zeroes the indices of the lanes a masked gather leaves off.
class DefineGatherIndicesPass
    : public llvm::PassInfoMixin<DefineGatherIndicesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
