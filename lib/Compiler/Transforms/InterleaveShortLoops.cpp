//===- InterleaveShortLoops.cpp - One vector trip for short loops ---------===//
//
/// \file
/// Implements `lanes-interleave-short-loops`; see InterleaveShortLoops.h.
//
//===----------------------------------------------------------------------===//
#include "InterleaveShortLoops.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-interleave-short-loops"

STATISTIC(NumInterleaved, "Short work-item loops interleaved into one trip");
STATISTIC(NumWidened, "Short work-item loops given the widest registers");

namespace lanes {
namespace {

/// The bits of the narrowest scalar element \p L loads or stores, which
/// bounds the vectorizer's widest choice; 0 when it accesses none, or a
/// vector (which the vectorizer does not widen).
unsigned narrowestElementBits(const Loop &L, const DataLayout &DL) {
  unsigned Bits = 0;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      Type *Ty = nullptr;
      if (auto *Load = dyn_cast<LoadInst>(&I))
        Ty = Load->getType();
      else if (auto *Store = dyn_cast<StoreInst>(&I))
        Ty = Store->getValueOperand()->getType();
      if (!Ty)
        continue;
      if (Ty->isVectorTy() || !Ty->isSized())
        return 0;
      unsigned Size = DL.getTypeSizeInBits(Ty).getFixedValue();
      Bits = Bits ? std::min(Bits, Size) : Size;
    }
  return Bits;
}

/// The widest vector registers \p F's target has: more than \p Preferred,
/// the width its tuning asks the vectorizer for, on x86 cores with AVX-512
/// tuned for 256-bit vectors (Skylake-SP and its successors), unless the
/// user chose the width (-mprefer-vector-width).
unsigned widestRegisterBits(const Function &F, unsigned Preferred) {
  if (F.hasFnAttribute("prefer-vector-width"))
    return Preferred;
  StringRef Features = F.getFnAttribute("target-features").getValueAsString();
  if (Features.contains("+avx512f") && Features.contains("+evex512"))
    return std::max(Preferred, 512u);
  return Preferred;
}

} // namespace

PreservedAnalyses InterleaveShortLoopsPass::run(Function &F,
                                                FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &TTI = FAM.getResult<TargetIRAnalysis>(F);
  unsigned PreferredBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue();
  unsigned RegisterBits = widestRegisterBits(F, PreferredBits);
  bool Changed = false, Wide = false;
  for (Loop *L : innermostWorkItemLoops(LI)) {
    if (findOptionMDForLoop(L, "llvm.loop.vectorize.width") ||
        findOptionMDForLoop(L, "llvm.loop.interleave.count"))
      continue;
    unsigned Trips = SE.getSmallConstantTripCount(L);
    unsigned Bits = narrowestElementBits(*L, F.getDataLayout());
    if (!Trips || !Bits || Bits > RegisterBits)
      continue;
    unsigned Width = llvm::bit_floor(RegisterBits / Bits);
    unsigned Count = Trips / Width;
    bool WiderThanPreferred = Width * Bits > PreferredBits;
    if (Trips % Width || (Count < 2 && !WiderThanPreferred) ||
        !isPowerOf2_32(Count) ||
        Count > TTI.getMaxInterleaveFactor(ElementCount::getFixed(Width)))
      continue;
    if (WiderThanPreferred) {
      addStringMetadataToLoop(L, "llvm.loop.vectorize.width", Width);
      Wide = true;
      ++NumWidened;
    }
    if (Count > 1) {
      addStringMetadataToLoop(L, "llvm.loop.interleave.count", Count);
      ++NumInterleaved;
    }
    Changed = true;
  }
  if (!Changed)
    return PreservedAnalyses::all();
  // Code generation splits vectors wider than the preferred width unless
  // the function asks for them, as clang does for AVX-512 intrinsics.
  if (Wide &&
      F.getFnAttributeAsParsedInteger("min-legal-vector-width") < RegisterBits)
    F.addFnAttr("min-legal-vector-width", utostr(RegisterBits));
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
