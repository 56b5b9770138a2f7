//===- SinkMaskedAddresses.h - Fold addresses into masked accesses -*- C++
//-*-===//
//
/// \file
/// Function pass `lanes-sink-masked-addresses`, on work-group functions at
/// the end of the optimizer (after the loop vectorizer).
///
/// A work-item loop whose items load or store under a condition vectorizes
/// into masked loads and stores (`llvm.masked.load`, `llvm.masked.store`),
/// often at many constant offsets from one base (a local tile's rows).
/// LICM hoists each of those addresses out of the loops, up to the entry of
/// the work-group function, since they depend on the base only. For plain
/// loads and stores the code generator folds such an address back into the
/// instruction (CodeGenPrepare sinks it next to its use); for masked ones
/// x86 does not, so every address stays a value of its own, live across
/// the whole run of groups: more than the registers hold, spilled and
/// reloaded in the loops. This pass does that sinking for masked accesses:
/// an address that is a constant offset from its base, computed in another
/// block, is recomputed right before each masked access that uses it,
/// where instruction selection folds it into the access.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_SINKMASKEDADDRESSES_H
#define LANES_TRANSFORMS_SINKMASKEDADDRESSES_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Recomputes constant-offset addresses next to the masked accesses that
/// use them.
class SinkMaskedAddressesPass
    : public llvm::PassInfoMixin<SinkMaskedAddressesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace lanes

#endif
