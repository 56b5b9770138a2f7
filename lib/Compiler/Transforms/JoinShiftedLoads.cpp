//===- JoinShiftedLoads.cpp - A shift completed by a load is a load -------===//
//
/// \file
/// Implements `lanes-join-shifted-loads`; see JoinShiftedLoads.h.
//
//===----------------------------------------------------------------------===//
#include "JoinShiftedLoads.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-join-shifted-loads"

STATISTIC(NumJoined, "Shuffles of loaded lanes made one vector load");

namespace lanes {
namespace {

/// Where one lane of a vector was loaded from: lane `Lane` of `Load`.
struct LoadedLane {
  Instruction *Load = nullptr;
  unsigned Lane = 0;
};

/// The address operand of a plain vector load or a masked load.
Value *addressOf(Instruction *Load) {
  if (auto *Plain = dyn_cast<LoadInst>(Load))
    return Plain->getPointerOperand();
  return cast<IntrinsicInst>(Load)->getArgOperand(0);
}

/// The alignment of a plain vector load or a masked load.
Align alignOf(const Instruction *Load) {
  if (const auto *Plain = dyn_cast<LoadInst>(Load))
    return Plain->getAlign();
  return cast<ConstantInt>(cast<IntrinsicInst>(Load)->getArgOperand(1))
      ->getAlignValue();
}

class Joiner {
public:
  Joiner(const DataLayout &DL, ScalarEvolution &SE, DominatorTree &DT,
         MemorySSA &MSSA)
      : DL(DL), SE(SE), DT(DT), MSSA(MSSA) {}

  /// Replaces `Shuffle` by one load when its lanes are consecutive loaded
  /// elements; returns whether it did.
  bool join(ShuffleVectorInst &Shuffle);

private:
  std::optional<LoadedLane> loadedLane(Value *V, unsigned Lane);
  Value *storedValue(Value *V);
  const SCEV *laneAddress(const LoadedLane &L, Type *ElementTy);

  const DataLayout &DL;
  ScalarEvolution &SE;
  DominatorTree &DT;
  MemorySSA &MSSA;
};

/// The value a simple load `V` reads when its clobber is a store of a
/// value of its type to its address, or null.
Value *Joiner::storedValue(Value *V) {
  auto *Load = dyn_cast<LoadInst>(V);
  MemoryUseOrDef *Access = Load ? MSSA.getMemoryAccess(Load) : nullptr;
  if (!Access || !Load->isSimple())
    return nullptr;
  auto *Def =
      dyn_cast<MemoryDef>(MSSA.getWalker()->getClobberingMemoryAccess(Access));
  auto *Store =
      Def ? dyn_cast_or_null<StoreInst>(Def->getMemoryInst()) : nullptr;
  if (!Store || !Store->isSimple() ||
      Store->getPointerOperand() != Load->getPointerOperand() ||
      Store->getValueOperand()->getType() != Load->getType())
    return nullptr;
  return Store->getValueOperand();
}

/// The load lane `Lane` of `V` comes from, through shuffles and through a
/// load of what a store just wrote (a shuffle's result waiting on the
/// stack); none when it is not loaded (a masked load's inactive lane, a
/// poison lane, any other value).
std::optional<LoadedLane> Joiner::loadedLane(Value *V, unsigned Lane) {
  for (;;) {
    if (auto *Shuffle = dyn_cast<ShuffleVectorInst>(V)) {
      int Source = Shuffle->getMaskValue(Lane);
      if (Source < 0)
        return std::nullopt;
      unsigned Width = cast<FixedVectorType>(Shuffle->getOperand(0)->getType())
                           ->getNumElements();
      V = Shuffle->getOperand(unsigned(Source) < Width ? 0 : 1);
      Lane = unsigned(Source) % Width;
    } else if (Value *Stored = storedValue(V)) {
      V = Stored;
    } else {
      break;
    }
  }
  if (auto *Load = dyn_cast<LoadInst>(V))
    return Load->isSimple() ? std::optional(LoadedLane{Load, Lane})
                            : std::nullopt;
  auto *Masked = dyn_cast<IntrinsicInst>(V);
  if (!Masked || Masked->getIntrinsicID() != Intrinsic::masked_load)
    return std::nullopt;
  auto *Mask = dyn_cast<Constant>(Masked->getArgOperand(2));
  Constant *On = Mask ? Mask->getAggregateElement(Lane) : nullptr;
  if (!On || !On->isOneValue())
    return std::nullopt;
  return LoadedLane{Masked, Lane};
}

/// The address of lane L.Lane of L.Load, as scalar evolution sees it.
const SCEV *Joiner::laneAddress(const LoadedLane &L, Type *ElementTy) {
  const SCEV *Base = SE.getSCEV(addressOf(L.Load));
  return SE.getAddExpr(Base,
                       SE.getConstant(DL.getIndexType(Base->getType()),
                                      L.Lane * DL.getTypeStoreSize(ElementTy)));
}

bool Joiner::join(ShuffleVectorInst &Shuffle) {
  auto *Ty = cast<FixedVectorType>(Shuffle.getType());
  Type *ElementTy = Ty->getElementType();
  // A whole number of bytes per element, with no padding between them.
  if (DL.getTypeStoreSize(ElementTy) != DL.getTypeAllocSize(ElementTy) ||
      DL.getTypeStoreSizeInBits(ElementTy) != DL.getTypeSizeInBits(ElementTy))
    return false;
  uint64_t Size = DL.getTypeStoreSize(ElementTy);
  SmallVector<LoadedLane, 16> Lanes;
  for (unsigned Lane = 0; Lane < Ty->getNumElements(); ++Lane) {
    std::optional<LoadedLane> L = loadedLane(&Shuffle, Lane);
    if (!L || L->Load->getType()->getScalarType() != ElementTy)
      return false;
    Lanes.push_back(*L);
  }
  // Each load once; the last, which the others dominate, is where the
  // joined load goes. No write between a load and the last may touch what
  // the load read: from the last, its location's clobber is its own.
  SmallVector<Instruction *, 4> Loads;
  for (const LoadedLane &L : Lanes)
    if (!is_contained(Loads, L.Load))
      Loads.push_back(L.Load);
  if (Loads.size() < 2)
    return false; // a shuffle of one load: InstCombine's business
  Instruction *Last = Loads.front();
  for (Instruction *Load : Loads)
    if (DT.dominates(Last, Load))
      Last = Load;
  MemoryUseOrDef *AtLast = MSSA.getMemoryAccess(Last);
  if (!AtLast)
    return false;
  MemorySSAWalker &Walker = *MSSA.getWalker();
  for (Instruction *Load : Loads) {
    if (Load == Last)
      continue;
    MemoryUseOrDef *Access = MSSA.getMemoryAccess(Load);
    if (!DT.dominates(Load, Last) || !Access)
      return false;
    MemoryLocation Read(
        addressOf(Load),
        LocationSize::upperBound(DL.getTypeStoreSize(Load->getType())),
        Load->getAAMetadata());
    if (Walker.getClobberingMemoryAccess(AtLast, Read) !=
        Walker.getClobberingMemoryAccess(Access))
      return false;
  }
  // Lane l reads the element l places after lane 0's.
  const SCEV *First = laneAddress(Lanes[0], ElementTy);
  for (unsigned Lane = 1; Lane < Lanes.size(); ++Lane) {
    const SCEV *Distance =
        SE.getMinusSCEV(laneAddress(Lanes[Lane], ElementTy), First);
    const auto *Step = dyn_cast<SCEVConstant>(Distance);
    if (!Step || Step->getAPInt() != Lane * Size)
      return false;
  }
  Align Alignment =
      commonAlignment(alignOf(Lanes[0].Load), Lanes[0].Lane * Size);
  IRBuilder<> B(Last->getNextNode());
  Value *Address = addressOf(Lanes[0].Load);
  if (Lanes[0].Lane)
    Address = B.CreateConstInBoundsGEP1_64(ElementTy, Address, Lanes[0].Lane);
  LoadInst *Joined = B.CreateAlignedLoad(Ty, Address, Alignment,
                                         Shuffle.getName() + ".joined");
  // What all the loads say of their memory holds for the joined one.
  for (unsigned Kind : {LLVMContext::MD_tbaa, LLVMContext::MD_noalias,
                        LLVMContext::MD_alias_scope}) {
    MDNode *Node = Last->getMetadata(Kind);
    if (all_of(Loads,
               [&](Instruction *L) { return L->getMetadata(Kind) == Node; }))
      Joined->setMetadata(Kind, Node);
  }
  Shuffle.replaceAllUsesWith(Joined);
  ++NumJoined;
  return true;
}

} // namespace

PreservedAnalyses JoinShiftedLoadsPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  SmallVector<ShuffleVectorInst *, 16> Shuffles;
  for (Instruction &I : instructions(F))
    if (auto *Shuffle = dyn_cast<ShuffleVectorInst>(&I);
        Shuffle && isa<FixedVectorType>(Shuffle->getType()))
      Shuffles.push_back(Shuffle);
  if (Shuffles.empty())
    return PreservedAnalyses::all();
  Joiner J(F.getDataLayout(), FAM.getResult<ScalarEvolutionAnalysis>(F),
           FAM.getResult<DominatorTreeAnalysis>(F),
           FAM.getResult<MemorySSAAnalysis>(F).getMSSA());
  SmallVector<WeakTrackingVH, 16> Dead;
  for (ShuffleVectorInst *Shuffle : Shuffles)
    if (J.join(*Shuffle))
      Dead.push_back(Shuffle);
  if (Dead.empty())
    return PreservedAnalyses::all();
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
