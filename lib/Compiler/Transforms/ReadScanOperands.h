//===- ReadScanOperands.h - Scans read their operands' source -*- C++ -*-===//
//
/// \file
/// Function pass `lanes-read-scan-operands`, on work-group functions in
/// `lanes-cleanup-kernels`, after LICM and LoopSimplify, before the loop
/// vectorizer.
///
/// A work-group scan of integers runs in place over loop state
/// (WorkItemLoops.cpp, scanInPlace()): the work-item loop before it saves
/// each item's operand, the scan loads and overwrites them a vector at a
/// time, and the loop after it reads the results. When the operand is an
/// element the item loaded from memory (`inclusive_scan_over_group(g,
/// in[i], plus)`), the first loop only copies memory to loop state, a pass
/// over the group's elements that the scan could do without: this pass
/// makes the scan load the elements where the work-items loaded them and
/// drops the copy. On a Skylake-SP, a 256-item scan of ints in three passes
/// ran 1.12x slower than with the copy folded in.
///
/// It requires, for the scan's marks (ScanOperandMD, a constant number of
/// items N):
///  - a work-item loop of N trips that stores, on every trip, an element
///    it loads (both simple, consecutive in the trip) to consecutive
///    elements of the scan's array from its start;
///  - the scan's loads dominated by that loop's exit;
///  - nothing in the loop, or on a way from its exit to the scan's loads
///    that does not go round the loop again, that may write the memory the
///    elements come from, or read or write the array, but the copy and the
///    scan's own loads and stores.
/// Each item's element is then the same when the scan loads it as when the
/// item did, and every item loaded it, so it is there to load. The scan
/// overwrites the whole array before anything reads it again, so the
/// store is dead.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_READSCANOPERANDS_H
#define LANES_TRANSFORMS_READSCANOPERANDS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Makes in-place work-group scans load their operands from the memory
/// the work-items loaded them from.
class ReadScanOperandsPass : public llvm::PassInfoMixin<ReadScanOperandsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
