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
#include "llvm/Analysis/ValueTracking.h"
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

/// Sets RequiredLocalSizeAttr on each function annotated with a required
/// local size; true if there was such an annotation.
bool markAnnotatedSizes(Module &M) {
  bool Found = false;
  forEachAnnotation(M, [&](Function &F, StringRef Note) {
    if (!Note.consume_front(NotePrefix))
      return;
    Found = true;
    if (!parseLocalSize(Note))
      diagnoseKernel(F, nullptr,
                     "annotation \"" + NotePrefix + Note +
                         "\" must give three sizes of at least 1, X,Y,Z");
    else
      F.addFnAttr(RequiredLocalSizeAttr, Note);
  });
  return Found;
}

/// Removes the required-size annotations from llvm.global.annotations
/// (the global itself when nothing else is left).
void dropAnnotatedSizes(Module &M) {
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  auto *Entries =
      dyn_cast_or_null<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return;
  SmallVector<Constant *, 16> Kept;
  for (Value *Op : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    StringRef Note;
    if (!Entry || Entry->getNumOperands() < 2 ||
        !getConstantStringInfo(Entry->getOperand(1), Note) ||
        !Note.starts_with(NotePrefix))
      Kept.push_back(cast<Constant>(Op));
  }
  if (Kept.size() == Entries->getNumOperands())
    return;
  if (Kept.empty()) {
    Annotations->eraseFromParent();
    return;
  }
  auto *Ty = ArrayType::get(Entries->getType()->getElementType(), Kept.size());
  auto *Replacement = new GlobalVariable(
      M, Ty, Annotations->isConstant(), Annotations->getLinkage(),
      ConstantArray::get(Ty, Kept), "", Annotations);
  Replacement->setSection(Annotations->getSection());
  Replacement->takeName(Annotations);
  Annotations->eraseFromParent();
}

/// The local size \p Entry requires: that of the functions it reaches
/// through direct calls, or none. Two different sizes are an error.
std::optional<LocalSize> requiredSize(Function &Entry) {
  std::optional<LocalSize> Size;
  const Function *SizedBy = nullptr;
  SmallVector<Function *, 16> Work{&Entry};
  SmallPtrSet<Function *, 16> Seen{&Entry};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (std::optional<LocalSize> Own = parseLocalSize(
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
  if (Annotated)
    dropAnnotatedSizes(M);
  Function *Fn = M.getFunction(Query);
  if (!Fn)
    return Annotated ? PreservedAnalyses::none() : PreservedAnalyses::all();
  DenseMap<Function *, std::optional<LocalSize>> Sizes;
  for (User *U : make_early_inc_range(Fn->users())) {
    auto *Call = dyn_cast<CallInst>(U);
    auto *Entry =
        Call && Call->getCalledFunction() == Fn && Call->arg_size() == 2
            ? dyn_cast<Function>(Call->getArgOperand(0)->stripPointerCasts())
            : nullptr;
    auto *Dim = Entry ? dyn_cast<ConstantInt>(Call->getArgOperand(1)) : nullptr;
    if (!Dim || Dim->getZExtValue() > 2)
      continue;
    auto [It, New] = Sizes.try_emplace(Entry);
    if (New)
      It->second = requiredSize(*Entry);
    uint64_t Value = It->second ? (*It->second)[Dim->getZExtValue()] : 0;
    Call->replaceAllUsesWith(ConstantInt::get(Call->getType(), Value));
    Call->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace lanes
