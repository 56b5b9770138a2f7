//===- RequiredLocalSizes.cpp - Work-group sizes kernels require ----------===//
//
/// \file
/// Implements `lanes-required-local-sizes`; see RequiredLocalSizes.h.
//
//===----------------------------------------------------------------------===//
#include "RequiredLocalSizes.h"

#include "../Analysis/LanesIR.h"
#include "Diagnostics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-required-local-sizes"

namespace lanes {
namespace {

constexpr StringLiteral NotePrefix = "lanes.reqd_local_size=";
constexpr StringLiteral Query = "__lanes_required_local_size";

/// A local size a kernel requires, and the number of dimensions, 1 to 3,
/// of the launches it allows.
struct RequiredSize {
  LocalSize Size;
  unsigned Dims;
  bool operator!=(const RequiredSize &Other) const {
    return Size != Other.Size || Dims != Other.Dims;
  }
};

/// "X[,Y[,Z]]": one size of at least 1 per dimension, dimension 0 first;
/// the dimensions past them are 1.
std::optional<RequiredSize> parseRequiredSize(StringRef Text) {
  unsigned Dims = Text.count(',') + 1;
  if (Dims > 3)
    return std::nullopt;
  std::string Padded = Text.str();
  for (unsigned D = Dims; D < 3; ++D)
    Padded += ",1";
  if (std::optional<LocalSize> Size = parseLocalSize(Padded))
    return RequiredSize{*Size, Dims};
  return std::nullopt;
}

/// Sets RequiredLocalSizeAttr on each function annotated with a required
/// local size, and removes those annotations; true if there was one.
bool markAnnotatedSizes(Module &M) {
  bool Found = false;
  forEachAnnotation(M, [&](Function &F, StringRef Note) {
    if (!Note.consume_front(NotePrefix))
      return false;
    Found = true;
    if (!parseRequiredSize(Note))
      diagnoseKernel(F, nullptr,
                     "annotation \"" + NotePrefix + Note +
                         "\" must give one to three sizes of at least 1, "
                         "X[,Y[,Z]]");
    else
      F.addFnAttr(RequiredLocalSizeAttr, Note);
    return true;
  });
  return Found;
}

/// The local size \p Entry requires: that of the functions it reaches
/// through direct calls, or none. Two different sizes are an error.
std::optional<RequiredSize> requiredSize(Function &Entry) {
  std::optional<RequiredSize> Size;
  const Function *SizedBy = nullptr;
  SmallVector<Function *, 16> Work{&Entry};
  SmallPtrSet<Function *, 16> Seen{&Entry};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (std::optional<RequiredSize> Own = parseRequiredSize(
            F->getFnAttribute(RequiredLocalSizeAttr).getValueAsString())) {
      if (Size && *Size != *Own) {
        diagnoseKernel(Entry, nullptr,
                       "it requires two different work-group sizes, through " +
                           kernelName(*SizedBy) + " and " + kernelName(*F));
        return std::nullopt;
      }
      Size = Own;
      SizedBy = F;
    }
    for (Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && !Callee->isDeclaration() && Seen.insert(Callee).second)
          Work.push_back(Callee);
  }
  return Size;
}

} // namespace

PreservedAnalyses RequiredLocalSizesPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  bool Annotated = markAnnotatedSizes(M);
  Function *Fn = M.getFunction(Query);
  if (!Fn)
    return Annotated ? PreservedAnalyses::none() : PreservedAnalyses::all();
  DenseMap<Function *, std::optional<RequiredSize>> Sizes;
  for (User *U : make_early_inc_range(Fn->users())) {
    auto *Call = dyn_cast<CallInst>(U);
    if (!Call || Call->getCalledFunction() != Fn)
      continue;
    auto *Entry =
        Call->arg_size() == 2
            ? dyn_cast<Function>(Call->getArgOperand(0)->stripPointerCasts())
            : nullptr;
    auto *Dim = Entry ? dyn_cast<ConstantInt>(Call->getArgOperand(1)) : nullptr;
    if (!Dim || Dim->getZExtValue() > 3) {
      // Left to the runtime, the call would answer 0: no requirement.
      diagnoseKernel(*Call->getFunction(), Call,
                     Query + " takes a kernel entry function and a dimension "
                             "from 0 to 3, both constants "
                             "(include/lanes/builtins.h)");
      continue;
    }
    auto [It, New] = Sizes.try_emplace(Entry);
    if (New)
      It->second = requiredSize(*Entry);
    uint64_t D = Dim->getZExtValue();
    uint64_t Value = !It->second ? 0
                     : D == 3    ? It->second->Dims
                                 : It->second->Size[D];
    Call->replaceAllUsesWith(ConstantInt::get(Call->getType(), Value));
    Call->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace lanes
