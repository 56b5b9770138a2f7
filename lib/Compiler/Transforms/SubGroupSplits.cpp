//===- SubGroupSplits.cpp - Sub-group collectives in CBS ------------------===//
//
/// \file
/// The part of `lanes-work-item-loops` that splits the work-item loops at
/// sub-group collectives (WorkItemLoops.h, steps 2 and 5): the exchange of
/// a run of them as vector operations, once for all sub-groups between two
/// nests or for one sub-group between two chained lane loops, and the
/// rewriting of sub-group ids in terms of the sub-group loop's counters.
//
//===----------------------------------------------------------------------===//
#include "WorkGroupBuilder.h"

#include "../Analysis/BarrierLiveness.h"
#include "../Analysis/LanesIR.h"
#include "Collectives.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-work-item-loops"

STATISTIC(NumSubGroupCollectives,
          "Sub-group collectives lowered to vector operations");

namespace lanes {
namespace cbs {

/// Finds the sub-CFGs whose work-item loops can run inside the nest of the
/// sub-CFG before them: sub-CFG C, after a run of sub-group collectives,
/// continues the nest of K when K is the only sub-CFG that reaches the run
/// and has no other exit (and wholeSubGroups()). The lanes of a sub-group
/// then leave K's lane loop together, exchange their values right there,
/// and go on into C's lane loop, all in one trip of the loop over the
/// sub-groups. Once the lane loops are vectors, SROA turns the exchange's
/// stack arrays into registers, where the exchange between two loops over
/// the whole group went through memory. Nests chained so form a chain
/// whose first nest alone is entered from elsewhere.
void WorkGroupBuilder::chainSubGroupSplits() {
  unsigned Count = SubCfgs.size();
  Continues.assign(Count, -1);
  ContinuedBy.assign(Count, -1);
  if (!wholeSubGroups())
    return;
  SmallVector<unsigned, 8> Entries(Count, 0);
  for (const SubCfg &S : SubCfgs)
    for (unsigned Code : S.ExitCodes)
      ++Entries[Code];
  for (unsigned K = 0; K < Count; ++K) {
    const SubCfg &S = SubCfgs[K];
    unsigned C = S.ExitCodes.size() == 1 ? S.ExitCodes[0] : 0;
    if (C == 0 || C == K || Entries[C] != 1 || !isSubGroupSync(C))
      continue;
    Continues[C] = K;
    ContinuedBy[K] = C;
  }
  // Chains are walked from their first nests; what no walk reaches is a
  // cycle of sub-CFGs that nothing enters, which stays unchained.
  SmallVector<bool, 8> Reached(Count, false);
  for (unsigned Head = 0; Head < Count; ++Head) {
    if (Continues[Head] >= 0)
      continue;
    for (int K = Head; K >= 0; K = ContinuedBy[K]) {
      Reached[K] = true;
      for (BasicBlock *BB : SubCfgs[K].Blocks)
        if (!is_contained(BlockChains[BB], int(Head)))
          BlockChains[BB].push_back(Head);
    }
  }
  for (unsigned K = 0; K < Count; ++K)
    if (!Reached[K])
      Continues[K] = ContinuedBy[K] = -1;
}

/// The chains whose nests run `BB`. A barrier block runs in a chain when
/// its sub-group collectives are exchanged within it, else in none.
SmallVector<int, 2> WorkGroupBuilder::chainsAt(const BasicBlock *BB) const {
  if (isBarrierBlock(*BB)) {
    int K = Continues[BarrierCode.lookup(BB)];
    return K < 0 ? SmallVector<int, 2>() : chainsAt(SubCfgs[K].Start);
  }
  auto It = BlockChains.find(BB);
  return It == BlockChains.end() ? SmallVector<int, 2>() : It->second;
}

/// The chains where `U` reads its value: those of the user's block, or of
/// the incoming block for a PHI.
SmallVector<int, 2> WorkGroupBuilder::chainsAt(const Use &U) const {
  auto *User = cast<Instruction>(U.getUser());
  auto *Phi = dyn_cast<PHINode>(User);
  return chainsAt(Phi ? Phi->getIncomingBlock(U) : User->getParent());
}

/// Whether `V` is defined and used within one chain of at least two nests,
/// and nowhere else, so that a sub-group's values of it are stored and
/// loaded in one trip of the loop over the sub-groups, before any other
/// sub-group's.
bool WorkGroupBuilder::keptInSubGroup(const Instruction *V) const {
  SmallVector<int, 2> Chain = chainsAt(V->getParent());
  return Chain.size() == 1 && ContinuedBy[Chain[0]] >= 0 &&
         all_of(V->uses(), [&](const Use &U) { return chainsAt(U) == Chain; });
}

/// Whether `V` may be defined and used in nests of one chain of two nests
/// or more. Such a value cannot wait in a uniform slot: a nest loads those
/// where it starts, and a nest that continues another starts once per
/// sub-group, after the earlier sub-groups may have stored a later value.
bool WorkGroupBuilder::sharesChain(const Instruction *V) const {
  SmallVector<int, 2> Defined = chainsAt(V->getParent());
  return any_of(V->uses(), [&](const Use &U) {
    return any_of(chainsAt(U), [&](int Chain) {
      return ContinuedBy[Chain] >= 0 && is_contained(Defined, Chain);
    });
  });
}

/// Rewrites the sub-group id and the lane, computed from the local id in
/// dimension 0 (`x >> log2(SG)`, `x & (SG - 1)`, sub_group.hpp), in terms of
/// the nest's sub-group start and lane, so that what depends only on the
/// sub-group is invariant in the lane loop: LICM hoists it, and the loop
/// vectorizer sees a row's address plus the lane as a contiguous access.
/// With x = start + lane, start a multiple of SG and lane < SG:
///   x >> k           = start >> k             (k >= log2(SG))
///   x | m            = start | m              (m has the low log2(SG) bits)
///   x & m            = lane & m               (m < SG; lane for SG - 1)
/// and the same for `trunc x & m`.
void WorkGroupBuilder::foldSubGroupIds(const LoopNest &Nest) {
  if (!Nest.Lane)
    return;
  uint64_t Mask = SubGroupSize - 1;
  auto Replace = [](Instruction *I, Value *By) {
    if (!By->hasName())
      By->takeName(I);
    I->replaceAllUsesWith(By);
    I->eraseFromParent();
  };
  Value *Id = Nest.Id[0];
  for (User *U : make_early_inc_range(Id->users())) {
    auto *I = dyn_cast<Instruction>(U);
    const APInt *C;
    if (!I)
      continue;
    IRBuilder<> B(I);
    if (match(I, m_LShr(m_Specific(Id), m_APInt(C))) &&
        C->uge(Log2_64(SubGroupSize)))
      Replace(I, B.CreateLShr(Nest.SubGroupStart, C->getZExtValue()));
    else if (match(I, m_c_Or(m_Specific(Id), m_APInt(C))) &&
             (C->getZExtValue() & Mask) == Mask)
      Replace(I, B.CreateOr(Nest.SubGroupStart, *C));
    else if (match(I, m_c_And(m_Specific(Id), m_APInt(C))) && C->ule(Mask))
      Replace(I, C->getZExtValue() == Mask ? Nest.Lane
                                           : B.CreateAnd(Nest.Lane, *C));
    else if (isa<TruncInst>(I))
      for (User *TU : make_early_inc_range(I->users()))
        if (auto *And = dyn_cast<Instruction>(TU);
            And && match(And, m_c_And(m_Specific(I), m_APInt(C))) &&
            C->ule(Mask)) {
          IRBuilder<> TB(And);
          Value *Lane = TB.CreateTrunc(Nest.Lane, I->getType());
          Replace(And,
                  C->getZExtValue() == Mask ? Lane : TB.CreateAnd(Lane, *C));
        }
  }
}

/// Replaces the stand-ins of the collectives the work-items of `Nest` leave
/// for (sub-group ones, and work-group ones for the fallback) by stores of
/// their operands and of the item a broadcast or shuffle chooses, each
/// once per exit and only those without an array of their own
/// (exchangeSlot()).
void WorkGroupBuilder::saveOperands(LoopNest &Nest) {
  DenseSet<std::pair<BasicBlock *, Value *>> Saved;
  for (auto [Call, StandIn] : Nest.StandIns) {
    BasicBlock *Exit = StandIn->getParent();
    IRBuilder<> B(StandIn);
    // `Operand` of the collective is `X` in this nest. An operand with an
    // array of its own was stored there where it is defined.
    auto Save = [&](Value *Operand, Value *X) {
      auto Slot = Exchanged.find(Operand);
      if (Slot == Exchanged.end() || !Saved.insert({Exit, Operand}).second)
        return;
      B.CreateAlignedStore(X, slotAddress(Slot->second, Nest, B),
                           DL.getPrefTypeAlign(X->getType()));
    };
    Save(collectiveOperand(*Call), collectiveOperand(*StandIn));
    if (Value *Chosen = chosenItem(*Call); Chosen && !ConstantLanes.count(Call))
      Save(Chosen, chosenItem(*StandIn));
    StandIn->eraseFromParent();
  }
  Nest.StandIns.clear();
}

/// The per-work-item array of `V` when it is live across a barrier anyway.
const StateSlot *WorkGroupBuilder::ownArray(Value *V) const {
  auto *I = dyn_cast<Instruction>(V);
  auto Slot = I ? ValueSlots.find(I) : ValueSlots.end();
  return Slot != ValueSlots.end() && !Slot->second.Uniform &&
                 !Slot->second.PerSubGroup
             ? &Slot->second
             : nullptr;
}

/// Where the exchange finds each work-item's `Operand`: in its own array
/// (stored where it is defined) or in its array in Exchanged.
const StateSlot &WorkGroupBuilder::exchangeSlot(Value *Operand) const {
  if (const StateSlot *Own = ownArray(Operand))
    return *Own;
  return Exchanged.find(Operand)->second;
}

/// The sub-group collectives of barrier block `Code` (a run of them shares
/// one, see IsolateBarriers.h), or none.
SmallVector<CallInst *, 4>
WorkGroupBuilder::subGroupCollectives(unsigned Code) const {
  SmallVector<CallInst *, 4> Calls;
  CallInst *Sync = Syncs[Code];
  if (Sync && isSubGroupCollective(getBuiltin(Sync)))
    for (Instruction &I : *Sync->getParent())
      if (auto *Call = dyn_cast<CallInst>(&I))
        Calls.push_back(Call);
  return Calls;
}

/// The loop over the sub-groups between the nest before the sub-group
/// collectives of barrier block `Code` and the nest after them. Full
/// sub-groups and partial ones (the last of a row) take paths of their own,
/// so that the full ones need no masks (exchangeSubGroup()).
BasicBlock *WorkGroupBuilder::exchange(unsigned Code) {
  BasicBlock *Next = Nests[Code].Pre;
  SmallVector<CallInst *, 4> Used = usedCollectives(Code);
  if (Used.empty())
    return Next;
  unsigned Lanes = SubGroupSize, Log2 = Log2_32(Lanes);
  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Name, &WG);
  };
  BasicBlock *Pre = NewBlock("sg.exchange"), *Body = NewBlock("sg.loop"),
             *Full = NewBlock("sg.full"), *Partial = NewBlock("sg.partial"),
             *Latch = NewBlock("sg.latch");
  IRBuilder<> B(Pre);
  Value *PerRow = B.CreateLShr(B.CreateAdd(LocalSize[0], B.getInt64(Lanes - 1)),
                               Log2, "sg.per.row");
  Value *Total =
      B.CreateMul(B.CreateMul(PerRow, LocalSize[1]), LocalSize[2], "sg.count");
  B.CreateBr(Body);

  B.SetInsertPoint(Body);
  PHINode *SubGroup = B.CreatePHI(I64, 2, "sg");
  SubGroup->addIncoming(B.getInt64(0), Pre);
  Value *First = B.CreateShl(B.CreateURem(SubGroup, PerRow), Log2);
  Value *Base =
      B.CreateAdd(B.CreateMul(B.CreateUDiv(SubGroup, PerRow), LocalSize[0]),
                  First, "sg.base");
  Value *Size =
      B.CreateBinaryIntrinsic(Intrinsic::umin, B.CreateSub(LocalSize[0], First),
                              B.getInt64(Lanes), nullptr, "sg.size");
  B.CreateCondBr(B.CreateICmpEQ(Size, B.getInt64(Lanes)), Full, Partial);
  for (auto [Path, PathSize] :
       {std::pair{Full, (Value *)nullptr}, std::pair{Partial, Size}}) {
    B.SetInsertPoint(Path);
    exchangeSubGroup(Used, Base, PathSize, B);
    B.CreateBr(Latch);
  }

  B.SetInsertPoint(Latch);
  Value *NextSubGroup = B.CreateAdd(SubGroup, B.getInt64(1), "sg.next");
  SubGroup->addIncoming(NextSubGroup, Latch);
  B.CreateCondBr(B.CreateICmpULT(NextSubGroup, Total), Body, Next);
  return Pre;
}

/// The exchange of the sub-group collectives of barrier block `Code` when
/// its nest continues another (chainSubGroupSplits()): in the nest's Pre,
/// for the one sub-group between the two lane loops.
void WorkGroupBuilder::exchangeInNest(unsigned Code) {
  SmallVector<CallInst *, 4> Used = usedCollectives(Code);
  if (Used.empty()) // a sub-group barrier, or results nobody reads
    return;
  const LoopNest &N = Nests[Code];
  IRBuilder<> B(N.Pre->getTerminator());
  Value *Base =
      B.CreateAdd(B.CreateMul(N.Row, LocalSize[0]), N.SubGroupStart, "sg.base");
  exchangeSubGroup(Used, Base, nullptr, B);
}

/// The sub-group collectives of barrier block `Code` whose results are
/// used, counted as lowered.
SmallVector<CallInst *, 4>
WorkGroupBuilder::usedCollectives(unsigned Code) const {
  SmallVector<CallInst *, 4> Used;
  for (CallInst *Call : subGroupCollectives(Code))
    if (ValueSlots.count(Call))
      Used.push_back(Call);
  NumSubGroupCollectives += Used.size();
  return Used;
}

/// Stores the results of sub-group collectives `Calls` for the sub-group
/// whose lane 0 has linear id `Base` and whose size is `Size` (i64; null
/// for a full one): each operand is loaded as one vector of SubGroupSize
/// lanes (masked when partial), combined or shuffled, and stored.
void WorkGroupBuilder::exchangeSubGroup(ArrayRef<CallInst *> Calls, Value *Base,
                                        Value *Size, IRBuilder<> &B) {
  unsigned Lanes = SubGroupSize;
  Constant *LaneIds = laneIds();
  Value *SizeSplat =
      B.CreateVectorSplat(Lanes, Size ? Size : B.getInt64(Lanes));
  Value *Active = Size ? B.CreateICmpULT(LaneIds, SizeSplat, "sg.active")
                       : Constant::getAllOnesValue(
                             FixedVectorType::get(B.getInt1Ty(), Lanes));
  // Where Slot holds the sub-group: from lane 0's element, or its one
  // element when the slot has one per sub-group.
  auto At = [&](const StateSlot &Slot) {
    if (Slot.InSubGroup)
      return Slot.Base;
    Value *Element =
        Slot.PerSubGroup ? B.CreateLShr(Base, Log2_32(Lanes)) : Base;
    return B.CreateInBoundsGEP(B.getInt8Ty(), Slot.Base,
                               B.CreateMul(Element, B.getInt64(Slot.Stride)));
  };
  // Each operand is loaded once; the lanes past a partial sub-group hold
  // poison until a reduction or scan puts its identity there.
  DenseMap<Value *, Value *> Loaded;
  auto Load = [&](Value *Operand, const char *Name) {
    Value *&Vector = Loaded[Operand];
    if (!Vector) {
      const StateSlot &Slot = exchangeSlot(Operand);
      Vector = B.CreateMaskedLoad(FixedVectorType::get(Slot.Ty, Lanes),
                                  At(Slot), DL.getPrefTypeAlign(Slot.Ty),
                                  Active, nullptr, Name);
    }
    return Vector;
  };
  for (CallInst *Call : Calls) {
    Type *Ty = Call->getType();
    Align ElementAlign = DL.getPrefTypeAlign(Ty);
    Value *X = Load(collectiveOperand(*Call), "sg.x");
    Value *Results;
    if (hasCollectiveOp(getBuiltin(Call))) {
      if (Size)
        X = B.CreateSelect(Active, X,
                           B.CreateVectorSplat(Lanes, collectiveStart(*Call)),
                           "sg.active.x");
      Results = subGroupCombine(*Call, X, B);
    } else if (auto Sources = ConstantLanes.find(Call);
               Sources != ConstantLanes.end()) {
      Results = shuffleToLanes(X, Sources->second, Size, B);
    } else {
      // A source lane outside the sub-group reads the lane's own value.
      Value *Operands = At(exchangeSlot(collectiveOperand(*Call)));
      Value *Src = B.CreateZExtOrTrunc(Load(Call->getArgOperand(1), "sg.src"),
                                       LaneIds->getType());
      Src = B.CreateSelect(B.CreateICmpULT(Src, SizeSplat), Src, LaneIds);
      Results = B.CreateMaskedGather(
          FixedVectorType::get(Ty, Lanes), B.CreateGEP(Ty, Operands, Src),
          ElementAlign, Active, nullptr, "sg.shuffle");
    }
    const StateSlot &Slot = ValueSlots.find(Call)->second;
    if (Slot.PerSubGroup) {
      Value *Lane0 = B.CreateExtractElement(Results, uint64_t(0));
      storeState(Lane0, At(Slot), B);
    } else {
      B.CreateMaskedStore(Results, At(Slot), ElementAlign, Active);
    }
  }
}

} // namespace cbs
} // namespace lanes
