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
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace lanes {
namespace {

bool isBroadcast(const CallInst &Call) {
  return getBuiltin(&Call) == Builtin::GroupBroadcast;
}

/// The operation of a reduction or scan (checked by checkCollective).
unsigned opOf(const CallInst &Call) {
  return cast<ConstantInt>(Call.getArgOperand(0))->getZExtValue();
}

} // namespace

std::string checkCollective(const CallInst &Call) {
  Type *Ty = Call.getType();
  if (!Ty->isIntegerTy(32) && !Ty->isIntegerTy(64) && !Ty->isFloatTy() &&
      !Ty->isDoubleTy())
    return "group collective '" + Call.getCalledFunction()->getName().str() +
           "' has an unsupported type";
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

Value *collectiveOperand(const CallInst &Call) {
  return Call.getArgOperand(isBroadcast(Call) ? 0 : 1);
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
    default:
      return ConstantFP::get(Ty, 0.0);
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
                      IRBuilder<> &B) {
  if (isBroadcast(Call)) {
    Value *Chosen = B.CreateZExtOrTrunc(Call.getArgOperand(1), Item->getType());
    return B.CreateSelect(B.CreateICmpEQ(Item, Chosen), X, Acc, "broadcast");
  }
  // Work-items may contribute to a reduction in any order, which lets the
  // vectorizer split a float sum across lanes.
  IRBuilder<>::FastMathFlagGuard Guard(B);
  FastMathFlags FMF;
  FMF.setAllowReassoc(getBuiltin(&Call) == Builtin::GroupReduce);
  B.setFastMathFlags(FMF);
  bool Float = Call.getType()->isFloatingPointTy();
  switch (opOf(Call)) {
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

} // namespace lanes
