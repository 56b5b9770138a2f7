//===- CloneKernels.cpp - Give every kernel entry a work-group function ---===//
//
/// \file
/// Implements `lanes-clone-kernels`; see CloneKernels.h.
//
//===----------------------------------------------------------------------===//
#include "CloneKernels.h"

#include "../Analysis/LanesIR.h"
#include "Diagnostics.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-clone-kernels"

STATISTIC(NumKernels, "Kernel entries given a work-group function");
STATISTIC(NumSpecialized,
          "Work-group functions specialized for a constant local size");

/// Local sizes one entry is specialized for, at most; a kernel launched
/// with more distinct constant sizes also gets the generic function.
static constexpr unsigned MaxSpecializations = 4;

namespace lanes {
namespace {

/// Sets KernelAttr on every function that llvm.global.annotations marks
/// with "lanes.kernel" (what LANES_KERNEL produces in clang).
void markAnnotatedKernels(Module &M) {
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return;
  for (Value *Op : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    StringRef Note;
    if (F && getConstantStringInfo(Entry->getOperand(1), Note) &&
        Note == "lanes.kernel")
      F->addFnAttr(KernelAttr);
  }
}

/// True when `Entry` has the contract's type `void(ptr)`.
bool hasEntryType(const Function &Entry) {
  FunctionType *Ty = Entry.getFunctionType();
  return Ty->getReturnType()->isVoidTy() && Ty->getNumParams() == 1 &&
         Ty->getParamType(0)->isPointerTy() && !Ty->isVarArg();
}

/// True when nothing but llvm.global.annotations refers to \p Entry: no
/// code is left that could launch it (clang keeps annotated functions
/// alive after the launch that named them was found dead, e.g. the padded
/// form of a range kernel over a constant range).
bool onlyAnnotated(const Function &Entry) {
  const GlobalVariable *Annotations =
      Entry.getParent()->getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer() || Entry.use_empty())
    return false;
  return all_of(Entry.users(), [&](const User *U) {
    return isa<ConstantStruct>(U) && all_of(U->users(), [&](const User *A) {
             return A == Annotations->getInitializer();
           });
  });
}

/// The work-group functions \p Entry needs: one per constant local size
/// its `__lanes_work_group_function` calls ask with (at most
/// MaxSpecializations), and the generic one (std::nullopt) when a call's
/// sizes are known only at run time, there are more sizes than that, or no
/// call asks at all (the entry may still be launched some other way). A
/// call that breaks the contract is diagnosed, and counts as generic.
SmallVector<std::optional<LocalSize>, 4> versionsOf(const Function &Entry) {
  SmallVector<std::optional<LocalSize>, 4> Versions;
  bool Asked = false, Generic = false;
  if (const Function *Query =
          Entry.getParent()->getFunction("__lanes_work_group_function")) {
    for (const User *U : Query->users()) {
      const auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != Query ||
          Call->getArgOperand(0)->stripPointerCasts() != &Entry)
        continue;
      Asked = true;
      if (Call->arg_size() != 4)
        diagnoseKernel(Entry, Call,
                       "__lanes_work_group_function takes the entry and its "
                       "local size (4 arguments, include/lanes/builtins.h), "
                       "not " + std::to_string(Call->arg_size()));
      std::optional<LocalSize> Size = constantLocalSize(*Call);
      if (Size && is_contained(Versions, Size))
        continue;
      if (Size && Versions.size() < MaxSpecializations)
        Versions.push_back(Size);
      else
        Generic = true;
    }
  }
  if (Generic || !Asked)
    Versions.push_back(std::nullopt);
  return Versions;
}

Function *cloneIntoWorkGroupFunction(Function &Entry,
                                     std::optional<LocalSize> Size) {
  LLVMContext &Ctx = Entry.getContext();
  auto *Ptr = PointerType::getUnqual(Ctx);
  auto *Ty = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr}, false);
  Function *WG = Function::Create(Ty, GlobalValue::InternalLinkage,
                                  workGroupFunctionName(Entry, Size),
                                  Entry.getParent());
  ValueToValueMapTy VMap;
  VMap[Entry.getArg(0)] = WG->getArg(0);
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(WG, &Entry, VMap,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  // Cloning copied the entry's linkage properties; the clone is private.
  WG->setVisibility(GlobalValue::DefaultVisibility);
  WG->setLinkage(GlobalValue::InternalLinkage);
  WG->removeFnAttr(KernelAttr);
  // At -O0 clang marks everything optnone/noinline; the work-group function
  // must still be built, so the kernel pipeline has to be able to work on it.
  WG->removeFnAttr(Attribute::NoInline);
  WG->removeFnAttr(Attribute::OptimizeNone);
  WG->addFnAttr(WorkGroupAttr, Entry.getName());
  if (Size)
    WG->addFnAttr(LocalSizeAttr, formatv("{0},{1},{2}", (*Size)[0],
                                         (*Size)[1], (*Size)[2])
                                     .str());
  WG->getArg(0)->setName("kernel_object");
  WG->getArg(1)->setName("ctx");
  // Nothing writes the kernel object during a launch (see the IR contract):
  // saying so lets its fields be hoisted out of work-item loops.
  WG->addParamAttr(0, Attribute::NoAlias);
  WG->addParamAttr(1, Attribute::NoAlias);
  return WG;
}

/// Says on each query builtin's declaration that it returns a defined
/// value (an id is a number below the local size). Clang's InstCombine
/// freezes a value before folding some uses of it (`lid % 3` becomes a
/// select on `freeze lid`); ours then drops a freeze of a query, which
/// would hide the id from every Lanes pass after it.
bool markDefinedQueries(Module &M) {
  bool Changed = false;
  for (Function &F : M)
    if (isQuery(getBuiltin(&F)) && !F.hasRetAttribute(Attribute::NoUndef)) {
      F.addRetAttr(Attribute::NoUndef);
      Changed = true;
    }
  return Changed;
}

} // namespace

PreservedAnalyses CloneKernelsPass::run(Module &M, ModuleAnalysisManager &) {
  markAnnotatedKernels(M);
  SmallVector<Function *, 8> Entries;
  for (Function &F : M)
    if (isKernelEntry(F))
      Entries.push_back(&F);

  bool Changed = markDefinedQueries(M);
  for (Function *Entry : Entries) {
    if (onlyAnnotated(*Entry))
      continue;
    // What an earlier run of the pass made (and checked) is not made again.
    SmallVector<std::optional<LocalSize>, 4> Missing;
    for (std::optional<LocalSize> Size : versionsOf(*Entry))
      if (!M.getFunction(workGroupFunctionName(*Entry, Size)))
        Missing.push_back(Size);
    if (Missing.empty())
      continue;
    if (!hasEntryType(*Entry)) {
      std::string Type;
      raw_string_ostream(Type) << *Entry->getFunctionType();
      diagnoseKernel(*Entry, nullptr,
                     "a kernel entry must have type void(ptr), not " + Type);
      continue;
    }
    for (std::optional<LocalSize> Size : Missing) {
      cloneIntoWorkGroupFunction(*Entry, Size);
      NumSpecialized += Size.has_value();
    }
    Changed = true;
    ++NumKernels;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
