//===- LanesIR.h - Recognising the Lanes IR contract ------------*- C++ -*-===//
//
/// \file
/// Names and queries for the IR contract of include/lanes/builtins.h: which
/// functions are kernel entries, which are the work-group functions built
/// from them, and which calls are `__lanes_*` builtins. Every pass asks here
/// instead of comparing strings itself.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_ANALYSIS_LANESIR_H
#define LANES_ANALYSIS_LANESIR_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class CallBase;
class CallInst;
class DataLayout;
class Function;
class Instruction;
class Loop;
class LLVMContext;
class LoadInst;
class LoopInfo;
class Module;
class StructType;
class Type;
class Value;
} // namespace llvm

namespace lanes {

/// The builtins of the contract, and the ABI calls the pipeline emits.
enum class Builtin {
  None,
  LocalId,
  LocalSize,
  GroupId,
  NumGroups,
  LocalMemory,
  Barrier,
  GroupReduce,
  GroupScanInclusive,
  GroupScanExclusive,
  GroupBroadcast,
  SubGroupReduce,
  SubGroupScanInclusive,
  SubGroupScanExclusive,
  SubGroupShuffle,
  SubGroupBarrier,
  WorkGroupFunction,
};

/// The function attribute marking a kernel entry (hand-written IR may set
/// it directly; `lanes-clone-kernels` sets it from llvm.global.annotations).
inline constexpr llvm::StringLiteral KernelAttr = "lanes-kernel";
/// The function attribute on a work-group function; its value names the
/// entry it was built from.
inline constexpr llvm::StringLiteral WorkGroupAttr = "lanes-work-group";
/// What `lanes-work-item-loops` renames WorkGroupAttr to once the function
/// has its work-item loops.
inline constexpr llvm::StringLiteral LoweredWorkGroupAttr =
    "lanes-work-group-of";
/// The function attribute naming the kernel an entry runs, as SYCL does
/// (the type given as the launch's kernel name, demangled), in
/// diagnostics; `lanes-kernel-names` sets it, and work-group functions
/// inherit it from their entries.
inline constexpr llvm::StringLiteral KernelNameAttr = "lanes-kernel-name";
/// The suffix appended to an entry's name to name its work-group function.
inline constexpr llvm::StringLiteral WorkGroupSuffix = ".lanes.wg";
/// The function attribute on a work-group function specialized for one
/// local size, "X,Y,Z" (dimension 0 first): it is only ever launched with
/// that size, so its work-item loops have constant trip counts.
inline constexpr llvm::StringLiteral LocalSizeAttr = "lanes-local-size";
/// The function attribute on a kernel function that must be launched with
/// one local size, "X[,Y[,Z]]" (dimension 0 first, one size per dimension
/// of the launch); the entries that call it require that size too
/// (`lanes-required-local-sizes`).
inline constexpr llvm::StringLiteral RequiredLocalSizeAttr =
    "lanes-required-local-size";
/// The function attribute on a kernel function that must run with one
/// sub-group size, "N"; the entries that call it require that size too
/// (`lanes-required-local-sizes`).
inline constexpr llvm::StringLiteral RequiredSubGroupSizeAttr =
    "lanes-required-sub-group-size";
/// The loop-metadata option marking a work-item loop of
/// `lanes-work-item-loops`: a distinct `!{!"lanes.work_item_loop", <access
/// group>}` per loop in its loop ID, which the loops made from it
/// (vectorized body, remainder) share.
inline constexpr llvm::StringLiteral WorkItemLoopMD = "lanes.work_item_loop";
/// The loop-metadata option marking the outer loops of a work-item loop
/// nest (over dimensions 1 and 2, and over the sub-groups of a row), which
/// have no WorkItemLoopMD: they are not vectorized, nor counted as
/// work-item loops, but their iterations are work-items of one group too.
inline constexpr llvm::StringLiteral WorkItemNestMD = "lanes.work_item_nest";
/// Function metadata on a lowered work-group function: the marks
/// (WorkItemLoopMD nodes, each also naming the loop's access group) of all
/// its work-item loops, so that those the optimizer unrolls away are still
/// found.
inline constexpr llvm::StringLiteral WorkItemLoopsMD = "lanes.work_item_loops";
/// Metadata kind on the loads of a work-group scan that `lanes-work-item-loops`
/// runs in place over the operands the work-items saved in loop state
/// (WorkItemLoops.cpp, scanInPlace()): a distinct `!{i64 <items>}` per
/// scan, given when the group's number of work-items is a constant, for
/// `lanes-read-scan-operands`.
inline constexpr llvm::StringLiteral ScanOperandMD = "lanes.scan_operand";
/// Metadata kind on the store of a vector that `lanes-join-reductions` made
/// of reductions, for `lanes-forward-joined`.
inline constexpr llvm::StringLiteral JoinedMD = "lanes.joined";
/// Metadata kind on a barrier call the pipeline added (an implicit loop
/// barrier), not one the user wrote.
inline constexpr llvm::StringLiteral ImplicitBarrierMD = "lanes.implicit";
/// Function metadata on a work-group function: what `lanes-work-item-loops`
/// made of it (WorkGroupSummary.h), for `lanes-report`.
inline constexpr llvm::StringLiteral WorkGroupSummaryMD =
    "lanes.work_group_summary";
/// Metadata kind on a `__lanes_private_mem_size` call: `!{ptr @entry}`, the
/// entry it asks about, which `lanes-required-local-sizes` moved there from
/// the call's argument; `!{null}` once nothing else kept the entry.
inline constexpr llvm::StringLiteral PrivateMemSizeEntryMD =
    "lanes.private_mem_size.entry";

/// The runtime functions a lowered work-group function calls
/// (include/lanes/abi.h).
inline constexpr llvm::StringLiteral LoopStateFn = "__lanes_loop_state";
inline constexpr llvm::StringLiteral DivergentBarrierFn =
    "__lanes_divergent_barrier";

/// A set of functions of a module.
using FunctionSet = llvm::SmallPtrSet<const llvm::Function *, 16>;

/// The defined functions of \p M that make a call for which \p Reaches is
/// true, given the functions found so far: a fixpoint, so that a call of a
/// function found counts too when \p Reaches says so.
FunctionSet
functionsWithCalls(const llvm::Module &M,
                   llvm::function_ref<bool(const llvm::CallBase &Call,
                                           const FunctionSet &Found)>
                       Reaches);

/// Field indices of struct lanes_wg_ctx (include/lanes/abi.h), the context
/// a work-group function gets as its second parameter.
enum CtxField : unsigned {
  GroupIdField = 0,
  NumGroupsField = 1,
  LocalSizeField = 2,
  LocalMemoryField = 3,
  CheckedField = 5,
};

/// struct lanes_wg_ctx as an LLVM type.
llvm::StructType *groupContextType(llvm::LLVMContext &Ctx);

/// The builtin `F` implements, or Builtin::None.
Builtin getBuiltin(const llvm::Function *F);
/// The builtin `I` calls, or Builtin::None when `I` is no such call.
Builtin getBuiltin(const llvm::Instruction *I);
/// The dimension `V` is the local id in: 0, 1 or 2 when `V` is a
/// `__lanes_local_id` call with that constant dimension, else -1.
int localIdDim(const llvm::Value *V);
/// True for builtins whose result depends on the calling work-item or
/// that synchronise it: a call chain reaching one must be inlined.
bool isWorkItemBuiltin(Builtin B);
/// True for the id, size and local-memory queries: free of side effects,
/// lowered to a loop counter or a value read from the context.
bool isQuery(Builtin B);
/// True for the calls the whole group meets at: the barrier and the group
/// collectives. Each gets a barrier block of its own.
bool isGroupSync(Builtin B);
/// True for the group and sub-group collectives.
bool isCollective(Builtin B);
/// True for the sub-group collectives.
bool isSubGroupCollective(Builtin B);
/// True for the collectives whose first argument is a LANES_OP_*
/// operation: the reductions and scans.
bool hasCollectiveOp(Builtin B);

/// True when `F` is a kernel entry.
bool isKernelEntry(const llvm::Function &F);
/// True when `F` is a work-group function built by the pipeline and still
/// waiting for its work-item loops.
bool isWorkGroupFunction(const llvm::Function &F);
/// True when `F` is a work-group function with its work-item loops.
bool isLoweredWorkGroupFunction(const llvm::Function &F);
/// The innermost work-item loops (WorkItemLoopMD) of `LI`, in preorder.
llvm::SmallVector<llvm::Loop *, 4>
innermostWorkItemLoops(const llvm::LoopInfo &LI);

/// The type a work-item's value of type `Ty` is kept in while other
/// work-items run: booleans as bytes, as the loop vectorizer loads and
/// stores vectors of i1 one element at a time.
llvm::Type *stateType(llvm::Type *Ty);

/// A local size, dimension 0 first.
using LocalSize = std::array<uint64_t, 3>;
/// The local size a `__lanes_work_group_function` call asks with, when all
/// three sizes are constants.
std::optional<LocalSize> constantLocalSize(const llvm::CallInst &Query);
/// "X,Y,Z": three sizes of at least 1, dimension 0 first, as
/// LocalSizeAttr spells them.
std::optional<LocalSize> parseLocalSize(llvm::StringRef Text);
/// The local size a work-group function is specialized for (LocalSizeAttr).
std::optional<LocalSize> fixedLocalSize(const llvm::Function &WG);
/// Calls \p Visit with each function llvm.global.annotations annotates
/// (clang's `annotate` attribute) and the annotation's text; the
/// annotations for which it returns true are removed (the global too when
/// none is left).
void forEachAnnotation(
    llvm::Module &M,
    llvm::function_ref<bool(llvm::Function &, llvm::StringRef)> Visit);
/// The name of \p Entry's work-group function: generic, or specialized for
/// \p Size.
std::string workGroupFunctionName(const llvm::Function &Entry,
                                  std::optional<LocalSize> Size);
/// The work-group function a `__lanes_work_group_function` call resolves
/// to: the one specialized for its constant local size where that exists,
/// else the generic one; null when the pipeline made neither.
llvm::Function *workGroupFunctionFor(const llvm::CallInst &Query);

/// "file:line" of a barrier or collective call, from its last two arguments
/// (or its debug location); "unknown location" when neither is known.
std::string describeBarrier(const llvm::CallInst &Barrier);
/// "the barrier at file:line", "the group reduction at file:line", ...
std::string describeGroupSync(const llvm::CallInst &Call);
/// A readable kernel name for diagnostics: the kernel's SYCL name
/// (KernelNameAttr), else kernelObjectName.
std::string kernelName(const llvm::Function &F);
/// The type of the kernel object of \p F, an entry of the SYCL headers or
/// one of its work-group functions, demangled; for any other function,
/// its demangled name.
std::string kernelObjectName(const llvm::Function &F);
/// The top-level template arguments of the first template-id in \p Name,
/// demangled (`X<A, B<C, D>>::y` gives `A` and `B<C, D>`); none when
/// there is no template-id.
llvm::SmallVector<llvm::StringRef, 4> templateArguments(llvm::StringRef Name);
/// True when \p F is, or is a work-group function of, the entry the SYCL
/// headers make for a range kernel launched over its range rounded up to
/// whole work-groups (the items past the range return at once).
bool roundsUpRange(const llvm::Function &F);

/// Marks the kernel object (the first parameter of work-group function
/// `WG`) dereferenceable as far as the kernel reads it at constant offsets
/// (it is one whole object, docs/ir-contract.md), and aligned as those loads
/// imply, so that loads of its fields under a branch may be hoisted.
void markKernelObjectDereferenceable(llvm::Function &WG);

/// The byte offset of the kernel object's field that \p Load reads, when it
/// is a simple load at a constant, non-negative offset from the first
/// parameter of its function (the kernel object of a work-group function);
/// std::nullopt otherwise.
std::optional<int64_t> kernelObjectFieldOffset(const llvm::LoadInst &Load);

/// The value \p Ptr is a constant byte offset from, through GEPs and casts,
/// and that offset (possibly negative) in \p Offset.
const llvm::Value *constantOffsetBase(const llvm::Value *Ptr,
                                      const llvm::DataLayout &DL,
                                      int64_t &Offset);

} // namespace lanes

#endif // LANES_ANALYSIS_LANESIR_H
