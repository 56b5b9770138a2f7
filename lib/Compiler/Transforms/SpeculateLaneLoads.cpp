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
#include "llvm/Analysis/VectorUtils.h"
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
/// before; If loads and inserts; Cont's phi merges. The lane's index is
/// its extract of the chain's vector of indices, or, where its block has
/// none (the vectorizer gives lane 0 the scalar it splatted), the value
/// from outside that its block uses in its place.
struct Lane {
  BranchInst *Branch;
  BasicBlock *If;
  PHINode *Phi;
  LoadInst *Load;
  InsertElementInst *Insert;
  ExtractElementInst *Index;
  Value *Scalar = nullptr;
};

/// The vectorizer's predicated loads of every lane of a mask, starting
/// with the branch that ends `Head`.
struct Chain {
  Value *Mask = nullptr;
  Value *Indices = nullptr;
  Value *Init = nullptr;
  SmallVector<Lane, 16> Lanes;
  /// The first lane with an extract: every lane's block is its block with
  /// the lane's own index.
  unsigned Ref = 0;
};

/// Whether `I` in `If` may be moved out: nothing outside `If` uses it, and
/// executing it anywhere is safe or it is a plain load. A load is safe
/// here too: a lane the mask leaves off repeats the first kept lane's
/// block, loads included, with that lane's index (see sameShape).
bool movable(const Instruction &I, const BasicBlock *If) {
  const auto *Load = dyn_cast<LoadInst>(&I);
  return (isSafeToSpeculativelyExecute(&I) || (Load && Load->isSimple())) &&
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
  C.Mask = Mask;
  if (K == 0)
    C.Init = Prev;
  else if (Prev != C.Lanes.back().Phi)
    return std::nullopt;
  return Lane{Br, If, &Phi, Load, Insert, Index};
}

/// The instructions of `L`'s block that compute its load: all but its
/// extract, its insert and its branch.
auto body(const Lane &L) {
  return make_filter_range(*L.If, [&L](const Instruction &I) {
    return &I != L.Index && &I != L.Insert && !I.isTerminator();
  });
}

/// Whether `IA` and `IB` are the same operation with the same flags and
/// metadata, so that either may stand for the other on the same operands.
bool sameOperation(const Instruction &IA, const Instruction &IB) {
  SmallVector<std::pair<unsigned, MDNode *>, 8> MA, MB;
  IA.getAllMetadataOtherThanDebugLoc(MA);
  IB.getAllMetadataOtherThanDebugLoc(MB);
  return IA.isSameOperationAs(&IB) &&
         IA.getRawSubclassOptionalData() == IB.getRawSubclassOptionalData() &&
         MA == MB;
}

/// Whether lane B's block computes its load as lane A's does from A's
/// extract: the same operations in the same order, on the same values
/// from outside the blocks, except that where A uses its extract, B uses
/// its index. A lane without an extract learns its index (Scalar) here.
/// Then A's block given B's index computes what B's does, and a lane the
/// mask leaves off, given the first kept lane's index, loads what that
/// lane loads.
bool sameShape(const Lane &A, Lane &B) {
  auto BodyA = body(A), BodyB = body(B);
  if (range_size(BodyA) != range_size(BodyB))
    return false;
  DenseMap<const Value *, Value *> Counterpart;
  if (B.Index)
    Counterpart[A.Index] = B.Index;
  for (auto [IA, IB] : zip(BodyA, BodyB)) {
    if (!sameOperation(IA, IB))
      return false;
    Counterpart[&IA] = &IB;
    for (auto [OA, OB] : zip(IA.operands(), IB.operands())) {
      if (auto It = Counterpart.find(OA); It != Counterpart.end()) {
        if (It->second != OB)
          return false;
      } else if (OA == A.Index) {
        auto *I = dyn_cast<Instruction>(OB);
        if (I && I->getParent() == B.If)
          return false;
        Counterpart[A.Index] = B.Scalar = OB;
      } else if (OA != OB) {
        return false;
      }
    }
  }
  return B.Index || B.Scalar;
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
  // Some lane extracts its index from a vector the width of the chain.
  auto Ref = find_if(C.Lanes, [](const Lane &L) { return L.Index; });
  if (Ref == C.Lanes.end() ||
      cast<FixedVectorType>(C.Indices->getType())->getNumElements() !=
          C.Lanes.size())
    return std::nullopt;
  C.Ref = Ref - C.Lanes.begin();
  for (Lane &L : C.Lanes)
    if (&L != &*Ref && !sameShape(*Ref, L))
      return std::nullopt;
  // The indices, the mask and the start come from before the chain. So
  // do the values lane 0's block takes from outside it (Head alone leads
  // there), and with them the reference lane's, the same but for the
  // index. The indices lanes learned must come from before it too.
  SmallPtrSet<const BasicBlock *, 32> Blocks;
  for (const Lane &L : C.Lanes) {
    Blocks.insert(L.If);
    Blocks.insert(L.Phi->getParent());
  }
  SmallVector<Value *, 20> Outside = {C.Mask, C.Indices, C.Init};
  for (const Lane &L : C.Lanes)
    if (L.Scalar)
      Outside.push_back(L.Scalar);
  for (Value *V : Outside)
    if (auto *I = dyn_cast<Instruction>(V);
        I && Blocks.contains(I->getParent()))
      return std::nullopt;
  return C;
}

/// A mask that keeps a prefix of the lanes, by one scalar: `icmp P (splat
/// N), C` with P one of >, >= and C's integers rising (the lockstep tail's
/// `lane < some.below`). Lane K is kept when `N P C[K]`, and lane 0 whenever
/// any lane is.
struct PrefixMask {
  CmpInst::Predicate Pred;
  Value *N;
  Constant *C;
};

std::optional<PrefixMask> matchPrefix(Value *Mask) {
  CmpInst::Predicate Pred;
  Value *Splat;
  Constant *C;
  if (!match(Mask, m_ICmp(Pred, m_Value(Splat), m_Constant(C))) ||
      !is_contained({ICmpInst::ICMP_UGT, ICmpInst::ICMP_UGE, ICmpInst::ICMP_SGT,
                     ICmpInst::ICMP_SGE},
                    Pred))
    return std::nullopt;
  Value *N = getSplatValue(Splat);
  if (!N)
    return std::nullopt;
  CmpInst::Predicate Rising =
      ICmpInst::isSigned(Pred) ? ICmpInst::ICMP_SLE : ICmpInst::ICMP_ULE;
  unsigned Width = cast<FixedVectorType>(Mask->getType())->getNumElements();
  const ConstantInt *Prev = nullptr;
  for (unsigned K = 0; K < Width; ++K) {
    auto *E = dyn_cast_or_null<ConstantInt>(C->getAggregateElement(K));
    if (!E ||
        (Prev && !ICmpInst::compare(Prev->getValue(), E->getValue(), Rising)))
      return std::nullopt;
    Prev = E;
  }
  return PrefixMask{Pred, N, C};
}

/// Loads the chain's lanes in one straight block after `Head`.
void speculate(BasicBlock &Head, Chain &C) {
  auto *MaskTy = cast<FixedVectorType>(C.Mask->getType());
  unsigned Width = MaskTy->getNumElements();
  IRBuilder<> B(Head.getTerminator());
  // Whether the mask keeps lane K: a scalar compare where the mask is a
  // prefix, so that the loads' addresses wait for the scalar the mask is
  // made from, not for the mask to reach a scalar register; else a test
  // of the mask's bits.
  std::optional<PrefixMask> Prefix = matchPrefix(C.Mask);
  Value *Bits = Prefix
                    ? nullptr
                    : B.CreateBitCast(C.Mask, B.getIntNTy(Width), "lane.bits");
  auto Keeps = [&](unsigned K, const Twine &Name) {
    if (Prefix)
      return B.CreateICmp(Prefix->Pred, Prefix->N,
                          Prefix->C->getAggregateElement(K), Name);
    return B.CreateICmpNE(B.CreateAnd(Bits, B.getIntN(Width, uint64_t(1) << K)),
                          B.getIntN(Width, 0), Name);
  };
  Value *Any = Prefix ? Keeps(0, "any.lane")
                      : B.CreateICmpNE(Bits, B.getIntN(Width, 0), "any.lane");
  Instruction *ThenTerm =
      SplitBlockAndInsertIfThen(Any, Head.getTerminator(), false);
  BasicBlock *Then = ThenTerm->getParent();
  BasicBlock *Tail = ThenTerm->getSuccessor(0);
  Then->setName("lane.loads");
  Tail->setName("lane.loads.done");

  B.SetInsertPoint(ThenTerm);
  auto LaneIndex = [&](unsigned K) {
    return C.Lanes[K].Scalar ? C.Lanes[K].Scalar
                             : B.CreateExtractElement(C.Indices, uint64_t(K));
  };
  // The first kept lane's index: lane 0's for a prefix. Otherwise taking a
  // variable lane goes through memory, and the loads wait for it; but the
  // masks of interleaved loops are mostly prefixes, so lane 0 is nearly
  // always that lane, and its index is at hand: only when lane 0 is off
  // does a branch look for the first.
  Value *FirstIndex = LaneIndex(0);
  if (!Prefix) {
    Value *Lane0Off =
        B.CreateNot(B.CreateTrunc(Bits, B.getInt1Ty()), "lane0.off");
    Instruction *FindTerm =
        SplitBlockAndInsertIfThen(Lane0Off, ThenTerm, false);
    FindTerm->getParent()->setName("first.lane.find");
    ThenTerm->getParent()->setName("lane.loads.safe");
    B.SetInsertPoint(FindTerm);
    // Every lane's index in one vector, for the variable extract.
    Value *Indices = C.Indices;
    for (auto [K, L] : enumerate(C.Lanes))
      if (L.Scalar)
        Indices = B.CreateInsertElement(Indices, L.Scalar, uint64_t(K));
    Value *First = B.CreateBinaryIntrinsic(Intrinsic::cttz, Bits, B.getTrue(),
                                           nullptr, "first.lane");
    Value *Found = B.CreateExtractElement(Indices, First);
    B.SetInsertPoint(ThenTerm);
    PHINode *Phi = B.CreatePHI(FirstIndex->getType(), 2, "first.index");
    Phi->addIncoming(FirstIndex, Then);
    Phi->addIncoming(Found, FindTerm->getParent());
    FirstIndex = Phi;
  }
  // Every lane runs the reference lane's block on its safe index: its own
  // if the mask keeps it, else the first kept lane's (lane 0's is the
  // first index itself). Chosen lane by lane (Keeps), a test and a
  // select each, not by a vector select whose lanes then come out
  // one by one: each load waits for one scalar choice, and a lane's own
  // index stays the scalar sum that ScalarizeSplatLanes makes of it.
  const Lane &Ref = C.Lanes[C.Ref];
  Value *Vec = C.Init;
  for (unsigned K = 0; K < Width; ++K) {
    Value *Safe = FirstIndex;
    if (K > 0)
      Safe = B.CreateSelect(Keeps(K, "lane.kept"), LaneIndex(K), FirstIndex,
                            "safe.index");
    ValueToValueMapTy Map;
    Map[Ref.Index] = Safe;
    for (Instruction &I : body(Ref)) {
      Instruction *Copy = I.clone();
      RemapInstruction(Copy, Map, RF_IgnoreMissingLocals);
      B.Insert(Copy, I.getName());
      Map[&I] = Copy;
    }
    Vec = B.CreateInsertElement(Vec, Map[Ref.Load], uint64_t(K));
  }
  if (!isa<PoisonValue>(C.Init))
    Vec = B.CreateSelect(C.Mask, Vec, C.Init);

  PHINode *Loaded = PHINode::Create(Vec->getType(), 2, "lanes.loaded");
  Loaded->insertBefore(Tail->getFirstNonPHIIt());
  Loaded->addIncoming(Vec, ThenTerm->getParent());
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
