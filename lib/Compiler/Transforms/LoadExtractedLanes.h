//===- LoadExtractedLanes.h - Lanes of a loaded vector as loads -*- C++ -*-===//
//
/// \file
/// Function pass `lanes-load-extracted-lanes`, on work-group functions at
/// the end of the optimizer (after the loop vectorizer).
///
/// Where the vectorizer builds a gather from scalar loads (on the cores
/// whose gathers are slow, see CloneKernels.cpp), each lane's address
/// comes from a vector of indices the loop loaded: `sext(load <16 x i32>)`
/// and one extractelement per lane. Getting a lane out of a vector register
/// costs an extract or a shuffle, on Intel's cores mostly on port 5, which
/// the inserts that build the gathered vector need too; the code generator
/// reads such lanes straight from memory only where no extension stands
/// between the load and the extracts. So when every use of a loaded vector
/// (or of its sign or zero extension) is an extract of a constant lane,
/// this pass loads each of those lanes on its own, extended, in place of
/// the extract: two load ports do that work, port 5 keeps the inserts.
///
/// Legal where nothing between the vector load and an extract may write
/// memory (both in one block); plain, non-volatile loads only.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_LOADEXTRACTEDLANES_H
#define LANES_TRANSFORMS_LOADEXTRACTEDLANES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Loads the lanes that are only extracted from a loaded vector one by one.
class LoadExtractedLanesPass
    : public llvm::PassInfoMixin<LoadExtractedLanesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace lanes

#endif
