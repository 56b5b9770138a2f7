//===- SpeculateLaneLoads.cpp - Masked scalar loads without branches ------===//
//
/// \file
/// Implements `lanes-speculate-lane-loads`; see SpeculateLaneLoads.h.
//
//===----------------------------------------------------------------------===//
#include "SpeculateLaneLoads.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-speculate-lane-loads"

STATISTIC(NumChains, "Predicated lane loads made without branches");

namespace lanes {
namespace {

/// One lane of the chain: `br m[k], If, Cont` at the end of the block
/// before; If loads and inserts; Cont's phi merges.
struct Lane {
  BranchInst *Branch;
  BasicBlock *If;
  PHINode *Phi;
  LoadInst *Load;
  ExtractElementInst *Index;
};

/// The vectorizer's predicated loads of every lane of a mask, starting
/// with the branch that ends `Head`.
struct Chain {
  Value *Mask = nullptr;
  Value *Indices = nullptr;
  Value *Init = nullptr;
  SmallVector<Lane, 16> Lanes;
};

/// Whether `I` in `If` may be moved out: nothing outside `If` uses it and
/// executing it anywhere is safe.
bool movable(const Instruction &I, const BasicBlock *If) {
  return isSafeToSpeculativelyExecute(&I) &&
         all_of(I.users(), [&](const User *U) {
           return cast<Instruction>(U)->getParent() == If;
         });
}

/// Lane `K` of a chain whose block before is `Before`, or nothing.
std::optional<Lane> matchLane(BasicBlock *Before, unsigned K, Chain &C) {
  auto *Br = dyn_cast<BranchInst>(Before->getTerminator());
  Value *Mask;
  if (!Br || !Br->isConditional() ||
      !match(Br->getCondition(),
             m_ExtractElt(m_Value(Mask), m_SpecificInt(K))) ||
      (C.Mask && Mask != C.Mask))
    return std::nullopt;
  BasicBlock *If = Br->getSuccessor(0), *Cont = Br->getSuccessor(1);
  if (If->getSinglePredecessor() != Before ||
      If->getSingleSuccessor() != Cont || !Cont->hasNPredecessors(2))
    return std::nullopt;
  auto Phis = Cont->phis();
  if (std::distance(Phis.begin(), Phis.end()) != 1)
    return std::nullopt;
  PHINode &Phi = *Phis.begin();
  Value *Prev = Phi.getIncomingValueForBlock(Before);
  auto *Insert = dyn_cast<InsertElementInst>(Phi.getIncomingValueForBlock(If));
  auto *Load = Insert ? dyn_cast<LoadInst>(Insert->getOperand(1)) : nullptr;
  if (!Load || !Load->isSimple() || Load->getParent() != If ||
      Insert->getParent() != If || Insert->getOperand(0) != Prev ||
      !match(Insert->getOperand(2), m_SpecificInt(K)) || !Load->hasOneUse() ||
      !Insert->hasOneUse())
    return std::nullopt;
  ExtractElementInst *Index = nullptr;
  for (Instruction &I : *If) {
    if (&I == Load || &I == Insert || I.isTerminator())
      continue;
    if (!movable(I, If))
      return std::nullopt;
    if (auto *E = dyn_cast<ExtractElementInst>(&I)) {
      Value *Indices;
      if (Index ||
          !match(E, m_ExtractElt(m_Value(Indices), m_SpecificInt(K))) ||
          (C.Indices && Indices != C.Indices))
        return std::nullopt;
      Index = E;
      C.Indices = Indices;
    }
  }
  if (!Index)
    return std::nullopt;
  C.Mask = Mask;
  if (K == 0)
    C.Init = Prev;
  else if (Prev != C.Lanes.back().Phi)
    return std::nullopt;
  return Lane{Br, If, &Phi, Load, Index};
}

/// Whether lane B's block computes its load's address from its extract as
/// lane A's does from its own: the same instructions in the same order, on
/// the same values from outside the block. Then a lane the mask leaves off,
/// given the first kept lane's index, loads what that lane loads.
bool sameShape(const Lane &A, const Lane &B) {
  if (A.If->size() != B.If->size())
    return false;
  DenseMap<const Value *, const Value *> Counterpart;
  for (auto [IA, IB] : zip(*A.If, *B.If)) {
    if (!IA.isSameOperationAs(&IB))
      return false;
    Counterpart[&IA] = &IB;
    // The extracts differ in their lane, the inserts are rebuilt.
    if (&IA == A.Index || isa<InsertElementInst>(IA) || IA.isTerminator()) {
      if (&IA == A.Index && &IB != B.Index)
        return false;
      continue;
    }
    for (auto [OA, OB] : zip(IA.operands(), IB.operands())) {
      auto It = Counterpart.find(OA);
      if (It != Counterpart.end() ? It->second != OB : OA != OB)
        return false;
    }
  }
  return true;
}

/// The chain that starts with `Head`'s branch, or nothing.
std::optional<Chain> matchChain(BasicBlock &Head) {
  Chain C;
  BasicBlock *Before = &Head;
  for (unsigned K = 0;; ++K) {
    std::optional<Lane> L = matchLane(Before, K, C);
    if (!L)
      return std::nullopt;
    C.Lanes.push_back(*L);
    unsigned Width = cast<FixedVectorType>(C.Mask->getType())->getNumElements();
    if (K + 1 == Width)
      break;
    // Between two lanes: the phi, the next lane's condition, the branch.
    Before = L->Phi->getParent();
    for (Instruction &I : *Before)
      if (&I != L->Phi && !I.isTerminator() &&
          &I != cast<BranchInst>(Before->getTerminator())->getCondition())
        return std::nullopt;
  }
  // The indices, the mask and the start come from before the chain.
  SmallPtrSet<const BasicBlock *, 32> Blocks;
  for (const Lane &L : C.Lanes) {
    Blocks.insert(L.If);
    Blocks.insert(L.Phi->getParent());
  }
  if (cast<FixedVectorType>(C.Indices->getType())->getNumElements() !=
      C.Lanes.size())
    return std::nullopt;
  for (Value *V : {C.Mask, C.Indices, C.Init})
    if (auto *I = dyn_cast<Instruction>(V);
        I && Blocks.contains(I->getParent()))
      return std::nullopt;
  // Lane 0's block takes its values from before the chain; so do the others.
  for (const Lane &L : drop_begin(C.Lanes))
    if (!sameShape(C.Lanes[0], L))
      return std::nullopt;
  return C;
}

/// Loads the chain's lanes in one straight block after `Head`.
void speculate(BasicBlock &Head, Chain &C) {
  auto *MaskTy = cast<FixedVectorType>(C.Mask->getType());
  unsigned Width = MaskTy->getNumElements();
  IRBuilder<> B(Head.getTerminator());
  Value *Bits = B.CreateBitCast(C.Mask, B.getIntNTy(Width), "lane.bits");
  Value *Any = B.CreateICmpNE(Bits, B.getIntN(Width, 0), "any.lane");
  Instruction *ThenTerm =
      SplitBlockAndInsertIfThen(Any, Head.getTerminator(), false);
  BasicBlock *Then = ThenTerm->getParent();
  BasicBlock *Tail = ThenTerm->getSuccessor(0);
  Then->setName("lane.loads");
  Tail->setName("lane.loads.done");

  B.SetInsertPoint(ThenTerm);
  Value *First = B.CreateBinaryIntrinsic(Intrinsic::cttz, Bits, B.getTrue(),
                                         nullptr, "first.lane");
  Value *FirstIndex = B.CreateExtractElement(C.Indices, First);
  Value *Safe = B.CreateSelect(
      C.Mask, C.Indices, B.CreateVectorSplat(Width, FirstIndex), "safe.index");
  Value *Vec = C.Init;
  for (auto [K, L] : enumerate(C.Lanes)) {
    ValueToValueMapTy Map;
    Map[L.Index] = B.CreateExtractElement(Safe, uint64_t(K));
    for (Instruction &I : *L.If) {
      if (&I == L.Index || I.isTerminator() || isa<InsertElementInst>(I))
        continue;
      Instruction *Copy = I.clone();
      RemapInstruction(Copy, Map, RF_IgnoreMissingLocals);
      B.Insert(Copy, I.getName());
      Map[&I] = Copy;
    }
    Vec = B.CreateInsertElement(Vec, Map[L.Load], uint64_t(K));
  }
  if (!isa<PoisonValue>(C.Init))
    Vec = B.CreateSelect(C.Mask, Vec, C.Init);

  PHINode *Loaded = PHINode::Create(Vec->getType(), 2, "lanes.loaded");
  Loaded->insertBefore(Tail->getFirstNonPHIIt());
  Loaded->addIncoming(Vec, Then);
  Loaded->addIncoming(C.Init, &Head);

  // Every lane's branch goes straight on; the lanes' blocks go, and with
  // them the chain's phis, each left with one incoming value.
  C.Lanes.back().Phi->replaceAllUsesWith(Loaded);
  SmallVector<BasicBlock *, 16> Dead, Straight;
  for (Lane &L : C.Lanes) {
    Straight.push_back(L.Phi->getParent());
    Value *Cond = L.Branch->getCondition();
    BranchInst::Create(L.Branch->getSuccessor(1), L.Branch->getIterator());
    L.Branch->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(Cond);
    Dead.push_back(L.If);
  }
  DeleteDeadBlocks(Dead);
  for (BasicBlock *BB : Straight)
    MergeBlockIntoPredecessor(BB);
}

} // namespace

PreservedAnalyses SpeculateLaneLoadsPass::run(Function &F,
                                              FunctionAnalysisManager &) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  // Each chain is rewritten as soon as it is found. The rewrite puts its
  // blocks right after BB, and the next chain may start in the last of
  // them, which the walk then reaches.
  bool Changed = false;
  for (BasicBlock &BB : F)
    if (std::optional<Chain> C = matchChain(BB)) {
      speculate(BB, *C);
      ++NumChains;
      Changed = true;
    }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
