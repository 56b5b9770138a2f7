//===- BarrierLiveness.cpp - Values that must survive a barrier -----------===//
//
/// \file
/// Implements BarrierLiveness.h.
//
//===----------------------------------------------------------------------===//
#include "BarrierLiveness.h"

#include "LanesIR.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace lanes {

bool isBarrierBlock(const BasicBlock &BB) {
  if (BB.size() < 2 || !isa<BranchInst>(BB.back()) ||
      !isGroupSync(getBuiltin(&BB.front())))
    return false;
  if (BB.size() == 2)
    return true;
  return all_of(make_range(BB.begin(), std::prev(BB.end())),
                [](const Instruction &I) {
                  return isSubGroupCollective(getBuiltin(&I));
                });
}

BasicBlock *usedAtEndOf(const Use &U) {
  auto *User = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(User))
    return Phi->getIncomingBlock(U);
  if (isBarrierBlock(*User->getParent()))
    return User->getParent()->getSinglePredecessor();
  return nullptr;
}

bool isLiveAcrossBarrier(const Instruction &I) {
  const BasicBlock *Def = I.getParent();
  SmallVector<const BasicBlock *, 16> Worklist;
  for (const Use &U : I.uses()) {
    const auto *User = cast<Instruction>(U.getUser());
    if (const BasicBlock *In = usedAtEndOf(U)) {
      if (In != Def)
        Worklist.push_back(In);
    } else if (User->getParent() != Def) {
      Worklist.push_back(User->getParent());
    }
  }
  SmallPtrSet<const BasicBlock *, 32> Visited;
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    if (!Visited.insert(BB).second)
      continue;
    if (isBarrierBlock(*BB))
      return true;
    for (const BasicBlock *Pred : predecessors(BB))
      if (Pred != Def)
        Worklist.push_back(Pred);
  }
  return false;
}

SmallVector<Instruction *, 16> valuesLiveAcrossBarriers(Function &F) {
  SmallVector<Instruction *, 16> Live;
  for (Instruction &I : instructions(F))
    if (!isa<AllocaInst>(I) && !I.getType()->isVoidTy() &&
        isLiveAcrossBarrier(I))
      Live.push_back(&I);
  return Live;
}

} // namespace lanes
