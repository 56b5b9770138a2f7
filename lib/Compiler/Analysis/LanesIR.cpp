//===- LanesIR.cpp - Recognising the Lanes IR contract --------------------===//
//
/// \file
/// Implements the queries of LanesIR.h.
//
//===----------------------------------------------------------------------===//
#include "LanesIR.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <optional>

using namespace llvm;

namespace lanes {

Builtin getBuiltin(const Function *F) {
  if (!F || !F->getName().starts_with("__lanes_"))
    return Builtin::None;
  return StringSwitch<Builtin>(F->getName())
      .Case("__lanes_local_id", Builtin::LocalId)
      .Case("__lanes_local_size", Builtin::LocalSize)
      .Case("__lanes_group_id", Builtin::GroupId)
      .Case("__lanes_num_groups", Builtin::NumGroups)
      .Case("__lanes_local_memory", Builtin::LocalMemory)
      .Case("__lanes_barrier", Builtin::Barrier)
      .Case("__lanes_sub_group_barrier", Builtin::SubGroupBarrier)
      .Case("__lanes_work_group_function", Builtin::WorkGroupFunction)
      .StartsWith("__lanes_group_reduce_", Builtin::GroupReduce)
      .StartsWith("__lanes_group_scan_inclusive_", Builtin::GroupScanInclusive)
      .StartsWith("__lanes_group_scan_exclusive_", Builtin::GroupScanExclusive)
      .StartsWith("__lanes_group_broadcast_", Builtin::GroupBroadcast)
      .StartsWith("__lanes_sub_group_reduce_", Builtin::SubGroupReduce)
      .StartsWith("__lanes_sub_group_scan_inclusive_",
                  Builtin::SubGroupScanInclusive)
      .StartsWith("__lanes_sub_group_scan_exclusive_",
                  Builtin::SubGroupScanExclusive)
      .StartsWith("__lanes_sub_group_shuffle_", Builtin::SubGroupShuffle)
      .Default(Builtin::None);
}

FunctionSet functionsWithCalls(
    const Module &M,
    function_ref<bool(const CallBase &Call, const FunctionSet &Found)>
        Reaches) {
  FunctionSet Found;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const Function &F : M) {
      if (F.isDeclaration() || Found.contains(&F))
        continue;
      for (const Instruction &I : instructions(F)) {
        const auto *Call = dyn_cast<CallBase>(&I);
        if (Call && Reaches(*Call, Found)) {
          Found.insert(&F);
          Changed = true;
          break;
        }
      }
    }
  }
  return Found;
}

Builtin getBuiltin(const Instruction *I) {
  const auto *Call = dyn_cast_or_null<CallInst>(I);
  return Call ? getBuiltin(Call->getCalledFunction()) : Builtin::None;
}

int localIdDim(const Value *V) {
  const auto *Call = dyn_cast<CallInst>(V);
  const auto *Dim = Call && getBuiltin(Call) == Builtin::LocalId
                        ? dyn_cast<ConstantInt>(Call->getArgOperand(0))
                        : nullptr;
  return Dim && Dim->getZExtValue() < 3 ? int(Dim->getZExtValue()) : -1;
}

bool isWorkItemBuiltin(Builtin B) {
  return B != Builtin::None && B != Builtin::WorkGroupFunction;
}

bool isQuery(Builtin B) {
  return B == Builtin::LocalId || B == Builtin::LocalSize ||
         B == Builtin::GroupId || B == Builtin::NumGroups ||
         B == Builtin::LocalMemory;
}

bool isCollective(Builtin B) {
  return B == Builtin::GroupReduce || B == Builtin::GroupScanInclusive ||
         B == Builtin::GroupScanExclusive || B == Builtin::GroupBroadcast ||
         isSubGroupCollective(B);
}

bool isSubGroupCollective(Builtin B) {
  return B == Builtin::SubGroupReduce || B == Builtin::SubGroupScanInclusive ||
         B == Builtin::SubGroupScanExclusive || B == Builtin::SubGroupShuffle;
}

bool hasCollectiveOp(Builtin B) {
  return isCollective(B) && B != Builtin::GroupBroadcast &&
         B != Builtin::SubGroupShuffle;
}

bool isGroupSync(Builtin B) {
  return B == Builtin::Barrier || B == Builtin::SubGroupBarrier ||
         isCollective(B);
}

bool isKernelEntry(const Function &F) {
  return F.hasFnAttribute(KernelAttr) && !F.isDeclaration();
}

bool isWorkGroupFunction(const Function &F) {
  return F.hasFnAttribute(WorkGroupAttr) && !F.isDeclaration();
}

bool isLoweredWorkGroupFunction(const Function &F) {
  return F.hasFnAttribute(LoweredWorkGroupAttr) && !F.isDeclaration();
}

SmallVector<Loop *, 4> innermostWorkItemLoops(const LoopInfo &LI) {
  SmallVector<Loop *, 4> Loops;
  for (Loop *L : LI.getLoopsInPreorder())
    if (L->isInnermost() && findOptionMDForLoop(L, WorkItemLoopMD))
      Loops.push_back(L);
  return Loops;
}

Type *stateType(Type *Ty) {
  return Ty->isIntOrIntVectorTy(1) ? Ty->getWithNewBitWidth(8) : Ty;
}

std::optional<LocalSize> constantLocalSize(const CallInst &Query) {
  if (Query.arg_size() != 5)
    return std::nullopt;
  LocalSize Size;
  for (unsigned D = 0; D < 3; ++D) {
    auto *C = dyn_cast<ConstantInt>(Query.getArgOperand(D + 1));
    if (!C || C->isZero())
      return std::nullopt;
    Size[D] = C->getZExtValue();
  }
  return Size;
}

std::optional<LocalSize> parseLocalSize(StringRef Text) {
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  LocalSize Size;
  if (Parts.size() != 3)
    return std::nullopt;
  for (unsigned D = 0; D < 3; ++D)
    if (Parts[D].getAsInteger(10, Size[D]) || Size[D] == 0)
      return std::nullopt;
  return Size;
}

std::optional<LocalSize> fixedLocalSize(const Function &WG) {
  Attribute Attr = WG.getFnAttribute(LocalSizeAttr);
  if (!Attr.isValid())
    return std::nullopt;
  return parseLocalSize(Attr.getValueAsString());
}

void forEachAnnotation(Module &M,
                       function_ref<bool(Function &, StringRef)> Visit) {
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return;
  SmallVector<Constant *, 16> Kept;
  for (Value *Op : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    auto *F =
        Entry && Entry->getNumOperands() >= 2
            ? dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts())
            : nullptr;
    StringRef Note;
    if (!F || !getConstantStringInfo(Entry->getOperand(1), Note) ||
        !Visit(*F, Note))
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

std::string workGroupFunctionName(const Function &Entry,
                                  std::optional<LocalSize> Size) {
  std::string Name = (Entry.getName() + WorkGroupSuffix).str();
  if (Size)
    Name += formatv(".{0}x{1}x{2}", (*Size)[0], (*Size)[1], (*Size)[2]).str();
  return Name;
}

Function *workGroupFunctionFor(const CallInst &Query) {
  auto *Entry =
      dyn_cast<Function>(Query.getArgOperand(0)->stripPointerCasts());
  if (!Entry)
    return nullptr;
  const Module &M = *Entry->getParent();
  if (std::optional<LocalSize> Size = constantLocalSize(Query))
    if (Function *WG = M.getFunction(workGroupFunctionName(*Entry, Size)))
      return WG;
  return M.getFunction(workGroupFunctionName(*Entry, std::nullopt));
}

std::string describeBarrier(const CallInst &Barrier) {
  StringRef File;
  unsigned N = Barrier.arg_size();
  if (N >= 2 && getConstantStringInfo(Barrier.getArgOperand(N - 2), File) &&
      !File.empty())
    if (auto *Line = dyn_cast<ConstantInt>(Barrier.getArgOperand(N - 1)))
      return (File + ":" + Twine(Line->getZExtValue())).str();
  if (const DebugLoc &Loc = Barrier.getDebugLoc())
    return (Loc->getFilename() + ":" + Twine(Loc.getLine())).str();
  return "unknown location";
}

std::string describeGroupSync(const CallInst &Call) {
  StringRef What;
  switch (getBuiltin(&Call)) {
  case Builtin::GroupReduce:
    What = "the group reduction";
    break;
  case Builtin::GroupScanInclusive:
  case Builtin::GroupScanExclusive:
    What = "the group scan";
    break;
  case Builtin::GroupBroadcast:
    What = "the group broadcast";
    break;
  case Builtin::SubGroupReduce:
    What = "the sub-group reduction";
    break;
  case Builtin::SubGroupScanInclusive:
  case Builtin::SubGroupScanExclusive:
    What = "the sub-group scan";
    break;
  case Builtin::SubGroupShuffle:
    What = "the sub-group shuffle";
    break;
  case Builtin::SubGroupBarrier:
    What = "the sub-group barrier";
    break;
  default:
    What = "the barrier";
  }
  return (What + " at " + describeBarrier(Call)).str();
}

SmallVector<StringRef, 4> templateArguments(StringRef Name) {
  SmallVector<StringRef, 4> Arguments;
  size_t Open = Name.find('<');
  if (Open == StringRef::npos)
    return Arguments;
  int Depth = 0;
  size_t Begin = Open + 1;
  for (size_t I = Begin; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == '<' || C == '(' || C == '{') {
      ++Depth;
    } else if (C == '>' || C == ')' || C == '}') {
      if (Depth-- == 0) {
        Arguments.push_back(Name.slice(Begin, I).trim());
        return Arguments;
      }
    } else if (C == ',' && Depth == 0) {
      Arguments.push_back(Name.slice(Begin, I).trim());
      Begin = I + 1;
    }
  }
  return {}; // Unbalanced: not a template-id.
}

/// The first template argument of \p Name, a demangled template-id
/// (`X<A, B>...`), if it is one.
static std::optional<StringRef> firstTemplateArgument(StringRef Name) {
  SmallVector<StringRef, 4> Arguments = templateArguments(Name);
  if (Arguments.empty())
    return std::nullopt;
  return Arguments.front();
}

/// The demangled name of the entry \p F is a work-group function of (that
/// the work-group attributes name, else its name without the suffix), or
/// of \p F itself.
static std::string entryName(const Function &F) {
  for (StringRef Attr : {WorkGroupAttr, LoweredWorkGroupAttr})
    if (Attribute Entry = F.getFnAttribute(Attr); Entry.isValid())
      return demangle(Entry.getValueAsString());
  StringRef Name = F.getName();
  return demangle(Name.take_front(Name.find(WorkGroupSuffix)));
}

/// The SYCL headers' entries are `void lanes::detail::kernelEntry<
/// lanes::detail::XInvoker<K, ...>>(void const*)`.
static constexpr StringLiteral EntryPrefix = "void lanes::detail::kernelEntry<";

std::string kernelName(const Function &F) {
  if (Attribute Name = F.getFnAttribute(KernelNameAttr); Name.isValid())
    return Name.getValueAsString().str();
  return kernelObjectName(F);
}

std::string kernelObjectName(const Function &F) {
  // Name the user's kernel object K, out of the WithProperties<K, P> it
  // may be in.
  std::string Entry = entryName(F);
  StringRef Invoker = Entry;
  if (!Invoker.consume_front(EntryPrefix))
    return Entry;
  std::optional<StringRef> Kernel = firstTemplateArgument(Invoker);
  if (Kernel && Kernel->starts_with("lanes::detail::WithProperties<"))
    Kernel = firstTemplateArgument(*Kernel);
  return Kernel ? Kernel->str() : Entry;
}

bool roundsUpRange(const Function &F) {
  std::string Entry = entryName(F);
  StringRef Invoker = Entry;
  return Invoker.consume_front(EntryPrefix) &&
         Invoker.starts_with("lanes::detail::RangeInvoker<") &&
         Invoker.ends_with(", true>>(void const*)");
}

void markKernelObjectDereferenceable(Function &WG) {
  const DataLayout &DL = WG.getDataLayout();
  uint64_t Bytes = 0;
  Align ObjectAlign;
  for (Instruction &I : instructions(WG)) {
    auto *Load = dyn_cast<LoadInst>(&I);
    std::optional<int64_t> Offset =
        Load ? kernelObjectFieldOffset(*Load) : std::nullopt;
    if (!Offset)
      continue;
    Bytes = std::max(Bytes,
                     uint64_t(*Offset) + DL.getTypeStoreSize(Load->getType()));
    ObjectAlign =
        std::max(ObjectAlign, commonAlignment(Load->getAlign(), *Offset));
  }
  if (!Bytes)
    return;
  WG.addDereferenceableParamAttr(0, Bytes);
  WG.addParamAttr(0, Attribute::getWithAlignment(WG.getContext(), ObjectAlign));
}

StructType *groupContextType(LLVMContext &Ctx) {
  Type *I64 = Type::getInt64Ty(Ctx), *Ptr = PointerType::getUnqual(Ctx);
  Type *Ids = ArrayType::get(I64, 3);
  return StructType::get(Ctx, {Ids, Ids, Ids, Ptr, Ptr, I64});
}

std::optional<int64_t> kernelObjectFieldOffset(const LoadInst &Load) {
  const Function &F = *Load.getFunction();
  int64_t Offset;
  if (!Load.isSimple() || F.arg_size() == 0 ||
      constantOffsetBase(Load.getPointerOperand(), F.getDataLayout(), Offset) !=
          F.getArg(0) ||
      Offset < 0)
    return std::nullopt;
  return Offset;
}

const Value *constantOffsetBase(const Value *Ptr, const DataLayout &DL,
                                int64_t &Offset) {
  APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  const Value *Base = Ptr->stripAndAccumulateConstantOffsets(
      DL, Off, /*AllowNonInbounds=*/true);
  Offset = Off.getSExtValue();
  return Base;
}

} // namespace lanes
