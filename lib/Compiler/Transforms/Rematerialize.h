//===- Rematerialize.h - Recompute instead of storing -----------*- C++ -*-===//
//
/// \file
/// Values live across a barrier that are cheap to recompute need no loop
/// state: a chain of at most a few side-effect-free instructions over
/// builtin queries, constants, arguments, loads from the (read-only)
/// kernel object and calls that read no memory with constant arguments,
/// such as a global id, `base + local_id`, a captured pointer plus an
/// offset or an element of a group_local_memory object.
/// `lanes-work-item-loops` recomputes them at the top of every work-item
/// loop that needs them, instead of storing them per work-item and loading
/// them back; LICM later hoists the uniform part.
///
/// Loads from other memory are recomputed only when nothing in the kernel
/// may write what they read, and when the work-items of a sub-group (or of
/// the group) share their address: a CSR row's bounds, read by the row's
/// sub-group. Such a load is then invariant in the lane loop, and the
/// values computed from it (the row's start plus the lane) are contiguous
/// across the lanes, where values reloaded from loop state are not known
/// to be. Repeating it is safe: a value live into a sub-CFG is defined on
/// every path to the sub-CFG's start, so every work-item there made the
/// same load before, and it reads the same value again.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_REMATERIALIZE_H
#define LANES_TRANSFORMS_REMATERIALIZE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

namespace llvm {
class AAResults;
} // namespace llvm

namespace lanes {

class WorkItemShape;

/// Replaces each PHI whose incoming values are copies of one computation
/// over the same operands, differing at most in flags (GVN leaves
/// `phi [x >> 4, a], [x >> 4 exact, b]` when a branch knows more about x),
/// by that computation without the flags, in the PHI's block. The
/// Rematerializer can recompute the computation; it cannot see through
/// the PHI, which would wait in loop state across a barrier.
void foldPhisOfOneComputation(llvm::Function &WG);

/// Decides which instructions of a work-group function can be recomputed
/// anywhere, and recomputes them.
class Rematerializer {
public:
  explicit Rematerializer(const llvm::Function &WG);

  /// Lets loads from memory other than the kernel object be recomputed:
  /// those whose address is sub-group uniform for `SubGroupSize` (uniform
  /// when it is 0, WorkItemShape::isSubGroupUniform) and whose location no
  /// instruction of the function but the lanes builtins may modify, per
  /// `AA`. Decided now, before the function changes.
  void allowUnchangedLoads(llvm::AAResults &AA, const WorkItemShape &Shape,
                           unsigned SubGroupSize);

  /// True when `I` can be recomputed at any point of the function.
  bool canRecompute(const llvm::Instruction *I);

  /// Emits a copy of `I`'s computation with `B`; `Cache` shares pieces
  /// between values recomputed at the same place. Builtin queries are
  /// handed to `LowerQuery`.
  llvm::Value *
  recompute(llvm::Instruction *I, llvm::IRBuilder<> &B,
            llvm::DenseMap<llvm::Value *, llvm::Value *> &Cache,
            llvm::function_ref<llvm::Value *(llvm::CallInst *,
                                             llvm::IRBuilder<> &)>
                LowerQuery);

private:
  bool canRecompute(const llvm::Instruction *I, unsigned &Budget);
  const llvm::Function &WG;
  const llvm::Value *KernelObject;
  llvm::DenseSet<const llvm::LoadInst *> UnchangedLoads;
  llvm::DenseMap<const llvm::Instruction *, bool> Known;
};

} // namespace lanes

#endif
