//===- LockstepLoops.cpp - Inner loops of work-items in lockstep ---------===//
//
/// \file
/// Implements `lanes-lockstep-loops`; the header states the algorithm.
//
//===----------------------------------------------------------------------===//
#include "LockstepLoops.h"

#include "ImplicitLoopBarriers.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-lockstep-loops"

STATISTIC(NumLockstep, "Inner loops run in lockstep");

namespace lanes {
namespace {

/// Work-items of one work-item loop, at most: each value crossing between
/// the three loops takes an array of that many elements on the stack.
constexpr unsigned MaxItems = 1024;

/// A work-item loop (outer) around the inner loop to run in lockstep.
struct LockstepNest {
  Loop *Outer = nullptr, *Inner = nullptr;
  PHINode *Item = nullptr; ///< the outer loop's counter, from 0 by 1
  unsigned Items = 0;      ///< its trip count
  MDNode *AccessGroup = nullptr;
  BasicBlock *InnerPreheader = nullptr, *InnerLatch = nullptr,
             *InnerExit = nullptr;
  /// The outer loop's blocks before the inner loop: those its preheader is
  /// reached from without the back edge.
  SmallSetVector<BasicBlock *, 8> Before;
  /// Edges from Before to a block after the inner loop: items skipping it.
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 2> Skips;
  /// Whether the inner loop's trip counts differ by one at most
  /// (comparesInterleaved); else the outer loop has a vector's items at most.
  bool Interleaved = false;
  unsigned Moving = 0; ///< the operand of the inner loop's test that moves
  /// Whether that operand, interleaved, rises by a multiple of Items a trip.
  bool Rising = false;
  /// The test's predicate, the moving operand first, under which an item
  /// stays in the inner loop.
  CmpInst::Predicate Stays = CmpInst::BAD_ICMP_PREDICATE;
  /// Where the branch deciding which items enter the inner loop is its
  /// test one trip early (matchGuard): an item enters when
  /// `GuardValue Stays GuardBound`.
  Value *GuardValue = nullptr, *GuardBound = nullptr;
};

/// True when \p S moves by one per trip of \p L, but for invariant terms
/// and a widening: `sext(begin + lane) + 4`.
bool movesByOne(const SCEV *S, const Loop &L, ScalarEvolution &SE) {
  for (;;) {
    if (const auto *Cast = dyn_cast<SCEVIntegralCastExpr>(S)) {
      S = Cast->getOperand();
      continue;
    }
    const auto *Sum = dyn_cast<SCEVAddExpr>(S);
    if (!Sum)
      break;
    auto Moving = make_filter_range(Sum->operands(), [&](const SCEV *Op) {
      return !SE.isLoopInvariant(Op, &L);
    });
    if (range_size(Moving) != 1)
      return false;
    S = *Moving.begin();
  }
  const auto *PerItem = dyn_cast<SCEVAddRecExpr>(S);
  return PerItem && PerItem->getLoop() == &L && PerItem->isAffine() &&
         PerItem->getStepRecurrence(SE)->isOne();
}

/// The predicate of \p Cmp, its operand \p Moving first, under which \p Br
/// goes to \p To.
CmpInst::Predicate towards(const ICmpInst &Cmp, unsigned Moving,
                           const BranchInst &Br, const BasicBlock *To) {
  CmpInst::Predicate P =
      Moving ? Cmp.getSwappedPredicate() : Cmp.getPredicate();
  return Br.getSuccessor(0) == To ? P : CmpInst::getInversePredicate(P);
}

/// True when \p Test compares a value that moves by a nonzero multiple of
/// the item count per trip of the inner loop and by one per item with a
/// value invariant in the outer loop: then the items' trip counts differ
/// by one at most.
bool comparesInterleaved(const ICmpInst &Test, LockstepNest &N,
                         ScalarEvolution &SE) {
  const SCEV *Moving = SE.getSCEV(Test.getOperand(0));
  const SCEV *Bound = SE.getSCEV(Test.getOperand(1));
  N.Moving = SE.isLoopInvariant(Moving, N.Outer);
  if (N.Moving)
    std::swap(Moving, Bound);
  const auto *PerTrip = dyn_cast<SCEVAddRecExpr>(Moving);
  if (!SE.isLoopInvariant(Bound, N.Outer) || !PerTrip ||
      PerTrip->getLoop() != N.Inner || !PerTrip->isAffine())
    return false;
  const auto *Step = dyn_cast<SCEVConstant>(PerTrip->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().isZero() ||
      Step->getAPInt().srem(N.Items) != 0 ||
      !movesByOne(PerTrip->getStart(), *N.Outer, SE))
    return false;
  N.Rising = Step->getAPInt().isStrictlyPositive();
  return true;
}

/// True when \p V is the item narrowed to a type that holds every item's
/// number in the order \p Signed says.
bool isNarrowedItem(Value *V, const LockstepNest &N, bool Signed) {
  return match(V, m_Trunc(m_Specific(N.Item))) &&
         Log2_64_Ceil(N.Items) + Signed <= V->getType()->getIntegerBitWidth();
}

/// Guard value \p V as \p Ty, extended as \p Signed says through the adds
/// whose no-wrap flag for that order makes the extension of the sum the
/// sum of the extensions (a wrapped sum is poison, which the guard
/// branches on), and through the item's truncation, which the item count
/// fits. Scalar evolution does not take those flags for the recurrence
/// over the items: `sext(begin + (i32)item)` would stay an extension.
const SCEV *widened(Value *V, Type *Ty, bool Signed, const LockstepNest &N,
                    ScalarEvolution &SE) {
  auto *Add = dyn_cast<BinaryOperator>(V);
  if (Add && Add->getOpcode() == Instruction::Add &&
      (Signed ? Add->hasNoSignedWrap() : Add->hasNoUnsignedWrap()))
    return SE.getAddExpr(widened(Add->getOperand(0), Ty, Signed, N, SE),
                         widened(Add->getOperand(1), Ty, Signed, N, SE));
  if (isNarrowedItem(V, N, Signed))
    return SE.getTruncateOrZeroExtend(SE.getSCEV(N.Item), Ty);
  const SCEV *S = SE.getSCEV(V);
  return Signed ? SE.getNoopOrSignExtend(S, Ty) : SE.getNoopOrZeroExtend(S, Ty);
}

/// Sets N.GuardValue and N.GuardBound when the branch by which items skip
/// interleaved inner loop \p Test is the test of is that test one trip
/// early: a rotated loop's guard, `first < end` before a loop testing
/// `j + step < end`. Then an item enters when the test at trip -1 would
/// keep it. Not when the guard is of another form, or items may skip the
/// loop another way.
void matchGuard(LockstepNest &N, const ICmpInst &Test, ScalarEvolution &SE) {
  if (N.Skips.size() != 1 || !ICmpInst::isRelational(N.Stays))
    return;
  BasicBlock *From = N.Skips.front().first;
  auto *Br = dyn_cast<BranchInst>(From->getTerminator());
  auto *Guard = Br && Br->isConditional()
                    ? dyn_cast<ICmpInst>(Br->getCondition())
                    : nullptr;
  if (!Guard || N.InnerPreheader->getSinglePredecessor() != From)
    return;
  unsigned Moving =
      SE.isLoopInvariant(SE.getSCEV(Guard->getOperand(0)), N.Outer);
  Type *Ty = Test.getOperand(0)->getType();
  Type *GuardTy = Guard->getOperand(0)->getType();
  if (towards(*Guard, Moving, *Br, N.InnerPreheader) != N.Stays ||
      !Ty->isIntegerTy() || !GuardTy->isIntegerTy() ||
      GuardTy->getIntegerBitWidth() > Ty->getIntegerBitWidth())
    return;
  // The guard's operands widened as its order says, so that an i32 guard
  // before a loop on the i64 index that indvars made of it still matches.
  auto Widened = [&](Value *V) {
    return widened(V, Ty, ICmpInst::isSigned(N.Stays), N, SE);
  };
  const auto *PerTrip =
      cast<SCEVAddRecExpr>(SE.getSCEV(Test.getOperand(N.Moving)));
  const SCEV *Early =
      SE.getMinusSCEV(PerTrip->getStart(), PerTrip->getStepRecurrence(SE));
  Value *First = Guard->getOperand(Moving);
  Value *Bound = Guard->getOperand(1 - Moving);
  if (Widened(First) == Early &&
      Widened(Bound) == SE.getSCEV(Test.getOperand(1 - N.Moving))) {
    N.GuardValue = First;
    N.GuardBound = Bound;
  }
}

/// True when running inner loop \p I of work-item loop \p L in lockstep
/// pays: it has nothing the loop vectorizer stops at (calls other than
/// intrinsics, atomics), and no access of it steps one element per trip at
/// an address that moves with the item (`a[gid * n + k]`: the vectorizer
/// takes such a loop as it is, which in lockstep would gather; the rule of
/// lanes-implicit-loop-barriers).
bool paysInLockstep(const Loop &I, const Loop &L, ScalarEvolution &SE) {
  for (BasicBlock *BB : I.blocks())
    for (Instruction &Inst : *BB) {
      if (Inst.isAtomic() || (isa<CallBase>(Inst) && !isa<IntrinsicInst>(Inst)))
        return false;
      const SCEVAddRecExpr *Rec = elementStride(Inst, I, SE);
      if (Rec && !SE.isLoopInvariant(Rec->getStart(), &L))
        return false;
    }
  return true;
}

/// Fills N.Before and N.Skips; false when the outer loop's blocks do not
/// split into those before the inner loop and those after it.
bool splitAtInner(LockstepNest &N) {
  Loop &L = *N.Outer, &I = *N.Inner;
  SmallVector<BasicBlock *, 8> Work{N.InnerPreheader};
  N.Before.insert(N.InnerPreheader);
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == L.getHeader())
      continue;
    for (BasicBlock *Pred : predecessors(BB))
      if (L.contains(Pred) && !I.contains(Pred) && N.Before.insert(Pred))
        Work.push_back(Pred);
  }
  if (!N.Before.contains(L.getHeader()) || N.Before.contains(N.InnerExit))
    return false;
  for (BasicBlock *BB : N.Before)
    for (BasicBlock *Succ : successors(BB)) {
      if (N.Before.contains(Succ) ||
          (BB == N.InnerPreheader && Succ == I.getHeader()))
        continue;
      if (I.contains(Succ) || is_contained(N.Skips, std::pair(BB, Succ)))
        return false;
      N.Skips.push_back({BB, Succ});
    }
  return true;
}

/// The PHI of \p L's header when it has one only: the counter of a
/// work-item loop that carries nothing from one item to the next.
PHINode *onlyPhi(const Loop &L) {
  auto Phis = L.getHeader()->phis();
  if (Phis.empty() || std::next(Phis.begin()) != Phis.end())
    return nullptr;
  return &*Phis.begin();
}

/// The work-item loop \p L around an inner loop that can run in lockstep:
/// an interleaved one, or any other that pays (paysInLockstep) when \p L
/// has \p Width items at most (one vector's, so that no item waits for
/// more than the slowest of its vector).
std::optional<LockstepNest> matchNest(Loop &L, ScalarEvolution &SE,
                                      unsigned Width) {
  if (!findOptionMDForLoop(&L, WorkItemLoopMD) || L.getSubLoops().size() != 1)
    return std::nullopt;
  LockstepNest N;
  N.Outer = &L;
  N.Inner = L.getSubLoops().front();
  Loop &I = *N.Inner;
  if (!I.isInnermost() || !L.getLoopPreheader() || !L.getLoopLatch() ||
      L.getExitingBlock() != L.getLoopLatch())
    return std::nullopt;
  N.Item = onlyPhi(L);
  if (!N.Item)
    return std::nullopt;
  const auto *Count = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(N.Item));
  N.Items = SE.getSmallConstantTripCount(&L);
  if (!Count || Count->getLoop() != &L || !Count->getStart()->isZero() ||
      !Count->getStepRecurrence(SE)->isOne() || N.Items < 2 ||
      N.Items > MaxItems)
    return std::nullopt;
  MDNode *Parallel = findOptionMDForLoop(&L, "llvm.loop.parallel_accesses");
  N.AccessGroup = Parallel && Parallel->getNumOperands() == 2
                      ? dyn_cast<MDNode>(Parallel->getOperand(1))
                      : nullptr;
  N.InnerPreheader = I.getLoopPreheader();
  N.InnerLatch = I.getLoopLatch();
  N.InnerExit = I.getExitBlock();
  if (!N.AccessGroup || !N.InnerPreheader || !N.InnerLatch || !N.InnerExit ||
      I.getExitingBlock() != N.InnerLatch || !L.contains(N.InnerExit))
    return std::nullopt;
  auto *Latch = dyn_cast<BranchInst>(N.InnerLatch->getTerminator());
  if (!Latch || !Latch->isConditional())
    return std::nullopt;
  auto *Test = dyn_cast<ICmpInst>(Latch->getCondition());
  N.Interleaved = Test && comparesInterleaved(*Test, N, SE);
  if ((!N.Interleaved && (N.Items > Width || !paysInLockstep(I, L, SE))) ||
      !splitAtInner(N))
    return std::nullopt;
  if (N.Interleaved) {
    N.Stays = towards(*Test, N.Moving, *Latch, I.getHeader());
    matchGuard(N, *Test, SE);
  }
  return N;
}

/// The items below a bound \p Gap above item 0's value, the items' values
/// rising by one, as an i32: Gap, or Gap + 1 with \p OrEqual (those at or
/// below). Exact where some items are below and some not, so from 1 to
/// the item count less one.
Value *someBelow(Value *Gap, bool OrEqual, IRBuilder<> &B, const Twine &Name) {
  if (OrEqual)
    Gap = B.CreateAdd(Gap, ConstantInt::get(Gap->getType(), 1));
  return B.CreateZExtOrTrunc(Gap, B.getInt32Ty(), Name);
}

/// A loop over the items that one of the three loops is built in.
struct ItemLoop {
  BasicBlock *Header, *Latch;
  PHINode *Item;
};

/// Whether any item, and whether every item (null where nobody asks),
/// goes on to (another) trip of the inner loop.
struct Votes {
  Value *Any, *All;
};

/// The items that stay in the inner loop after a trip: those below Bound,
/// or with Below false those from Bound on. Bound is an i32 from 0 to the
/// item count. NoneBelow and AllBelow say whether item 0 and the last item
/// are below it, each by one compare of the item's value; AllBelow is exact
/// only when every item made the trip. Some is Bound where some items are
/// below it and some not, computed without the clamps that keep Bound in
/// range elsewhere; null where no tail reads it (Below false, or the value
/// does not rise: buildTail).
struct Staying {
  Value *Bound;
  bool Below;
  Value *NoneBelow, *AllBelow, *Some;
};

/// A loop over the items running one trip of the inner loop.
struct StepLoop {
  BasicBlock *Header, *Latch;
  Votes Stay; ///< on another trip
};

/// Runs one LockstepNest in lockstep.
class LockstepBuilder {
public:
  LockstepBuilder(LockstepNest &N, Function &F)
      : N(N), F(F), Ctx(F.getContext()), ItemTy(N.Item->getType()),
        Preheader(N.Outer->getLoopPreheader()), Header(N.Outer->getHeader()),
        LoopID(N.Outer->getLoopID()) {}

  void build();

private:
  void classify();
  bool definedInOuter(Value *V) const;
  bool sameForEveryItem(Value *V) const;
  bool isStepped(const Value *V) const;
  bool canRebuild(Value *V);
  Value *rebuild(Value *V, ValueToValueMapTy &VM, IRBuilder<> &B);
  Value *valueBefore(Instruction *V, Value *Item, ValueToValueMapTy &VM,
                     IRBuilder<> &B);
  AllocaInst *newArray(Type *Ty, const Twine &Name);
  void storeItem(Value *V, AllocaInst *Array, Value *Item, IRBuilder<> &B);
  Value *loadItem(Type *Ty, AllocaInst *Array, Value *Item, IRBuilder<> &B,
                  const Twine &Name);
  ItemLoop openItemLoop(BasicBlock *Pre, const Twine &Name);
  void closeItemLoop(const ItemLoop &IL, BasicBlock *Exit);
  BasicBlock *newBlock(const Twine &Name);
  Votes openVotes(BasicBlock *Pre, IRBuilder<> &B, bool WithAll = true);
  Votes closeVotes(const Votes &V, Value *Stays, BasicBlock *Latch,
                   IRBuilder<> &B);
  std::pair<BasicBlock *, Votes> buildFirst();
  Value *stepped(PHINode *Phi, Value *Lead, Value *FirstLead,
                 ValueToValueMapTy &VM, IRBuilder<> &B);
  bool risesWithItem(Value *V, bool Signed);
  bool computableTest(Value *V);
  Value *testAt(Value *V, ValueToValueMapTy &VM, IRBuilder<> &B);
  std::optional<Staying> staying(ArrayRef<Value *> Leads, IRBuilder<> &B);
  StepLoop buildStep(BasicBlock *Pre, ArrayRef<Value *> Leads,
                     ArrayRef<Value *> FirstLeads, bool Masked,
                     const std::optional<Staying> &Range, BasicBlock *Exit,
                     Value *InBelow = nullptr);
  void buildTrips(BasicBlock *Pre, const Votes &First, BasicBlock *Last);
  Value *entering(Instruction *At);
  void buildTail(BasicBlock *Pre, ArrayRef<Value *> Leads,
                 ArrayRef<Value *> FirstLeads, Value *In, Value *AnyIn,
                 BasicBlock *Last);
  void buildLast(BasicBlock *Pre);

  LockstepNest &N;
  Function &F;
  LLVMContext &Ctx;
  Type *ItemTy;
  BasicBlock *Preheader, *Header, *Body = nullptr;
  MDNode *LoopID;

  /// Values of Before used outside it; those used in the inner loop.
  SetVector<Instruction *> BeforeLive;
  SmallPtrSet<Instruction *, 8> UsedInInner;
  /// Values of the inner loop used outside it.
  SetVector<Instruction *> InnerLive;
  /// The uses of BeforeLive and InnerLive after the inner loop.
  SmallVector<Use *, 8> UsesAfter;
  DenseMap<Instruction *, bool> Rebuildable;
  /// The inner header's PHIs adding a step invariant in the outer loop
  /// each trip, with the step; and the others.
  SmallVector<std::pair<PHINode *, Value *>, 2> Stepped;
  SmallVector<PHINode *, 2> Carried;
  /// Arrays of the values of Before that are not rebuilt and of the
  /// carried PHIs.
  DenseMap<Instruction *, AllocaInst *> Arrays;
  /// Arrays of InnerLive: a carried PHI's next value shares the PHI's
  /// array; the others have their own, a carried PHI used after the inner
  /// loop too (its value in the last trip, not its next one).
  DenseMap<Instruction *, AllocaInst *> LiveArrays;
  SmallVector<Instruction *, 2> OwnArrays; ///< InnerLive with arrays of own
  AllocaInst *Active = nullptr, *Code = nullptr;
};

/// A loop ID of its own with \p LoopID's options and \p Extra ones.
MDNode *copyLoopID(MDNode *LoopID, ArrayRef<Metadata *> Extra = {}) {
  SmallVector<Metadata *, 4> Options{nullptr};
  Options.append(LoopID->op_begin() + 1, LoopID->op_end());
  append_range(Options, Extra);
  MDNode *ID = MDNode::getDistinct(LoopID->getContext(), Options);
  ID->replaceOperandWith(0, ID);
  return ID;
}

BasicBlock *LockstepBuilder::newBlock(const Twine &Name) {
  return BasicBlock::Create(Ctx, Name, &F, Header);
}

/// True when \p V is computed in the outer loop: its blocks in LoopInfo or
/// the header's body, which build() split off and LoopInfo does not know.
bool LockstepBuilder::definedInOuter(Value *V) const {
  auto *I = dyn_cast<Instruction>(V);
  return I && (N.Outer->contains(I) || N.Before.contains(I->getParent()));
}

/// True when \p V is the same for every item: defined outside the outer
/// loop, or computed in Before from such values without memory or side
/// effects (a load's extension that LICM left in the loop because a store
/// might alias the load, which build() then moved out).
bool LockstepBuilder::sameForEveryItem(Value *V) const {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !definedInOuter(I))
    return true;
  return I != N.Item && !isa<PHINode>(I) && N.Before.contains(I->getParent()) &&
         !I->mayReadFromMemory() && isSafeToSpeculativelyExecute(I) &&
         all_of(I->operands(), [&](Value *Op) { return sameForEveryItem(Op); });
}

bool LockstepBuilder::isStepped(const Value *V) const {
  return any_of(Stepped, [&](auto &S) { return S.first == V; });
}

bool LockstepBuilder::canRebuild(Value *V) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || I == N.Item || !N.Before.contains(I->getParent()))
    return I == N.Item || !definedInOuter(V);
  if (auto Known = Rebuildable.find(I); Known != Rebuildable.end())
    return Known->second;
  Rebuildable[I] = false; // while its operands are asked
  bool Cheap = !isa<PHINode>(I) && !I->mayReadFromMemory() &&
               isSafeToSpeculativelyExecute(I) &&
               all_of(I->operands(), [&](Value *Op) { return canRebuild(Op); });
  return Rebuildable[I] = Cheap;
}

/// \p V of Before for the item VM maps N.Item to, computed at \p B from
/// values VM knows (those computed there already).
Value *LockstepBuilder::rebuild(Value *V, ValueToValueMapTy &VM,
                                IRBuilder<> &B) {
  if (Value *Known = VM.lookup(V))
    return Known;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !N.Before.contains(I->getParent()))
    return V;
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands())
    Op.set(rebuild(Op.get(), VM, B));
  B.Insert(Copy, I->getName());
  VM[I] = Copy;
  return Copy;
}

Value *LockstepBuilder::valueBefore(Instruction *V, Value *Item,
                                    ValueToValueMapTy &VM, IRBuilder<> &B) {
  if (canRebuild(V))
    return rebuild(V, VM, B);
  Value *Loaded = loadItem(V->getType(), Arrays.lookup(V), Item, B,
                           V->getName() + ".reload");
  VM[V] = Loaded;
  return Loaded;
}

AllocaInst *LockstepBuilder::newArray(Type *Ty, const Twine &Name) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Array =
      B.CreateAlloca(ArrayType::get(stateType(Ty), N.Items), nullptr, Name);
  Array->setAlignment(Align(64));
  return Array;
}

void LockstepBuilder::storeItem(Value *V, AllocaInst *Array, Value *Item,
                                IRBuilder<> &B) {
  Value *Slot = B.CreateInBoundsGEP(Array->getAllocatedType(), Array,
                                    {B.getInt64(0), Item});
  B.CreateStore(B.CreateZExt(V, stateType(V->getType())), Slot)
      ->setMetadata(LLVMContext::MD_access_group, N.AccessGroup);
}

Value *LockstepBuilder::loadItem(Type *Ty, AllocaInst *Array, Value *Item,
                                 IRBuilder<> &B, const Twine &Name) {
  Value *Slot = B.CreateInBoundsGEP(Array->getAllocatedType(), Array,
                                    {B.getInt64(0), Item});
  LoadInst *Load = B.CreateLoad(stateType(Ty), Slot, Name);
  Load->setMetadata(LLVMContext::MD_access_group, N.AccessGroup);
  return B.CreateTrunc(Load, Ty);
}

void LockstepBuilder::classify() {
  for (BasicBlock *BB : N.Before)
    for (Instruction &I : *BB)
      for (Use &U : I.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        if (&I == N.Item || N.Before.contains(User->getParent()))
          continue;
        BeforeLive.insert(&I);
        if (N.Inner->contains(User))
          UsedInInner.insert(&I);
        else
          UsesAfter.push_back(&U);
      }
  for (BasicBlock *BB : N.Inner->blocks())
    for (Instruction &I : *BB)
      for (Use &U : I.uses())
        if (!N.Inner->contains(cast<Instruction>(U.getUser()))) {
          InnerLive.insert(&I);
          UsesAfter.push_back(&U);
        }
  for (Instruction *V : BeforeLive)
    if (!canRebuild(V))
      Arrays[V] = newArray(V->getType(), V->getName() + ".items");
  for (PHINode &Phi : N.Inner->getHeader()->phis()) {
    Value *Next = Phi.getIncomingValueForBlock(N.InnerLatch);
    Value *Step;
    if (Phi.getType()->isIntegerTy() &&
        match(Next, m_c_Add(m_Specific(&Phi), m_Value(Step))) &&
        !definedInOuter(Step) &&
        canRebuild(Phi.getIncomingValueForBlock(N.InnerPreheader))) {
      Stepped.push_back({&Phi, Step});
      continue;
    }
    Carried.push_back(&Phi);
    Arrays[&Phi] = newArray(Phi.getType(), Phi.getName() + ".items");
  }
  for (Instruction *V : InnerLive) {
    auto Carries = [&](PHINode *Phi) {
      return Phi->getIncomingValueForBlock(N.InnerLatch) == V;
    };
    if (auto Phi = find_if(Carried, Carries); Phi != Carried.end()) {
      LiveArrays[V] = Arrays[*Phi];
      continue;
    }
    LiveArrays[V] = newArray(V->getType(), V->getName() + ".items");
    OwnArrays.push_back(V);
  }
  Active = newArray(Type::getInt1Ty(Ctx), "active.items");
  if (!N.Skips.empty())
    Code = newArray(Type::getInt8Ty(Ctx), "resume.items");
}

ItemLoop LockstepBuilder::openItemLoop(BasicBlock *Pre, const Twine &Name) {
  ItemLoop IL{newBlock(Name), newBlock(Name + ".latch"), nullptr};
  IRBuilder<> B(IL.Header);
  IL.Item = B.CreatePHI(ItemTy, 2, Name + ".item");
  IL.Item->addIncoming(ConstantInt::get(ItemTy, 0), Pre);
  return IL;
}

/// Ends \p IL's latch: the next item, or \p Exit after the last. The loop
/// has the outer loop's options (parallel accesses, width, mark).
void LockstepBuilder::closeItemLoop(const ItemLoop &IL, BasicBlock *Exit) {
  IRBuilder<> B(IL.Latch);
  Value *Next = B.CreateNUWAdd(IL.Item, ConstantInt::get(ItemTy, 1),
                               IL.Item->getName() + ".next");
  IL.Item->addIncoming(Next, IL.Latch);
  Value *More = B.CreateICmpULT(Next, ConstantInt::get(ItemTy, N.Items));
  B.CreateCondBr(More, IL.Header, Exit)
      ->setMetadata(LLVMContext::MD_loop, copyLoopID(LoopID));
}

/// Loop 1: Before for every item, leaving for the latch where it entered
/// the inner loop or skipped it. Returns the block after the loop and
/// the items' votes on entering the inner loop.
std::pair<BasicBlock *, Votes> LockstepBuilder::buildFirst() {
  ItemLoop IL = openItemLoop(Preheader, "lockstep.first");
  Preheader->getTerminator()->replaceSuccessorWith(Header, IL.Header);
  IRBuilder<> B(IL.Header);
  Votes Enter = openVotes(Preheader, B);
  ValueToValueMapTy VM;
  VM[N.Item] = IL.Item;
  SmallVector<BasicBlock *, 8> Clones;
  for (BasicBlock *BB : N.Before)
    if (BB != Header)
      Clones.push_back(
          cast<BasicBlock>(VM[BB] = CloneBasicBlock(BB, VM, ".first", &F)));
  remapInstructionsInBlocks(Clones, VM);
  B.CreateBr(cast<BasicBlock>(VM[Body]));
  for (Instruction *V : BeforeLive)
    if (AllocaInst *Array = Arrays.lookup(V)) {
      auto *Copy = cast<Instruction>(VM[V]);
      IRBuilder<> After(Copy->getParent(),
                        isa<PHINode>(Copy)
                            ? Copy->getParent()->getFirstInsertionPt()
                            : std::next(Copy->getIterator()));
      storeItem(Copy, Array, IL.Item, After);
    }

  auto *Entering = cast<BasicBlock>(VM[N.InnerPreheader]);
  Entering->getTerminator()->eraseFromParent();
  BranchInst::Create(IL.Latch, Entering);
  SmallVector<BasicBlock *, 2> Skipping;
  for (auto &[From, To] : N.Skips) {
    Skipping.push_back(newBlock("lockstep.skip"));
    BranchInst::Create(IL.Latch, Skipping.back());
    cast<BasicBlock>(VM[From])->getTerminator()->replaceSuccessorWith(
        To, Skipping.back());
  }
  B.SetInsertPoint(IL.Latch);
  // What an entering item has, or each skipping item.
  auto Join = [&](Value *Entered, function_ref<Value *(unsigned)> Skipped,
                  const Twine &Name) {
    if (Skipping.empty())
      return Entered;
    PHINode *Phi = B.CreatePHI(Entered->getType(), Skipping.size() + 1, Name);
    Phi->addIncoming(Entered, Entering);
    for (auto [K, Skip] : enumerate(Skipping))
      Phi->addIncoming(Skipped(K), Skip);
    return cast<Value>(Phi);
  };
  Value *Enters = Join(
      B.getTrue(), [&](unsigned) { return B.getFalse(); }, "enters");
  Value *Resume = Join(
      B.getInt8(0), [&](unsigned K) { return B.getInt8(K + 1); }, "resume");
  SmallVector<Value *, 2> Firsts;
  for (PHINode *Phi : Carried) {
    Value *First = Phi->getIncomingValueForBlock(N.InnerPreheader);
    if (Value *Copy = VM.lookup(First))
      First = Copy;
    Firsts.push_back(Join(
        First, [&](unsigned) { return PoisonValue::get(Phi->getType()); },
        Phi->getName() + ".first"));
  }
  storeItem(Enters, Active, IL.Item, B);
  if (Code)
    storeItem(Resume, Code, IL.Item, B);
  for (auto [Phi, First] : zip(Carried, Firsts))
    storeItem(First, Arrays[Phi], IL.Item, B);
  Votes Entered = closeVotes(Enter, Enters, IL.Latch, B);
  BasicBlock *Done = newBlock("lockstep.first.done");
  closeItemLoop(IL, Done);
  return {Done, Entered};
}

/// The votes at the top of a loop over the items; without \p WithAll only
/// whether any item votes yes (a reduction nothing reads keeps the loop
/// vectorizer from the loop).
Votes LockstepBuilder::openVotes(BasicBlock *Pre, IRBuilder<> &B,
                                 bool WithAll) {
  PHINode *Any = B.CreatePHI(B.getInt1Ty(), 2, "any");
  Any->addIncoming(B.getFalse(), Pre);
  if (!WithAll)
    return {Any, nullptr};
  PHINode *All = B.CreatePHI(B.getInt1Ty(), 2, "all");
  All->addIncoming(B.getTrue(), Pre);
  return {Any, All};
}

/// Counts one item's vote \p Stays in \p V, the votes so far at the top of
/// the loop whose latch is \p Latch.
Votes LockstepBuilder::closeVotes(const Votes &V, Value *Stays,
                                  BasicBlock *Latch, IRBuilder<> &B) {
  Votes Next{B.CreateOr(V.Any, Stays, "any.next"), nullptr};
  cast<PHINode>(V.Any)->addIncoming(Next.Any, Latch);
  if (V.All) {
    Next.All = B.CreateAnd(V.All, Stays, "all.next");
    cast<PHINode>(V.All)->addIncoming(Next.All, Latch);
  }
  return Next;
}

/// Stepped PHI \p Phi for the item VM maps N.Item to, in the trip where
/// item 0's value is \p Lead (buildTrips): Lead plus how far the item's
/// first value is from item 0's, \p FirstLead. That is the item itself
/// for `first + item`, and the index `Lead + item`, where `first + item +
/// (Lead - first)` kept a subtraction in each lane of a tail that the
/// vectorizer left scalar (sg-spmv's twin).
Value *LockstepBuilder::stepped(PHINode *Phi, Value *Lead, Value *FirstLead,
                                ValueToValueMapTy &VM, IRBuilder<> &B) {
  Value *First =
      rebuild(Phi->getIncomingValueForBlock(N.InnerPreheader), VM, B);
  return B.CreateAdd(Lead, B.CreateSub(First, FirstLead), Phi->getName());
}

/// True when \p V, as the items compute it, rises with the item and never
/// wraps in the order \p Signed says: the item, narrowed where it fits,
/// widened, or plus a value the same for every item with that order's
/// no-wrap flag (a stepped PHI: its first value, its step adding with the
/// flag). No item wraps: the flag makes a wrapped value poison, which the
/// test branches on.
bool LockstepBuilder::risesWithItem(Value *V, bool Signed) {
  if (V == N.Item)
    return true;
  if (auto *Phi = dyn_cast<PHINode>(V)) {
    auto *Next =
        dyn_cast<Instruction>(Phi->getIncomingValueForBlock(N.InnerLatch));
    return isStepped(Phi) &&
           (Signed ? Next->hasNoSignedWrap() : Next->hasNoUnsignedWrap()) &&
           risesWithItem(Phi->getIncomingValueForBlock(N.InnerPreheader),
                         Signed);
  }
  auto *I = dyn_cast<Instruction>(V);
  if (I && I->getOpcode() == Instruction::Add &&
      (Signed ? I->hasNoSignedWrap() : I->hasNoUnsignedWrap()))
    for (unsigned Op : {0, 1})
      if (sameForEveryItem(I->getOperand(1 - Op)))
        return risesWithItem(I->getOperand(Op), Signed);
  if (isNarrowedItem(V, N, Signed))
    return true;
  Value *X;
  if (match(V, m_SExt(m_Value(X))))
    return Signed && risesWithItem(X, Signed);
  if (match(V, m_ZExt(m_Value(X))))
    return !Signed && risesWithItem(X, Signed);
  return false;
}

/// True when \p V can be computed for any one item and trip from the item
/// and the stepped PHIs by instructions without memory or side effects.
bool LockstepBuilder::computableTest(Value *V) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || I == N.Item || N.Before.contains(I->getParent()))
    return canRebuild(V);
  if (!N.Inner->contains(I))
    return true;
  if (isa<PHINode>(I))
    return isStepped(I);
  return !I->mayReadFromMemory() && isSafeToSpeculativelyExecute(I) &&
         all_of(I->operands(), [&](Value *Op) { return computableTest(Op); });
}

/// \p V (computableTest) for the item and trip of the values in \p VM.
Value *LockstepBuilder::testAt(Value *V, ValueToValueMapTy &VM,
                               IRBuilder<> &B) {
  if (Value *Known = VM.lookup(V))
    return Known;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !N.Inner->contains(I))
    return rebuild(V, VM, B);
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands())
    Op.set(testAt(Op.get(), VM, B));
  B.Insert(Copy, I->getName());
  return VM[I] = Copy;
}

/// The items that stay after the trip in which item 0's stepped PHIs are
/// \p Leads, when every item made it and the value v the inner loop's test
/// moves rises with the item by one (and the test is an order): with v0
/// item 0's value, `v0 + item < w` is `item < w - v0`, so one count per
/// trip decides every item. The vectorizer compares the items (a narrow
/// induction) with it, one vector compare whatever the test's type, and
/// the votes are two scalar compares, of item 0's value and of the last
/// item's, whose branch the processor resolves early, where vector votes
/// would hold it back until the last vector compare. Every item computed
/// its value without wrapping, so v0, the last item's v0 + N - 1 and w are
/// exact, and w - v0 is exact as an unsigned number when w is above v0.
/// None when the test is not of that form.
std::optional<Staying> LockstepBuilder::staying(ArrayRef<Value *> Leads,
                                                IRBuilder<> &B) {
  if (!N.Interleaved)
    return std::nullopt;
  auto *Test = cast<ICmpInst>(
      cast<BranchInst>(N.InnerLatch->getTerminator())->getCondition());
  CmpInst::Predicate Stays = N.Stays;
  if (!ICmpInst::isRelational(Stays) ||
      !risesWithItem(Test->getOperand(N.Moving), ICmpInst::isSigned(Stays)) ||
      !computableTest(Test))
    return std::nullopt;
  ValueToValueMapTy VM;
  VM[N.Item] = ConstantInt::get(ItemTy, 0);
  for (auto [S, Lead] : zip(Stepped, Leads))
    VM[S.first] = Lead;
  Value *V0 = testAt(Test->getOperand(N.Moving), VM, B);
  Value *W = testAt(Test->getOperand(1 - N.Moving), VM, B);
  // The items below w: those with v0 + item < w, or <= w when the test is
  // `<=` or `>`. They stay for `<` and `<=`, they leave for `>` and `>=`.
  bool OrEqual = ICmpInst::isLE(Stays) || ICmpInst::isGT(Stays);
  CmpInst::Predicate Order =
      ICmpInst::isSigned(Stays) ? ICmpInst::ICMP_SLT : ICmpInst::ICMP_ULT;
  Value *NoneBelow =
      B.CreateICmp(OrEqual ? Order : ICmpInst::getNonStrictPredicate(Order), W,
                   V0, "none.below");
  Type *Ty = V0->getType();
  // The last item's value, exact when it made the trip: compared with w,
  // it decides whether all items stay without the count, which the loop
  // of full trips would otherwise compute and test on every trip.
  Value *VLast = B.CreateAdd(V0, ConstantInt::get(Ty, N.Items - 1), "last");
  Value *AllBelow =
      B.CreateICmp(OrEqual ? ICmpInst::getNonStrictPredicate(Order) : Order,
                   VLast, W, "all.below");
  Value *Gap = B.CreateSub(W, V0);
  Value *Below = B.CreateBinaryIntrinsic(
      Intrinsic::umin, Gap, ConstantInt::get(Ty, N.Items - OrEqual));
  if (OrEqual)
    Below = B.CreateNUWAdd(Below, ConstantInt::get(Ty, 1));
  Below = B.CreateSelect(NoneBelow, ConstantInt::get(Ty, 0), Below);
  Below = B.CreateTrunc(Below, B.getInt32Ty(), "below");
  bool Stay = ICmpInst::isLT(Stays) || ICmpInst::isLE(Stays);
  // The tail's count, where there is a tail (buildTail).
  Value *Some =
      Stay && N.Rising ? someBelow(Gap, OrEqual, B, "some.below") : nullptr;
  return Staying{Below, Stay, NoneBelow, AllBelow, Some};
}

/// Loop 2: the trip of the inner loop in which item 0's stepped PHIs are
/// \p Leads (its first values \p FirstLeads: stepped), for every item, or
/// with \p Masked for the items still in it (those below \p InBelow where
/// given, else those the active array keeps); then \p Exit. A trip that
/// every item makes needs no predicate, so no masked loads and stores,
/// which the processor may not prefetch for. With \p Range, the items
/// that stay are those it says; with \p InBelow, none (buildTail); else
/// each item's test says, and the items vote.
StepLoop LockstepBuilder::buildStep(BasicBlock *Pre, ArrayRef<Value *> Leads,
                                    ArrayRef<Value *> FirstLeads, bool Masked,
                                    const std::optional<Staying> &Range,
                                    BasicBlock *Exit, Value *InBelow) {
  StringRef Kind = InBelow ? "tail" : Masked ? "some" : "all";
  ItemLoop IL = openItemLoop(Pre, "lockstep." + Kind);
  IRBuilder<> B(IL.Header);
  // Items vote unless Range or the tail decides; never all in a masked trip.
  Votes Stay =
      Range || InBelow ? Votes{} : openVotes(Pre, B, /*WithAll=*/!Masked);
  Value *IsActive = nullptr;
  if (InBelow)
    IsActive = B.CreateICmpULT(B.CreateTrunc(IL.Item, B.getInt32Ty()), InBelow,
                               "active");
  else if (Masked)
    IsActive = loadItem(B.getInt1Ty(), Active, IL.Item, B, "active");
  ValueToValueMapTy VM;
  VM[N.Item] = IL.Item;
  for (Instruction *V : BeforeLive)
    if (UsedInInner.contains(V))
      valueBefore(V, IL.Item, VM, B);
  // What an item that is not in the trip keeps: its carried PHIs' values
  // and its InnerLive values of its last trip.
  DenseMap<Value *, Value *> Old, OldLive, Current;
  for (PHINode *Phi : Carried)
    Current[Phi] = Old[Phi] =
        loadItem(Phi->getType(), Arrays[Phi], IL.Item, B, Phi->getName());
  for (auto [S, Lead, FirstLead] : zip(Stepped, Leads, FirstLeads))
    Current[S.first] = stepped(S.first, Lead, FirstLead, VM, B);
  if (Masked)
    for (Instruction *V : OwnArrays)
      OldLive[V] = loadItem(V->getType(), LiveArrays[V], IL.Item, B,
                            V->getName() + ".last");

  SmallVector<BasicBlock *, 8> Clones;
  for (BasicBlock *BB : N.Inner->blocks())
    Clones.push_back(
        cast<BasicBlock>(VM[BB] = CloneBasicBlock(BB, VM, "." + Kind, &F)));
  for (PHINode &Phi : N.Inner->getHeader()->phis()) {
    cast<PHINode>(VM[&Phi])->eraseFromParent();
    VM[&Phi] = Current[&Phi];
  }
  remapInstructionsInBlocks(Clones, VM);
  auto *InnerHeader = cast<BasicBlock>(VM[N.Inner->getHeader()]);
  if (Masked)
    B.CreateCondBr(IsActive, InnerHeader, IL.Latch);
  else
    B.CreateBr(InnerHeader);

  auto *Stepping = cast<BasicBlock>(VM[N.InnerLatch]);
  auto *Test = cast<BranchInst>(Stepping->getTerminator());
  B.SetInsertPoint(Test);
  // The tail's trip is the last (buildTail): nothing per item.
  Value *Stays = nullptr;
  if (Range)
    Stays = B.CreateICmp(Range->Below ? ICmpInst::ICMP_ULT : ICmpInst::ICMP_UGE,
                         B.CreateTrunc(IL.Item, B.getInt32Ty()), Range->Bound);
  else if (!InBelow)
    Stays = Test->getSuccessor(0) == InnerHeader
                ? Test->getCondition()
                : B.CreateNot(Test->getCondition());
  Test->eraseFromParent();
  BranchInst::Create(IL.Latch, Stepping);

  // Stored whether the item ran the trip or not: a masked store would keep
  // the next trip's load from being forwarded.
  B.SetInsertPoint(IL.Latch);
  auto Kept = [&](Value *Ran, Value *Idle, const Twine &Name) -> Value * {
    if (!Masked)
      return Ran;
    PHINode *Phi = B.CreatePHI(Idle->getType(), 2, Name);
    Phi->addIncoming(Ran, Stepping);
    Phi->addIncoming(Idle, IL.Header);
    return Phi;
  };
  Value *StillActive = Stays ? Kept(Stays, B.getFalse(), "stays") : nullptr;
  SmallVector<std::pair<Value *, AllocaInst *>, 4> Stores;
  for (PHINode *Phi : Carried) {
    Value *Next = Phi->getIncomingValueForBlock(N.InnerLatch);
    if (Value *Copy = VM.lookup(Next))
      Next = Copy;
    Stores.push_back(
        {Kept(Next, Old[Phi], Phi->getName() + ".next"), Arrays[Phi]});
  }
  for (Instruction *V : OwnArrays)
    Stores.push_back(
        {Kept(VM[V], OldLive.lookup(V), V->getName()), LiveArrays[V]});
  if (StillActive)
    storeItem(StillActive, Active, IL.Item, B);
  for (auto [V, Array] : Stores)
    storeItem(V, Array, IL.Item, B);
  if (Stay.Any)
    Stay = closeVotes(Stay, StillActive, IL.Latch, B);
  closeItemLoop(IL, Exit);
  return {IL.Header, IL.Latch, Stay};
}

/// The trips of the inner loop, then \p Last: loop 2 for every item while
/// all are in the inner loop, then masked while any is. An item that left
/// never comes back, so once one is out every later trip is masked, and
/// the two kinds of trips take loops of their own. Each loop's exit is a
/// branch of its own: interleaved trip counts differ by one at most, so
/// the masked loop mostly runs once, which the processor learns, where one
/// loop for both mispredicted both the change to masked trips and the end.
/// The masked trip after full ones whose bound keeps the items below it is
/// buildTail's, and so is the first trip when not every item entered, if
/// the guard that decided it is the loop's test (entering): then no trips
/// are left to the masked loop, and it is not built.
void LockstepBuilder::buildTrips(BasicBlock *Pre, const Votes &First,
                                 BasicBlock *Last) {
  BasicBlock *EveryHeader = newBlock("lockstep.every");
  BasicBlock *EveryLatch = newBlock("lockstep.every.latch");
  IRBuilder<> B(Pre);
  // Item 0's first values, which every item's values count from. Item 0
  // need not have entered the inner loop (the masked loop from loop 1), so
  // its first values are computed without the flags that make a wrapped
  // value poison, and frozen where an instruction could still make one
  // (a shift by an amount out of range): with any fixed FirstLead, an
  // item's `Lead + (first - FirstLead)` is its own value.
  SmallVector<Value *, 2> FirstLeads;
  for (auto [Phi, Step] : Stepped) {
    ValueToValueMapTy VM;
    VM[N.Item] = ConstantInt::get(ItemTy, 0);
    Value *Lead0 =
        rebuild(Phi->getIncomingValueForBlock(N.InnerPreheader), VM, B);
    bool MayBePoison = false;
    for (auto Rebuilt : VM)
      if (auto *Copy = dyn_cast<Instruction>(Rebuilt.second)) {
        Copy->dropPoisonGeneratingFlags();
        MayBePoison |= canCreateUndefOrPoison(
            cast<Operator>(Copy), /*ConsiderFlagsAndMetadata=*/false);
      }
    FirstLeads.push_back(
        MayBePoison ? B.CreateFreeze(Lead0, Lead0->getName() + ".fr") : Lead0);
  }
  BranchInst *Enter = B.CreateCondBr(First.All, EveryHeader, Last);
  // Where a loop of trips is in the inner loop: item 0's value of each
  // stepped PHI in the trip (Stepped's order), PHIs entered from From with
  // Start. Not a count of trips: the tail, which
  // goes on where the full trips end, used that count after their loop,
  // and the loop strength reducer kept it as a second induction variable
  // with a register of its own (sg-spmv's rows), where item 0's index is
  // the one the full trips' loads use.
  auto LeadPhis = [&](BasicBlock *From, ArrayRef<Value *> Start,
                      const Twine &Kind) {
    SmallVector<Value *, 2> Phis;
    for (auto [S, V] : zip(Stepped, Start)) {
      PHINode *Phi =
          B.CreatePHI(V->getType(), 2, S.first->getName() + ".lead" + Kind);
      Phi->addIncoming(V, From);
      Phis.push_back(Phi);
    }
    return Phis;
  };
  auto AddIncoming = [](ArrayRef<Value *> Phis, ArrayRef<Value *> Values,
                        BasicBlock *From) {
    for (auto [Phi, V] : zip(Phis, Values))
      cast<PHINode>(Phi)->addIncoming(V, From);
  };
  // The leads of the next trip, from latch Latch.
  auto StepOnce = [&](ArrayRef<Value *> Phis, BasicBlock *Latch) {
    SmallVector<Value *, 2> Next;
    for (auto [Phi, S] : zip(Phis, Stepped))
      Next.push_back(B.CreateAdd(Phi, S.second, Phi->getName() + ".next"));
    AddIncoming(Phis, Next, Latch);
    return Next;
  };

  B.SetInsertPoint(EveryHeader);
  SmallVector<Value *, 2> Leads = LeadPhis(Pre, FirstLeads, "");
  std::optional<Staying> Range = staying(Leads, B);
  StepLoop Every = buildStep(EveryHeader, Leads, FirstLeads, /*Masked=*/false,
                             Range, EveryLatch);
  if (Range)
    Every.Stay =
        Range->Below
            ? Votes{B.CreateNot(Range->NoneBelow, "any.below"), Range->AllBelow}
            : Votes{B.CreateNot(Range->AllBelow), Range->NoneBelow};
  B.CreateBr(Every.Header);
  B.SetInsertPoint(EveryLatch);
  SmallVector<Value *, 2> Next = StepOnce(Leads, EveryLatch);
  BranchInst *Leave = B.CreateCondBr(Every.Stay.All, EveryHeader, Last);

  bool Tail = Range && Range->Some;
  if (Tail) {
    BasicBlock *TailPre = newBlock("lockstep.tail.pre");
    Leave->setSuccessor(1, TailPre);
    if (Value *Entered = entering(Pre->getTerminator())) {
      Enter->setSuccessor(1, TailPre);
      B.SetInsertPoint(TailPre);
      auto Join = [&](Value *FromFull, Value *FromFirst, const Twine &Name) {
        PHINode *Phi = B.CreatePHI(FromFull->getType(), 2, Name);
        Phi->addIncoming(FromFull, EveryLatch);
        Phi->addIncoming(FromFirst, Pre);
        return Phi;
      };
      SmallVector<Value *, 2> Start;
      for (auto [Lead, FirstLead, S] : zip(Next, FirstLeads, Stepped))
        Start.push_back(
            Join(Lead, FirstLead, S.first->getName() + ".lead.tail"));
      PHINode *In = Join(Range->Some, Entered, "in.tail");
      PHINode *Any = Join(Every.Stay.Any, First.Any, "any.tail");
      buildTail(TailPre, Start, FirstLeads, In, Any, Last);
      return;
    }
    buildTail(TailPre, Next, FirstLeads, Range->Some, Every.Stay.Any, Last);
  }

  BasicBlock *Rest = newBlock("lockstep.rest");
  BasicBlock *SomeHeader = newBlock("lockstep.some.trip");
  BasicBlock *SomeLatch = newBlock("lockstep.some.trip.latch");
  Enter->setSuccessor(1, Rest);
  B.SetInsertPoint(Rest);
  SmallVector<Value *, 2> RestLeads = LeadPhis(Pre, FirstLeads, ".rest");
  PHINode *Any = B.CreatePHI(B.getInt1Ty(), 2, "any.in");
  Any->addIncoming(First.Any, Pre);
  if (!Tail) {
    Leave->setSuccessor(1, Rest);
    AddIncoming(RestLeads, Next, EveryLatch);
    Any->addIncoming(Every.Stay.Any, EveryLatch);
  }
  B.CreateCondBr(Any, SomeHeader, Last);

  B.SetInsertPoint(SomeHeader);
  Leads = LeadPhis(Rest, RestLeads, ".some");
  StepLoop Some = buildStep(SomeHeader, Leads, FirstLeads, /*Masked=*/true,
                            std::nullopt, SomeLatch);
  B.CreateBr(Some.Header);
  B.SetInsertPoint(SomeLatch);
  StepOnce(Leads, SomeLatch);
  B.CreateCondBr(Some.Stay.Any, SomeHeader, Last);
}

/// The items that entered the inner loop, computed at \p At, when its
/// guard decided it (matchGuard): those whose guarded value v is below the
/// bound w, the first ones, since v rises with the item; exact where some
/// items entered and some not (someBelow). Null when the guard is not of
/// that form, or its operands are not computed again for item 0. (The
/// votes on entering stay the items' own: as scalar compares of v0 and
/// v0 + N - 1, like the votes after a full trip, they left the lanes'
/// compares with no vector use, and the loop vectorizer's output was
/// taken apart into one scalar compare a lane, sg-spmv-cached 10.2 ->
/// 13.3 ms.)
Value *LockstepBuilder::entering(Instruction *At) {
  if (!N.GuardValue ||
      !risesWithItem(N.GuardValue, ICmpInst::isSigned(N.Stays)) ||
      !canRebuild(N.GuardValue) || !canRebuild(N.GuardBound))
    return nullptr;
  IRBuilder<> B(At);
  ValueToValueMapTy VM;
  VM[N.Item] = ConstantInt::get(ItemTy, 0);
  Value *Gap =
      B.CreateSub(rebuild(N.GuardBound, VM, B), rebuild(N.GuardValue, VM, B));
  return someBelow(Gap, ICmpInst::isLE(N.Stays), B, "entered");
}

/// The masked trip after the full ones, in which item 0's stepped PHIs are
/// \p Leads, where the items that stay are those below a bound (staying)
/// and the tested value rises by a multiple of the item count a trip
/// (N.Rising): the items below \p In, the last full trip's count, are in
/// it (if any are: \p AnyIn, that trip's vote), and it is the last, since
/// after it every item's value is above the last item's before it, which
/// was not below the bound. So the items in it are the first In, counted
/// in a scalar: no array of them, no votes, no test for another trip,
/// where the items' own tests compared every item's value (64-bit vector
/// compares in sg-spmv's rows). Item 0 is in, so the value the count is
/// computed from is one the program computes. \p Leads are the first
/// values when no trip was full and the guard let the first In items in
/// (entering); other trips entered from loop 1 without a full trip take
/// the masked loop of buildTrips, since the items that entered need not be
/// the first ones.
void LockstepBuilder::buildTail(BasicBlock *Pre, ArrayRef<Value *> Leads,
                                ArrayRef<Value *> FirstLeads, Value *In,
                                Value *AnyIn, BasicBlock *Last) {
  StepLoop Step = buildStep(Pre, Leads, FirstLeads, /*Masked=*/true,
                            std::nullopt, Last, /*InBelow=*/In);
  BranchInst::Create(Step.Header, Last, AnyIn, Pre);
}

/// Loop 3, the outer loop itself: each item resumes where it left Before
/// or the inner loop, with the values it had there.
void LockstepBuilder::buildLast(BasicBlock *Pre) {
  BranchInst::Create(Header, Pre);
  N.Item->setIncomingBlock(N.Item->getBasicBlockIndex(Preheader), Pre);
  BasicBlock *Resume = BasicBlock::Create(Ctx, "lockstep.last", &F, Body);
  Header->getTerminator()->replaceSuccessorWith(Body, Resume);
  IRBuilder<> B(Resume);
  ValueToValueMapTy VM;
  VM[N.Item] = N.Item;
  for (Use *U : UsesAfter) {
    auto *V = cast<Instruction>(U->get());
    Value *Last = VM.lookup(V);
    if (!Last && InnerLive.contains(V))
      Last = VM[V] = loadItem(V->getType(), LiveArrays[V], N.Item, B,
                              V->getName() + ".last");
    U->set(Last ? Last : valueBefore(V, N.Item, VM, B));
  }
  for (PHINode &Phi : N.InnerExit->phis())
    Phi.setIncomingBlock(Phi.getBasicBlockIndex(N.InnerLatch), Resume);
  if (!Code) {
    B.CreateBr(N.InnerExit);
    return;
  }
  // Code 0: the item ran the inner loop; k + 1: it took skip k.
  Value *Where = loadItem(B.getInt8Ty(), Code, N.Item, B, "resume");
  SmallVector<BasicBlock *, 3> Targets{N.InnerExit};
  for (auto &[From, To] : N.Skips) {
    Targets.push_back(newBlock("lockstep.resume"));
    BranchInst::Create(To, Targets.back());
    for (PHINode &Phi : To->phis())
      Phi.setIncomingBlock(Phi.getBasicBlockIndex(From), Targets.back());
  }
  for (unsigned K = 0; K + 1 < Targets.size(); ++K) {
    BasicBlock *Next = K + 2 == Targets.size()
                           ? Targets.back()
                           : newBlock("lockstep.resume.test");
    B.CreateCondBr(B.CreateICmpEQ(Where, B.getInt8(K)), Targets[K], Next);
    B.SetInsertPoint(Next);
  }
}

void LockstepBuilder::build() {
  // Loops of the second kind have a vector's items: one vector each, which
  // the cost model, seeing so few, would not always choose.
  if (!N.Interleaved && isPowerOf2_32(N.Items) &&
      !findOptionMDForLoopID(LoopID, "llvm.loop.vectorize.width")) {
    Type *I32 = Type::getInt32Ty(Ctx);
    auto Option = [&](StringRef Name, unsigned Value) -> Metadata * {
      return MDNode::get(
          Ctx, {MDString::get(Ctx, Name),
                ConstantAsMetadata::get(ConstantInt::get(I32, Value))});
    };
    LoopID = copyLoopID(LoopID, {Option("llvm.loop.vectorize.width", N.Items),
                                 Option("llvm.loop.interleave.count", 1)});
    N.Outer->setLoopID(LoopID);
  }
  Body = Header->splitBasicBlock(Header->getFirstNonPHIIt(),
                                 Header->getName() + ".body");
  N.Before.insert(Body);
  if (N.InnerPreheader == Header)
    N.InnerPreheader = Body;
  for (auto &Skip : N.Skips)
    if (Skip.first == Header)
      Skip.first = Body;
  classify();
  auto [FirstDone, Entered] = buildFirst();
  BasicBlock *Last = newBlock("lockstep.last.pre");
  buildTrips(FirstDone, Entered, Last);
  buildLast(Last);
  SmallVector<BasicBlock *, 16> Dead;
  for (BasicBlock *BB : N.Before)
    if (BB != Header)
      Dead.push_back(BB);
  append_range(Dead, N.Inner->blocks());
  // Their edges to live blocks are gone from those blocks' PHIs already.
  for (BasicBlock *BB : Dead) {
    BB->getTerminator()->eraseFromParent();
    new UnreachableInst(Ctx, BB);
  }
  DeleteDeadBlocks(Dead);
  ++NumLockstep;
}

/// Moves the loads that start work-item loop \p L's header, from addresses
/// invariant in L (or computed from such values, which move with them), to
/// its preheader, so that a loop's bounds read there are invariant. LICM cannot
/// when the items store through a pointer that may alias: but items do not race
/// between barriers, so none writes what another reads there, and each reads it
/// before it writes anything.
bool hoistLeadingLoads(Loop &L) {
  bool Moved = false;
  for (Instruction &I : make_early_inc_range(*L.getHeader())) {
    if (I.mayHaveSideEffects())
      break;
    auto *Load = dyn_cast<LoadInst>(&I);
    bool Hoisted = false;
    if (Load && Load->isSimple() &&
        L.makeLoopInvariant(Load->getPointerOperand(), Hoisted)) {
      Load->moveBefore(L.getLoopPreheader()->getTerminator());
      Moved = true;
    }
    Moved |= Hoisted;
  }
  return Moved;
}

/// Gives work-item loop \p L's counter a step of its own in its latch where
/// GVN merged its step with a `lane + 1` of the kernel: one computed before
/// the inner loop (which the pass moves to another loop), or one on each
/// way round it, joined by a PHI in which scalar evolution sees no counter.
bool giveCounterOwnStep(Loop &L) {
  BasicBlock *Latch = L.getLoopLatch();
  PHINode *Counter = onlyPhi(L);
  if (!Latch || !Counter)
    return false;
  Value *Next = Counter->getIncomingValueForBlock(Latch);
  auto IsStep = [&](Value *Step) {
    return match(Step, m_c_Add(m_Specific(Counter), m_One()));
  };
  SmallVector<Value *, 2> Steps;
  if (auto *Joined = dyn_cast<PHINode>(Next))
    Steps.append(Joined->value_op_begin(), Joined->value_op_end());
  else if (IsStep(Next) && cast<Instruction>(Next)->getParent() != Latch)
    Steps.push_back(Next);
  if (Steps.empty() || !all_of(Steps, IsStep))
    return false;
  auto Flag = [&](auto Has) {
    return all_of(Steps,
                  [&](Value *Step) { return Has(cast<Instruction>(Step)); });
  };
  IRBuilder<> B(Latch->getTerminator());
  Value *Own =
      B.CreateAdd(Counter, ConstantInt::get(Counter->getType(), 1),
                  Counter->getName() + ".next",
                  Flag([](Instruction *I) { return I->hasNoUnsignedWrap(); }),
                  Flag([](Instruction *I) { return I->hasNoSignedWrap(); }));
  Counter->setIncomingValue(Counter->getBasicBlockIndex(Latch), Own);
  return true;
}

/// Makes inner loop \p I leave from its latch only, where its blocks are a
/// chain from its header to its latch, each leaving for one exit block or
/// going on to the next, and every block but the header can be executed
/// speculatively: the chain becomes its header, which leaves where any of
/// them would have left, and the exit's PHIs take the value of the first
/// that would have. A `while (i < n && |z| < 2)` loop has two such exits
/// once rotated. True when \p I changed.
bool leaveAtLatch(Loop &I) {
  BasicBlock *Head = I.getHeader(), *Latch = I.getLoopLatch(),
             *Exit = I.getUniqueExitBlock();
  if (!Latch || !Exit || Latch == Head)
    return false;
  SmallVector<BasicBlock *, 4> Chain{Head};
  while (Chain.back() != Latch) {
    auto *Br = dyn_cast<BranchInst>(Chain.back()->getTerminator());
    if (!Br)
      return false;
    BasicBlock *Next = Br->getSuccessor(0);
    if (Br->isConditional() && Next == Exit)
      Next = Br->getSuccessor(1);
    else if (Br->isConditional() && Br->getSuccessor(1) != Exit)
      return false;
    if (!I.contains(Next) || Next == Head || !Next->getSinglePredecessor())
      return false;
    Chain.push_back(Next);
  }
  if (Chain.size() != I.getNumBlocks() || I.getExitingBlock() == Latch)
    return false;
  for (BasicBlock *BB : drop_begin(Chain))
    for (Instruction &Inst : *BB)
      if (&Inst != BB->getTerminator() &&
          (isa<PHINode>(Inst) || !isSafeToSpeculativelyExecute(&Inst)))
        return false;
  // The conditions to leave at each exiting block, in order.
  SmallVector<std::pair<Value *, BasicBlock *>, 4> Leaves;
  for (BasicBlock *BB : Chain) {
    auto *Br = cast<BranchInst>(BB->getTerminator());
    if (BB != Head)
      Head->splice(Head->getTerminator()->getIterator(), BB, BB->begin(),
                   Br->getIterator());
    if (!Br->isConditional() || !is_contained(Br->successors(), Exit))
      continue;
    IRBuilder<> B(Head->getTerminator());
    Value *Cond = Br->getCondition();
    Leaves.push_back({Br->getSuccessor(0) == Exit
                          ? Cond
                          : B.CreateNot(Cond, Cond->getName() + ".not"),
                      BB});
  }
  IRBuilder<> B(Head->getTerminator());
  // Each later condition is read only when the earlier ones are false: it
  // may be poison once an earlier exit was taken.
  Value *Leave = Leaves.front().first;
  for (auto [Cond, BB] : drop_begin(Leaves))
    Leave = B.CreateLogicalOr(Leave, Cond, "leaves");
  for (PHINode &Phi : Exit->phis()) {
    Value *V = Phi.getIncomingValueForBlock(Leaves.back().second);
    for (auto [Cond, BB] : reverse(drop_end(Leaves)))
      V = B.CreateSelect(Cond, Phi.getIncomingValueForBlock(BB), V,
                         Phi.getName() + ".first");
    for (BasicBlock *BB : Chain)
      if (Phi.getBasicBlockIndex(BB) >= 0)
        Phi.removeIncomingValue(BB, /*DeletePHIIfEmpty=*/false);
    Phi.addIncoming(V, Head);
  }
  for (PHINode &Phi : Head->phis())
    Phi.setIncomingBlock(Phi.getBasicBlockIndex(Latch), Head);
  MDNode *LoopID = I.getLoopID();
  Head->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Head);
  B.CreateCondBr(Leave, Exit, Head)->setMetadata(LLVMContext::MD_loop, LoopID);
  for (BasicBlock *BB : drop_begin(Chain)) {
    BB->getTerminator()->eraseFromParent();
    new UnreachableInst(BB->getContext(), BB);
  }
  DeleteDeadBlocks(SmallVector<BasicBlock *, 4>(drop_begin(Chain)));
  return true;
}

/// Folds what the items of one chunk share in the ids computed from
/// \p InGroup, which is First + Item with First a multiple of \p Chunk
/// and Item below it: plus a value invariant in the loop that is a multiple
/// of Chunk too, it keeps that form; shifted right by log2(Chunk) or more,
/// it is the chunk's (First shifted, computed in \p Outer); its bits below
/// log2(Chunk) are Item's. Warp-style code takes its rows and lanes that way,
/// `gid / 16` and `gid % 16`; folded, a row's bounds are invariant, and its
/// interleaved loop is one the first kind runs in lockstep.
void foldChunkIds(Loop &L, Instruction *InGroup, Value *First, PHINode *Item,
                  unsigned Chunk, BasicBlock *Outer) {
  const DataLayout &DL = Outer->getDataLayout();
  const unsigned Bits = Log2_32(Chunk);
  IRBuilder<> B(Outer->getTerminator());
  // Pairs of a value and its base: the value is base + Item, exactly (the
  // sum carries nothing out of the low bits, so it never wraps either).
  SmallVector<std::pair<Instruction *, Value *>, 8> Work{{InGroup, First}};
  while (!Work.empty()) {
    auto [V, Base] = Work.pop_back_val();
    for (User *U : make_early_inc_range(V->users())) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I || !L.contains(I))
        continue;
      const std::string Name = (I->getName() + ".chunk").str();
      if (auto *Cast = dyn_cast<CastInst>(I)) {
        if (isa<TruncInst, ZExtInst, SExtInst>(Cast))
          Work.push_back({I, B.CreateCast(Cast->getOpcode(), Base,
                                          Cast->getType(), Name)});
        continue;
      }
      Value *Other = I->getOperand(I->getOperand(0) == V);
      const APInt *C;
      if (I->getOpcode() == Instruction::Add && L.isLoopInvariant(Other) &&
          computeKnownBits(Other, DL).countMinTrailingZeros() >= Bits) {
        Work.push_back({I, B.CreateAdd(Base, Other, Name)});
      } else if (I->getOpcode() == Instruction::LShr && I->getOperand(0) == V &&
                 match(Other, m_APInt(C)) && C->uge(Bits) &&
                 C->ult(C->getBitWidth())) {
        I->replaceAllUsesWith(B.CreateLShr(Base, *C, Name));
        RecursivelyDeleteTriviallyDeadInstructions(I);
      } else if (I->getOpcode() == Instruction::And &&
                 match(Other, m_APInt(C)) && (*C + 1).isPowerOf2() &&
                 C->ult(Chunk)) {
        IRBuilder<> At(I);
        Value *Own = At.CreateZExtOrTrunc(Item, I->getType());
        I->replaceAllUsesWith(*C == Chunk - 1 ? Own : At.CreateAnd(Own, *C));
        RecursivelyDeleteTriviallyDeadInstructions(I);
      }
    }
  }
}

/// Makes work-item loop \p L over \p N's items, a multiple of \p Chunk, a
/// loop over Chunk items inside a new loop over the chunks: L's counter
/// counts the items of a chunk, and its uses take the chunk's first item
/// plus it. Then one chunk runs in lockstep at a time, and an item waits
/// for the others of its chunk only.
void chunk(const LockstepNest &N, unsigned Chunk) {
  Loop &L = *N.Outer;
  BasicBlock *Pre = L.getLoopPreheader(), *Header = L.getHeader(),
             *Latch = L.getLoopLatch(), *Exit = L.getExitBlock();
  Function &F = *Header->getParent();
  LLVMContext &Ctx = F.getContext();
  PHINode *Item = N.Item;
  Type *Ty = Item->getType();
  auto *Outer = BasicBlock::Create(Ctx, "chunk", &F, Header);
  auto *OuterLatch = BasicBlock::Create(Ctx, "chunk.latch", &F, Exit);
  Pre->getTerminator()->replaceSuccessorWith(Header, Outer);
  IRBuilder<> B(Outer);
  PHINode *Index = B.CreatePHI(Ty, 2, "chunk");
  Index->addIncoming(ConstantInt::get(Ty, 0), Pre);
  Value *First = B.CreateMul(Index, ConstantInt::get(Ty, Chunk), "chunk.first",
                             /*HasNUW=*/true, /*HasNSW=*/true);
  B.CreateBr(Header);
  Item->setIncomingBlock(Item->getBasicBlockIndex(Pre), Outer);

  B.SetInsertPoint(Header, Header->getFirstNonPHIIt());
  Value *InGroup = B.CreateAdd(First, Item, Item->getName() + ".in.group",
                               /*HasNUW=*/true, /*HasNSW=*/true);
  Item->replaceUsesWithIf(InGroup,
                          [&](Use &U) { return U.getUser() != InGroup; });
  foldChunkIds(L, cast<Instruction>(InGroup), First, Item, Chunk, Outer);
  auto *Back = cast<BranchInst>(Latch->getTerminator());
  B.SetInsertPoint(Back);
  Value *Next = B.CreateAdd(Item, ConstantInt::get(Ty, 1),
                            Item->getName() + ".next", true, true);
  Item->setIncomingValue(Item->getBasicBlockIndex(Latch), Next);
  B.CreateCondBr(B.CreateICmpULT(Next, ConstantInt::get(Ty, Chunk)), Header,
                 OuterLatch)
      ->setMetadata(LLVMContext::MD_loop, L.getLoopID());
  Value *Old = Back->getCondition();
  Back->eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructions(Old);
  for (PHINode &Phi : Exit->phis())
    Phi.replaceIncomingBlockWith(Latch, OuterLatch);

  B.SetInsertPoint(OuterLatch);
  Value *NextIndex =
      B.CreateAdd(Index, ConstantInt::get(Ty, 1), "chunk.next", true, true);
  Index->addIncoming(NextIndex, OuterLatch);
  B.CreateCondBr(
      B.CreateICmpULT(NextIndex, ConstantInt::get(Ty, N.Items / Chunk)), Outer,
      Exit);
}

/// The items of one vector of 32-bit lanes on \p F's target (at least 1).
unsigned vectorWidth(Function &F, FunctionAnalysisManager &FAM) {
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
  return std::max<uint64_t>(
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
              .getFixedValue() /
          32,
      1);
}

} // namespace

PreservedAnalyses LockstepLoopsPass::run(Function &F,
                                         FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  LoopInfo *LI = &FAM.getResult<LoopAnalysis>(F);
  auto WorkItemLoops = [&] {
    SmallVector<Loop *, 4> Loops;
    for (Loop *L : LI->getLoopsInPreorder())
      if (findOptionMDForLoop(L, WorkItemLoopMD) &&
          L->getSubLoops().size() == 1 && L->getLoopPreheader())
        Loops.push_back(L);
    return Loops;
  };
  bool Changed = false, NewBlocks = false;
  for (Loop *L : WorkItemLoops()) {
    Changed |= giveCounterOwnStep(*L);
    Changed |= hoistLeadingLoads(*L);
  }
  if (Changed) { // what scalar evolution knows of the loops is stale
    PreservedAnalyses CFG;
    CFG.preserveSet<CFGAnalyses>();
    FAM.invalidate(F, CFG);
  }
  for (Loop *L : WorkItemLoops()) {
    Loop &I = *L->getSubLoops().front();
    if (I.isInnermost() &&
        paysInLockstep(I, *L, FAM.getResult<ScalarEvolutionAnalysis>(F)))
      NewBlocks |= leaveAtLatch(I);
  }
  if (NewBlocks) {
    FAM.invalidate(F, PreservedAnalyses::none());
    LI = &FAM.getResult<LoopAnalysis>(F);
  }
  // Loops too long to run in lockstep whole, in chunks of a vector's items
  // (or fewer, dividing theirs), when that is at least four.
  const unsigned Width = vectorWidth(F, FAM);
  SmallVector<std::pair<LockstepNest, unsigned>, 2> Long;
  for (Loop *L : WorkItemLoops()) {
    std::optional<LockstepNest> N =
        matchNest(*L, FAM.getResult<ScalarEvolutionAnalysis>(F), MaxItems);
    // A lane loop has its width (the sub-group size) forced already.
    if (!N || N->Interleaved || N->Items <= Width ||
        findOptionMDForLoop(L, "llvm.loop.vectorize.width"))
      continue;
    unsigned Chunk = bit_floor(Width);
    while (N->Items % Chunk)
      Chunk /= 2;
    if (Chunk >= 4)
      Long.push_back({std::move(*N), Chunk});
  }
  for (auto &[N, Chunk] : Long)
    chunk(N, Chunk);
  if (!Long.empty()) {
    FAM.invalidate(F, PreservedAnalyses::none());
    LI = &FAM.getResult<LoopAnalysis>(F);
    for (Loop *L : WorkItemLoops())
      hoistLeadingLoads(*L);
  }
  Changed |= NewBlocks || !Long.empty();
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  SmallVector<LockstepNest, 2> Nests;
  for (Loop *L : LI->getLoopsInPreorder())
    if (std::optional<LockstepNest> N = matchNest(*L, SE, Width))
      Nests.push_back(std::move(*N));
  for (LockstepNest &N : Nests)
    LockstepBuilder(N, F).build();
  return Nests.empty() && !Changed ? PreservedAnalyses::all()
                                   : PreservedAnalyses::none();
}

} // namespace lanes
