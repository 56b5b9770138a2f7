//===- ExternalCalls.cpp - Name the work-item to outside code -------------===//
//
/// \file
/// Implements `lanes-external-calls`; see ExternalCalls.h.
///
/// Which functions of the module may reach outside code is a fixpoint over
/// direct calls (functionsWithCalls), as for lanes-inline-kernel-calls.
//
//===----------------------------------------------------------------------===//
#include "ExternalCalls.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-external-calls"

STATISTIC(NumNamed, "Calls that may reach outside code, work-item named");

namespace lanes {
namespace {

/// The runtime call that names the work-item (include/lanes/abi.h).
constexpr StringLiteral ExternalCallFn = "__lanes_external_call";

/// C's <math.h> functions, and glibc's exp10 and sincos, by their double
/// names (the names are reserved to the C library).
constexpr StringLiteral MathFunctions[] = {
    "acos",      "acosh",      "asin",    "asinh",     "atan",   "atan2",
    "atanh",     "cbrt",       "ceil",    "copysign",  "cos",    "cosh",
    "erf",       "erfc",       "exp",     "exp10",     "exp2",   "expm1",
    "fabs",      "fdim",       "floor",   "fma",       "fmax",   "fmin",
    "fmod",      "frexp",      "hypot",   "ilogb",     "ldexp",  "lgamma",
    "llrint",    "llround",    "log",     "log10",     "log1p",  "log2",
    "logb",      "lrint",      "lround",  "modf",      "nan",    "nearbyint",
    "nextafter", "nexttoward", "pow",     "remainder", "remquo", "rint",
    "round",     "roundeven",  "scalbln", "scalbn",    "sin",    "sincos",
    "sinh",      "sqrt",       "tan",     "tanh",      "tgamma", "trunc"};

/// Whether \p Name is one of MathFunctions on double, float (suffix f) or
/// long double (suffix l), or glibc's reentrant lgamma_r of one of those.
bool isMathFunction(StringRef Name) {
  if (Name.consume_back("_r") && !Name.starts_with("lgamma"))
    return false;
  if (is_contained(MathFunctions, Name))
    return true;
  return (Name.ends_with("f") || Name.ends_with("l")) &&
         is_contained(MathFunctions, Name.drop_back());
}

/// Whether `Call` may reach code outside the module, `Reaching` being the
/// functions of the module known to.
bool mayReachOutside(const CallBase &Call, const FunctionSet &Reaching,
                     FunctionAnalysisManager &FAM) {
  if (Call.isInlineAsm())
    return false;
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return true;
  if (Callee->isIntrinsic() || Callee->getName().starts_with("__") ||
      Callee->doesNotAccessMemory())
    return false;
  if (!Callee->isDeclaration())
    return Reaching.contains(Callee);
  LibFunc Known;
  const TargetLibraryInfo &TLI = FAM.getResult<TargetLibraryAnalysis>(
      *const_cast<Function *>(Call.getFunction()));
  return !TLI.getLibFunc(*Callee, Known) && !isMathFunction(Callee->getName());
}

/// The defined functions of `M` that may reach code outside it.
FunctionSet functionsReachingOutside(Module &M, FunctionAnalysisManager &FAM) {
  return functionsWithCalls(
      M, [&](const CallBase &Call, const FunctionSet &Found) {
        return mayReachOutside(Call, Found, FAM);
      });
}

} // namespace

PreservedAnalyses ExternalCallsPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  if (none_of(M, [](const Function &F) { return isWorkGroupFunction(F); }))
    return PreservedAnalyses::all();
  FunctionSet Reaching = functionsReachingOutside(M, FAM);
  SmallVector<CallBase *, 8> Calls;
  for (Function &WG : M) {
    if (!isWorkGroupFunction(WG))
      continue;
    for (Instruction &I : instructions(WG))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (mayReachOutside(*Call, Reaching, FAM))
          Calls.push_back(Call);
  }
  if (Calls.empty())
    return PreservedAnalyses::all();
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  Type *SizeT = M.getDataLayout().getIntPtrType(Ctx);
  auto Query = [&](StringRef Name) {
    FunctionCallee Fn = M.getOrInsertFunction(Name, SizeT, I32);
    cast<Function>(Fn.getCallee())->setDoesNotAccessMemory();
    cast<Function>(Fn.getCallee())->setDoesNotThrow();
    return Fn;
  };
  FunctionCallee LocalId = Query("__lanes_local_id");
  FunctionCallee GroupId = Query("__lanes_group_id");
  // It writes the runtime's own state, which the outside code reads.
  AttributeList Attrs =
      AttributeList().addFnAttribute(Ctx, Attribute::NoUnwind);
  FunctionCallee Name =
      M.getOrInsertFunction(ExternalCallFn, Attrs, Type::getVoidTy(Ctx), I64,
                            I64, I64, I64, I64, I64);
  cast<Function>(Name.getCallee())
      ->setMemoryEffects(MemoryEffects::inaccessibleMemOnly(ModRefInfo::Mod));
  for (CallBase *Call : Calls) {
    IRBuilder<> B(Call);
    SmallVector<Value *, 6> Ids;
    for (FunctionCallee Id : {LocalId, GroupId})
      for (unsigned Dim = 0; Dim < 3; ++Dim)
        Ids.push_back(
            B.CreateZExtOrTrunc(B.CreateCall(Id, B.getInt32(Dim)), I64));
    B.CreateCall(Name, Ids);
    ++NumNamed;
  }
  return PreservedAnalyses::none();
}

} // namespace lanes
