//===- Rematerialize.h - Recompute instead of storing -----------*- C++ -*-===//
//
/// \file
/// Values live across a barrier that are cheap to recompute need no loop
/// state: a chain of at most a few side-effect-free instructions over
/// builtin queries, constants, arguments, loads from the (read-only)
/// kernel object and calls that read no memory with constant arguments,
/// such as a global id, `base + local_id`, a captured pointer plus an
/// offset or an element of a group_local_memory object. `lanes-work-item-loops` recomputes them at the
/// top of every work-item loop that needs them, instead of storing them
/// per work-item and loading them back; LICM later hoists the uniform part.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_REMATERIALIZE_H
#define LANES_TRANSFORMS_REMATERIALIZE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

namespace lanes {

/// Decides which instructions of a work-group function can be recomputed
/// anywhere, and recomputes them.
class Rematerializer {
public:
  explicit Rematerializer(const llvm::Function &WG);

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
  const llvm::Value *KernelObject;
  llvm::DenseMap<const llvm::Instruction *, bool> Known;
};

} // namespace lanes

#endif
