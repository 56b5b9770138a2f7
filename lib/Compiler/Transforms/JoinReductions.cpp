//===- JoinReductions.cpp - Consecutive reductions as one vector ----------===//
//
/// \file
/// Implements `lanes-join-reductions`; see JoinReductions.h.
//
//===----------------------------------------------------------------------===//
#include "JoinReductions.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-join-reductions"

STATISTIC(NumJoined, "Runs of reductions stored as one vector");
STATISTIC(NumUnjoined, "Reductions of joined vectors that reduce the sources");
STATISTIC(NumMerged, "Pairs of combined reductions that reduce once");

namespace lanes {
namespace {

/// A store of a reduction's result, at Offset bytes from its base.
struct Stored {
  StoreInst *Store;
  IntrinsicInst *Reduce;
  int64_t Offset;
};

/// How a reduction combines two lanes: a binary operator or an intrinsic.
struct Combine {
  Instruction::BinaryOps Op;
  Intrinsic::ID MinMax = Intrinsic::not_intrinsic;
};

/// How reduction `ID` combines lanes, or nothing for another intrinsic.
std::optional<Combine> combineOf(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::vector_reduce_add:
    return Combine{Instruction::Add};
  case Intrinsic::vector_reduce_mul:
    return Combine{Instruction::Mul};
  case Intrinsic::vector_reduce_and:
    return Combine{Instruction::And};
  case Intrinsic::vector_reduce_or:
    return Combine{Instruction::Or};
  case Intrinsic::vector_reduce_xor:
    return Combine{Instruction::Xor};
  case Intrinsic::vector_reduce_fadd:
    return Combine{Instruction::FAdd};
  case Intrinsic::vector_reduce_fmul:
    return Combine{Instruction::FMul};
  case Intrinsic::vector_reduce_smax:
  case Intrinsic::vector_reduce_smin:
  case Intrinsic::vector_reduce_umax:
  case Intrinsic::vector_reduce_umin:
  case Intrinsic::vector_reduce_fmax:
  case Intrinsic::vector_reduce_fmin:
    return Combine{Instruction::BinaryOpsEnd,
                   getMinMaxReductionIntrinsicOp(ID)};
  default:
    return std::nullopt;
  }
}

/// V as a reduction that nothing else uses and whose lanes may be
/// reassociated with other values; else null.
IntrinsicInst *reassociableReduction(Value *V) {
  auto *Reduce = dyn_cast<IntrinsicInst>(V);
  if (!Reduce || !Reduce->hasOneUse())
    return nullptr;
  Intrinsic::ID ID = Reduce->getIntrinsicID();
  if (!combineOf(ID))
    return nullptr;
  if (!Reduce->getType()->isFloatingPointTy())
    return Reduce;
  if (!Reduce->hasAllowReassoc())
    return nullptr;
  // fadd and fmul start from an operand, which must change nothing.
  if (Reduce->arg_size() == 2) {
    auto *Start = dyn_cast<ConstantFP>(Reduce->getArgOperand(0));
    bool Identity = ID == Intrinsic::vector_reduce_fadd
                        ? Start && Start->isNegativeZeroValue()
                        : Start && Start->isExactlyValue(1.0);
    if (!Identity)
      return nullptr;
  }
  return Reduce;
}

/// The reduction whose result `Store` stores, when it has no other use and
/// may be reassociated; else null.
IntrinsicInst *storedReduction(StoreInst &Store) {
  return Store.isSimple() ? reassociableReduction(Store.getValueOperand())
                          : nullptr;
}

/// The vector `Reduce` reduces.
Value *reducedVector(const IntrinsicInst &Reduce) {
  return Reduce.getArgOperand(Reduce.arg_size() - 1);
}

/// A and B combined lane by lane as C says.
Value *combine(const Combine &C, Value *A, Value *B, FastMathFlags FMF,
               IRBuilder<> &Builder, const Twine &Name) {
  Value *R = C.MinMax != Intrinsic::not_intrinsic
                 ? Builder.CreateBinaryIntrinsic(C.MinMax, A, B, nullptr, Name)
                 : Builder.CreateBinOp(C.Op, A, B, Name);
  if (isa<FPMathOperator>(R))
    cast<Instruction>(R)->setFastMathFlags(FMF);
  return R;
}

/// Lane k of the result: the reduction of Vectors[k].
Value *reduceAll(Intrinsic::ID ID, ArrayRef<Value *> Vectors, FastMathFlags FMF,
                 IRBuilder<> &B) {
  unsigned Lanes = Vectors.size();
  Combine C = *combineOf(ID);
  SmallVector<Value *, 16> Level(Vectors);
  // Each vector of Level holds the parts of Lanes / Part sources, Part
  // lanes each, in order.
  for (unsigned Part = Lanes; Level.size() > 1; Part /= 2) {
    SmallVector<int, 64> Low, High;
    for (unsigned Start = 0; Start < 2 * Lanes; Start += Part)
      for (unsigned J = 0; J < Part / 2; ++J) {
        Low.push_back(Start + J);
        High.push_back(Start + Part / 2 + J);
      }
    SmallVector<Value *, 16> Next;
    for (unsigned I = 0; I < Level.size(); I += 2) {
      Value *L = B.CreateShuffleVector(Level[I], Level[I + 1], Low, "low");
      Value *H = B.CreateShuffleVector(Level[I], Level[I + 1], High, "high");
      Next.push_back(combine(C, L, H, FMF, B, "parts"));
    }
    Level = std::move(Next);
  }
  return Level[0];
}

/// Joins the run `Run` (sorted by offset, consecutive elements) when
/// nothing between its first store and its last reads or writes them.
bool joinRun(ArrayRef<Stored> Run, AAResults &AA) {
  StoreInst *First = Run[0].Store, *Last = Run[0].Store;
  AAMDNodes AAInfo = Run[0].Store->getAAMetadata();
  SmallPtrSet<Instruction *, 32> Own;
  FastMathFlags FMF;
  if (isa<FPMathOperator>(Run[0].Reduce))
    FMF = Run[0].Reduce->getFastMathFlags();
  for (const Stored &S : Run) {
    if (S.Store->comesBefore(First))
      First = S.Store;
    if (Last->comesBefore(S.Store))
      Last = S.Store;
    AAInfo = AAInfo.merge(S.Store->getAAMetadata());
    Own.insert(S.Store);
    Own.insert(S.Reduce);
    if (isa<FPMathOperator>(S.Reduce))
      FMF &= S.Reduce->getFastMathFlags();
  }
  Type *Element = Run[0].Store->getValueOperand()->getType();
  const DataLayout &DL = First->getDataLayout();
  MemoryLocation Elements(
      Run[0].Store->getPointerOperand(),
      LocationSize::precise(Run.size() * DL.getTypeStoreSize(Element)), AAInfo);
  for (Instruction *I = First->getNextNode(); I != Last; I = I->getNextNode())
    if (!Own.contains(I) && (!isGuaranteedToTransferExecutionToSuccessor(I) ||
                             isModOrRefSet(AA.getModRefInfo(I, Elements))))
      return false;
  IRBuilder<> B(Last);
  SmallVector<Value *, 16> Vectors;
  for (const Stored &S : Run)
    Vectors.push_back(reducedVector(*S.Reduce));
  Value *Results = reduceAll(Run[0].Reduce->getIntrinsicID(), Vectors, FMF, B);
  StoreInst *Joined = B.CreateAlignedStore(
      Results, Run[0].Store->getPointerOperand(), Run[0].Store->getAlign());
  Joined->setAAMetadata(AAInfo);
  Joined->setMetadata(JoinedMD, MDNode::get(Joined->getContext(), {}));
  for (const Stored &S : Run) {
    S.Store->eraseFromParent();
    S.Reduce->eraseFromParent();
  }
  ++NumJoined;
  return true;
}

/// The most trips of a one-block loop whose joined reductions are unrolled
/// whole: 16 vectors of results, 128 sub-groups of 8 lanes.
constexpr unsigned MaxUnrolledTrips = 16;

/// Reductions of one kind whose results are stored at constant distances
/// from the first one's address.
struct StoreGroup {
  Intrinsic::ID ID;
  FixedVectorType *VecTy;
  const SCEV *First; ///< the address of the first store found
  SmallVector<Stored, 16> Stores;
};

bool joinInBlock(BasicBlock &BB, AAResults &AA, ScalarEvolution &SE) {
  const DataLayout &DL = BB.getDataLayout();
  // By address distance, not by base and constant offset: in a loop over
  // the sub-groups that was partially unrolled, the addresses of one
  // iteration are its own index plus constants (`(i | 8) >> 1`, ...).
  SmallVector<StoreGroup, 4> Groups;
  for (Instruction &I : BB) {
    auto *Store = dyn_cast<StoreInst>(&I);
    IntrinsicInst *Reduce = Store ? storedReduction(*Store) : nullptr;
    if (!Reduce)
      continue;
    auto *VecTy = dyn_cast<FixedVectorType>(reducedVector(*Reduce)->getType());
    if (!VecTy || !isPowerOf2_32(VecTy->getNumElements()) ||
        VecTy->getNumElements() < 2)
      continue;
    const SCEV *Address = SE.getSCEV(Store->getPointerOperand());
    StoreGroup *Group = nullptr;
    int64_t Offset = 0;
    for (StoreGroup &G : Groups) {
      if (G.ID != Reduce->getIntrinsicID() || G.VecTy != VecTy)
        continue;
      // Of another base, the difference cannot be computed.
      if (auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(Address, G.First))) {
        Group = &G;
        Offset = D->getAPInt().getSExtValue();
        break;
      }
    }
    if (!Group)
      Group = &Groups.emplace_back(
          StoreGroup{Reduce->getIntrinsicID(), VecTy, Address, {}});
    Group->Stores.push_back({Store, Reduce, Offset});
  }
  bool Changed = false;
  for (StoreGroup &G : Groups) {
    SmallVector<Stored, 16> &Stores = G.Stores;
    unsigned Lanes = G.VecTy->getNumElements();
    int64_t Size = DL.getTypeStoreSize(G.VecTy->getElementType());
    if (Stores.size() < Lanes ||
        DL.getTypeAllocSize(G.VecTy->getElementType()) != uint64_t(Size))
      continue;
    llvm::sort(Stores, [](const Stored &A, const Stored &B) {
      return A.Offset < B.Offset;
    });
    for (size_t I = 0; I + Lanes <= Stores.size();) {
      ArrayRef<Stored> Run = ArrayRef(Stores).slice(I, Lanes);
      bool Consecutive = all_of(seq<unsigned>(0, Lanes), [&](unsigned K) {
        return Run[K].Offset == Run[0].Offset + K * Size;
      });
      if (Consecutive && joinRun(Run, AA)) {
        Changed = true;
        I += Lanes;
      } else {
        ++I;
      }
    }
  }
  return Changed;
}

/// Whether I combines its operands as C says, and may be reassociated.
bool combinesAs(const Instruction &I, const Combine &C) {
  if (isa<FPMathOperator>(I) && !I.hasAllowReassoc())
    return false;
  if (C.MinMax == Intrinsic::not_intrinsic)
    return I.getOpcode() == C.Op;
  const auto *Call = dyn_cast<IntrinsicInst>(&I);
  return Call && Call->getIntrinsicID() == C.MinMax;
}

/// The two shuffles that I combines when they are a pair that takes every
/// lane of its two sources once and nothing else uses; else null.
std::pair<ShuffleVectorInst *, ShuffleVectorInst *> halvesOf(Instruction &I) {
  auto *Low = dyn_cast<ShuffleVectorInst>(I.getOperand(0));
  auto *High = dyn_cast<ShuffleVectorInst>(I.getOperand(1));
  if (!Low || !High || !Low->hasOneUse() || !High->hasOneUse() ||
      Low->getOperand(0) != High->getOperand(0) ||
      Low->getOperand(1) != High->getOperand(1) ||
      Low->getType() != Low->getOperand(0)->getType())
    return {};
  SmallBitVector Taken(2 *
                       cast<FixedVectorType>(I.getType())->getNumElements());
  for (int Lane :
       concat<const int>(Low->getShuffleMask(), High->getShuffleMask())) {
    if (Lane < 0 || Taken.test(Lane))
      return {};
    Taken.set(Lane);
  }
  return {Low, High};
}

/// A vector whose lanes combine, as C says, to what V's lanes combine to.
/// Where V, used by Users only, combines the two shuffles of a pair that
/// takes every lane of its two sources once, that is the two sources
/// combined (each unjoined in turn); where it combines two other values,
/// those unjoined, combined (sub-group 0 adding up several joined
/// vectors); else V itself.
Value *unjoined(Value *V, ArrayRef<const User *> Users, const Combine &C) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !combinesAs(*I, C) || !all_of(I->users(), [&](const User *U) {
        return is_contained(Users, U);
      }))
    return V;
  auto [Low, High] = halvesOf(*I);
  Value *X = I->getOperand(0), *Y = I->getOperand(1);
  SmallVector<const User *, 2> XYUsers{I};
  if (Low) {
    X = Low->getOperand(0);
    Y = Low->getOperand(1);
    XYUsers = {Low, High};
  }
  if (X == Y) // one value twice: unjoined once, the tree would be walked twice
    return V;
  Value *A = unjoined(X, XYUsers, C);
  Value *B = unjoined(Y, XYUsers, C);
  if (!Low && A == X && B == Y)
    return V;
  IRBuilder<> Builder(I);
  FastMathFlags FMF;
  if (isa<FPMathOperator>(I))
    FMF = I->getFastMathFlags();
  return combine(C, A, B, FMF, Builder, "sources");
}

/// Where Reduce sums `V + 0.0` that nothing else uses (a float sum started
/// at 0.0 in the source), V; else what Reduce reduces. Adding +0.0 only
/// turns -0.0 into +0.0, and for all a and b, (a + 0.0) + (b + 0.0) and
/// a + (b + 0.0) are (a + b) + 0.0, so the sum of `V + 0.0` in any order
/// is the sum of V, plus 0.0.
Value *withoutZeroAdded(IntrinsicInst &Reduce) {
  Value *Reduced = reducedVector(Reduce), *V;
  if (Reduce.getIntrinsicID() == Intrinsic::vector_reduce_fadd &&
      match(Reduced, m_OneUse(m_c_FAdd(m_Value(V), m_PosZeroFP()))))
    return V;
  return Reduced;
}

/// Reductions of joined vectors reduce their sources instead.
bool unjoinReductions(Function &F) {
  SmallVector<IntrinsicInst *, 4> Reductions;
  for (Instruction &I : instructions(F))
    if (auto *Reduce = dyn_cast<IntrinsicInst>(&I);
        Reduce && combineOf(Reduce->getIntrinsicID()) &&
        (!Reduce->getType()->isFloatingPointTy() || Reduce->hasAllowReassoc()))
      Reductions.push_back(Reduce);
  bool Changed = false;
  for (IntrinsicInst *Reduce : Reductions) {
    Value *Reduced = reducedVector(*Reduce);
    Value *Joined = withoutZeroAdded(*Reduce);
    const User *ReducedBy = Joined == Reduced ? Reduce : cast<User>(Reduced);
    Value *Sources =
        unjoined(Joined, {ReducedBy}, *combineOf(Reduce->getIntrinsicID()));
    if (Sources == Joined)
      continue;
    Reduce->setArgOperand(Reduce->arg_size() - 1, Sources);
    if (Joined != Reduced) { // The sum of Sources, plus 0.0.
      IRBuilder<> Builder(Reduce->getNextNode());
      Builder.setFastMathFlags(cast<Instruction>(Reduced)->getFastMathFlags());
      Value *Sum = Builder.CreateFAdd(
          Reduce, ConstantFP::getZero(Reduce->getType()), "plus.zero");
      Reduce->replaceUsesWithIf(Sum,
                                [&](Use &U) { return U.getUser() != Sum; });
    }
    RecursivelyDeleteTriviallyDeadInstructions(Reduced);
    ++NumUnjoined;
    Changed = true;
  }
  return Changed;
}

/// Two reductions combined, as their operation does, reduce their vectors
/// combined instead: `reduce(A) + reduce(B)` is `reduce(A + B)`. Applied in
/// order, this folds a chain or tree of such combinations into a single
/// reduction (the sums of a work-group's sub-groups that
/// lanes-aggregate-atomics adds up for one atomic).
bool mergeReductions(Function &F) {
  SmallVector<Instruction *, 16> Combinations;
  for (Instruction &I : instructions(F))
    if (isa<BinaryOperator>(I) || isa<MinMaxIntrinsic>(I))
      Combinations.push_back(&I);
  bool Changed = false;
  for (Instruction *I : Combinations) {
    IntrinsicInst *A = reassociableReduction(I->getOperand(0));
    IntrinsicInst *B = reassociableReduction(I->getOperand(1));
    if (!A || !B || A->getIntrinsicID() != B->getIntrinsicID() ||
        reducedVector(*A)->getType() != reducedVector(*B)->getType() ||
        !combinesAs(*I, *combineOf(A->getIntrinsicID())))
      continue;
    IRBuilder<> Builder(I);
    FastMathFlags FMF;
    if (isa<FPMathOperator>(I))
      FMF = I->getFastMathFlags();
    Value *Sources = combine(*combineOf(A->getIntrinsicID()), reducedVector(*A),
                             reducedVector(*B), FMF, Builder, "sources");
    auto *Merged = cast<IntrinsicInst>(A->clone());
    Merged->andIRFlags(B);
    Merged->setArgOperand(Merged->arg_size() - 1, Sources);
    Builder.Insert(Merged, "merged");
    I->replaceAllUsesWith(Merged);
    I->eraseFromParent();
    A->eraseFromParent();
    B->eraseFromParent();
    ++NumMerged;
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses JoinReductionsPass::run(Function &F,
                                          FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  AAResults &AA = FAM.getResult<AAManager>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (BasicBlock &BB : F) {
    if (!joinInBlock(BB, AA, SE))
      continue;
    Changed = true;
    // A trip of a loop over the sub-groups that the optimizer unrolled in
    // part (a group of more sub-groups than a sub-group has lanes): its
    // trips unrolled whole (lanes-tidy-kernels), sub-group 0 can read the
    // joined vectors from registers rather than local memory.
    Loop *L = LI.getLoopFor(&BB);
    if (!L || L->getNumBlocks() != 1)
      continue;
    unsigned Trips = SE.getSmallConstantTripCount(L);
    if (Trips > 1 && Trips <= MaxUnrolledTrips)
      addStringMetadataToLoop(L, "llvm.loop.unroll.full");
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

PreservedAnalyses ForwardJoinedPass::run(Function &F,
                                         FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  SmallVector<LoadInst *, 16> Loads;
  bool Joined = false;
  for (Instruction &I : instructions(F)) {
    if (auto *Load = dyn_cast<LoadInst>(&I); Load && Load->isSimple())
      Loads.push_back(Load);
    Joined |= isa<StoreInst>(I) && I.hasMetadata(JoinedMD);
  }
  if (!Joined)
    return PreservedAnalyses::all();
  AAResults &AA = FAM.getResult<AAManager>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  MemorySSAWalker &Walker =
      *FAM.getResult<MemorySSAAnalysis>(F).getMSSA().getWalker();
  // Every load's store first: replacing a load changes memory SSA.
  SmallVector<std::pair<LoadInst *, Value *>, 8> Forwarded;
  for (LoadInst *Load : Loads) {
    auto *Def = dyn_cast<MemoryDef>(Walker.getClobberingMemoryAccess(Load));
    auto *Store =
        Def ? dyn_cast_or_null<StoreInst>(Def->getMemoryInst()) : nullptr;
    if (Store && Store->hasMetadata(JoinedMD) && DT.dominates(Store, Load) &&
        Store->getValueOperand()->getType() == Load->getType() &&
        AA.isMustAlias(MemoryLocation::get(Store), MemoryLocation::get(Load)))
      Forwarded.emplace_back(Load, Store->getValueOperand());
  }
  for (auto [Load, Stored] : Forwarded) {
    Load->replaceAllUsesWith(Stored);
    Load->eraseFromParent();
  }
  if (Forwarded.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

PreservedAnalyses UnjoinReductionsPass::run(Function &F,
                                            FunctionAnalysisManager &) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  bool Changed = unjoinReductions(F);
  Changed |= mergeReductions(F);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
