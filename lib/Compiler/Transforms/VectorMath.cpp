//===- VectorMath.cpp - glibc's vector math for the rest of libm ----------===//
//
/// \file
/// Implements `lanes-vector-math`; see VectorMath.h.
//
//===----------------------------------------------------------------------===//
#include "VectorMath.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/VFABIDemangler.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-vector-math"

STATISTIC(NumCalls, "Math calls given glibc's vector variants");

namespace lanes {
namespace {

/// The libmvec functions of glibc 2.35, by their double names: those LLVM
/// 19's table lacks, then the six it lists without their AVX-512 variants.
constexpr StringLiteral Functions[] = {
    "acos",  "acosh", "asin",  "asinh", "atan",  "atan2", "atanh",
    "cbrt",  "cosh",  "erf",   "erfc",  "exp10", "exp2",  "expm1",
    "hypot", "log10", "log1p", "log2",  "sinh",  "tanh",  "sin",
    "cos",   "tan",   "exp",   "log",   "pow"};

/// glibc's x86 vector ABI letters and their register widths.
constexpr std::pair<char, unsigned> Isas[] = {
    {'b', 128}, {'d', 256}, {'e', 512}};

/// The libm name ("erff", "atan2") of what \p Call computes when it is one
/// of Functions on float or double, as a libm call or an LLVM intrinsic.
/// (A declared function of such a name is the C library's: the names
/// are reserved. LLVM 19's library info does not know hypot.)
std::optional<std::string> libmName(const CallInst &Call) {
  const Function *Callee = Call.getCalledFunction();
  Type *Ty = Call.getType();
  if (!Callee || !Callee->isDeclaration() ||
      !(Ty->isFloatTy() || Ty->isDoubleTy()) ||
      !all_of(Call.args(), [&](const Use &A) { return A->getType() == Ty; }))
    return std::nullopt;
  StringRef Base = Callee->getName();
  if (Callee->isIntrinsic()) {
    Base.consume_front("llvm.");
    Base = Base.take_until([](char C) { return C == '.'; });
  } else if (Ty->isFloatTy() && !Base.consume_back("f")) {
    return std::nullopt;
  }
  if (!is_contained(Functions, Base))
    return std::nullopt;
  return (Base + (Ty->isFloatTy() ? "f" : "")).str();
}

/// Adds the SSE, AVX2 and AVX-512 variants of \p Libm to \p Call's
/// vector-function-abi-variant attribute and declares them.
void addVariants(CallInst &Call, StringRef Libm) {
  Module &M = *Call.getModule();
  Type *Ty = Call.getType();
  std::string Params(Call.arg_size(), 'v');
  SmallVector<std::string, 8> Names;
  VFABI::getVectorVariantNames(Call, Names);
  for (auto [Isa, Bits] : Isas) {
    unsigned Lanes = Bits / Ty->getPrimitiveSizeInBits();
    std::string Vector =
        ("_ZGV" + Twine(Isa) + "N" + Twine(Lanes) + Params + "_" + Libm).str();
    std::string Mapping =
        ("_ZGV_LLVM_N" + Twine(Lanes) + Params + "_" +
         Call.getCalledFunction()->getName() + "(" + Vector + ")")
            .str();
    if (is_contained(Names, Mapping))
      continue;
    auto *VecTy = FixedVectorType::get(Ty, Lanes);
    SmallVector<Type *, 2> VecParams(Call.arg_size(), VecTy);
    M.getOrInsertFunction(Vector, FunctionType::get(VecTy, VecParams, false));
    Names.push_back(std::move(Mapping));
  }
  VFABI::setVectorVariantNames(&Call, Names);
}

} // namespace

PreservedAnalyses VectorMathPass::run(Function &F,
                                      FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  const TargetLibraryInfo &TLI = FAM.getResult<TargetLibraryAnalysis>(F);
  if (TLI.getVectorizedFunction("expf", ElementCount::getFixed(8)) !=
      "_ZGVdN8v_expf")
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallInst>(&I);
    std::optional<std::string> Libm = Call ? libmName(*Call) : std::nullopt;
    if (!Libm)
      continue;
    // No errno in a kernel: the call reads and writes nothing it can see.
    if (!Call->getCalledFunction()->isIntrinsic())
      Call->setDoesNotAccessMemory();
    addVariants(*Call, *Libm);
    ++NumCalls;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
