//===- Collectives.cpp - The arithmetic of group collectives --------------===//
//
/// \file
/// Implements Collectives.h. The operation codes are the LANES_OP_* of
/// include/lanes/builtins.h.
//
//===----------------------------------------------------------------------===//
#include "Collectives.h"

#include "../Analysis/LanesIR.h"

#include "lanes/builtins.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;

namespace lanes {
namespace {

/// Broadcasts and shuffles move values; the others combine them.
bool isBroadcast(const CallInst &Call) {
  return !hasCollectiveOp(getBuiltin(&Call));
}

/// The operation of a reduction or scan (checked by checkCollective).
unsigned opOf(const CallInst &Call) {
  return cast<ConstantInt>(Call.getArgOperand(0))->getZExtValue();
}

/// Deep enough for the lane arithmetic of shifts and permutations.
constexpr unsigned MaxLaneDepth = 8;

/// `V` folded with local id 0 replaced by `Lane`, when `V` is built from it
/// and constants by operations whose low bits depend on their operands' low
/// bits only; else null. Local id 0 is the lane plus a multiple of the
/// sub-group size, so the low log2(size) bits of the result are right.
Constant *lowBitsAtLane(Value *V, uint64_t Lane, const DataLayout &DL,
                        unsigned Depth) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C;
  if (localIdDim(V) == 0)
    return ConstantInt::get(V->getType(), Lane);
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == MaxLaneDepth)
    return nullptr;
  switch (I->getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
    break;
  case Instruction::Shl:
    if (isa<ConstantInt>(I->getOperand(1)))
      break;
    return nullptr;
  default:
    return nullptr;
  }
  SmallVector<Constant *, 2> Ops;
  for (Value *Op : I->operands()) {
    Constant *C = lowBitsAtLane(Op, Lane, DL, Depth + 1);
    if (!C)
      return nullptr;
    Ops.push_back(C);
  }
  return ConstantFoldInstOperands(I, Ops, DL);
}

/// `V` folded in lane `Lane` of a sub-group of `Size` lanes, when it
/// depends on nothing but constants and the lane id; else null.
Constant *atLane(Value *V, uint64_t Lane, unsigned Size, const DataLayout &DL,
                 unsigned Depth) {
  using namespace PatternMatch;
  if (auto *C = dyn_cast<Constant>(V))
    return C;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      Depth == MaxLaneDepth)
    return nullptr;
  // The lane id: local id 0 (or a value built from it) masked to fewer
  // bits than the sub-group size has.
  Value *X;
  const APInt *Mask;
  if ((match(I, m_And(m_Value(X), m_APInt(Mask))) && Mask->ult(Size)) ||
      (match(I, m_URem(m_Value(X), m_APInt(Mask))) && *Mask == Size))
    if (Constant *Low = lowBitsAtLane(X, Lane, DL, Depth + 1))
      return ConstantFoldBinaryOpOperands(
          I->getOpcode(), Low, ConstantInt::get(I->getType(), *Mask), DL);
  SmallVector<Constant *, 4> Ops;
  for (Value *Op : I->operands()) {
    Constant *C = atLane(Op, Lane, Size, DL, Depth + 1);
    if (!C)
      return nullptr;
    Ops.push_back(C);
  }
  return ConstantFoldInstOperands(I, Ops, DL);
}

} // namespace

std::string checkSubGroupSize(const CallInst &Call) {
  if (subGroupSize(Call))
    return "";
  return "the sub-group size of '" + Call.getCalledFunction()->getName().str() +
         "' must be a constant power of two from 1 to 64";
}

std::string checkCollective(const CallInst &Call) {
  Type *Ty = Call.getType();
  if (!Ty->isIntegerTy(32) && !Ty->isIntegerTy(64) && !Ty->isFloatTy() &&
      !Ty->isDoubleTy())
    return "group collective '" + Call.getCalledFunction()->getName().str() +
           "' has an unsupported type";
  if (isSubGroupCollective(getBuiltin(&Call)))
    if (std::string Problem = checkSubGroupSize(Call); !Problem.empty())
      return Problem;
  if (isBroadcast(Call))
    return "";
  auto *Op = dyn_cast<ConstantInt>(Call.getArgOperand(0));
  if (!Op)
    return "the operation of a group collective must be a constant";
  uint64_t Code = Op->getZExtValue();
  bool IntOnly = Code == LANES_OP_UMIN || Code == LANES_OP_UMAX ||
                 Code == LANES_OP_AND || Code == LANES_OP_OR ||
                 Code == LANES_OP_XOR;
  if (Code > LANES_OP_XOR || (IntOnly && Ty->isFloatingPointTy()))
    return "group collective operation " + std::to_string(Code) +
           " is not defined for its type";
  return "";
}

unsigned subGroupSize(const CallInst &Call) {
  unsigned Arg = getBuiltin(&Call) == Builtin::SubGroupBarrier ? 1 : 2;
  auto *Size = dyn_cast<ConstantInt>(Call.getArgOperand(Arg));
  if (!Size || Size->getZExtValue() > 64 || !isPowerOf2_64(Size->getZExtValue()))
    return 0;
  return Size->getZExtValue();
}

Value *collectiveOperand(const CallInst &Call) {
  return Call.getArgOperand(isBroadcast(Call) ? 0 : 1);
}

Value *chosenItem(const CallInst &Call) {
  return isBroadcast(Call) ? Call.getArgOperand(1) : nullptr;
}

Constant *collectiveStart(const CallInst &Call) {
  Type *Ty = Call.getType();
  if (isBroadcast(Call))
    return Constant::getNullValue(Ty);
  if (Ty->isFloatingPointTy()) {
    const fltSemantics &Sem = Ty->getFltSemantics();
    switch (opOf(Call)) {
    case LANES_OP_MUL:
      return ConstantFP::get(Ty, 1.0);
    case LANES_OP_MIN:
      return ConstantFP::get(Ty, APFloat::getInf(Sem));
    case LANES_OP_MAX:
      return ConstantFP::get(Ty, APFloat::getInf(Sem, /*Negative=*/true));
    default: // ADD: x + -0.0 is x for every x; x + 0.0 turns -0.0 into 0.0
      return ConstantFP::getNegativeZero(Ty);
    }
  }
  unsigned Bits = Ty->getIntegerBitWidth();
  switch (opOf(Call)) {
  case LANES_OP_MUL:
    return ConstantInt::get(Ty, 1);
  case LANES_OP_MIN:
    return ConstantInt::get(Ty, APInt::getSignedMaxValue(Bits));
  case LANES_OP_MAX:
    return ConstantInt::get(Ty, APInt::getSignedMinValue(Bits));
  case LANES_OP_UMIN:
  case LANES_OP_AND:
    return ConstantInt::get(Ty, APInt::getAllOnes(Bits));
  default:
    return ConstantInt::get(Ty, 0);
  }
}

Value *collectiveStep(const CallInst &Call, Value *Acc, Value *X, Value *Item,
                      IRBuilder<> &B, Value *Chosen) {
  if (isBroadcast(Call)) {
    Chosen = B.CreateZExtOrTrunc(Chosen ? Chosen : chosenItem(Call),
                                 Item->getType());
    return B.CreateSelect(B.CreateICmpEQ(Item, Chosen), X, Acc, "broadcast");
  }
  // Work-items may contribute to a reduction in any order, which lets the
  // vectorizer split a float sum across lanes.
  bool Reduce = getBuiltin(&Call) == Builtin::GroupReduce;
  IRBuilder<>::FastMathFlagGuard Guard(B);
  FastMathFlags FMF;
  FMF.setAllowReassoc(Reduce);
  B.setFastMathFlags(FMF);
  bool Float = Call.getType()->isFloatingPointTy();
  unsigned Op = opOf(Call);
  if (Reduce && Float && (Op == LANES_OP_MIN || Op == LANES_OP_MAX)) {
    // fmin and fmax skip NaNs. The vectorizer reduces neither minnum nor
    // maxnum without no-NaNs flags, but does reduce minimum and maximum:
    // with each NaN replaced by the identity, and the accumulator starting
    // at it, those give the same results.
    X = B.CreateSelect(B.CreateFCmpUNO(X, X), collectiveStart(Call), X);
    return B.CreateBinaryIntrinsic(Op == LANES_OP_MIN ? Intrinsic::minimum
                                                      : Intrinsic::maximum,
                                   Acc, X, nullptr, "acc");
  }
  switch (Op) {
  case LANES_OP_ADD:
    return Float ? B.CreateFAdd(Acc, X, "acc") : B.CreateAdd(Acc, X, "acc");
  case LANES_OP_MUL:
    return Float ? B.CreateFMul(Acc, X, "acc") : B.CreateMul(Acc, X, "acc");
  case LANES_OP_MIN:
    return B.CreateBinaryIntrinsic(Float ? Intrinsic::minnum : Intrinsic::smin,
                                   Acc, X, nullptr, "acc");
  case LANES_OP_MAX:
    return B.CreateBinaryIntrinsic(Float ? Intrinsic::maxnum : Intrinsic::smax,
                                   Acc, X, nullptr, "acc");
  case LANES_OP_UMIN:
    return B.CreateBinaryIntrinsic(Intrinsic::umin, Acc, X, nullptr, "acc");
  case LANES_OP_UMAX:
    return B.CreateBinaryIntrinsic(Intrinsic::umax, Acc, X, nullptr, "acc");
  case LANES_OP_AND:
    return B.CreateAnd(Acc, X, "acc");
  case LANES_OP_OR:
    return B.CreateOr(Acc, X, "acc");
  default:
    return B.CreateXor(Acc, X, "acc");
  }
}

Value *shiftUp(Value *V, Value *Fill, unsigned Shift, IRBuilder<> &B) {
  unsigned Lanes = cast<FixedVectorType>(V->getType())->getNumElements();
  SmallVector<int, 64> Mask;
  for (unsigned J = 0; J < Lanes; ++J)
    Mask.push_back(J < Shift ? 0 : int(Lanes + J - Shift));
  return B.CreateShuffleVector(Fill, V, Mask);
}

// Hillis-Steele: each step combines every lane with the lane Shift below
// it; the identity fills in below lane 0.
Value *inclusiveScan(const CallInst &Call, Value *X, IRBuilder<> &B) {
  unsigned Lanes = cast<FixedVectorType>(X->getType())->getNumElements();
  Value *Fill = B.CreateVectorSplat(Lanes, collectiveStart(Call));
  for (unsigned Shift = 1; Shift < Lanes; Shift *= 2)
    X = collectiveStep(Call, shiftUp(X, Fill, Shift, B), X, nullptr, B);
  return X;
}

Value *subGroupCombine(const CallInst &Call, Value *X, IRBuilder<> &B) {
  auto *VecTy = cast<FixedVectorType>(X->getType());
  unsigned Lanes = VecTy->getNumElements();
  Constant *Identity = collectiveStart(Call);
  Builtin Kind = getBuiltin(&Call);
  if (Kind == Builtin::SubGroupReduce) {
    // Lanes may combine in any order, as in a group reduction.
    IRBuilder<>::FastMathFlagGuard Guard(B);
    FastMathFlags FMF;
    FMF.setAllowReassoc();
    B.setFastMathFlags(FMF);
    bool Float = Call.getType()->isFloatingPointTy();
    Value *R;
    switch (opOf(Call)) {
    case LANES_OP_ADD:
      // -0.0 + x is x for every x, +0.0 included.
      R = Float ? B.CreateFAddReduce(ConstantFP::getNegativeZero(
                                         Call.getType()),
                                     X)
                : B.CreateAddReduce(X);
      break;
    case LANES_OP_MUL:
      R = Float ? B.CreateFMulReduce(ConstantFP::get(Call.getType(), 1.0), X)
                : B.CreateMulReduce(X);
      break;
    case LANES_OP_MIN:
      R = Float ? B.CreateFPMinReduce(X) : B.CreateIntMinReduce(X, true);
      break;
    case LANES_OP_MAX:
      R = Float ? B.CreateFPMaxReduce(X) : B.CreateIntMaxReduce(X, true);
      break;
    case LANES_OP_UMIN:
      R = B.CreateIntMinReduce(X, false);
      break;
    case LANES_OP_UMAX:
      R = B.CreateIntMaxReduce(X, false);
      break;
    case LANES_OP_AND:
      R = B.CreateAndReduce(X);
      break;
    case LANES_OP_OR:
      R = B.CreateOrReduce(X);
      break;
    default:
      R = B.CreateXorReduce(X);
    }
    return B.CreateVectorSplat(Lanes, R, "sg.reduce");
  }
  X = inclusiveScan(Call, X, B);
  return Kind == Builtin::SubGroupScanExclusive
             ? shiftUp(X, B.CreateVectorSplat(Lanes, Identity), 1, B)
             : X;
}

SmallVector<uint64_t, 16> constantSourceLanes(const CallInst &Shuffle) {
  unsigned Size = subGroupSize(Shuffle);
  const DataLayout &DL = Shuffle.getDataLayout();
  SmallVector<uint64_t, 16> Sources;
  for (unsigned Lane = 0; Lane < Size; ++Lane) {
    auto *Source = dyn_cast_or_null<ConstantInt>(
        atLane(Shuffle.getArgOperand(1), Lane, Size, DL, 0));
    if (!Source)
      return {};
    Sources.push_back(Source->getValue().getLimitedValue());
  }
  return Sources;
}

Value *shuffleToLanes(Value *X, ArrayRef<uint64_t> Sources, Value *Size,
                      IRBuilder<> &B) {
  unsigned Lanes = Sources.size();
  SmallVector<int, 64> Mask;
  SmallVector<uint32_t, 64> Reach; // the source lane, or Lanes for none
  for (unsigned J = 0; J < Lanes; ++J) {
    bool Inside = Sources[J] < Lanes;
    Mask.push_back(Inside ? int(Sources[J]) : int(J));
    Reach.push_back(Inside ? uint32_t(Sources[J]) : Lanes);
  }
  Value *Shuffled = B.CreateShuffleVector(X, Mask, "sg.shift");
  if (!Size)
    return Shuffled;
  // In a partial sub-group, a source past its size gives the lane its own x.
  Value *Found = B.CreateICmpULT(
      ConstantDataVector::get(B.getContext(), Reach),
      B.CreateVectorSplat(Lanes, B.CreateTrunc(Size, B.getInt32Ty())));
  return B.CreateSelect(Found, Shuffled, X, "sg.shuffle");
}

} // namespace lanes
