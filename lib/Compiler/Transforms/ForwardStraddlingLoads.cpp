//===- ForwardStraddlingLoads.cpp - Loads across stores -------------------===//
//
/// \file
/// Implements `lanes-forward-straddling-loads`; see ForwardStraddlingLoads.h.
//
//===----------------------------------------------------------------------===//
#include "ForwardStraddlingLoads.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-forward-straddling-loads"

STATISTIC(NumForwarded, "Loads made of the values stores wrote");

namespace lanes {
namespace {

/// How far back from a load the pass looks for its stores: a step of a
/// tree over 256 items with AVX2 is 32 stores and their operands.
constexpr unsigned MaxSteps = 512;

/// The most stores one load is made of: each beyond the second costs a
/// shuffle or an insert.
constexpr unsigned MaxSources = 8;

/// A load the pass may forward to: a simple load of a scalar or a vector,
/// or a masked load with a constant mask.
struct Read {
  Instruction *Load = nullptr;
  Value *Address = nullptr;
  Type *Element = nullptr;
  unsigned Lanes = 1;        ///< 1 for a scalar
  SmallBitVector Active;     ///< the lanes it reads
  Value *PassThru = nullptr; ///< a masked load's other lanes
  Constant *Mask = nullptr;  ///< a masked load's mask
};

std::optional<Read> readOf(Instruction &I) {
  if (auto *Load = dyn_cast<LoadInst>(&I)) {
    Type *Ty = Load->getType();
    auto *VectorTy = dyn_cast<FixedVectorType>(Ty);
    Type *Element = VectorTy ? VectorTy->getElementType() : Ty;
    if (!Load->isSimple() ||
        !(Element->isIntOrPtrTy() || Element->isFloatingPointTy()))
      return std::nullopt;
    unsigned Lanes = VectorTy ? VectorTy->getNumElements() : 1;
    return Read{Load, Load->getPointerOperand(), Element, Lanes,
                SmallBitVector(Lanes, true)};
  }
  auto *Call = dyn_cast<IntrinsicInst>(&I);
  if (!Call || Call->getIntrinsicID() != Intrinsic::masked_load)
    return std::nullopt;
  auto *Ty = dyn_cast<FixedVectorType>(Call->getType());
  auto *Mask = dyn_cast<Constant>(Call->getArgOperand(2));
  if (!Ty || !Mask)
    return std::nullopt;
  SmallBitVector Active(Ty->getNumElements());
  for (unsigned Lane = 0; Lane < Active.size(); ++Lane) {
    auto *Bit = dyn_cast_or_null<ConstantInt>(Mask->getAggregateElement(Lane));
    if (!Bit)
      return std::nullopt;
    Active[Lane] = Bit->isOne();
  }
  return Read{Call,
              Call->getArgOperand(0),
              Ty->getElementType(),
              Ty->getNumElements(),
              Active,
              Call->getArgOperand(3),
              Mask};
}

/// The elements of \p V, a scalar or a vector of them.
unsigned elementsOf(const Value *V) {
  auto *Ty = dyn_cast<FixedVectorType>(V->getType());
  return Ty ? Ty->getNumElements() : 1;
}

/// What \p R reads, made of the values stored before it, built before it,
/// or null.
Value *forward(const Read &R, AAResults &AA, const DataLayout &DL) {
  Type *Element = R.Element;
  const int64_t Size = DL.getTypeStoreSize(Element);
  if (DL.getTypeSizeInBits(Element) != uint64_t(Size) * 8)
    return nullptr;
  const unsigned Lanes = R.Lanes;
  APInt Offset(DL.getIndexTypeSizeInBits(R.Address->getType()), 0);
  const Value *Base =
      R.Address->stripAndAccumulateConstantOffsets(DL, Offset, true);
  const int64_t Start = Offset.getSExtValue();
  const MemoryLocation Loc(R.Address, LocationSize::precise(Lanes * Size),
                           R.Load->getAAMetadata());

  // The stored values, latest first, and for each lane read, which one
  // holds it (Source) and where (Index).
  SmallVector<Value *, 4> Stored;
  SmallVector<int, 16> Source(Lanes, -1), Index(Lanes, PoisonMaskElem);
  SmallBitVector Missing = R.Active;
  unsigned Steps = 0;
  for (Instruction *I = R.Load->getPrevNode(); I && Missing.any();
       I = I->getPrevNode()) {
    if (++Steps > MaxSteps)
      return nullptr;
    if (!I->mayWriteToMemory() || !isModSet(AA.getModRefInfo(I, Loc)))
      continue;
    auto *Store = dyn_cast<StoreInst>(I);
    if (!Store || !Store->isSimple() ||
        Store->getValueOperand()->getType()->getScalarType() != Element)
      return nullptr;
    APInt StoreOffset(Offset.getBitWidth(), 0);
    if (Store->getPointerOperand()->stripAndAccumulateConstantOffsets(
            DL, StoreOffset, true) != Base)
      return nullptr;
    // Where each lane is from the store's first element: a lane it
    // overlaps must be one of its elements whole.
    const int64_t Shift = Start - StoreOffset.getSExtValue();
    const int64_t End = elementsOf(Store->getValueOperand()) * Size;
    bool Covers = false;
    const SmallBitVector Left = Missing;
    for (int Lane : Left.set_bits()) {
      int64_t Byte = Shift + Lane * Size;
      if (Byte <= -Size || Byte >= End)
        continue;
      if (Byte % Size || (!Covers && Stored.size() == MaxSources))
        return nullptr;
      Covers = true;
      Source[Lane] = int(Stored.size());
      Index[Lane] = int(Byte / Size);
      Missing.reset(Lane);
    }
    if (Covers)
      Stored.push_back(Store->getValueOperand());
  }
  if (Missing.any() || Stored.empty())
    return nullptr;

  IRBuilder<> B(R.Load);
  Type *Loaded = R.Load->getType();
  if (!Loaded->isVectorTy()) {
    Value *V = Stored[0];
    return V->getType()->isVectorTy() ? B.CreateExtractElement(V, Index[0]) : V;
  }
  // Each stored value's lanes where the load has them, poison elsewhere.
  auto Placed = [&](unsigned K) -> Value * {
    SmallVector<int, 16> Mask(Lanes, PoisonMaskElem);
    for (unsigned Lane = 0; Lane < Lanes; ++Lane)
      if (Source[Lane] == int(K))
        Mask[Lane] = Index[Lane];
    Value *V = Stored[K];
    if (!V->getType()->isVectorTy())
      return B.CreateInsertElement(PoisonValue::get(Loaded), V,
                                   find(Source, int(K)) - Source.begin());
    if (V->getType() == Loaded &&
        ShuffleVectorInst::isIdentityMask(Mask, Lanes))
      return V;
    return B.CreateShuffleVector(V, Mask);
  };
  Value *Forwarded = nullptr;
  if (Stored.size() == 2 && Stored[0]->getType() == Loaded &&
      Stored[1]->getType() == Loaded) {
    // The common case, one shuffle: a load across two vectors.
    SmallVector<int, 16> Mask(Lanes, PoisonMaskElem);
    for (unsigned Lane = 0; Lane < Lanes; ++Lane)
      if (Source[Lane] >= 0)
        Mask[Lane] = Source[Lane] * int(Lanes) + Index[Lane];
    Forwarded = B.CreateShuffleVector(Stored[0], Stored[1], Mask);
  } else {
    for (unsigned K = 0; K < Stored.size(); ++K) {
      Value *Part = Placed(K);
      if (!Forwarded) {
        Forwarded = Part;
        continue;
      }
      SmallVector<int, 16> Mask(Lanes);
      for (unsigned Lane = 0; Lane < Lanes; ++Lane)
        Mask[Lane] = Source[Lane] == int(K) ? int(Lanes + Lane) : int(Lane);
      Forwarded = B.CreateShuffleVector(Forwarded, Part, Mask);
    }
  }
  if (R.Mask)
    Forwarded = B.CreateSelect(R.Mask, Forwarded, R.PassThru);
  return Forwarded;
}

} // namespace

PreservedAnalyses
ForwardStraddlingLoadsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  AAResults &AA = FAM.getResult<AAManager>(F);
  const DataLayout &DL = F.getDataLayout();
  SmallVector<Instruction *, 16> Dead;
  for (Instruction &I : instructions(F)) {
    std::optional<Read> R = readOf(I);
    if (!R)
      continue;
    if (Value *Forwarded = forward(*R, AA, DL)) {
      I.replaceAllUsesWith(Forwarded);
      Dead.push_back(&I);
      ++NumForwarded;
    }
  }
  for (Instruction *I : Dead)
    I->eraseFromParent();
  if (Dead.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
