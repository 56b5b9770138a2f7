//===- JoinReductions.cpp - Consecutive reductions as one vector ----------===//
//
/// \file
/// Implements `lanes-join-reductions`; see JoinReductions.h.
//
//===----------------------------------------------------------------------===//
#include "JoinReductions.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <map>

using namespace llvm;

#define DEBUG_TYPE "lanes-join-reductions"

STATISTIC(NumJoined, "Runs of reductions stored as one vector");

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

/// The reduction whose result `Store` stores, when it has no other use and
/// may be reassociated; else null.
IntrinsicInst *storedReduction(StoreInst &Store) {
  auto *Reduce = dyn_cast<IntrinsicInst>(Store.getValueOperand());
  if (!Store.isSimple() || !Reduce || !Reduce->hasOneUse())
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

/// The vector `Reduce` reduces.
Value *reducedVector(const IntrinsicInst &Reduce) {
  return Reduce.getArgOperand(Reduce.arg_size() - 1);
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
      Value *R = C.MinMax != Intrinsic::not_intrinsic
                     ? B.CreateBinaryIntrinsic(C.MinMax, L, H, nullptr, "parts")
                     : B.CreateBinOp(C.Op, L, H, "parts");
      if (isa<FPMathOperator>(R))
        cast<Instruction>(R)->setFastMathFlags(FMF);
      Next.push_back(R);
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
  for (const Stored &S : Run) {
    S.Store->eraseFromParent();
    S.Reduce->eraseFromParent();
  }
  ++NumJoined;
  return true;
}

bool joinInBlock(BasicBlock &BB, AAResults &AA) {
  const DataLayout &DL = BB.getDataLayout();
  // Stores of reductions by base pointer, reduction and vector type.
  std::map<std::tuple<const Value *, Intrinsic::ID, Type *>,
           SmallVector<Stored, 16>>
      Groups;
  for (Instruction &I : BB) {
    auto *Store = dyn_cast<StoreInst>(&I);
    IntrinsicInst *Reduce = Store ? storedReduction(*Store) : nullptr;
    if (!Reduce)
      continue;
    auto *VecTy = dyn_cast<FixedVectorType>(reducedVector(*Reduce)->getType());
    if (!VecTy || !isPowerOf2_32(VecTy->getNumElements()) ||
        VecTy->getNumElements() < 2)
      continue;
    int64_t Offset;
    const Value *Base =
        constantOffsetBase(Store->getPointerOperand(), DL, Offset);
    Groups[{Base, Reduce->getIntrinsicID(), VecTy}].push_back(
        {Store, Reduce, Offset});
  }
  bool Changed = false;
  for (auto &[Key, Stores] : Groups) {
    auto *VecTy = cast<FixedVectorType>(std::get<2>(Key));
    unsigned Lanes = VecTy->getNumElements();
    int64_t Size = DL.getTypeStoreSize(VecTy->getElementType());
    if (Stores.size() < Lanes ||
        DL.getTypeAllocSize(VecTy->getElementType()) != uint64_t(Size))
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

} // namespace

PreservedAnalyses JoinReductionsPass::run(Function &F,
                                          FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  AAResults &AA = FAM.getResult<AAManager>(F);
  bool Changed = false;
  for (BasicBlock &BB : F)
    Changed |= joinInBlock(BB, AA);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
