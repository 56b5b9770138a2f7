//===- BarrierLiveness.h - Values that must survive a barrier ---*- C++ -*-===//
//
/// \file
/// Finds the SSA values of a work-group function (with barriers isolated by
/// `lanes-isolate-barriers`) that are live across a barrier: those with a
/// use reachable from some barrier block without passing their definition.
/// Such a value must wait in loop state while the other work-items run up
/// to the barrier. Liveness is exact on the CFG (a backward walk from each
/// use that stops at the definition).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_ANALYSIS_BARRIERLIVENESS_H
#define LANES_ANALYSIS_BARRIERLIVENESS_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Use;
} // namespace llvm

namespace lanes {

/// True when `BB` is a barrier block as `lanes-isolate-barriers` leaves it:
/// one group sync, or a run of sub-group collectives, and a branch.
bool isBarrierBlock(const llvm::BasicBlock &BB);

/// The block at whose end `U` reads its value, or null when that is where
/// its user stands: a PHI reads at the end of the incoming block, and a
/// collective in a barrier block at the end of the block's predecessor,
/// where each work-item contributes its operand.
llvm::BasicBlock *usedAtEndOf(const llvm::Use &U);

/// Where on the CFG one instruction's value is live.
class LiveRange {
public:
  explicit LiveRange(const llvm::Instruction &Def);

  /// True when the value is still read after `At` executes, in `At`'s
  /// block or after it. A PHI stands at the start of its block.
  bool isLiveAfter(const llvm::Instruction &At) const;

  /// True when on some path both values are live at once: one is still
  /// read after the other is defined (in SSA form, any overlap shows there).
  bool overlaps(const LiveRange &Other) const {
    return isLiveAfter(Other.Def) || Other.isLiveAfter(Def);
  }

  /// True when a barrier block lies on a path from the definition to a use.
  bool crossesBarrier() const;

private:
  const llvm::Instruction &Def;
  /// The blocks the value is live at the start of: those on a path from a
  /// use back to the definition (never the definition's own block).
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> LiveIn;
};

/// True when a barrier block lies on a path from `I`'s definition to a use.
inline bool isLiveAcrossBarrier(const llvm::Instruction &I) {
  return LiveRange(I).crossesBarrier();
}

/// Every non-alloca instruction of `F` that is live across a barrier, in
/// program order.
llvm::SmallVector<llvm::Instruction *, 16>
valuesLiveAcrossBarriers(llvm::Function &F);

} // namespace lanes

#endif
