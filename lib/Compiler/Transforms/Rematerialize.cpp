//===- Rematerialize.cpp - Recompute instead of storing -------------------===//
//
/// \file
/// Implements Rematerializer; see Rematerialize.h.
//
//===----------------------------------------------------------------------===//
#include "Rematerialize.h"

#include "../Analysis/LanesIR.h"
#include "../Analysis/WorkItemShape.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace lanes {

/// Instructions in one recomputed chain, at most.
static constexpr unsigned ChainBudget = 12;

Rematerializer::Rematerializer(const Function &WG)
    : WG(WG), KernelObject(WG.arg_empty() ? nullptr : WG.getArg(0)) {}

void Rematerializer::allowUnchangedLoads(AAResults &AA,
                                         const WorkItemShape &Shape,
                                         unsigned SubGroupSize) {
  SmallVector<const Instruction *, 16> Writers;
  SmallVector<const LoadInst *, 16> Shared;
  for (const Instruction &I : instructions(WG)) {
    if (getBuiltin(&I) != Builtin::None)
      continue; // barriers and collectives order memory, they do not write
    if (I.mayWriteToMemory())
      Writers.push_back(&I);
    const auto *Load = dyn_cast<LoadInst>(&I);
    if (Load && Load->isSimple() &&
        Shape.isSubGroupUniform(Load->getPointerOperand(), SubGroupSize))
      Shared.push_back(Load);
  }
  for (const LoadInst *Load : Shared) {
    MemoryLocation Loc = MemoryLocation::get(Load);
    if (none_of(Writers, [&](const Instruction *W) {
          return isModSet(AA.getModRefInfo(W, Loc));
        }))
      UnchangedLoads.insert(Load);
  }
}

void foldPhisOfOneComputation(Function &WG) {
  for (BasicBlock &BB : WG)
    for (PHINode &Phi : make_early_inc_range(BB.phis())) {
      auto *First = dyn_cast<Instruction>(Phi.getIncomingValue(0));
      // Every path into BB computes it: no need to be speculatable, but
      // memory could differ between the copies.
      if (!First || !isa<BinaryOperator, CastInst, GetElementPtrInst, CmpInst,
                         SelectInst>(First))
        continue;
      auto Same = [&](const Value *In) {
        const auto *Copy = dyn_cast<Instruction>(In);
        return Copy && Copy->isIdenticalToWhenDefined(First);
      };
      // Its operands dominate every predecessor, so BB too, unless they
      // are defined in BB itself.
      auto InBB = [&](const Value *Op) {
        const auto *I = dyn_cast<Instruction>(Op);
        return I && I->getParent() == &BB;
      };
      // A PHI of one value (LCSSA) is left alone: nothing to gain.
      if (all_equal(Phi.incoming_values()) ||
          !all_of(Phi.incoming_values(), Same) ||
          any_of(First->operands(), InBB))
        continue;
      Instruction *Folded = First->clone();
      Folded->dropPoisonGeneratingAnnotations();
      Folded->insertBefore(BB.getFirstInsertionPt());
      Folded->takeName(&Phi);
      Phi.replaceAllUsesWith(Folded);
      Phi.eraseFromParent();
    }
}

bool Rematerializer::canRecompute(const Instruction *I) {
  unsigned Budget = ChainBudget;
  return canRecompute(I, Budget);
}

bool Rematerializer::canRecompute(const Instruction *I, unsigned &Budget) {
  if (auto Found = Known.find(I); Found != Known.end())
    return Found->second;
  if (Budget == 0)
    return false;
  --Budget;
  Builtin B = getBuiltin(I);
  bool Result;
  if (B != Builtin::None) {
    Result = isQuery(B);
  } else if (const auto *Call = dyn_cast<CallInst>(I)) {
    // A call that reads no memory and depends on constants only gives the
    // same value wherever it runs (lanes::rt::groupLocalMemory); LICM and
    // GVN leave one call of the copies.
    Result = Call->doesNotAccessMemory() && Call->willReturn() &&
             !Call->mayThrow() && !Call->isConvergent() &&
             all_of(Call->args(), [](const Use &A) {
               return isa<Constant>(A.get());
             });
  } else if (const auto *Load = dyn_cast<LoadInst>(I)) {
    // The kernel object is readable and unchanged for the whole launch.
    Result = UnchangedLoads.contains(Load) ||
             (Load->isSimple() && KernelObject &&
              getUnderlyingObject(Load->getPointerOperand()) == KernelObject);
  } else {
    Result = (isa<BinaryOperator>(I) || isa<CastInst>(I) ||
              isa<GetElementPtrInst>(I) || isa<CmpInst>(I) ||
              isa<SelectInst>(I)) &&
             isSafeToSpeculativelyExecute(I);
  }
  for (const Use &Op : I->operands()) {
    if (!Result)
      break;
    if (const auto *OpI = dyn_cast<Instruction>(Op.get()))
      Result = canRecompute(OpI, Budget);
  }
  // A verdict reached under a tight budget is not cached as a "no": the
  // same instruction may fit when asked about on its own.
  if (Result || Budget > 0)
    Known[I] = Result;
  return Result;
}

Value *Rematerializer::recompute(
    Instruction *I, IRBuilder<> &B, DenseMap<Value *, Value *> &Cache,
    function_ref<Value *(CallInst *, IRBuilder<> &)> LowerQuery) {
  if (Value *Done = Cache.lookup(I))
    return Done;
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands())
    if (auto *OpI = dyn_cast<Instruction>(Op.get()))
      Op.set(recompute(OpI, B, Cache, LowerQuery));
  Value *Result = B.Insert(Copy, I->getName() + ".remat");
  // A query's operand (its dimension) may itself be computed: lower the
  // copy, whose operands are the recomputed ones.
  if (isQuery(getBuiltin(Copy))) {
    Result = LowerQuery(cast<CallInst>(Copy), B);
    Copy->eraseFromParent();
  }
  Cache[I] = Result;
  return Result;
}

} // namespace lanes
