//===- VectorMath.h - glibc's vector math for the rest of libm --*- C++ -*-===//
//
/// \file
/// Function pass `lanes-vector-math`, on work-group functions with their
/// work-item loops, right before the loop vectorizer.
///
/// lanes++ compiles with `-fveclib=libmvec`, but LLVM 19's table of glibc's
/// vector functions lists only sin, cos, tan, exp, log and pow, and those
/// only for SSE and AVX2: a work-item loop of 16 floats (sub-groups of 16
/// on AVX-512) calls `expf` once per lane. glibc 2.35 added twenty more to
/// libmvec (acos, acosh, asin, asinh, atan, atan2, atanh, cbrt, cosh, erf,
/// erfc, exp10, exp2, expm1, hypot, log10, log1p, log2, sinh, tanh), each
/// for SSE, AVX, AVX2 and AVX-512. Without them a work-item loop calling
/// `sycl::tanh` or `sycl::erf` stays scalar: LLVM 19 cannot widen
/// `llvm.tanh` and friends, and `erff` may set errno.
///
/// This pass gives each call of one of those twenty-six functions, as a
/// libm call (`erff`, `atan2`) or as an LLVM intrinsic (`llvm.tanh.f32`,
/// `llvm.exp2.f64`), the vector variants the loop vectorizer looks for
/// (the `vector-function-abi-variant` attribute, as InjectTLIMappings
/// writes for LLVM's own table): SSE's 4 floats or 2 doubles, AVX2's 8 or
/// 4 and AVX-512's 16 or 8, whatever the target, as LLVM names the others;
/// `lanes-fit-vector-calls` later rewrites the variants the target lacks.
/// A libm call also becomes `memory(none)`: a kernel cannot observe errno
/// (SYCL's math functions do not set it), and a call that may write memory
/// would cost the work-item loop its parallel annotation.
///
/// Only where the target library info names glibc's variants for `expf`
/// (`-fveclib=libmvec` on x86-64), so that `-fveclib=none` keeps every call
/// as it is. Vector results are within 4 ulp (glibc's bound for libmvec).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_VECTORMATH_H
#define LANES_TRANSFORMS_VECTORMATH_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Names glibc's vector variants of the libm functions LLVM 19 does not.
class VectorMathPass : public llvm::PassInfoMixin<VectorMathPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
