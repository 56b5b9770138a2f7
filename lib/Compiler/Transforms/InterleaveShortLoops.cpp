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

/// How a short loop vectorizes into one trip.
struct OneTrip {
  unsigned Width = 0; ///< the vector's elements
  unsigned Count = 0; ///< the interleave count
};

/// The width and count that make \p L one vector trip with registers of
/// \p RegisterBits, or nothing when it does not qualify: a width or count
/// set already, no constant trip count, no scalar access, a trip count
/// that is not a power-of-two multiple of the vector up to the target's
/// largest interleave count, or one preferred vector holding it all.
std::optional<OneTrip> oneTrip(Loop &L, unsigned RegisterBits,
                               unsigned PreferredBits, ScalarEvolution &SE,
                               const TargetTransformInfo &TTI,
                               const DataLayout &DL) {
  if (findOptionMDForLoop(&L, "llvm.loop.vectorize.width") ||
      findOptionMDForLoop(&L, "llvm.loop.interleave.count"))
    return std::nullopt;
  unsigned Trips = SE.getSmallConstantTripCount(&L);
  unsigned Bits = narrowestElementBits(L, DL);
  if (!Trips || !Bits || Bits > RegisterBits)
    return std::nullopt;
  unsigned Width = llvm::bit_floor(RegisterBits / Bits);
  unsigned Count = Trips / Width;
  if (Trips % Width || (Count < 2 && Width * Bits <= PreferredBits) ||
      !isPowerOf2_32(Count) ||
      Count > TTI.getMaxInterleaveFactor(ElementCount::getFixed(Width)))
    return std::nullopt;
  return OneTrip{Width, Count};
}

/// True when \p L has an instruction that may read or write memory.
bool accessesMemory(const Loop &L) {
  return any_of(L.blocks(), [](const BasicBlock *BB) {
    return any_of(
        *BB, [](const Instruction &I) { return I.mayReadOrWriteMemory(); });
  });
}

} // namespace

PreservedAnalyses InterleaveShortLoopsPass::run(Function &F,
                                                FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &TTI = FAM.getResult<TargetIRAnalysis>(F);
  const DataLayout &DL = F.getDataLayout();
  unsigned PreferredBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue();
  unsigned WidestBits = widestRegisterBits(F, PreferredBits);
  SmallVector<Loop *, 8> Loops = innermostWorkItemLoops(LI);
  // The wider registers only when every work-item loop that accesses
  // memory takes them: the loops pass their data on through local memory
  // and loop state, and a loop that loads as one 512-bit vector what the
  // loop before stored as two 256-bit ones waits for the stores to reach
  // the cache (a tree reduction's steps ran 3.5x slower).
  bool Wide = WidestBits > PreferredBits && all_of(Loops, [&](Loop *L) {
                return !accessesMemory(*L) ||
                       oneTrip(*L, WidestBits, PreferredBits, SE, TTI, DL);
              });
  unsigned RegisterBits = Wide ? WidestBits : PreferredBits;
  bool Changed = false;
  for (Loop *L : Loops) {
    std::optional<OneTrip> Trip =
        oneTrip(*L, RegisterBits, PreferredBits, SE, TTI, DL);
    if (!Trip)
      continue;
    if (Wide) {
      addStringMetadataToLoop(L, "llvm.loop.vectorize.width", Trip->Width);
      ++NumWidened;
    }
    if (Trip->Count > 1) {
      addStringMetadataToLoop(L, "llvm.loop.interleave.count", Trip->Count);
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
