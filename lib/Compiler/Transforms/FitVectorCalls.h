//===- FitVectorCalls.h - Vector math the target can run --------*- C++ -*-===//
//
/// \file
/// Function pass `lanes-fit-vector-calls`, on every function, at the end of
/// the optimizer (after the loop and SLP vectorizers).
///
/// lanes++ compiles with `-fveclib=libmvec`, so that loops calling `exp`,
/// `sin`, `pow`, ... vectorize with glibc's vector math. LLVM 19's table of
/// those functions names one variant per width whatever the target: a loop
/// vectorized 8 floats wide for plain x86-64 (SSE2) calls `_ZGVdN8v_expf`,
/// the AVX2 variant, and a float loop calling a double function 4 wide
/// calls `_ZGVdN4v_sin`. The caller passes the vector the SSE way, the
/// callee reads AVX registers: half the lanes come back wrong (or the CPU
/// lacks the instructions). This pass rewrites each call of a variant
/// (glibc's x86 vector ABI: `_ZGV<isa>N<lanes><v...>_<name>`, isa b = SSE,
/// c = AVX, d = AVX2, e = AVX-512) whose instruction set the calling
/// function's target features lack into calls of the widest variant they
/// allow, on equal parts of the vector, and joins the results. The same
/// holds for an AVX-512 variant in a function that does not pass 512-bit
/// vectors in zmm registers (its target prefers 256-bit vectors, as most
/// AVX-512 CPUs do): the caller passes a <16 x float> as two ymm halves.
/// glibc ships every libmvec function in all four variants.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_FITVECTORCALLS_H
#define LANES_TRANSFORMS_FITVECTORCALLS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Replaces libmvec calls the function's target cannot run.
class FitVectorCallsPass : public llvm::PassInfoMixin<FitVectorCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
  /// Without it, the program computes wrong results: run at -O0 too.
  static bool isRequired() { return true; }
};

} // namespace lanes

#endif
