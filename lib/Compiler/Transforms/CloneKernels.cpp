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
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <map>

using namespace llvm;

#define DEBUG_TYPE "lanes-clone-kernels"

STATISTIC(NumKernels, "Kernel entries given a work-group function");
STATISTIC(NumSpecialized,
          "Work-group functions specialized for a constant local size");
STATISTIC(NumFieldsFolded,
          "Loads of kernel-object fields folded to the constant launched with");

/// Local sizes one entry is specialized for, at most; a kernel launched
/// with more distinct constant sizes also gets the generic function.
static constexpr unsigned MaxSpecializations = 4;

namespace lanes {
namespace {

/// Sets KernelAttr on every function that llvm.global.annotations marks
/// with "lanes.kernel" (what LANES_KERNEL produces in clang).
void markAnnotatedKernels(Module &M) {
  forEachAnnotation(M, [](Function &F, StringRef Note) {
    if (Note == "lanes.kernel")
      F.addFnAttr(KernelAttr);
    return false;
  });
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

/// Integer fields of a kernel object known at a launch: byte offset ->
/// value (its width is the field's).
using KnownFields = std::map<int64_t, APInt>;

/// The fields \p Query sees stored as constants into its kernel object
/// (its last argument): walking back through the call's block to where the
/// object is made, each store into the object decides the bytes it writes
/// unless a later one did; anything else that may write the object ends
/// the walk. Writes to another identified object (an alloca, another
/// allocation) cannot, when the kernel object is one too.
KnownFields knownFields(const CallInst &Query) {
  KnownFields Known;
  if (Query.arg_size() != 5)
    return Known;
  const DataLayout &DL = Query.getModule()->getDataLayout();
  int64_t ObjectOffset;
  const Value *Object =
      constantOffsetBase(Query.getArgOperand(4), DL, ObjectOffset);
  if (isa<Constant>(Object))
    return Known;
  auto Elsewhere = [&](const Value *Ptr) {
    int64_t Unused;
    const Value *Base = constantOffsetBase(Ptr, DL, Unused);
    return Base != Object && isIdentifiedObject(Base) &&
           isIdentifiedObject(Object);
  };
  auto MayWriteObject = [&](const Instruction &I) {
    if (!I.mayWriteToMemory())
      return false;
    if (const auto *Store = dyn_cast<StoreInst>(&I))
      return !Elsewhere(Store->getPointerOperand());
    if (const auto *Mem = dyn_cast<AnyMemIntrinsic>(&I))
      return !Elsewhere(Mem->getRawDest());
    if (const auto *Intrinsic = dyn_cast<IntrinsicInst>(&I);
        Intrinsic && Intrinsic->isLifetimeStartOrEnd())
      return !Elsewhere(Intrinsic->getArgOperand(1));
    const auto *Call = dyn_cast<CallBase>(&I);
    return !Call || !Call->onlyAccessesInaccessibleMemory();
  };
  SmallVector<std::pair<int64_t, int64_t>, 16> Decided;
  for (const Instruction *I = Query.getPrevNode(); I && I != Object;
       I = I->getPrevNode()) {
    const auto *Store = dyn_cast<StoreInst>(I);
    int64_t Begin;
    if (!Store ||
        constantOffsetBase(Store->getPointerOperand(), DL, Begin) != Object) {
      if (MayWriteObject(*I))
        break;
      continue;
    }
    TypeSize Size = DL.getTypeStoreSize(Store->getValueOperand()->getType());
    if (!Store->isSimple() || Size.isScalable())
      break;
    Begin -= ObjectOffset;
    int64_t End = Begin + int64_t(Size.getFixedValue());
    bool Later = any_of(Decided, [&](std::pair<int64_t, int64_t> R) {
      return Begin < R.second && R.first < End;
    });
    Decided.push_back({Begin, End});
    const auto *Value = dyn_cast<ConstantInt>(Store->getValueOperand());
    if (!Later && Value && Begin >= 0 && Value->getBitWidth() % 8 == 0)
      Known[Begin] = Value->getValue();
  }
  return Known;
}

/// A work-group function an entry needs: for a constant local size or the
/// generic one (no size), and the fields every launch of it stores as the
/// same constants.
struct Version {
  std::optional<LocalSize> Size;
  KnownFields Fields;
};

/// The work-group functions \p Entry needs: one per constant local size
/// its `__lanes_work_group_function` calls ask with (at most
/// MaxSpecializations), and the generic one when a call's sizes are known
/// only at run time, there are more sizes than that, or no call asks at
/// all (the entry may still be launched some other way). Each keeps the
/// kernel-object fields that all calls resolving to it agree on. A call
/// that breaks the contract is diagnosed, and counts as generic.
SmallVector<Version, 4> versionsOf(const Function &Entry) {
  SmallVector<Version, 4> Versions;
  auto Add = [&](std::optional<LocalSize> Size, KnownFields Fields) {
    auto It =
        find_if(Versions, [&](const Version &V) { return V.Size == Size; });
    if (It == Versions.end()) {
      Versions.push_back({Size, std::move(Fields)});
      return;
    }
    for (auto F = It->Fields.begin(); F != It->Fields.end();) {
      auto Other = Fields.find(F->first);
      if (Other == Fields.end() || Other->second != F->second)
        F = It->Fields.erase(F);
      else
        ++F;
    }
  };
  unsigned Sizes = 0;
  if (const Function *Query =
          Entry.getParent()->getFunction("__lanes_work_group_function")) {
    for (const User *U : Query->users()) {
      const auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != Query ||
          Call->getArgOperand(0)->stripPointerCasts() != &Entry)
        continue;
      if (Call->arg_size() != 5)
        diagnoseKernel(Entry, Call,
                       "__lanes_work_group_function takes the entry, its "
                       "local size and the kernel object (5 arguments, "
                       "include/lanes/builtins.h), not " +
                           std::to_string(Call->arg_size()));
      std::optional<LocalSize> Size = constantLocalSize(*Call);
      if (Size &&
          none_of(Versions, [&](const Version &V) { return V.Size == Size; })) {
        if (Sizes == MaxSpecializations)
          Size = std::nullopt;
        else
          ++Sizes;
      }
      Add(Size, knownFields(*Call));
    }
  }
  if (Versions.empty())
    Versions.push_back({std::nullopt, KnownFields()});
  // The generic function last, after the specialized ones.
  auto Generic = find_if(Versions, [](const Version &V) { return !V.Size; });
  if (Generic != Versions.end())
    std::rotate(Generic, Generic + 1, Versions.end());
  return Versions;
}

/// Replaces in \p WG each load of a kernel-object field that \p Fields
/// knows, of the field's width, by the field's value.
void foldKnownFields(Function &WG, const KnownFields &Fields) {
  if (Fields.empty())
    return;
  for (Instruction &I : make_early_inc_range(instructions(WG))) {
    auto *Load = dyn_cast<LoadInst>(&I);
    if (!Load || !Load->getType()->isIntegerTy())
      continue;
    std::optional<int64_t> Offset = kernelObjectFieldOffset(*Load);
    if (!Offset)
      continue;
    auto Field = Fields.find(*Offset);
    if (Field == Fields.end() ||
        Field->second.getBitWidth() != Load->getType()->getIntegerBitWidth())
      continue;
    Load->replaceAllUsesWith(ConstantInt::get(Load->getType(), Field->second));
    Load->eraseFromParent();
    ++NumFieldsFolded;
  }
}

/// Asks the vectorizer for no gathers in `WG` (what clang's -mno-gather
/// asks) where its CPU's gathers are slower than scalar loads:
/// - Intel's cores whose gathers the Gather Data Sampling microcode fix
///   made slow, as GCC 14 does for them. On a Skylake-SP with the fix, 8
///   floats gathered from local memory took about 60 cycles, and a
///   transpose through a local tile ran 2.6x faster with scalar loads.
/// - AMD's Zen 5, where LLVM gathers only because the core has AVX-512 (it
///   does not count its gathers fast). On an EPYC Zen 5, one thread, the
///   transpose ran in 12.0 instead of 15.2 ms, a CSR SpMV gathering its x
///   in 5.9 instead of 7.0-7.6 ms, and the other benchmarks that gather
///   (nbody, stencil, wallace, sg_shuffle) within 3% either way.
/// Left alone where the features name the choice already.
void preferNoGatherOnSlowCores(Function &WG) {
  static constexpr StringLiteral SlowGathers[] = {
      "skylake",    "skylake-avx512", "cascadelake",    "cooperlake",
      "cannonlake", "icelake-client", "icelake-server", "tigerlake",
      "rocketlake", "znver5"};
  Attribute Tune = WG.getFnAttribute("tune-cpu");
  StringRef CPU = Tune.isValid()
                      ? Tune.getValueAsString()
                      : WG.getFnAttribute("target-cpu").getValueAsString();
  StringRef Features = WG.getFnAttribute("target-features").getValueAsString();
  if (!is_contained(SlowGathers, CPU) || Features.contains("prefer-no-gather"))
    return;
  WG.addFnAttr("target-features",
               Features.empty() ? "+prefer-no-gather"
                                : (Features + ",+prefer-no-gather").str());
}

Function *cloneIntoWorkGroupFunction(Function &Entry, const Version &V) {
  const std::optional<LocalSize> &Size = V.Size;
  LLVMContext &Ctx = Entry.getContext();
  auto *Ptr = PointerType::getUnqual(Ctx);
  auto *Ty = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr}, false);
  Function *WG =
      Function::Create(Ty, GlobalValue::InternalLinkage,
                       workGroupFunctionName(Entry, Size), Entry.getParent());
  ValueToValueMapTy VMap;
  VMap[Entry.getArg(0)] = WG->getArg(0);
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(WG, &Entry, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  // Cloning copied the entry's linkage properties; the clone is private.
  WG->setVisibility(GlobalValue::DefaultVisibility);
  WG->setLinkage(GlobalValue::InternalLinkage);
  WG->removeFnAttr(KernelAttr);
  // At -O0 clang marks everything optnone/noinline; the work-group function
  // must still be built, so the kernel pipeline has to be able to work on it.
  WG->removeFnAttr(Attribute::NoInline);
  WG->removeFnAttr(Attribute::OptimizeNone);
  WG->addFnAttr(WorkGroupAttr, Entry.getName());
  preferNoGatherOnSlowCores(*WG);
  if (Size)
    WG->addFnAttr(
        LocalSizeAttr,
        formatv("{0},{1},{2}", (*Size)[0], (*Size)[1], (*Size)[2]).str());
  WG->getArg(0)->setName("kernel_object");
  WG->getArg(1)->setName("ctx");
  // Nothing writes the kernel object during a launch (see the IR contract):
  // saying so lets its fields be hoisted out of work-item loops.
  WG->addParamAttr(0, Attribute::NoAlias);
  WG->addParamAttr(1, Attribute::NoAlias);
  foldKnownFields(*WG, V.Fields);
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
    SmallVector<Version, 4> Missing;
    for (Version &V : versionsOf(*Entry))
      if (!M.getFunction(workGroupFunctionName(*Entry, V.Size)))
        Missing.push_back(std::move(V));
    if (Missing.empty())
      continue;
    if (!hasEntryType(*Entry)) {
      std::string Type;
      raw_string_ostream(Type) << *Entry->getFunctionType();
      diagnoseKernel(*Entry, nullptr,
                     "a kernel entry must have type void(ptr), not " + Type);
      continue;
    }
    for (const Version &V : Missing) {
      cloneIntoWorkGroupFunction(*Entry, V);
      NumSpecialized += V.Size.has_value();
    }
    Changed = true;
    ++NumKernels;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
