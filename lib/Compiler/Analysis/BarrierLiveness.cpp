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

LiveRange::LiveRange(const Instruction &Def) : Def(Def) {
  const BasicBlock *DefBlock = Def.getParent();
  SmallVector<const BasicBlock *, 16> Worklist;
  for (const Use &U : Def.uses()) {
    const auto *User = cast<Instruction>(U.getUser());
    if (const BasicBlock *In = usedAtEndOf(U)) {
      if (In != DefBlock)
        Worklist.push_back(In);
    } else if (User->getParent() != DefBlock) {
      Worklist.push_back(User->getParent());
    }
  }
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    if (!LiveIn.insert(BB).second)
      continue;
    for (const BasicBlock *Pred : predecessors(BB))
      if (Pred != DefBlock)
        Worklist.push_back(Pred);
  }
}

bool LiveRange::isLiveAfter(const Instruction &At) const {
  const BasicBlock *BB = At.getParent();
  if (BB == Def.getParent()) {
    // PHIs are defined together, at the start of the block.
    bool DefinedBefore = isa<PHINode>(Def) ||
                         (!isa<PHINode>(At) && Def.comesBefore(&At));
    if (!DefinedBefore)
      return false;
  } else if (!LiveIn.contains(BB)) {
    return false;
  }
  for (const Use &U : Def.uses()) {
    if (const BasicBlock *In = usedAtEndOf(U)) {
      if (In == BB)
        return true;
      continue;
    }
    const auto *User = cast<Instruction>(U.getUser());
    if (User->getParent() == BB &&
        (isa<PHINode>(At) || At.comesBefore(User)))
      return true;
  }
  return any_of(successors(BB),
                [&](const BasicBlock *Succ) { return LiveIn.contains(Succ); });
}

bool LiveRange::crossesBarrier() const {
  return any_of(LiveIn,
                [](const BasicBlock *BB) { return isBarrierBlock(*BB); });
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
