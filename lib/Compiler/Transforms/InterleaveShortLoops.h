//===- InterleaveShortLoops.h - One vector trip for short loops -*- C++ -*-===//
//
/// \file
/// Function pass `lanes-interleave-short-loops`, on work-group functions at
/// the end of `lanes-cleanup-kernels`, before the loop vectorizer.
///
/// A work-group function specialized for one local size has work-item
/// loops with constant trip counts, often a few vectors long: 16 floats
/// with 8 to a register. The loop vectorizer does not interleave loops of
/// fewer than 128 trips, so such a loop becomes a vector loop of two trips,
/// which the unroller then lays out one after the other. When the kernel
/// body is a long chain (a dot product over a tile, unrolled), the two
/// copies run as two chains in sequence, and every value both use (the
/// broadcast row of the tile) stays live from the first chain to the end of
/// the second: with the tile's columns held in registers as well, that is
/// more than the 32 vector registers, and the loop spills on every trip
/// (matmul ran at 0.65x the reference's speed on a Skylake-SP).
///
/// Interleaving by the number of vectors the loop holds makes it one trip
/// whose copies the vectorizer emits instruction by instruction, as the
/// reference's SIMD loop over a row is: each shared value is used by all
/// copies at once and dies. So each innermost work-item loop whose trip
/// count is a constant T gets `llvm.loop.interleave.count` T / VF, where VF
/// is the widest vector the vectorizer could choose (the register's width
/// over the narrowest element the loop loads or stores), when T is a
/// multiple of it and the count a power of two from 2 to what the target
/// says pays (TargetTransformInfo::getMaxInterleaveFactor, 4 with AVX). A
/// narrower choice of the vectorizer gives a loop of a few trips, as
/// before; never one too long for its vector. Loops with a width or count
/// set already (a sub-group's lanes, a lockstep loop) keep them.
///
/// The widest vector is that of the registers the target has, not only of
/// those its tuning prefers: x86 cores with AVX-512 are tuned for 256-bit
/// vectors (Skylake-SP and its successors), which left matmul's row two
/// vectors of 8 floats. Such a loop gets `llvm.loop.vectorize.width` as
/// well (count 1 is enough then: a row of 16 floats is one vector), and its
/// function "min-legal-vector-width"="512", without which code generation
/// splits the vectors in two again. On a Skylake-SP that made matmul 1.2x
/// to 1.5x faster than the two interleaved 256-bit halves. It is all the
/// function's work-item loops or none: the loops pass their data on
/// through local memory and loop state, and a loop that loads as one
/// 512-bit vector what the loop before stored as two 256-bit ones waits for
/// the stores to reach the cache (a tree reduction whose first steps are
/// too long for one trip ran 3.5x slower). The vectorizer's own choice for
/// the other loops stays 256 bits, since 512-bit code there was as often
/// slower as faster.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_INTERLEAVESHORTLOOPS_H
#define LANES_TRANSFORMS_INTERLEAVESHORTLOOPS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Interleaves the short constant-trip work-item loops into one vector
/// trip.
class InterleaveShortLoopsPass
    : public llvm::PassInfoMixin<InterleaveShortLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
