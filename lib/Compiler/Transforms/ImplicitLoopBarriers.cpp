//===- ImplicitLoopBarriers.cpp - Work-item loops inside kernel loops -----===//
//
/// \file
/// Implements `lanes-implicit-loop-barriers`; see ImplicitLoopBarriers.h.
//
//===----------------------------------------------------------------------===//
#include "ImplicitLoopBarriers.h"

#include "../Analysis/LanesIR.h"
#include "../Analysis/WorkItemShape.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include "lanes/builtins.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-implicit-loop-barriers"

STATISTIC(NumImplicit, "Implicit barriers put at the top of loops");
STATISTIC(NumLockstep, "Loops with work-item-dependent trip counts made "
                       "lockstep");

namespace lanes {
namespace {

bool hasBarrier(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (isGroupSync(getBuiltin(&I)))
        return true;
  return false;
}

/// True when every work-item of a group enters `L` together and leaves it
/// after the same iteration, by the same exit.
bool runsInLockstep(const Loop &L, const WorkItemShape &Shape) {
  if (Shape.isInDivergentRegion(L.getHeader()))
    return false;
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  return !Exiting.empty() && all_of(Exiting, [&](const BasicBlock *BB) {
    const Instruction *Term = BB->getTerminator();
    const Value *Cond = nullptr;
    if (const auto *Br = dyn_cast<BranchInst>(Term))
      Cond = Br->getCondition();
    else if (const auto *Switch = dyn_cast<SwitchInst>(Term))
      Cond = Switch->getCondition();
    return Cond && Shape.isUniform(Cond) && !Shape.isInDivergentRegion(BB);
  });
}

/// The values computed from the fastest-moving local id (data flow only).
DenseSet<const Value *> followFastestId(Function &F) {
  SmallVector<const Value *, 16> Work;
  for (Instruction &I : instructions(F))
    if (getBuiltin(&I) == Builtin::LocalId) {
      const auto *Dim = dyn_cast<ConstantInt>(cast<CallInst>(I).getArgOperand(0));
      if (!Dim || Dim->isZero())
        Work.push_back(&I);
    }
  DenseSet<const Value *> Moving(Work.begin(), Work.end());
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users())
      if (!U->getType()->isVoidTy() && Moving.insert(U).second)
        Work.push_back(U);
  }
  return Moving;
}

/// True when turning `L` inside out pays: its work-items differ along the
/// fastest dimension (some instruction uses a value that moves with the
/// fastest local id; otherwise the items would all compute the same thing,
/// as in a single_task), and none of its accesses steps one element per
/// iteration of its loop (`L` or one inside it) at an address that moves
/// with that id (`a[gid * n + k]`: such a loop vectorizes well as it is,
/// and turned inside out would gather).
bool paysToTurn(const Loop &L, const LoopInfo &LI, ScalarEvolution &SE,
                const DenseSet<const Value *> &Moving) {
  bool UsesMoving = false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      UsesMoving |= any_of(I.operands(),
                           [&](const Use &Op) { return Moving.contains(Op); });
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (Ptr && Moving.contains(Ptr) &&
          elementStride(I, *LI.getLoopFor(BB), SE))
        return false;
    }
  return UsesMoving;
}

/// A loop whose work-items leave it after different numbers of iterations,
/// in the shape loop rotation leaves: a preheader that a guard may skip
/// (straight to the exit), and one exit, taken from the latch. Later
/// passes may have changed that shape in ways reshape() undoes:
///  - loop simplification may have put a dedicated exit between the latch
///    and the block the guard goes to;
///  - CFG simplification may have folded away an empty preheader, so that
///    the guard (or another branch) enters the header;
///  - loop unswitching may have put a branch the group takes one way
///    between the guard and two versions of the loop (`if (m > 0)` before
///    a loop that holds `for (k = 0; k < m; ++k)`);
///  - other paths, such as the other version's exit, may meet the loop's
///    exit path and the guard's where they join.
struct VaryingLoop {
  Loop *L = nullptr;
  BasicBlock *Guard = nullptr;         ///< the guard's block, if any
  BasicBlock *Join = nullptr;          ///< where the loop and guard meet
  BasicBlock *DedicatedExit = nullptr; ///< a dedicated exit before Join
  BasicBlock *Split = nullptr;         ///< a uniform branch after the guard
  bool NoPreheader = false;            ///< a branch enters the header
  bool SharedJoin = false;             ///< Join has other predecessors
  bool hasItsShape() const {
    return !DedicatedExit && !Split && !NoPreheader && !SharedJoin;
  }
};

/// The block `Exit` branches on to when `Exit` is a dedicated exit that
/// does nothing else, else null.
BasicBlock *afterDedicatedExit(BasicBlock &Exit) {
  auto *Br = dyn_cast<BranchInst>(Exit.getTerminator());
  return Br && Br->isUnconditional() && Exit.getSinglePredecessor() &&
                 Exit.getFirstNonPHIOrDbg() == Br
             ? Br->getSuccessor(0)
             : nullptr;
}

/// True when every work-item may run `I`, those that would not reach it
/// too: it has no side effects and may not fault. The id and size queries
/// count as safe, and so do loads of the kernel object's fields, as
/// markKernelObjectDereferenceable makes them before any rewrite.
bool mayRunForAll(const Instruction &I) {
  const auto *Load = dyn_cast<LoadInst>(&I);
  return isSafeToSpeculativelyExecute(&I) || isQuery(getBuiltin(&I)) ||
         (Load && kernelObjectFieldOffset(*Load));
}

/// True when `BB` ends in a branch that the group takes one way, to two
/// different blocks, and may run for every work-item.
bool splitsUniformly(const BasicBlock &BB, const WorkItemShape &Shape) {
  const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
  return Br && Br->isConditional() && Shape.isUniform(Br->getCondition()) &&
         Br->getSuccessor(0) != Br->getSuccessor(1) &&
         BB.getSinglePredecessor() &&
         all_of(BB, [](const Instruction &I) {
           return I.isTerminator() || isa<PHINode>(I) || mayRunForAll(I);
         });
}

/// `L` as a VaryingLoop, if it is one whose work-items all reach its
/// guard (or the block that enters it, when it has none) together.
std::optional<VaryingLoop> matchVaryingLoop(Loop &L,
                                            const WorkItemShape &Shape) {
  BasicBlock *Entry = L.getLoopPredecessor(), *Latch = L.getLoopLatch();
  BasicBlock *Exit = L.getUniqueExitBlock();
  if (!Entry || !Latch || !Exit || L.getExitingBlock() != Latch)
    return std::nullopt;
  auto *Back = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Back || !Back->isConditional() || Shape.isUniform(Back->getCondition()))
    return std::nullopt;
  // Only a bound the whole group shares (i < n): the work-items' trip
  // counts then differ little, as in a grid-stride loop. With a bound of
  // its own per work-item (a CSR row's end), most lanes could idle.
  auto *Cmp = dyn_cast<ICmpInst>(Back->getCondition());
  if (!Cmp || !(Shape.isUniform(Cmp->getOperand(0)) ||
                Shape.isUniform(Cmp->getOperand(1))))
    return std::nullopt;
  BasicBlock *Preheader = L.getLoopPreheader();
  VaryingLoop V{&L};
  V.NoPreheader = !Preheader;
  V.Join = Exit;
  // The block that reaches the join from the loop.
  BasicBlock *FromLoop = Latch;
  auto IsGuard = [&](BasicBlock *Before) {
    auto *Br = Before ? dyn_cast<BranchInst>(Before->getTerminator()) : nullptr;
    if (!Br || !Br->isConditional())
      return false;
    BasicBlock *After = afterDedicatedExit(*Exit);
    if (After && is_contained(Br->successors(), After)) {
      V.DedicatedExit = FromLoop = Exit;
      V.Join = After;
    }
    V.Guard = is_contained(Br->successors(), V.Join) ? Before : nullptr;
    return V.Guard != nullptr;
  };
  BasicBlock *Before = Preheader ? Preheader->getSinglePredecessor() : Entry;
  if (!IsGuard(Before) && Before && splitsUniformly(*Before, Shape) &&
      IsGuard(Before->getSinglePredecessor())) {
    V.Split = Before;
    if (is_contained(successors(V.Split), V.Join))
      return std::nullopt;
  }
  // Without a preheader, the loop is entered from a branch with two ways
  // on, which may part the group: it must be the guard.
  if (V.NoPreheader && !V.Guard)
    return std::nullopt;
  V.SharedJoin = any_of(predecessors(V.Join), [&](BasicBlock *Pred) {
    return Pred != FromLoop && Pred != V.Guard;
  });
  if (Shape.isInDivergentRegion(V.Guard ? V.Guard : Entry))
    return std::nullopt;
  return V;
}

/// Moves guard `Guard` (`br c, U, join`) past `U`, a block every work-item
/// may run that ends in a branch the group takes one way: the guard goes
/// to `U` for every work-item, and each way on from `U` gets a guard of
/// its own, `br c, s, join`. Returns the one before `To`.
BasicBlock *sinkGuard(BasicBlock &Guard, BasicBlock &U, BasicBlock &Join,
                      BasicBlock &To) {
  auto *Test = cast<BranchInst>(Guard.getTerminator());
  bool EnterOnTrue = Test->getSuccessor(0) == &U;
  auto *Br = cast<BranchInst>(U.getTerminator());
  BasicBlock *Result = nullptr;
  for (unsigned I = 0; I < 2; ++I) {
    BasicBlock *Way = Br->getSuccessor(I);
    auto *New = BasicBlock::Create(U.getContext(), Guard.getName() + ".sunk",
                                   U.getParent(), Way);
    BranchInst::Create(EnterOnTrue ? Way : &Join, EnterOnTrue ? &Join : Way,
                       Test->getCondition(), New);
    Way->replacePhiUsesWith(&U, New);
    Br->setSuccessor(I, New);
    for (PHINode &Phi : Join.phis())
      Phi.addIncoming(Phi.getIncomingValueForBlock(&Guard), New);
    if (Way == &To)
      Result = New;
  }
  for (PHINode &Phi : Join.phis())
    Phi.removeIncomingValue(&Guard, /*DeletePHIIfEmpty=*/false);
  BranchInst::Create(&U, Test->getIterator());
  Test->eraseFromParent();
  return Result;
}

/// Gives varying loop `V` the shape makeLockstep wants (see VaryingLoop),
/// with a preheader, the guard right before it and a join of the loop's
/// and the guard's own. False when the dedicated exit cannot be folded.
bool reshape(VaryingLoop &V) {
  Loop &L = *V.L;
  BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  if (V.Split)
    V.Guard = sinkGuard(*V.Guard, *V.Split, *V.Join,
                        V.NoPreheader ? *Header : *L.getLoopPreheader());
  if (V.NoPreheader)
    InsertPreheaderForLoop(&L, /*DT=*/nullptr, /*LI=*/nullptr,
                           /*MSSAU=*/nullptr, /*PreserveLCSSA=*/false);
  if (V.DedicatedExit &&
      !TryToSimplifyUncondBranchFromEmptyBlock(V.DedicatedExit))
    return false;
  if (V.SharedJoin) {
    SmallVector<BasicBlock *, 2> Ours{Latch};
    if (V.Guard)
      Ours.push_back(V.Guard);
    SplitBlockPredecessors(V.Join, Ours, ".lockstep");
  }
  return true;
}

/// The step of `Phi`, an induction variable of `L` whose value after a trip
/// is `Next` = `Phi` + step, when the step is the same on every trip and
/// available before the loop; else null.
Value *stepOf(const PHINode &Phi, Value *Next, const Loop &L,
              const BasicBlock *Preheader) {
  auto *Add = dyn_cast<BinaryOperator>(Next);
  if (!Phi.getType()->isIntegerTy() || !Add ||
      Add->getOpcode() != Instruction::Add)
    return nullptr;
  Value *Step = Add->getOperand(0) == &Phi   ? Add->getOperand(1)
                : Add->getOperand(1) == &Phi ? Add->getOperand(0)
                                             : nullptr;
  auto *Def = dyn_cast_or_null<Instruction>(Step);
  if (Def && (L.contains(Def) || Def->getParent() == Preheader))
    return nullptr;
  return Step;
}

/// The exit test of a loop whose latch compares an induction variable with
/// a bound the group shares: `again = iv.next < bound`, the variable stepped
/// by a value fixed before the loop (a grid-stride loop). Then whether every
/// work-item makes the next trip is a test of the largest index alone.
struct CountedExit {
  PHINode *IV;                  ///< the header PHI
  CmpInst::Predicate Pred;      ///< again = Pred(iv.next, Bound): ult ule slt sle
  Value *Bound;
  Value *Start = nullptr, *Step = nullptr; ///< as makeLockstep computes `iv`
};

std::optional<CountedExit> matchCountedExit(const Loop &L,
                                            const WorkItemShape &Shape) {
  BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  auto *Back = cast<BranchInst>(Latch->getTerminator());
  auto *Cmp = dyn_cast<ICmpInst>(Back->getCondition());
  if (!Cmp)
    return std::nullopt;
  Value *Next = Cmp->getOperand(0), *Bound = Cmp->getOperand(1);
  CmpInst::Predicate Pred = Cmp->getPredicate();
  if (!L.isLoopInvariant(Bound)) {
    std::swap(Next, Bound);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (Back->getSuccessor(0) != Header)
    Pred = CmpInst::getInversePredicate(Pred);
  // A bound the preheader computes would reach the copy merged with the
  // guard's poison, no longer one value for the group.
  auto *BoundDef = dyn_cast<Instruction>(Bound);
  if (BoundDef && BoundDef->getParent() == L.getLoopPreheader())
    return std::nullopt;
  if (!L.isLoopInvariant(Bound) || !Shape.isUniform(Bound) ||
      !is_contained({CmpInst::ICMP_ULT, CmpInst::ICMP_ULE, CmpInst::ICMP_SLT,
                     CmpInst::ICMP_SLE},
                    Pred))
    return std::nullopt;
  for (PHINode &Phi : Header->phis())
    if (Phi.getIncomingValueForBlock(Latch) == Next &&
        (Phi.getType()->isIntegerTy(32) || Phi.getType()->isIntegerTy(64)) &&
        stepOf(Phi, Next, L, L.getLoopPreheader()))
      return CountedExit{&Phi, Pred, Bound};
  return std::nullopt;
}

/// The declaration of builtin `Name` of type `Ty`, convergent and nounwind
/// as include/lanes/builtins.h declares the barrier and the collectives.
FunctionCallee convergentBuiltin(Module &M, StringRef Name, FunctionType *Ty) {
  FunctionCallee Callee = M.getOrInsertFunction(Name, Ty);
  auto *F = cast<Function>(Callee.getCallee());
  F->addFnAttr(Attribute::Convergent);
  F->addFnAttr(Attribute::NoUnwind);
  return Callee;
}

/// Moves what `Preheader` computes up into `Guard` where that is safe (the
/// kernel object's fields, id and size queries, address arithmetic), so
/// that it reaches every work-item: a step loaded there stays a value the
/// group shares, which makes its induction variable one computed from the
/// trip count.
void hoistIntoGuard(BasicBlock &Preheader, BasicBlock &Guard) {
  Instruction *At = Guard.getTerminator();
  for (Instruction &I :
       make_early_inc_range(Preheader.instructionsWithoutDebug())) {
    bool Ready = none_of(I.operands(), [&](const Use &Op) {
      auto *Def = dyn_cast<Instruction>(Op);
      return Def && Def->getParent() == &Preheader;
    });
    if (!I.isTerminator() && Ready && mayRunForAll(I))
      I.moveBefore(At);
  }
}

/// An implicit group reduction (`lanes.implicit`) of `X` with `Op`; `X` is
/// an i32 or an i64.
Value *reduceGroup(IRBuilder<> &B, unsigned Op, Value *X, const Twine &Name) {
  Type *Ty = X->getType(), *I32 = B.getInt32Ty();
  FunctionCallee Reduce = convergentBuiltin(
      *B.GetInsertBlock()->getModule(),
      Ty->isIntegerTy(32) ? "__lanes_group_reduce_i32"
                          : "__lanes_group_reduce_i64",
      FunctionType::get(Ty, {I32, Ty, B.getPtrTy(), I32}, false));
  CallInst *Call =
      B.CreateCall(Reduce,
                   {B.getInt32(Op), X, ConstantPointerNull::get(B.getPtrTy()),
                    B.getInt32(0)},
                   Name);
  Call->setMetadata(ImplicitBarrierMD, MDNode::get(B.getContext(), {}));
  return Call;
}

/// The group's vote on whether to go round again: an OR of 1 from each
/// work-item that wants another trip and 2 from each that does not. Bit 0
/// of the result says whether any wants one, a result of 1 that all do.
Value *voteOnTrips(IRBuilder<> &B, Value *Wants) {
  Value *Vote = B.CreateSub(B.getInt32(2), B.CreateZExt(Wants, B.getInt32Ty()));
  return reduceGroup(B, LANES_OP_OR, Vote, "votes");
}

/// The blocks makeLockstep adds around a loop, as peelAllActiveTrips needs
/// them.
struct Lockstep {
  BasicBlock *Join, *Head, *Tail;
  PHINode *Active, *Trips; ///< in `head`
  Value *Entered;          ///< whether the work-item passed the guard
  bool Guarded;
};

/// For a counted exit: makes the copy (from `HeadAll` to the branch
/// `Round` that ends its tail) go round while every work-item makes the
/// next trip, on a test of the group's largest index, and adds the block
/// where the predicated loop takes over (each work-item testing its own
/// next index). Returns that block and the work-items' `active` there.
std::pair<BasicBlock *, Value *>
goRoundOnLargestIndex(const Lockstep &S, const CountedExit &Counted,
                      BasicBlock *HeadAll, BranchInst *Round,
                      Value *TripsNext) {
  bool Signed = CmpInst::isSigned(Counted.Pred);
  Type *Ty = Counted.Start->getType();
  // The group's largest start; the work-items the guard sent past give the
  // identity.
  IRBuilder<> B(S.Join->getTerminator());
  Value *Own = Counted.Start;
  unsigned Bits = Ty->getIntegerBitWidth();
  if (S.Guarded)
    Own = B.CreateSelect(
        S.Entered, Own,
        ConstantInt::get(Ty, Signed ? APInt::getSignedMinValue(Bits)
                                    : APInt::getZero(Bits)));
  Value *Max =
      reduceGroup(B, Signed ? LANES_OP_MAX : LANES_OP_UMAX, Own, "start.max");

  // Stepped once a trip: every work-item makes the next trip when it still
  // passes the test without overflow (and, signed, the step does not fall:
  // a falling index could wrap below the smallest start's).
  PHINode *Hi = PHINode::Create(Ty, 2, "hi", HeadAll->getFirstNonPHIIt());
  Hi->addIncoming(Max, S.Join);
  B.SetInsertPoint(Round);
  Value *Sum = B.CreateBinaryIntrinsic(Signed ? Intrinsic::sadd_with_overflow
                                              : Intrinsic::uadd_with_overflow,
                                       Hi, Counted.Step);
  Value *HiNext = B.CreateExtractValue(Sum, 0, "hi.next");
  Hi->addIncoming(HiNext, Round->getParent());
  Value *Fits = B.CreateAnd(B.CreateNot(B.CreateExtractValue(Sum, 1)),
                            B.CreateICmp(Counted.Pred, HiNext, Counted.Bound));
  if (Signed)
    Fits = B.CreateAnd(Fits,
                       B.CreateICmpSGE(Counted.Step, ConstantInt::get(Ty, 0)));
  Fits->setName("all.active");

  auto *Rest = BasicBlock::Create(B.getContext(), "lockstep.rest",
                                  S.Head->getParent(), S.Head);
  IRBuilder<> RestB(Rest);
  Value *Next = RestB.CreateAdd(
      Counted.Start,
      RestB.CreateMul(RestB.CreateZExtOrTrunc(TripsNext, Ty), Counted.Step));
  Value *Active =
      RestB.CreateICmp(Counted.Pred, Next, Counted.Bound, "active.next");
  RestB.CreateBr(S.Head);
  insertImplicitBarrier(&*HeadAll->getFirstInsertionPt());
  insertImplicitBarrier(&*Rest->getFirstInsertionPt());
  B.CreateCondBr(Fits, HeadAll, Rest);
  return {Rest, Active};
}

/// Gives lockstep loop `S` (its old blocks are `Body`) a first phase for
/// the trips every work-item of the group makes: a copy of `head`, the body
/// and `tail` in which `head` goes straight to the body and `tail` goes
/// round while all work-items want another trip. The first trip that not
/// all of them make, and the rest, run in the predicated loop, which takes
/// over the copy's values. A guarded loop starts in the copy only when the
/// whole group passed the guard, which costs one more vote.
///
///   join:     br all_entered, head.all, head
///   head.all: ...                            (no test of `active`)
///   tail.all: r = group_or(more ? 1 : 2)
///             br r == 1, head.all, head
///
/// With a counted exit (`Counted`) the copy needs no vote, nor any
/// work-item's own exit test: every work-item makes trip k when the group's
/// largest start, `max`, stepped k times without overflow, passes the test.
/// `max` is one reduction at the join; the copy then goes round on that
/// uniform test, under an implicit barrier at the top of `head.all`, and
/// the predicated loop starts from each work-item's own test of its next
/// index, after a second implicit barrier:
///
///   tail.all: hi.next, o = hi + step (overflow o)
///             br !o && hi.next < bound, head.all, rest
///   rest:     active = start + trips * step < bound
///             br head
///
/// The copy's work-item loops vectorize without masks. (Unswitching them
/// on a uniform `all` in the clean-up would do the same, but its cost model
/// stops short of a work-item loop nested in an unswitched one.)
void peelAllActiveTrips(const Lockstep &S, ArrayRef<BasicBlock *> Body,
                        const std::optional<CountedExit> &Counted) {
  Function &F = *S.Head->getParent();
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 8> Copies;
  auto Copy = [&](BasicBlock *BB) {
    BasicBlock *New = CloneBasicBlock(BB, VMap, ".all", &F);
    New->moveBefore(S.Head);
    VMap[BB] = New;
    Copies.push_back(New);
    return New;
  };
  BasicBlock *HeadAll = Copy(S.Head);
  for (BasicBlock *BB : Body)
    Copy(BB);
  BasicBlock *TailAll = Copy(S.Tail);
  remapInstructionsInBlocks(Copies, VMap);
  auto InCopy = [&](Value *V) {
    Value *Copied = VMap.lookup(V);
    return Copied ? Copied : V;
  };

  // Every work-item is active: `head.all` goes straight to the body, and
  // nothing reaches `tail.all` idle.
  auto *Enter = cast<BranchInst>(HeadAll->getTerminator());
  BranchInst::Create(Enter->getSuccessor(0), Enter->getIterator());
  Enter->eraseFromParent();
  for (PHINode &Phi : TailAll->phis())
    Phi.removeIncomingValue(HeadAll, /*DeletePHIIfEmpty=*/false);

  // How the copy goes round, and where the predicated loop takes over.
  auto *Round = cast<BranchInst>(TailAll->getTerminator());
  auto *Any = cast<Instruction>(Round->getCondition());
  auto *Votes = cast<Instruction>(Any->getOperand(0));
  BasicBlock *Handover = TailAll;
  Value *ActiveAtHandover = InCopy(S.Active->getIncomingValueForBlock(S.Tail));
  if (Counted) {
    std::tie(Handover, ActiveAtHandover) = goRoundOnLargestIndex(
        S, *Counted, HeadAll, Round,
        InCopy(S.Trips->getIncomingValueForBlock(S.Tail)));
  } else {
    IRBuilder<> B(Round);
    B.CreateCondBr(B.CreateICmpEQ(Votes, B.getInt32(1), "all.active"), HeadAll,
                   S.Head);
  }
  Round->eraseFromParent();
  Any->eraseFromParent();
  // What only idle trips read (`active`, a carried exit value) is dead.
  for (PHINode &Phi : make_early_inc_range(HeadAll->phis()))
    if (Phi.use_empty())
      Phi.eraseFromParent();
  // So is the vote of a counted exit, and each work-item's own test.
  if (Counted) {
    Value *Vote = Votes->getOperand(1);
    Votes->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(Vote);
  }

  // The predicated loop goes on from the copy's last trip.
  for (PHINode &Phi : S.Head->phis())
    Phi.addIncoming(&Phi == S.Active
                        ? ActiveAtHandover
                        : InCopy(Phi.getIncomingValueForBlock(S.Tail)),
                    Handover);

  auto *Start = cast<BranchInst>(S.Join->getTerminator());
  IRBuilder<> B(Start);
  if (S.Guarded) {
    Value *Votes = voteOnTrips(B, S.Entered);
    B.CreateCondBr(B.CreateICmpEQ(Votes, B.getInt32(1), "all.entered"),
                   HeadAll, S.Head);
  } else {
    B.CreateBr(HeadAll);
    S.Head->removePredecessor(S.Join);
  }
  Start->eraseFromParent();
}

/// Makes the work-items of varying loop `V` run it in lockstep, as a GPU
/// would: the group goes round while any work-item wants another trip, and
/// a work-item that is done (or that the guard sent past the loop) idles
/// through the remaining ones.
///
///   guard: br c, ph, exit          guard: br c, ph, join
///   ph:    br h                    ph:    br join
///   h:     ...                     join:  a0 = phi [1, ph], [0, guard]
///   latch: br d, h, exit           head:  a = phi [a0, join], [more, tail]
///                                         br a, h, tail
///                                  h:     ...
///                                  latch: br tail
///                                  tail:  more = phi [d, latch], [0, head]
///                                         br group_or(more), head, done
///                                  done:  br exit
///
/// The group collective in `tail` is what the work-item loops split the
/// loop at, so the work-items' loop runs inside it and vectorizes. The
/// header's PHIs move to `head` and carry their value through idle trips;
/// so does each value the exit reads (the loop is put in LCSSA form
/// first). An induction variable with a step fixed before the loop is not
/// carried but computed, `start + trips * step`, from the group's trip
/// count, which is every active work-item's own.
void makeLockstep(const VaryingLoop &V, const WorkItemShape &Shape,
                  DominatorTree &DT, LoopInfo &LI) {
  Loop &L = *V.L;
  formLCSSARecursively(L, DT, &LI, /*SE=*/nullptr);
  SmallVector<BasicBlock *, 8> Body(L.blocks());
  if (V.Guard)
    hoistIntoGuard(*L.getLoopPreheader(), *V.Guard);
  std::optional<CountedExit> Counted = matchCountedExit(L, Shape);
  BasicBlock *Preheader = L.getLoopPreheader(), *Header = L.getHeader();
  BasicBlock *Latch = L.getLoopLatch(), *Exit = L.getUniqueExitBlock();
  Function &F = *Header->getParent();
  LLVMContext &Ctx = F.getContext();
  auto *Join = BasicBlock::Create(Ctx, "lockstep.join", &F, Header);
  auto *Head = BasicBlock::Create(Ctx, "lockstep.head", &F, Header);
  auto *Tail = BasicBlock::Create(Ctx, "lockstep.tail", &F, Exit);
  auto *Done = BasicBlock::Create(Ctx, "lockstep.done", &F, Exit);
  IRBuilder<> B(Join), HeadB(Head), TailB(Tail), DoneB(Done);

  // What every work-item has at the join, the guard's too.
  if (V.Guard)
    V.Guard->getTerminator()->replaceSuccessorWith(Exit, Join);
  auto Merge = [&](Value *FromPreheader, Value *Skipped) {
    PHINode *Phi = B.CreatePHI(FromPreheader->getType(), 2);
    Phi->addIncoming(FromPreheader, Preheader);
    Phi->addIncoming(Skipped, V.Guard);
    return Phi;
  };
  // What the preheader still computes reaches the join from there only;
  // the work-items the guard sent past get poison. (A value from before
  // the guard needs no merging, and stays something the work-item loops
  // can recompute, such as a global id.)
  if (V.Guard)
    for (Instruction &I : make_early_inc_range(*Preheader)) {
      PHINode *Merged = nullptr;
      for (Use &U : make_early_inc_range(I.uses())) {
        if (cast<Instruction>(U.getUser())->getParent() == Preheader)
          continue;
        if (!Merged)
          Merged = Merge(&I, PoisonValue::get(I.getType()));
        U.set(Merged);
      }
    }
  Value *Entered =
      V.Guard ? Merge(B.getTrue(), B.getFalse()) : (Value *)B.getTrue();
  Entered->setName("entered");
  Preheader->getTerminator()->replaceSuccessorWith(Header, Join);

  // Carries `Own` (the value after this work-item's trip, available at the
  // old latch) through idle trips, starting from `Start`.
  auto Carry = [&](Value *Start, Value *Own, const Twine &Name) {
    PHINode *AtHead = PHINode::Create(Start->getType(), 2, Name, Head->begin());
    PHINode *AtTail = TailB.CreatePHI(Start->getType(), 2, Name + ".tail");
    AtHead->addIncoming(Start, Join);
    AtHead->addIncoming(AtTail, Tail);
    AtTail->addIncoming(Own, Latch);
    AtTail->addIncoming(AtHead, Head);
    return std::make_pair(AtHead, AtTail);
  };
  auto *Back = cast<BranchInst>(Latch->getTerminator());
  Value *Again = Back->getCondition();
  if (Back->getSuccessor(0) != Header)
    Again = BinaryOperator::CreateNot(Again, "again", Back->getIterator());
  auto [Active, More] = Carry(Entered, Again, "active");
  More->setIncomingValueForBlock(Head, B.getFalse());
  // The number of trips so far, the same for every work-item still active.
  PHINode *Trips = HeadB.CreatePHI(B.getInt64Ty(), 2, "trips");
  Trips->addIncoming(B.getInt64(0), Join);
  DenseMap<Value *, PHINode *> CarriedNext; ///< a header PHI's Next, carried
  for (PHINode &Phi : make_early_inc_range(Header->phis())) {
    Value *Start = Phi.getIncomingValueForBlock(Preheader);
    Value *Next = Phi.getIncomingValueForBlock(Latch);
    Value *New;
    if (Value *Step = stepOf(Phi, Next, L, Preheader)) {
      // start + trips * step: no loop state, and contiguous across the
      // work-items when the start is (i = gid).
      New = HeadB.CreateAdd(
          Start, HeadB.CreateMul(HeadB.CreateZExtOrTrunc(Trips, Step->getType()),
                                 Step));
      if (Counted && Counted->IV == &Phi) {
        Counted->Start = Start;
        Counted->Step = Step;
      }
    } else {
      auto [AtHead, AtTail] = Carry(Start, Next, Phi.getName());
      CarriedNext[Next] = AtTail;
      New = AtHead;
    }
    Phi.replaceAllUsesWith(New);
    New->takeName(&Phi);
    Phi.eraseFromParent();
  }
  // What the exit reads: the value of the work-item's last trip, or what
  // the guard passed when it skipped the loop.
  for (PHINode &Phi : Exit->phis()) {
    Value *Last = Phi.getIncomingValueForBlock(Latch);
    // An induction variable's value is now computed in `head`, for the
    // group's trip: it too must be the work-item's own.
    auto *Def = dyn_cast<Instruction>(Last);
    if (Def && (L.contains(Def) || Def->getParent() == Head)) {
      PHINode *&Carried = CarriedNext[Def];
      if (!Carried)
        Carried = Carry(PoisonValue::get(Def->getType()), Def,
                        Def->getName() + ".last")
                      .second;
      Last = Carried;
    }
    if (V.Guard) {
      Last = DoneB.CreateSelect(Entered, Last,
                                Phi.getIncomingValueForBlock(V.Guard));
      Phi.removeIncomingValue(V.Guard, /*DeletePHIIfEmpty=*/false);
    }
    Phi.setIncomingValueForBlock(Latch, Last);
  }
  Exit->replacePhiUsesWith(Latch, Done);

  B.CreateBr(Head);
  HeadB.CreateCondBr(Active, Header, Tail);
  BranchInst::Create(Tail, Back->getIterator());
  Back->eraseFromParent();
  Trips->addIncoming(TailB.CreateAdd(Trips, TailB.getInt64(1), "trips.next"),
                     Tail);
  Value *Votes = voteOnTrips(TailB, More);
  TailB.CreateCondBr(TailB.CreateTrunc(Votes, TailB.getInt1Ty(), "any.active"),
                     Head, Done);
  DoneB.CreateBr(Exit);
  peelAllActiveTrips(
      Lockstep{Join, Head, Tail, Active, Trips, Entered, V.Guard != nullptr},
      Body, Counted);
  ++NumLockstep;
}


} // namespace

PreservedAnalyses ImplicitLoopBarriersPass::run(Function &F,
                                                FunctionAnalysisManager &AM) {
  if (!isWorkGroupFunction(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  const WorkItemShape &Shape = AM.getResult<WorkItemShapeAnalysis>(F);
  ScalarEvolution &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  DenseSet<const Value *> Moving = followFastestId(F);
  SmallVector<BasicBlock *, 4> Headers, VaryingHeaders;
  for (Loop *L : LI.getLoopsInPreorder()) {
    // A loop the group runs in lockstep gets a barrier only if innermost.
    bool Lockstep = runsInLockstep(*L, Shape);
    if ((Lockstep && !L->isInnermost()) || hasBarrier(*L) ||
        !paysToTurn(*L, LI, SE, Moving))
      continue;
    if (Lockstep)
      Headers.push_back(L->getHeader());
    else if (matchVaryingLoop(*L, Shape))
      VaryingHeaders.push_back(L->getHeader());
  }
  if (Headers.empty() && VaryingHeaders.empty())
    return PreservedAnalyses::all();
  // Lets hoistIntoGuard move loads of the kernel object's fields.
  if (!VaryingHeaders.empty())
    markKernelObjectDereferenceable(F);
  // A rewrite leaves the other loops' blocks as they were, but not the
  // analyses: each loop is found again in fresh ones.
  for (BasicBlock *Header : VaryingHeaders) {
    DominatorTree DT(F);
    LoopInfo FreshLI(DT);
    Loop *L = FreshLI.getLoopFor(Header);
    std::optional<VaryingLoop> V =
        L ? matchVaryingLoop(*L, Shape) : std::nullopt;
    if (V && !V->hasItsShape()) {
      if (!reshape(*V))
        continue;
      DT.recalculate(F);
      FreshLI.releaseMemory();
      FreshLI.analyze(DT);
      V = matchVaryingLoop(*FreshLI.getLoopFor(Header), Shape);
    }
    if (V && V->hasItsShape())
      makeLockstep(*V, Shape, DT, FreshLI);
  }

  for (BasicBlock *Header : Headers) {
    insertImplicitBarrier(&*Header->getFirstInsertionPt());
    ++NumImplicit;
  }
  return PreservedAnalyses::none();
}

void insertImplicitBarrier(Instruction *Before) {
  Module &M = *Before->getModule();
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  FunctionCallee Barrier = convergentBuiltin(
      M, "__lanes_barrier",
      FunctionType::get(Type::getVoidTy(Ctx),
                        {I32, PointerType::getUnqual(Ctx), I32}, false));
  IRBuilder<> B(Before);
  CallInst *Call = B.CreateCall(
      Barrier, {B.getInt32(0), ConstantPointerNull::get(B.getPtrTy()),
                B.getInt32(0)});
  Call->setMetadata(ImplicitBarrierMD, MDNode::get(Ctx, {}));
}

const SCEVAddRecExpr *elementStride(Instruction &Access, const Loop &L,
                                    ScalarEvolution &SE) {
  Value *Ptr = getLoadStorePointerOperand(&Access);
  const auto *Rec = Ptr ? dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Ptr)) : nullptr;
  if (!Rec || Rec->getLoop() != &L)
    return nullptr;
  const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  TypeSize Size =
      Access.getDataLayout().getTypeStoreSize(getLoadStoreType(&Access));
  return Step && !Size.isScalable() &&
                 Step->getAPInt().abs() == Size.getFixedValue()
             ? Rec
             : nullptr;
}

} // namespace lanes
