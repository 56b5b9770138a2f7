//===- RequiredLocalSizes.cpp - Sizes kernels require ---------------------===//
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

/// A size a kernel may require of the launches that run it, as the IR
/// spells it. Its query takes the entry and, for a size of several
/// dimensions, a dimension: below MaxDims for the size in it, MaxDims for
/// the number of sizes given.
struct Requirement {
  StringLiteral NotePrefix; ///< the annotation, before the sizes
  StringLiteral Attr;       ///< the function attribute
  StringLiteral Query;      ///< the builtin that asks for it
  unsigned MaxDims;         ///< the most sizes it gives, one per dimension
  StringLiteral Name;       ///< what is required, in messages
  StringLiteral Sizes;      ///< what the annotation must give, in messages
  StringLiteral Arguments;  ///< what the query takes, in messages
};

/// The local size and the sub-group size.
constexpr Requirement Requirements[] = {
    {"lanes.reqd_local_size=", RequiredLocalSizeAttr,
     "__lanes_required_local_size", 3, "work-group size",
     "one to three sizes of at least 1, X[,Y[,Z]]",
     "a kernel entry function and a dimension from 0 to 3, both constants"},
    {"lanes.reqd_sub_group_size=", RequiredSubGroupSizeAttr,
     "__lanes_required_sub_group_size", 1, "sub-group size",
     "one size of at least 1, N", "a constant kernel entry function"},
};

/// A size a kernel requires, and its number of dimensions (for a local
/// size, those of the launches it allows).
struct RequiredSize {
  LocalSize Size;
  unsigned Dims;
  bool operator!=(const RequiredSize &Other) const {
    return Size != Other.Size || Dims != Other.Dims;
  }
};

/// "X[,Y[,Z]]": one size of at least 1 per dimension, at most \p MaxDims,
/// dimension 0 first; the dimensions past them are 1.
std::optional<RequiredSize> parseRequiredSize(StringRef Text,
                                              unsigned MaxDims) {
  unsigned Dims = Text.count(',') + 1;
  if (Dims > MaxDims)
    return std::nullopt;
  std::string Padded = Text.str();
  for (unsigned D = Dims; D < 3; ++D)
    Padded += ",1";
  if (std::optional<LocalSize> Size = parseLocalSize(Padded))
    return RequiredSize{*Size, Dims};
  return std::nullopt;
}

/// Sets the requirement's attribute on each function annotated with a
/// required size, and removes those annotations; true if there was one.
bool markAnnotatedSizes(Module &M) {
  bool Found = false;
  forEachAnnotation(M, [&](Function &F, StringRef Note) {
    for (const Requirement &R : Requirements) {
      StringRef Sizes = Note;
      if (!Sizes.consume_front(R.NotePrefix))
        continue;
      Found = true;
      if (parseRequiredSize(Sizes, R.MaxDims))
        F.addFnAttr(R.Attr, Sizes);
      else
        diagnoseKernel(F, nullptr,
                       "annotation \"" + Note + "\" must give " + R.Sizes);
      return true;
    }
    return false;
  });
  return Found;
}

/// The size of \p R that \p Entry requires: that of the functions it
/// reaches through direct calls, or none. Two different sizes are an
/// error.
std::optional<RequiredSize> requiredSize(Function &Entry,
                                         const Requirement &R) {
  std::optional<RequiredSize> Size;
  const Function *SizedBy = nullptr;
  SmallVector<Function *, 16> Work{&Entry};
  SmallPtrSet<Function *, 16> Seen{&Entry};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (std::optional<RequiredSize> Own = parseRequiredSize(
            F->getFnAttribute(R.Attr).getValueAsString(), R.MaxDims)) {
      if (Size && *Size != *Own) {
        diagnoseKernel(Entry, nullptr,
                       "it requires two different " + R.Name + "s, through " +
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

/// Replaces each call of \p R's query with the constant it asks for; true
/// if the module declares the query.
bool foldQueries(Module &M, const Requirement &R) {
  Function *Fn = M.getFunction(R.Query);
  if (!Fn)
    return false;
  bool TakesDim = R.MaxDims > 1;
  DenseMap<Function *, std::optional<RequiredSize>> Sizes;
  for (User *U : make_early_inc_range(Fn->users())) {
    auto *Call = dyn_cast<CallInst>(U);
    if (!Call || Call->getCalledFunction() != Fn)
      continue;
    auto *Entry =
        Call->arg_size() == 1u + TakesDim
            ? dyn_cast<Function>(Call->getArgOperand(0)->stripPointerCasts())
            : nullptr;
    auto *Dim = Entry && TakesDim
                    ? dyn_cast<ConstantInt>(Call->getArgOperand(1))
                    : nullptr;
    if (!Entry || (TakesDim && (!Dim || Dim->getZExtValue() > R.MaxDims))) {
      // Left to the runtime, the call would answer 0: no requirement.
      diagnoseKernel(*Call->getFunction(), Call,
                     R.Query + " takes " + R.Arguments +
                         " (include/lanes/builtins.h)");
      continue;
    }
    auto [It, New] = Sizes.try_emplace(Entry);
    if (New)
      It->second = requiredSize(*Entry, R);
    uint64_t D = Dim ? Dim->getZExtValue() : 0;
    uint64_t Value = !It->second      ? 0
                     : D == R.MaxDims ? It->second->Dims
                                      : It->second->Size[D];
    Call->replaceAllUsesWith(ConstantInt::get(Call->getType(), Value));
    Call->eraseFromParent();
  }
  return true;
}

/// Moves the entry of each `__lanes_private_mem_size(@entry)` call from its
/// argument to PrivateMemSizeEntryMD, which does not keep the entry alive:
/// an entry that nothing launches (a range kernel's padded twin, when the
/// range is a multiple of the group) is then dropped, not compiled for a
/// query. True if the module declares the query.
bool detachPrivateMemSizeQueries(Module &M) {
  Function *Fn = M.getFunction("__lanes_private_mem_size");
  if (!Fn)
    return false;
  for (User *U : Fn->users()) {
    auto *Call = dyn_cast<CallInst>(U);
    if (!Call || Call->getCalledFunction() != Fn || Call->arg_size() != 1)
      continue;
    // Any other argument is left for lanes-work-item-loops to diagnose.
    Value *Arg = Call->getArgOperand(0);
    if (auto *Entry = dyn_cast<Function>(Arg->stripPointerCasts())) {
      Call->setMetadata(
          PrivateMemSizeEntryMD,
          MDNode::get(M.getContext(), ValueAsMetadata::get(Entry)));
      Call->setArgOperand(0, Constant::getNullValue(Arg->getType()));
    }
  }
  return true;
}

} // namespace

PreservedAnalyses RequiredLocalSizesPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  bool Changed = markAnnotatedSizes(M);
  for (const Requirement &R : Requirements)
    Changed |= foldQueries(M, R);
  Changed |= detachPrivateMemSizeQueries(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
