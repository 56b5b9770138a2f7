//===- FitVectorCalls.cpp - Vector math the target can run ----------------===//
//
/// \file
/// Implements `lanes-fit-vector-calls`; see FitVectorCalls.h.
//
//===----------------------------------------------------------------------===//
#include "FitVectorCalls.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-fit-vector-calls"

STATISTIC(NumFitted,
          "libmvec calls rewritten for the target's instruction set");

namespace lanes {
namespace {

/// One of glibc's x86 vector-ABI instruction sets, by its mangling letter.
struct VectorIsa {
  char Letter;
  unsigned Bits;     ///< vector register width
  StringRef Feature; ///< what the target needs ("" for SSE2)
};

/// Widest first.
constexpr VectorIsa Isas[] = {{'e', 512, "+avx512f"},
                              {'d', 256, "+avx2"},
                              {'c', 256, "+avx"},
                              {'b', 128, ""}};

/// A libmvec variant's name: `_ZGV<isa>N<lanes><params>_<scalar name>`,
/// every parameter a vector (`v`).
struct VariantName {
  char Isa;
  unsigned Lanes;
  StringRef Params, Scalar;
};

std::optional<VariantName> parseVariant(StringRef Name) {
  VariantName V;
  if (!Name.consume_front("_ZGV") || Name.size() < 2)
    return std::nullopt;
  V.Isa = Name[0];
  Name = Name.drop_front();
  if (!Name.consume_front("N") || Name.consumeInteger(10, V.Lanes))
    return std::nullopt;
  auto [Params, Scalar] = Name.split('_');
  if (Params.empty() || Scalar.empty() ||
      Params.find_first_not_of('v') != StringRef::npos)
    return std::nullopt;
  V.Params = Params;
  V.Scalar = Scalar;
  return V;
}

bool hasFeature(const Function &F, StringRef Feature) {
  if (Feature.empty())
    return true;
  SmallVector<StringRef, 32> Features;
  F.getFnAttribute("target-features").getValueAsString().split(Features, ',');
  return is_contained(Features, Feature);
}

/// Whether \p F can call variants of \p Isa: its target has the
/// instructions, and for AVX-512 also passes 512-bit vectors in zmm
/// registers. A target that prefers 256-bit vectors (most AVX-512 CPUs'
/// tuning) passes a <16 x float> as two ymm halves unless the function's
/// "min-legal-vector-width" asks for 512 bits, and the variant, which reads
/// zmm0, would compute lanes 8 to 15 from garbage.
bool canCall(const Function &F, const VectorIsa &Isa, unsigned RegisterBits) {
  if (!hasFeature(F, Isa.Feature))
    return false;
  unsigned Required = 0;
  F.getFnAttribute("min-legal-vector-width")
      .getValueAsString()
      .getAsInteger(10, Required);
  return Isa.Bits <= 256 || std::max(RegisterBits, Required) >= Isa.Bits;
}

/// Rewrites `Call` (of variant `V`, with vector result `Ty`) into calls of
/// the widest variant its function can call, or returns false when it
/// already can call `V`. \p RegisterBits is the function's vector register
/// width.
bool fit(CallInst &Call, const VariantName &V, FixedVectorType &Ty,
         unsigned RegisterBits) {
  Function &F = *Call.getFunction();
  auto Callable = [&](const VectorIsa &I) {
    return canCall(F, I, RegisterBits);
  };
  const VectorIsa *Own =
      find_if(Isas, [&](const VectorIsa &I) { return I.Letter == V.Isa; });
  if (Own == std::end(Isas) || Callable(*Own))
    return false;
  const VectorIsa &Best = *find_if(Isas, Callable);
  unsigned Lanes = Best.Bits / Ty.getScalarSizeInBits();
  if (Lanes == 0 || V.Lanes % Lanes != 0)
    return false;
  auto *PartTy = FixedVectorType::get(Ty.getElementType(), Lanes);
  SmallVector<Type *, 2> Params(Call.arg_size(), PartTy);
  std::string Name = ("_ZGV" + Twine(Best.Letter) + "N" + Twine(Lanes) +
                      V.Params + "_" + V.Scalar)
                         .str();
  Module &M = *F.getParent();
  FunctionCallee Part =
      M.getOrInsertFunction(Name, FunctionType::get(PartTy, Params, false),
                            Call.getCalledFunction()->getAttributes());
  IRBuilder<> B(&Call);
  SmallVector<Value *, 4> Results;
  for (unsigned First = 0; First < V.Lanes; First += Lanes) {
    SmallVector<Value *, 2> Args;
    for (Value *Arg : Call.args())
      Args.push_back(Lanes == V.Lanes
                         ? Arg
                         : B.CreateShuffleVector(
                               Arg, createSequentialMask(First, Lanes, 0)));
    CallInst *PartCall = B.CreateCall(Part, Args);
    PartCall->copyMetadata(Call);
    PartCall->setAttributes(Call.getAttributes());
    PartCall->setCallingConv(Call.getCallingConv());
    Results.push_back(PartCall);
  }
  Value *Joined = concatenateVectors(B, Results);
  Joined->takeName(&Call);
  Call.replaceAllUsesWith(Joined);
  Call.eraseFromParent();
  ++NumFitted;
  return true;
}

} // namespace

PreservedAnalyses FitVectorCallsPass::run(Function &F,
                                          FunctionAnalysisManager &FAM) {
  unsigned RegisterBits =
      FAM.getResult<TargetIRAnalysis>(F)
          .getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue();
  bool Changed = false;
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *Call = dyn_cast<CallInst>(&I);
    Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    auto *Ty = Call ? dyn_cast<FixedVectorType>(Call->getType()) : nullptr;
    if (!Callee || !Ty || !Callee->isDeclaration())
      continue;
    std::optional<VariantName> V = parseVariant(Callee->getName());
    if (V && V->Lanes == Ty->getNumElements() &&
        V->Params.size() == Call->arg_size() &&
        all_of(Call->args(), [&](const Use &A) { return A->getType() == Ty; }))
      Changed |= fit(*Call, *V, *Ty, RegisterBits);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
