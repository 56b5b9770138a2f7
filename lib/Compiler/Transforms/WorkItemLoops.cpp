//===- WorkItemLoops.cpp - Work-group functions by CBS --------------------===//
//
/// \file
/// Implements `lanes-work-item-loops`; WorkItemLoops.h states the algorithm.
//
//===----------------------------------------------------------------------===//
#include "WorkItemLoops.h"

#include "../Analysis/BarrierLiveness.h"
#include "../Analysis/LanesIR.h"
#include "../Analysis/WorkGroupSummary.h"
#include "../Analysis/WorkItemShape.h"
#include "Collectives.h"
#include "Diagnostics.h"
#include "Rematerialize.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

#include <array>

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-work-item-loops"

STATISTIC(NumWorkGroupFunctions, "Work-group functions built");
STATISTIC(NumSubCfgs, "Sub-CFGs turned into work-item loops");
STATISTIC(NumVaryingState, "Values kept in per-work-item loop-state arrays");
STATISTIC(NumUniformState, "Values kept in uniform scalar slots");
STATISTIC(NumRecomputed, "Values live across barriers recomputed instead");
STATISTIC(NumCollectives, "Group collectives lowered to accumulators");
STATISTIC(NumSubGroupCollectives,
          "Sub-group collectives lowered to vector operations");

namespace lanes {
namespace {

constexpr unsigned NumDims = 3;
/// Levels of a work-item loop nest, at most: the dimensions, and the
/// sub-group loop that splits dimension 0 in a kernel with sub-groups.
constexpr unsigned MaxLevels = NumDims + 1;

/// Field indices of struct lanes_wg_ctx in include/lanes/abi.h.
enum CtxField : unsigned {
  GroupIdField = 0,
  NumGroupsField = 1,
  LocalSizeField = 2,
  LocalMemoryField = 3,
  CheckedField = 5,
};

/// The blocks reachable from Start without entering a barrier block.
struct SubCfg {
  BasicBlock *Start = nullptr;
  SmallVector<BasicBlock *, 16> Blocks;
  SmallSetVector<unsigned, 4> ExitCodes; ///< 0: return; k + 1: barrier k
};

/// Where a value or alloca waits while other work-items run.
struct StateSlot {
  bool Uniform = false;
  /// One element per sub-group, Stride bytes apart: a sub-group reduction,
  /// the same in each lane, read where the lanes load one address.
  bool PerSubGroup = false;
  /// Read and written within one trip of the loop over the sub-groups
  /// (chainSubGroupSplits()): the slot holds one sub-group's values, in a
  /// stack array indexed by the lane (one element when PerSubGroup).
  bool InSubGroup = false;
  Type *Ty = nullptr;      ///< type stored (values only), see stateType()
  Value *Base = nullptr;   ///< uniform alloca, or start of the per-item array
  uint64_t Stride = 0;     ///< bytes per work-item (per-item arrays)
};

/// A value carried through every level of a loop nest: a PHI in each
/// header, entering with a start value and updated in the innermost latch.
using Carried = std::array<PHINode *, MaxLevels>;

/// The accumulator of a collective the work-items leave a nest for.
struct Accumulator {
  unsigned Code = 0;              ///< the collective's exit code
  Carried Acc{};                  ///< [0]: before this work-item's step
  PHINode *Next = nullptr;        ///< after it (innermost latch)
  CallInst *Step = nullptr;       ///< stand-in for the step in the clone
};

/// The work-item loop nest of one sub-CFG.
struct LoopNest {
  BasicBlock *Pre = nullptr;    ///< runs once before the nest
  BasicBlock *Header = nullptr; ///< innermost header, once per work-item
  BasicBlock *Latch = nullptr;  ///< innermost latch
  BasicBlock *After = nullptr;  ///< runs once after the nest
  /// By level, innermost first: dimension 0, then 1 and 2. When
  /// splitsSubGroups(), dimension 0 takes two levels: the lanes of one
  /// sub-group (exactly its size) inside a loop over the sub-groups of the
  /// row. Entries: the block that enters each header from outside its loop.
  SmallVector<BasicBlock *, MaxLevels> Headers, Latches, Entries;
  /// Whether the nest continues another: its lane loop runs inside the
  /// other's loops over the sub-groups and rows, and its Pre once per
  /// sub-group, between the two lane loops (chainSubGroupSplits()).
  bool Continues = false;
  std::array<Value *, NumDims> Id{};
  Value *Row = nullptr;         ///< linear id of the row, (z * size1 + y)
  Value *Item = nullptr;        ///< linear local id
  /// With sub-group levels: the local id in dimension 0 of the sub-group's
  /// lane 0, and the lane (Id[0] = SubGroupStart + Lane).
  Value *SubGroupStart = nullptr, *Lane = nullptr;
  PHINode *ExitCode = nullptr;  ///< code of this work-item's exit
  /// Over the whole group: the largest exit code, and the largest of
  /// (the sub-CFG's largest exit code - exit code), see buildLoopNest.
  Value *MaxCode = nullptr, *MaxBelowTop = nullptr;
  SmallVector<Accumulator, 1> Accumulators;
  /// Each sub-group collective the work-items may leave for, and a clone
  /// of it with this nest's operands until saveOperands().
  SmallVector<std::pair<CallInst *, CallInst *>, 4> StandIns;
  DenseMap<Value *, Value *> Recomputed; ///< values rebuilt in Header
};

/// One sub-group, as the fallback (buildFallback()) runs it: its row's
/// linear id, the local id in dimension 0 of its lane 0, its size, and the
/// local ids in dimensions 1 and 2.
struct SoloSubGroup {
  Value *Row = nullptr, *Start = nullptr, *Size = nullptr;
  std::array<Value *, NumDims> Id{};
};

/// Builds the work-group function body of one kernel.
class WorkGroupBuilder {
public:
  explicit WorkGroupBuilder(Function &WG)
      : WG(WG), Ctx(WG.getContext()), DL(WG.getDataLayout()),
        I32(Type::getInt32Ty(Ctx)), I64(Type::getInt64Ty(Ctx)),
        Ptr(PointerType::getUnqual(Ctx)), Remat(WG) {}

  /// Returns false after diagnosing input it cannot handle. `AA` is WG's
  /// alias analysis, asked before WG changes.
  bool build(AAResults &AA);

private:
  bool checkSupported();
  bool wholeSubGroups() const;
  bool splitsSubGroups() const;
  void findSubCfgs();
  void chainSubGroupSplits();
  void findDivergentRuns();
  bool isSubGroupSync(unsigned Code) const;
  CallInst *stoppingCollective(unsigned Code) const;
  SmallVector<int, 2> chainsAt(const BasicBlock *BB) const;
  SmallVector<int, 2> chainsAt(const Use &U) const;
  bool keptInSubGroup(const Instruction *V) const;
  bool sharesChain(const Instruction *V) const;
  void emitGroupValues(IRBuilder<> &B);
  void createSlots(IRBuilder<> &B, const WorkItemShape &Shape);
  DenseMap<Instruction *, Instruction *> shareArrays();
  LoopNest buildLoopNest(unsigned K, const SoloSubGroup *Solo = nullptr);
  Carried carry(const LoopNest &N, Value *Start, const Twine &Name);
  void setNext(const LoopNest &N, const Carried &C, Value *Next);
  void stepCollective(Accumulator &A, LoopNest &Nest);
  BasicBlock *collectiveDone(unsigned Code, LoopNest &Nest);
  void saveOperands(LoopNest &Nest);
  BasicBlock *exchange(unsigned Code);
  void exchangeInNest(unsigned Code);
  SmallVector<CallInst *, 4> usedCollectives(unsigned Code) const;
  void exchangeSubGroup(ArrayRef<CallInst *> Calls, Value *Base, Value *Size,
                        IRBuilder<> &B);
  SmallVector<CallInst *, 4> subGroupCollectives(unsigned Code) const;
  const StateSlot *ownArray(Value *V) const;
  const StateSlot &exchangeSlot(Value *Operand) const;
  void cloneSubCfg(unsigned K, LoopNest &Nest);
  void lowerBuiltins(ArrayRef<BasicBlock *> Blocks, const LoopNest &Nest);
  void foldSubGroupIds(const LoopNest &Nest);
  void connectLiveValues(const SmallPtrSetImpl<BasicBlock *> &Clones,
                         ValueToValueMapTy &VMap, LoopNest &Nest);
  void markParallel(ArrayRef<BasicBlock *> Blocks, const LoopNest &Nest);
  void emitDispatch(unsigned K);
  void buildFallback();
  BasicBlock *soloRun(unsigned K, const SoloSubGroup &Solo, Value *Base,
                      PHINode *Step);
  Constant *laneIds() const;
  Value *minExitCode(unsigned K, const LoopNest &Nest, IRBuilder<> &B);
  BasicBlock *computeCollective(unsigned Code);
  BasicBlock *reportDivergence(Value *Code, Value *Other);
  GlobalVariable *exitNameTable(IRBuilder<> &B);
  void storeState(Value *V, Value *Address, IRBuilder<> &B);
  Value *slotAddress(const StateSlot &Slot, const LoopNest &Nest,
                     IRBuilder<> &B);
  Value *incomingValue(Instruction *V, LoopNest &Nest);
  Value *lowerQuery(CallInst *Call, const LoopNest &Nest, IRBuilder<> &B);
  Value *selectDim(Value *Dim, ArrayRef<Value *> PerDim, Value *Default,
                   IRBuilder<> &B);
  bool eraseOriginalBody(ArrayRef<BasicBlock *> Original);
  void scopeValueSlots();
  WorkGroupSummary summary() const;

  Function &WG;
  LLVMContext &Ctx;
  const DataLayout &DL;
  Type *I32, *I64, *Ptr;

  DenseMap<const BasicBlock *, unsigned> BarrierCode;
  SmallVector<std::string, 4> ExitNames; ///< by exit code
  SmallVector<CallInst *, 4> Syncs; ///< by exit code: barrier or collective
  SmallVector<SubCfg, 4> SubCfgs;        ///< [0]: entry; [k + 1]: barrier k
  /// By sub-CFG: the one whose nest it continues, and the one that
  /// continues its nest, or -1 (chainSubGroupSplits()).
  SmallVector<int, 4> Continues, ContinuedBy;
  /// The chains (by their first sub-CFG; a nest alone is a chain of one)
  /// whose nests run each block.
  DenseMap<const BasicBlock *, SmallVector<int, 2>> BlockChains;
  SmallVector<LoopNest, 4> Nests;
  /// By sub-CFG: whether its work-items may leave it for different exits,
  /// one of them a run of sub-group collectives, so that whole sub-groups
  /// may part ways there (SYCL asks a sub-group collective of the
  /// sub-group only); and whether the fallback runs its nest for one
  /// sub-group at a time (findDivergentRuns()).
  SmallVector<bool, 4> Diverges, RunsSolo;
  SmallPtrSet<const BasicBlock *, 16> SoloBlocks; ///< of the RunsSolo ones
  /// Where sub-groups stop in the fallback: the exits of those sub-CFGs
  /// that are not runs of sub-group collectives.
  SmallSetVector<unsigned, 4> Stops;
  SmallVector<LoopNest, 4> SoloNests; ///< by sub-CFG, RunsSolo
  /// Each work-item's exit code from a nest that Diverges, and the
  /// work-group's agreed exit code in the fallback.
  StateSlot CodeSlot;
  Value *AgreedCode = nullptr;
  BasicBlock *Fallback = nullptr; ///< buildFallback(), if any Diverges

  BasicBlock *Entry = nullptr;
  BasicBlock *Return = nullptr;
  std::array<Value *, NumDims> LocalSize{}, GroupId{}, NumGroups{};
  Value *LocalMemory = nullptr, *Checked = nullptr, *NumItems = nullptr;
  Value *StateBase = nullptr;
  GlobalVariable *ExitNameTable = nullptr;
  SmallVector<Metadata *, 4> Marks; ///< of the work-item loops, in order

  SmallVector<Instruction *, 16> Live; ///< values live across a barrier
  Rematerializer Remat;                ///< decides which Live values to recompute
  MapVector<Instruction *, StateSlot> ValueSlots; ///< the others' slots
  MapVector<AllocaInst *, StateSlot> AllocaSlots;
  /// The per-work-item arrays where the work-items leave the operands of
  /// the sub-group collectives (x, and a shuffle's source lane unless it is
  /// constant per lane) that have none in ValueSlots, by operand.
  MapVector<Value *, StateSlot> Exchanged;
  /// The source lanes of the shuffles with constantSourceLanes().
  DenseMap<CallInst *, SmallVector<uint64_t, 16>> ConstantLanes;
  unsigned SubGroupSize = 0; ///< of the sub-group collectives, if any
  /// Whether dimension 0 takes two levels, sub-groups and lanes
  /// (splitsSubGroups()).
  bool SplitsSubGroups = false;
};

/// Whether dimension 0 can run as whole sub-groups: the kernel has
/// sub-group collectives and is specialized for a local size whose
/// dimension 0 is a multiple of their size SG, so a loop over the lanes of
/// one sub-group has exactly SG trips and vectorizes as one vector.
bool WorkGroupBuilder::wholeSubGroups() const {
  std::optional<lanes::LocalSize> Fixed = fixedLocalSize(WG);
  return SubGroupSize >= 2 && Fixed && (*Fixed)[0] % SubGroupSize == 0;
}

/// Whether dimension 0 runs as a loop over the sub-groups around a loop
/// over their lanes: when wholeSubGroups(), and the kernel either chains
/// nests (chainSubGroupSplits()) or computes something from its sub-group
/// id (`x >> log2(SG)`), which is then invariant in the lane loop. Other
/// kernels gain nothing from the split and would lose the vectorizer's
/// interleaving of a longer loop.
bool WorkGroupBuilder::splitsSubGroups() const {
  if (!wholeSubGroups())
    return false;
  if (any_of(Continues, [](int K) { return K >= 0; }))
    return true;
  const APInt *C;
  for (const Instruction &I : instructions(WG))
    if (localIdDim(&I) == 0 && any_of(I.users(), [&](const User *U) {
          return match(U, m_LShr(m_Specific(&I), m_APInt(C))) &&
                 C->uge(Log2_32(SubGroupSize));
        }))
      return true;
  return false;
}

bool WorkGroupBuilder::checkSupported() {
  for (Instruction &I : instructions(WG)) {
    Builtin B = getBuiltin(&I);
    if (isGroupSync(B) && !isBarrierBlock(*I.getParent())) {
      diagnoseKernel(WG, &I,
                     "internal compiler error: barrier not isolated (run "
                     "lanes-isolate-barriers before lanes-work-item-loops)");
      return false;
    }
    if (isCollective(B)) {
      if (std::string Problem = checkCollective(cast<CallInst>(I));
          !Problem.empty()) {
        diagnoseKernel(WG, &I, Problem);
        return false;
      }
    }
    if (isSubGroupCollective(B) || B == Builtin::SubGroupBarrier) {
      // A collective's size was checked with the rest of it above.
      if (std::string Problem = checkSubGroupSize(cast<CallInst>(I));
          !Problem.empty()) {
        diagnoseKernel(WG, &I, Problem);
        return false;
      }
      unsigned Size = subGroupSize(cast<CallInst>(I));
      if (SubGroupSize && Size != SubGroupSize) {
        diagnoseKernel(WG, &I,
                       "the sub-group collectives of a kernel must agree on "
                       "the sub-group size (here " +
                           std::to_string(Size) + ", before " +
                           std::to_string(SubGroupSize) + ")");
        return false;
      }
      SubGroupSize = Size;
    }
    auto *Alloca = dyn_cast<AllocaInst>(&I);
    if (Alloca && (!Alloca->isStaticAlloca() ||
                   Alloca->getParent() != &WG.getEntryBlock())) {
      diagnoseKernel(WG, Alloca,
                     "variable-length arrays and dynamic alloca are not "
                     "supported in kernels");
      return false;
    }
  }
  return true;
}

void WorkGroupBuilder::findSubCfgs() {
  ExitNames.push_back("the end of the kernel");
  Syncs.push_back(nullptr);
  SmallVector<BasicBlock *, 4> Starts{&WG.getEntryBlock()};
  for (BasicBlock &BB : WG) {
    if (!isBarrierBlock(BB))
      continue;
    BarrierCode[&BB] = Starts.size();
    auto &Sync = cast<CallInst>(BB.front());
    ExitNames.push_back(Sync.hasMetadata(ImplicitBarrierMD)
                            ? "an implicit loop barrier"
                            : describeGroupSync(Sync));
    Syncs.push_back(&Sync);
    Starts.push_back(BB.getSingleSuccessor());
  }
  for (BasicBlock *Start : Starts) {
    SubCfg S;
    S.Start = Start;
    SmallPtrSet<BasicBlock *, 32> Seen{Start};
    SmallVector<BasicBlock *, 16> Worklist{Start};
    while (!Worklist.empty()) {
      BasicBlock *BB = Worklist.pop_back_val();
      S.Blocks.push_back(BB);
      if (isa<ReturnInst>(BB->getTerminator()))
        S.ExitCodes.insert(0);
      for (BasicBlock *Succ : successors(BB)) {
        if (isBarrierBlock(*Succ))
          S.ExitCodes.insert(BarrierCode[Succ]);
        else if (Seen.insert(Succ).second)
          Worklist.push_back(Succ);
      }
    }
    SubCfgs.push_back(std::move(S));
  }
}

/// Finds the sub-CFGs whose work-item loops can run inside the nest of the
/// sub-CFG before them: sub-CFG C, after a run of sub-group collectives,
/// continues the nest of K when K is the only sub-CFG that reaches the run
/// and has no other exit (and wholeSubGroups()). The lanes of a sub-group
/// then leave K's lane loop together, exchange their values right there,
/// and go on into C's lane loop, all in one trip of the loop over the
/// sub-groups. Once the lane loops are vectors, SROA turns the exchange's
/// stack arrays into registers, where the exchange between two loops over
/// the whole group went through memory. Nests chained so form a chain
/// whose first nest alone is entered from elsewhere.
void WorkGroupBuilder::chainSubGroupSplits() {
  unsigned Count = SubCfgs.size();
  Continues.assign(Count, -1);
  ContinuedBy.assign(Count, -1);
  if (!wholeSubGroups())
    return;
  SmallVector<unsigned, 8> Entries(Count, 0);
  for (const SubCfg &S : SubCfgs)
    for (unsigned Code : S.ExitCodes)
      ++Entries[Code];
  for (unsigned K = 0; K < Count; ++K) {
    const SubCfg &S = SubCfgs[K];
    unsigned C = S.ExitCodes.size() == 1 ? S.ExitCodes[0] : 0;
    if (C == 0 || C == K || Entries[C] != 1 || !isSubGroupSync(C))
      continue;
    Continues[C] = K;
    ContinuedBy[K] = C;
  }
  // Chains are walked from their first nests; what no walk reaches is a
  // cycle of sub-CFGs that nothing enters, which stays unchained.
  SmallVector<bool, 8> Reached(Count, false);
  for (unsigned Head = 0; Head < Count; ++Head) {
    if (Continues[Head] >= 0)
      continue;
    for (int K = Head; K >= 0; K = ContinuedBy[K]) {
      Reached[K] = true;
      for (BasicBlock *BB : SubCfgs[K].Blocks)
        if (!is_contained(BlockChains[BB], int(Head)))
          BlockChains[BB].push_back(Head);
    }
  }
  for (unsigned K = 0; K < Count; ++K)
    if (!Reached[K])
      Continues[K] = ContinuedBy[K] = -1;
}

/// Finds where whole sub-groups may take different ways through sub-group
/// collectives: a sub-CFG with several exits, one of them a run of
/// sub-group collectives, Diverges. When its work-items leave it for
/// different exits, the fallback (buildFallback()) runs the sub-groups one
/// at a time through the runs they reach, and so through the nests after
/// those runs, which RunsSolo marks (and the runs after those, and so on),
/// until each sub-group stops at a work-group barrier or collective, or the
/// end (Stops).
void WorkGroupBuilder::findDivergentRuns() {
  unsigned Count = SubCfgs.size();
  Diverges.assign(Count, false);
  RunsSolo.assign(Count, false);
  SmallVector<unsigned, 8> Worklist;
  for (unsigned K = 0; K < Count; ++K) {
    const SubCfg &S = SubCfgs[K];
    if (S.ExitCodes.size() > 1 && any_of(S.ExitCodes, [&](unsigned Code) {
          return isSubGroupSync(Code);
        })) {
      Diverges[K] = true;
      Worklist.push_back(K);
    }
  }
  while (!Worklist.empty())
    for (unsigned Code : SubCfgs[Worklist.pop_back_val()].ExitCodes)
      if (isSubGroupSync(Code) && !RunsSolo[Code]) {
        RunsSolo[Code] = true;
        Worklist.push_back(Code);
      }
  for (unsigned K = 0; K < Count; ++K) {
    if (!Diverges[K] && !RunsSolo[K])
      continue;
    for (unsigned Code : SubCfgs[K].ExitCodes)
      if (!isSubGroupSync(Code))
        Stops.insert(Code);
    if (RunsSolo[K])
      SoloBlocks.insert(SubCfgs[K].Blocks.begin(), SubCfgs[K].Blocks.end());
  }
}

/// The work-group collective the fallback computes at stop `Code`, if any.
CallInst *WorkGroupBuilder::stoppingCollective(unsigned Code) const {
  return Code && Stops.contains(Code) && isCollective(getBuiltin(Syncs[Code]))
             ? Syncs[Code]
             : nullptr;
}

/// Whether barrier block `Code` waits for the sub-group only: a run of
/// sub-group collectives, or a sub-group barrier (which splits like a
/// collective with nothing to exchange).
bool WorkGroupBuilder::isSubGroupSync(unsigned Code) const {
  Builtin Kind = Code ? getBuiltin(Syncs[Code]) : Builtin::None;
  return isSubGroupCollective(Kind) || Kind == Builtin::SubGroupBarrier;
}

/// The chains whose nests run `BB`. A barrier block runs in a chain when
/// its sub-group collectives are exchanged within it, else in none.
SmallVector<int, 2> WorkGroupBuilder::chainsAt(const BasicBlock *BB) const {
  if (isBarrierBlock(*BB)) {
    int K = Continues[BarrierCode.lookup(BB)];
    return K < 0 ? SmallVector<int, 2>() : chainsAt(SubCfgs[K].Start);
  }
  auto It = BlockChains.find(BB);
  return It == BlockChains.end() ? SmallVector<int, 2>() : It->second;
}

/// The chains where `U` reads its value: those of the user's block, or of
/// the incoming block for a PHI.
SmallVector<int, 2> WorkGroupBuilder::chainsAt(const Use &U) const {
  auto *User = cast<Instruction>(U.getUser());
  auto *Phi = dyn_cast<PHINode>(User);
  return chainsAt(Phi ? Phi->getIncomingBlock(U) : User->getParent());
}

/// Whether `V` is defined and used within one chain of at least two nests,
/// and nowhere else, so that a sub-group's values of it are stored and
/// loaded in one trip of the loop over the sub-groups, before any other
/// sub-group's.
bool WorkGroupBuilder::keptInSubGroup(const Instruction *V) const {
  SmallVector<int, 2> Chain = chainsAt(V->getParent());
  return Chain.size() == 1 && ContinuedBy[Chain[0]] >= 0 &&
         all_of(V->uses(), [&](const Use &U) { return chainsAt(U) == Chain; });
}

/// Whether `V` may be defined and used in nests of one chain of two nests
/// or more. Such a value cannot wait in a uniform slot: a nest loads those
/// where it starts, and a nest that continues another starts once per
/// sub-group, after the earlier sub-groups may have stored a later value.
bool WorkGroupBuilder::sharesChain(const Instruction *V) const {
  SmallVector<int, 2> Defined = chainsAt(V->getParent());
  return any_of(V->uses(), [&](const Use &U) {
    return any_of(chainsAt(U), [&](int Chain) {
      return ContinuedBy[Chain] >= 0 && is_contained(Defined, Chain);
    });
  });
}

void WorkGroupBuilder::emitGroupValues(IRBuilder<> &B) {
  Value *CtxArg = WG.getArg(1);
  auto *CtxTy = StructType::get(Ctx, {ArrayType::get(I64, NumDims),
                                      ArrayType::get(I64, NumDims),
                                      ArrayType::get(I64, NumDims), Ptr, Ptr,
                                      I64});
  auto LoadField = [&](unsigned Field, int Dim, Type *Ty, const Twine &Name) {
    SmallVector<Value *, 3> Idx{B.getInt32(0), B.getInt32(Field)};
    if (Dim >= 0)
      Idx.push_back(B.getInt32(Dim));
    LoadInst *Load = B.CreateAlignedLoad(
        Ty, B.CreateInBoundsGEP(CtxTy, CtxArg, Idx), Align(8), Name);
    Load->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(Ctx, {}));
    return Load;
  };
  std::optional<lanes::LocalSize> Fixed = fixedLocalSize(WG);
  for (unsigned D = 0; D < NumDims; ++D) {
    LocalSize[D] =
        Fixed ? static_cast<Value *>(B.getInt64((*Fixed)[D]))
              : LoadField(LocalSizeField, D, I64, "local.size." + Twine(D));
    GroupId[D] = LoadField(GroupIdField, D, I64, "group.id." + Twine(D));
    NumGroups[D] = LoadField(NumGroupsField, D, I64, "num.groups." + Twine(D));
  }
  LocalMemory = LoadField(LocalMemoryField, -1, Ptr, "local.memory");
  Checked = B.CreateICmpNE(LoadField(CheckedField, -1, I64, "checked"),
                           B.getInt64(0), "checks.on");
  NumItems = B.CreateMul(B.CreateMul(LocalSize[0], LocalSize[1]), LocalSize[2],
                         "num.items", /*HasNUW=*/true);
}

/// Assigns every live value and every alloca its slot. Per-item arrays are
/// carved, 64-byte aligned, out of one __lanes_loop_state block.
void WorkGroupBuilder::createSlots(IRBuilder<> &B,
                                   const WorkItemShape &Shape) {
  for (Instruction &I : WG.getEntryBlock())
    if (auto *Alloca = dyn_cast<AllocaInst>(&I))
      AllocaSlots[Alloca].Stride =
          alignTo(*Alloca->getAllocationSize(DL), Alloca->getAlign());
  for (Instruction *V : Live) {
    if (Remat.canRecompute(V)) {
      ++NumRecomputed;
      continue;
    }
    StateSlot &Slot = ValueSlots[V];
    Slot.Ty = stateType(V->getType());
    // The fallback runs a nest once per sub-group: a value it defines may
    // already hold an earlier sub-group's later value when the next
    // sub-group's nest loads a uniform slot.
    Slot.Uniform = Shape.isUniform(V) && !sharesChain(V) &&
                   !SoloBlocks.contains(V->getParent());
    Slot.PerSubGroup = !Slot.Uniform && SplitsSubGroups &&
                       getBuiltin(V) == Builtin::SubGroupReduce;
    Slot.InSubGroup = !Slot.Uniform && keptInSubGroup(V);
    if (Slot.Uniform) {
      Slot.Base = B.CreateAlloca(Slot.Ty, nullptr, V->getName() + ".uniform");
      ++NumUniformState;
    } else {
      Slot.Stride = alignTo(DL.getTypeAllocSize(Slot.Ty),
                            DL.getPrefTypeAlign(Slot.Ty));
      ++NumVaryingState;
    }
  }
  // An operand is kept within the sub-group when every exchange of it
  // runs within a chain.
  auto Exchange = [&](Value *Operand, unsigned Code) {
    if (ownArray(Operand))
      return;
    auto [It, New] = Exchanged.try_emplace(Operand);
    StateSlot &Slot = It->second;
    Slot.InSubGroup = (New || Slot.InSubGroup) && Continues[Code] >= 0;
    Slot.Ty = Operand->getType();
    Slot.Stride = DL.getTypeAllocSize(Slot.Ty);
  };
  for (unsigned Code = 1; Code < Syncs.size(); ++Code) {
    if (CallInst *Call = stoppingCollective(Code))
      Exchange(collectiveOperand(*Call), Code);
    for (CallInst *Call : subGroupCollectives(Code)) {
      Exchange(collectiveOperand(*Call), Code);
      if (getBuiltin(Call) != Builtin::SubGroupShuffle)
        continue;
      if (SmallVector<uint64_t, 16> Lanes = constantSourceLanes(*Call);
          !Lanes.empty())
        ConstantLanes[Call] = std::move(Lanes);
      else
        Exchange(Call->getArgOperand(1), Code);
    }
  }
  // Pointers into the maps are stable only now that all are complete.
  DenseMap<Instruction *, Instruction *> Owner = shareArrays();
  SmallVector<StateSlot *, 16> Arrays;
  auto Place = [&](StateSlot &Slot, const Twine &Name) {
    if (!Slot.InSubGroup) {
      Arrays.push_back(&Slot);
      return;
    }
    uint64_t Bytes = Slot.Stride * (Slot.PerSubGroup ? 1 : SubGroupSize);
    Slot.Base =
        B.CreateAlloca(ArrayType::get(B.getInt8Ty(), Bytes), nullptr, Name);
    cast<AllocaInst>(Slot.Base)->setAlignment(
        Align(std::min<uint64_t>(64, PowerOf2Ceil(Bytes))));
  };
  for (auto &[Alloca, Slot] : AllocaSlots)
    Arrays.push_back(&Slot);
  for (auto &[V, Slot] : ValueSlots)
    if (!Slot.Uniform && !Owner.count(V))
      Place(Slot, V->getName() + ".sg");
  for (auto &[Operand, Slot] : Exchanged)
    Place(Slot, Operand->getName() + ".sg");
  if (is_contained(Diverges, true)) {
    CodeSlot.Ty = I32;
    CodeSlot.Stride = 4;
    Arrays.push_back(&CodeSlot);
    AgreedCode = B.CreateAlloca(I32, nullptr, "agreed.code");
  }
  if (Arrays.empty())
    return;

  SmallVector<Value *, 16> Offsets;
  Value *Total = B.getInt64(0);
  for (StateSlot *Slot : Arrays) {
    Offsets.push_back(Total);
    Value *Elements = Slot->PerSubGroup
                          ? B.CreateLShr(NumItems, Log2_32(SubGroupSize))
                          : NumItems;
    Value *Bytes = B.CreateMul(Elements, B.getInt64(Slot->Stride));
    Bytes = B.CreateAnd(B.CreateAdd(Bytes, B.getInt64(63)), B.getInt64(~63ull));
    Total = B.CreateAdd(Total, Bytes);
  }
  FunctionCallee LoopState = WG.getParent()->getOrInsertFunction(
      LoopStateFn, FunctionType::get(Ptr, {Ptr, I64}, false));
  StateBase = B.CreateCall(LoopState, {WG.getArg(1), Total}, "loop.state");
  cast<CallInst>(StateBase)->addRetAttr(
      Attribute::getWithAlignment(Ctx, Align(64)));
  // The block is the work-group's own: nothing else (local or global
  // memory, the kernel's arguments) points into it. Saying so lets LICM
  // keep a tile's loads out of a work-item loop that stores loop state.
  cast<CallInst>(StateBase)->addRetAttr(Attribute::NoAlias);
  for (auto [Slot, Offset] : zip(Arrays, Offsets))
    Slot->Base = B.CreateInBoundsGEP(B.getInt8Ty(), StateBase, Offset);
  for (auto [V, Shared] : Owner)
    ValueSlots[V].Base = ValueSlots[Shared].Base;
}

/// Which values with per-item arrays can use another's array instead: the
/// ones a PHI joins to it (a loop-carried value, its next value, the value
/// after the loop) when they have one type and are never live at once, as
/// a register allocator coalesces the copies of a PHI. A loop that carries
/// a sum across a barrier then loads and stores the sum at one address,
/// and LLVM can keep it in a register. Collectives and their operands keep
/// arrays of their own: the exchange reads and writes them for a whole
/// sub-group, not where their uses stand. Returns, for each value that
/// shares, the value whose array it uses.
DenseMap<Instruction *, Instruction *> WorkGroupBuilder::shareArrays() {
  auto ExchangedAtBarrier = [](Instruction *V) {
    return isCollective(getBuiltin(V)) ||
           any_of(V->users(), [](User *U) {
             return isCollective(getBuiltin(cast<Instruction>(U)));
           });
  };
  EquivalenceClasses<Instruction *> Webs;
  for (Instruction &I : instructions(WG))
    if (auto *Phi = dyn_cast<PHINode>(&I))
      for (Value *In : Phi->incoming_values())
        if (auto *From = dyn_cast<Instruction>(In))
          Webs.unionSets(Phi, From);
  // Per web and type, groups of values that share one array; each
  // group's first value owns it.
  DenseMap<std::pair<Instruction *, Type *>,
           SmallVector<SmallVector<Instruction *, 4>, 2>>
      Groups;
  DenseMap<Instruction *, LiveRange> Ranges;
  DenseMap<Instruction *, Instruction *> Owner;
  for (auto &[V, Slot] : ValueSlots) {
    if (Slot.Uniform || Slot.InSubGroup || Webs.findValue(V) == Webs.end() ||
        ExchangedAtBarrier(V))
      continue;
    const LiveRange &Range = Ranges.try_emplace(V, *V).first->second;
    auto &Candidates = Groups[{Webs.getLeaderValue(V), Slot.Ty}];
    auto Group = find_if(Candidates, [&](ArrayRef<Instruction *> Group) {
      return none_of(Group, [&](Instruction *Member) {
        return Range.overlaps(Ranges.find(Member)->second);
      });
    });
    if (Group == Candidates.end()) {
      Candidates.push_back({V});
      continue;
    }
    Owner[V] = Group->front();
    Group->push_back(V);
  }
  return Owner;
}

/// The nest of sub-CFG K; with `Solo`, a loop over the lanes of that one
/// sub-group only, for the fallback.
LoopNest WorkGroupBuilder::buildLoopNest(unsigned K, const SoloSubGroup *Solo) {
  LoopNest N;
  const SubCfg &S = SubCfgs[K];
  std::string Tag = (Solo ? ".solo" : ".") + std::to_string(K);
  auto NewBlock = [&](StringRef Name) {
    return BasicBlock::Create(Ctx, Name + Tag, &WG);
  };
  // A nest that continues another builds its lane loop only and shares
  // the other's outer levels.
  LoopNest *Prev = !Solo && Continues[K] >= 0 ? &Nests[Continues[K]] : nullptr;
  N.Continues = Prev;
  N.Pre = NewBlock(Prev ? "sg.exchange" : "subcfg");
  IRBuilder<> B(N.Pre);
  // Each level counts from 0 by Step while below Bound.
  struct Level {
    StringRef Name, Counter; ///< of its blocks, of its counter
    uint64_t Step = 1;
    Value *Bound = nullptr;
    PHINode *Phi = nullptr;
  };
  SmallVector<Level, MaxLevels> Levels; // innermost first
  bool Split = SplitsSubGroups || Solo;
  if (Solo) {
    Levels.push_back({"0", "lane", 1, Solo->Size});
  } else if (Split) {
    Levels.push_back({"0", "lane", 1, B.getInt64(SubGroupSize)});
    Levels.push_back({"sg", "sg.start", SubGroupSize, LocalSize[0]});
  } else {
    Levels.push_back({"0", "lid.0", 1, LocalSize[0]});
  }
  if (!Solo) {
    Levels.push_back({"1", "lid.1", 1, LocalSize[1]});
    Levels.push_back({"2", "lid.2", 1, LocalSize[2]});
  }
  unsigned Own = Prev ? 1 : Levels.size(); // the levels this nest builds
  for (int L = Levels.size() - 1; L >= 0; --L)
    N.Headers.insert(N.Headers.begin(),
                     unsigned(L) < Own
                         ? NewBlock("wi.header" + Levels[L].Name.str())
                         : Prev->Headers[L]);
  for (unsigned L = 0; L < Levels.size(); ++L)
    N.Latches.push_back(L < Own ? NewBlock("wi.latch" + Levels[L].Name.str())
                                : Prev->Latches[L]);
  N.After = Prev ? Prev->After : NewBlock("wi.done");
  N.Header = N.Headers[0];
  N.Latch = N.Latches[0];
  N.Entries.resize(Levels.size());
  if (Prev) {
    for (unsigned L = Own; L < Levels.size(); ++L)
      N.Entries[L] = Prev->Entries[L];
    N.Id = Prev->Id;
    N.SubGroupStart = Prev->SubGroupStart;
  }
  if (Solo) {
    N.Id = Solo->Id;
    N.SubGroupStart = Solo->Start;
  }

  B.CreateBr(N.Headers[Own - 1]);
  // Headers, outermost first. The branch into the clone is added by
  // cloneSubCfg.
  BasicBlock *Outer = N.Pre;
  Value *RowBase = Prev ? Prev->Row : Solo ? Solo->Row : B.getInt64(0);
  for (int L = Own - 1; L >= 0; --L) {
    B.SetInsertPoint(N.Headers[L]);
    N.Entries[L] = Outer;
    Level &Lv = Levels[L];
    Lv.Phi = B.CreatePHI(I64, 2, Lv.Counter);
    Lv.Phi->addIncoming(B.getInt64(0), Outer);
    if (Split && L == 1) {
      N.SubGroupStart = Lv.Phi;
    } else {
      // Linear id = (z * size1 + y) * size0 + x, built one level at a time.
      unsigned D = L == 0 ? 0 : L - Split;
      Value *Id = Lv.Phi;
      if (Split && D == 0) {
        N.Lane = Lv.Phi;
        Id = B.CreateAdd(N.SubGroupStart, N.Lane, "lid.0", /*HasNUW=*/true,
                         /*HasNSW=*/true);
      }
      if (D == 0)
        N.Row = RowBase;
      Value *Scaled = D == NumDims - 1 ? RowBase
                                       : B.CreateMul(RowBase, LocalSize[D]);
      RowBase = B.CreateAdd(Scaled, Id);
      N.Id[D] = Id;
    }
    if (L > 0)
      B.CreateBr(N.Headers[L - 1]);
    Outer = N.Headers[L];
  }
  N.Item = RowBase;
  RowBase->setName("item");

  // Latches, innermost first.
  for (unsigned L = 0; L < Own; ++L) {
    B.SetInsertPoint(N.Latches[L]);
    Level &Lv = Levels[L];
    Value *Next = B.CreateAdd(Lv.Phi, B.getInt64(Lv.Step),
                              Twine(Split && L <= 1 ? Lv.Counter : "lid") +
                                  ".next",
                              /*HasNUW=*/true, /*HasNSW=*/true);
    BasicBlock *Exit = L + 1 < Levels.size() ? N.Latches[L + 1] : N.After;
    B.CreateCondBr(B.CreateICmpULT(Next, Lv.Bound), N.Headers[L], Exit);
    Lv.Phi->addIncoming(Next, N.Latches[L]);
  }
  // Prev's lanes leave for this nest's Pre, one sub-group at a time.
  if (Prev)
    Prev->Latch->getTerminator()->setSuccessor(1, N.Pre);

  // The exit code of each work-item; with several exits, their minimum and
  // maximum over the group. Both are umax reductions, the minimum as
  // Top - max(Top - code): InstCombine turns a umin with the constant 1
  // (the one exit of an unswitched copy) into a compare, which the loop
  // vectorizer no longer sees as a reduction.
  // The fallback reads each work-item's exit code. Its address is computed
  // in the header: computed in the latch, GVN would merge it with the
  // same address of an exchanged operand stored on one way into the latch,
  // and the vectorizer would see a PHI of addresses, a scatter.
  Value *CodeAddress = nullptr;
  if (Diverges[K] && !Solo) {
    B.SetInsertPoint(N.Header);
    CodeAddress = slotAddress(CodeSlot, N, B);
  }
  B.SetInsertPoint(N.Latch, N.Latch->begin());
  N.ExitCode = B.CreatePHI(I32, 4, "exit.code");
  if (CodeAddress)
    storeState(N.ExitCode, CodeAddress, B);
  if (S.ExitCodes.size() > 1) {
    Constant *Top = B.getInt32(*max_element(S.ExitCodes));
    Carried Below = carry(N, B.getInt32(0), "code.below.top");
    Carried Max = carry(N, B.getInt32(0), "code.max");
    N.MaxBelowTop = B.CreateIntrinsic(
        Intrinsic::umax, {I32}, {Below[0], B.CreateSub(Top, N.ExitCode)});
    N.MaxCode = B.CreateIntrinsic(Intrinsic::umax, {I32}, {Max[0], N.ExitCode});
    setNext(N, Below, N.MaxBelowTop);
    setNext(N, Max, N.MaxCode);
  }
  // The accumulator of each collective the work-items may leave for; the
  // exit blocks built by cloneSubCfg feed its Next.
  for (unsigned Code : S.ExitCodes) {
    Builtin Kind = getBuiltin(Syncs[Code]);
    if (!isCollective(Kind) || isSubGroupCollective(Kind) || Solo)
      continue;
    Accumulator A;
    A.Code = Code;
    A.Acc = carry(N, collectiveStart(*Syncs[Code]), "acc");
    B.SetInsertPoint(N.Latch, N.Latch->begin());
    A.Next = B.CreatePHI(Syncs[Code]->getType(), 4, "acc.next");
    setNext(N, A.Acc, A.Next);
    N.Accumulators.push_back(A);
  }
  return N;
}

Carried WorkGroupBuilder::carry(const LoopNest &N, Value *Start,
                                const Twine &Name) {
  Carried C;
  for (int L = N.Headers.size() - 1; L >= 0; --L) {
    IRBuilder<> B(N.Headers[L], N.Headers[L]->getFirstInsertionPt());
    C[L] = B.CreatePHI(Start->getType(), 2, Name);
    C[L]->addIncoming(Start, N.Entries[L]);
    Start = C[L];
  }
  return C;
}

/// Gives every level of `C` the value `Next` (defined in the innermost
/// latch, which dominates the outer ones) on its back edge.
void WorkGroupBuilder::setNext(const LoopNest &N, const Carried &C,
                               Value *Next) {
  for (unsigned L = 0; L < N.Latches.size(); ++L)
    C[L]->addIncoming(Next, N.Latches[L]);
}

Value *WorkGroupBuilder::selectDim(Value *Dim, ArrayRef<Value *> PerDim,
                                   Value *Default, IRBuilder<> &B) {
  if (auto *C = dyn_cast<ConstantInt>(Dim))
    return C->getZExtValue() < NumDims ? PerDim[C->getZExtValue()] : Default;
  Value *Result = Default;
  for (unsigned D = 0; D < NumDims; ++D)
    Result = B.CreateSelect(
        B.CreateICmpEQ(Dim, ConstantInt::get(Dim->getType(), D)), PerDim[D],
        Result);
  return Result;
}

Value *WorkGroupBuilder::lowerQuery(CallInst *Call, const LoopNest &Nest,
                                    IRBuilder<> &B) {
  Value *Zero = B.getInt64(0), *One = B.getInt64(1);
  Value *Dim = Call->arg_size() ? Call->getArgOperand(0) : nullptr;
  switch (getBuiltin(Call)) {
  case Builtin::LocalId:
    return selectDim(Dim, Nest.Id, Zero, B);
  case Builtin::LocalSize:
    return selectDim(Dim, LocalSize, One, B);
  case Builtin::GroupId:
    return selectDim(Dim, GroupId, Zero, B);
  case Builtin::NumGroups:
    return selectDim(Dim, NumGroups, One, B);
  case Builtin::LocalMemory:
    return LocalMemory;
  default:
    return nullptr; // only queries are asked for
  }
}

void WorkGroupBuilder::lowerBuiltins(ArrayRef<BasicBlock *> Blocks,
                                     const LoopNest &Nest) {
  SmallVector<CallInst *, 16> Calls;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (isQuery(getBuiltin(&I)))
        Calls.push_back(cast<CallInst>(&I));
  for (CallInst *Call : Calls) {
    IRBuilder<> B(Call);
    Call->replaceAllUsesWith(lowerQuery(Call, Nest, B));
    Call->eraseFromParent();
  }
}

Value *WorkGroupBuilder::slotAddress(const StateSlot &Slot,
                                     const LoopNest &Nest, IRBuilder<> &B) {
  if (Slot.Uniform || (Slot.InSubGroup && Slot.PerSubGroup))
    return Slot.Base;
  Value *Element = Slot.InSubGroup ? Nest.Lane : Nest.Item;
  if (Slot.PerSubGroup) // a sub-group's items lie in one row (splitsSubGroups)
    Element = B.CreateLShr(B.CreateSub(Nest.Item, Nest.Lane),
                           Log2_32(SubGroupSize), "sg.linear");
  return B.CreateInBoundsGEP(
      B.getInt8Ty(), Slot.Base,
      B.CreateMul(Element, B.getInt64(Slot.Stride), "", /*HasNUW=*/true));
}

/// The value `V` had when the current work-item entered this sub-CFG:
/// recomputed at the top of the work-item loop, or loaded from its slot
/// (uniform values once, before the nest).
Value *WorkGroupBuilder::incomingValue(Instruction *V, LoopNest &Nest) {
  if (!ValueSlots.count(V)) {
    IRBuilder<> B(Nest.Header->getTerminator());
    return Remat.recompute(V, B, Nest.Recomputed,
                           [&](CallInst *Query, IRBuilder<> &B) {
                             return lowerQuery(Query, Nest, B);
                           });
  }
  const StateSlot &Slot = ValueSlots.lookup(V);
  BasicBlock *At = Slot.Uniform ? Nest.Pre : Nest.Header;
  IRBuilder<> B(At->getTerminator());
  Value *Loaded = B.CreateAlignedLoad(Slot.Ty, slotAddress(Slot, Nest, B),
                                      DL.getPrefTypeAlign(Slot.Ty),
                                      V->getName() + ".reload");
  return B.CreateTrunc(Loaded, V->getType());
}

/// Stores \p V at \p Address of a slot of stateType(V's type).
void WorkGroupBuilder::storeState(Value *V, Value *Address, IRBuilder<> &B) {
  Value *Stored = B.CreateZExt(V, stateType(V->getType()));
  B.CreateAlignedStore(Stored, Address,
                       DL.getPrefTypeAlign(Stored->getType()));
}

void WorkGroupBuilder::connectLiveValues(
    const SmallPtrSetImpl<BasicBlock *> &Clones, ValueToValueMapTy &VMap,
    LoopNest &Nest) {
  for (Instruction *V : Live) {
    auto Mapped = VMap.find(V);
    if (Mapped == VMap.end()) {
      // Defined in another sub-CFG: every use here reads the saved value.
      SmallVector<Use *, 8> Uses;
      for (Use &U : V->uses())
        if (Clones.contains(cast<Instruction>(U.getUser())->getParent()))
          Uses.push_back(&U);
      if (Uses.empty())
        continue;
      Value *Incoming = incomingValue(V, Nest);
      for (Use *U : Uses)
        U->set(Incoming);
      continue;
    }
    // Defined here: save it (unless it is recomputed), and merge it with the
    // value the work-item brought into this sub-CFG wherever the definition
    // does not dominate.
    auto *Def = cast<Instruction>(&*Mapped->second);
    if (auto Slot = ValueSlots.find(V); Slot != ValueSlots.end()) {
      IRBuilder<> B(&*Def->getParent()->getFirstInsertionPt());
      if (!isa<PHINode>(Def))
        B.SetInsertPoint(Def->getNextNode());
      storeState(Def, slotAddress(Slot->second, Nest, B), B);
    }

    SmallVector<Use *, 8> Uses;
    for (Use &U : Def->uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (User->getParent() != Def->getParent() || isa<PHINode>(User))
        Uses.push_back(&U);
    }
    if (Uses.empty())
      continue;
    SSAUpdater SSA;
    SSA.Initialize(Def->getType(), V->getName());
    SSA.AddAvailableValue(Nest.Header, incomingValue(V, Nest));
    SSA.AddAvailableValue(Def->getParent(), Def);
    for (Use *U : Uses)
      SSA.RewriteUse(*U);
  }
}

void WorkGroupBuilder::cloneSubCfg(unsigned K, LoopNest &Nest) {
  const SubCfg &S = SubCfgs[K];
  ValueToValueMapTy VMap;
  {
    IRBuilder<> B(Nest.Header);
    for (auto &[Alloca, Slot] : AllocaSlots)
      VMap[Alloca] = slotAddress(Slot, Nest, B);
  }
  SmallVector<BasicBlock *, 16> Clones;
  SmallPtrSet<BasicBlock *, 16> CloneSet;
  for (BasicBlock *BB : S.Blocks) {
    BasicBlock *Clone = CloneBasicBlock(BB, VMap, "." + Twine(K), &WG);
    Clone->moveBefore(Nest.Latch); // reads in order: header, body, latch
    VMap[BB] = Clone;
    Clones.push_back(Clone);
    CloneSet.insert(Clone);
  }
  remapInstructionsInBlocks(Clones, VMap);
  IRBuilder<>(Nest.Header).CreateBr(cast<BasicBlock>(VMap[S.Start]));

  DenseMap<unsigned, BasicBlock *> ExitBlocks;
  auto ExitTo = [&](unsigned Code) {
    BasicBlock *&Exit = ExitBlocks[Code];
    if (!Exit) {
      Exit = BasicBlock::Create(Ctx, "exit" + Twine(Code) + "." + Twine(K),
                                &WG, Nest.Latch);
      auto *Br = BranchInst::Create(Nest.Latch, Exit);
      Nest.ExitCode->addIncoming(ConstantInt::get(I32, Code), Exit);
      for (Accumulator &A : Nest.Accumulators) {
        if (A.Code != Code) {
          A.Next->addIncoming(A.Acc[0], Exit);
          continue;
        }
        // The collective itself, with this clone's operands, stands in for
        // the step until the live values are connected.
        A.Step = cast<CallInst>(Syncs[Code]->clone());
        A.Step->insertBefore(Br);
        RemapInstruction(A.Step, VMap,
                         RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
      }
      // The operands of the sub-group collectives, and of a work-group
      // collective the fallback may compute.
      SmallVector<CallInst *, 4> Saved = subGroupCollectives(Code);
      CallInst *Stop = stoppingCollective(Code);
      if (Stop && (Diverges[K] || RunsSolo[K]))
        Saved.push_back(Stop);
      for (CallInst *Call : Saved) {
        auto *StandIn = cast<CallInst>(Call->clone());
        StandIn->insertBefore(Br);
        RemapInstruction(StandIn, VMap,
                         RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
        Nest.StandIns.push_back({Call, StandIn});
      }
    }
    return Exit;
  };
  for (BasicBlock *Clone : Clones) {
    Instruction *Term = Clone->getTerminator();
    if (isa<ReturnInst>(Term)) {
      BranchInst::Create(ExitTo(0), Term->getIterator());
      Term->eraseFromParent();
    } else {
      for (unsigned I = 0, E = Term->getNumSuccessors(); I != E; ++I)
        if (isBarrierBlock(*Term->getSuccessor(I)))
          Term->setSuccessor(I, ExitTo(BarrierCode[Term->getSuccessor(I)]));
    }
    // Edges from outside this sub-CFG do not exist in the clone.
    for (PHINode &Phi : make_early_inc_range(Clone->phis()))
      for (int I = Phi.getNumIncomingValues() - 1; I >= 0; --I)
        if (!CloneSet.contains(Phi.getIncomingBlock(I)))
          Phi.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
    for (Instruction &I : make_early_inc_range(*Clone))
      if (auto *Marker = dyn_cast<LifetimeIntrinsic>(&I))
        Marker->eraseFromParent();
  }
  for (auto &[Code, Exit] : ExitBlocks) {
    Clones.push_back(Exit);
    CloneSet.insert(Exit);
  }
  lowerBuiltins(Clones, Nest);
  connectLiveValues(CloneSet, VMap, Nest);
  for (Accumulator &A : Nest.Accumulators)
    stepCollective(A, Nest);
  saveOperands(Nest);
  foldSubGroupIds(Nest);
  Clones.push_back(Nest.Header);
  markParallel(Clones, Nest);
}

/// Rewrites the sub-group id and the lane, computed from the local id in
/// dimension 0 (`x >> log2(SG)`, `x & (SG - 1)`, sub_group.hpp), in terms of
/// the nest's sub-group start and lane, so that what depends only on the
/// sub-group is invariant in the lane loop: LICM hoists it, and the loop
/// vectorizer sees a row's address plus the lane as a contiguous access.
/// With x = start + lane, start a multiple of SG and lane < SG:
///   x >> k           = start >> k             (k >= log2(SG))
///   x | m            = start | m              (m has the low log2(SG) bits)
///   x & m            = lane & m               (m < SG; lane for SG - 1)
/// and the same for `trunc x & m`.
void WorkGroupBuilder::foldSubGroupIds(const LoopNest &Nest) {
  if (!Nest.Lane)
    return;
  uint64_t Mask = SubGroupSize - 1;
  auto Replace = [](Instruction *I, Value *By) {
    if (!By->hasName())
      By->takeName(I);
    I->replaceAllUsesWith(By);
    I->eraseFromParent();
  };
  Value *Id = Nest.Id[0];
  for (User *U : make_early_inc_range(Id->users())) {
    auto *I = dyn_cast<Instruction>(U);
    const APInt *C;
    if (!I)
      continue;
    IRBuilder<> B(I);
    if (match(I, m_LShr(m_Specific(Id), m_APInt(C))) &&
        C->uge(Log2_64(SubGroupSize)))
      Replace(I, B.CreateLShr(Nest.SubGroupStart, C->getZExtValue()));
    else if (match(I, m_c_Or(m_Specific(Id), m_APInt(C))) &&
             (C->getZExtValue() & Mask) == Mask)
      Replace(I, B.CreateOr(Nest.SubGroupStart, *C));
    else if (match(I, m_c_And(m_Specific(Id), m_APInt(C))) && C->ule(Mask))
      Replace(I, C->getZExtValue() == Mask ? Nest.Lane
                                           : B.CreateAnd(Nest.Lane, *C));
    else if (isa<TruncInst>(I))
      for (User *TU : make_early_inc_range(I->users()))
        if (auto *And = dyn_cast<Instruction>(TU);
            And && match(And, m_c_And(m_Specific(I), m_APInt(C))) &&
            C->ule(Mask)) {
          IRBuilder<> TB(And);
          Value *Lane = TB.CreateTrunc(Nest.Lane, I->getType());
          Replace(And, C->getZExtValue() == Mask ? Lane
                                                 : TB.CreateAnd(Lane, *C));
        }
  }
}

/// Replaces the stand-in of `A`'s collective by the step of its
/// accumulator; a scan also saves each work-item's result.
void WorkGroupBuilder::stepCollective(Accumulator &A, LoopNest &Nest) {
  CallInst *Step = A.Step;
  IRBuilder<> B(Step);
  Value *Next = collectiveStep(*Step, A.Acc[0], collectiveOperand(*Step),
                               Nest.Item, B);
  A.Next->addIncoming(Next, Step->getParent());
  Builtin Kind = getBuiltin(Step);
  auto Slot = ValueSlots.find(Syncs[A.Code]);
  if (Slot != ValueSlots.end() && !Slot->second.Uniform) {
    Value *Result = Kind == Builtin::GroupScanExclusive ? A.Acc[0] : Next;
    storeState(Result, slotAddress(Slot->second, Nest, B), B);
  }
  Step->eraseFromParent();
  A.Step = nullptr;
  ++NumCollectives;
}

/// Replaces the stand-ins of the collectives the work-items of `Nest` leave
/// for (sub-group ones, and work-group ones for the fallback) by stores of
/// their operands, each operand once per exit
/// and only those without an array of their own (exchangeSlot()).
void WorkGroupBuilder::saveOperands(LoopNest &Nest) {
  DenseSet<std::pair<BasicBlock *, Value *>> Saved;
  for (auto [Call, StandIn] : Nest.StandIns) {
    BasicBlock *Exit = StandIn->getParent();
    IRBuilder<> B(StandIn);
    // `Operand` of the collective is `X` in this nest. An operand with an
    // array of its own was stored there where it is defined.
    auto Save = [&](Value *Operand, Value *X) {
      auto Slot = Exchanged.find(Operand);
      if (Slot == Exchanged.end() || !Saved.insert({Exit, Operand}).second)
        return;
      B.CreateAlignedStore(X, slotAddress(Slot->second, Nest, B),
                           DL.getPrefTypeAlign(X->getType()));
    };
    Save(collectiveOperand(*Call), collectiveOperand(*StandIn));
    if (getBuiltin(Call) == Builtin::SubGroupShuffle &&
        !ConstantLanes.count(Call))
      Save(Call->getArgOperand(1), StandIn->getArgOperand(1));
    StandIn->eraseFromParent();
  }
  Nest.StandIns.clear();
}

/// The per-work-item array of `V` when it is live across a barrier anyway.
const StateSlot *WorkGroupBuilder::ownArray(Value *V) const {
  auto *I = dyn_cast<Instruction>(V);
  auto Slot = I ? ValueSlots.find(I) : ValueSlots.end();
  return Slot != ValueSlots.end() && !Slot->second.Uniform &&
                 !Slot->second.PerSubGroup
             ? &Slot->second
             : nullptr;
}

/// Where the exchange finds each work-item's `Operand`: in its own array
/// (stored where it is defined) or in its array in Exchanged.
const StateSlot &WorkGroupBuilder::exchangeSlot(Value *Operand) const {
  if (const StateSlot *Own = ownArray(Operand))
    return *Own;
  return Exchanged.find(Operand)->second;
}

/// The sub-group collectives of barrier block `Code` (a run of them shares
/// one, see IsolateBarriers.h), or none.
SmallVector<CallInst *, 4>
WorkGroupBuilder::subGroupCollectives(unsigned Code) const {
  SmallVector<CallInst *, 4> Calls;
  CallInst *Sync = Syncs[Code];
  if (Sync && isSubGroupCollective(getBuiltin(Sync)))
    for (Instruction &I : *Sync->getParent())
      if (auto *Call = dyn_cast<CallInst>(&I))
        Calls.push_back(Call);
  return Calls;
}

/// The loop over the sub-groups between the nest before the sub-group
/// collectives of barrier block `Code` and the nest after them. Full
/// sub-groups and partial ones (the last of a row) take paths of their own,
/// so that the full ones need no masks (exchangeSubGroup()).
BasicBlock *WorkGroupBuilder::exchange(unsigned Code) {
  BasicBlock *Next = Nests[Code].Pre;
  SmallVector<CallInst *, 4> Used = usedCollectives(Code);
  if (Used.empty())
    return Next;
  unsigned Lanes = SubGroupSize, Log2 = Log2_32(Lanes);
  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Name, &WG);
  };
  BasicBlock *Pre = NewBlock("sg.exchange"), *Body = NewBlock("sg.loop"),
             *Full = NewBlock("sg.full"), *Partial = NewBlock("sg.partial"),
             *Latch = NewBlock("sg.latch");
  IRBuilder<> B(Pre);
  Value *PerRow = B.CreateLShr(B.CreateAdd(LocalSize[0], B.getInt64(Lanes - 1)),
                               Log2, "sg.per.row");
  Value *Total = B.CreateMul(B.CreateMul(PerRow, LocalSize[1]), LocalSize[2],
                             "sg.count");
  B.CreateBr(Body);

  B.SetInsertPoint(Body);
  PHINode *SubGroup = B.CreatePHI(I64, 2, "sg");
  SubGroup->addIncoming(B.getInt64(0), Pre);
  Value *First = B.CreateShl(B.CreateURem(SubGroup, PerRow), Log2);
  Value *Base = B.CreateAdd(
      B.CreateMul(B.CreateUDiv(SubGroup, PerRow), LocalSize[0]), First,
      "sg.base");
  Value *Size = B.CreateBinaryIntrinsic(
      Intrinsic::umin, B.CreateSub(LocalSize[0], First), B.getInt64(Lanes),
      nullptr, "sg.size");
  B.CreateCondBr(B.CreateICmpEQ(Size, B.getInt64(Lanes)), Full, Partial);
  for (auto [Path, PathSize] : {std::pair{Full, (Value *)nullptr},
                                std::pair{Partial, Size}}) {
    B.SetInsertPoint(Path);
    exchangeSubGroup(Used, Base, PathSize, B);
    B.CreateBr(Latch);
  }

  B.SetInsertPoint(Latch);
  Value *NextSubGroup = B.CreateAdd(SubGroup, B.getInt64(1), "sg.next");
  SubGroup->addIncoming(NextSubGroup, Latch);
  B.CreateCondBr(B.CreateICmpULT(NextSubGroup, Total), Body, Next);
  return Pre;
}

/// The exchange of the sub-group collectives of barrier block `Code` when
/// its nest continues another (chainSubGroupSplits()): in the nest's Pre,
/// for the one sub-group between the two lane loops.
void WorkGroupBuilder::exchangeInNest(unsigned Code) {
  SmallVector<CallInst *, 4> Used = usedCollectives(Code);
  if (Used.empty()) // a sub-group barrier, or results nobody reads
    return;
  const LoopNest &N = Nests[Code];
  IRBuilder<> B(N.Pre->getTerminator());
  Value *Base =
      B.CreateAdd(B.CreateMul(N.Row, LocalSize[0]), N.SubGroupStart, "sg.base");
  exchangeSubGroup(Used, Base, nullptr, B);
}

/// The sub-group collectives of barrier block `Code` whose results are
/// used, counted as lowered.
SmallVector<CallInst *, 4>
WorkGroupBuilder::usedCollectives(unsigned Code) const {
  SmallVector<CallInst *, 4> Used;
  for (CallInst *Call : subGroupCollectives(Code))
    if (ValueSlots.count(Call))
      Used.push_back(Call);
  NumSubGroupCollectives += Used.size();
  return Used;
}

/// Stores the results of sub-group collectives `Calls` for the sub-group
/// whose lane 0 has linear id `Base` and whose size is `Size` (i64; null
/// for a full one): each operand is loaded as one vector of SubGroupSize
/// lanes (masked when partial), combined or shuffled, and stored.
void WorkGroupBuilder::exchangeSubGroup(ArrayRef<CallInst *> Calls,
                                        Value *Base, Value *Size,
                                        IRBuilder<> &B) {
  unsigned Lanes = SubGroupSize;
  Constant *LaneIds = laneIds();
  Value *SizeSplat =
      B.CreateVectorSplat(Lanes, Size ? Size : B.getInt64(Lanes));
  Value *Active = Size ? B.CreateICmpULT(LaneIds, SizeSplat, "sg.active")
                       : Constant::getAllOnesValue(
                             FixedVectorType::get(B.getInt1Ty(), Lanes));
  // Where Slot holds the sub-group: from lane 0's element, or its one
  // element when the slot has one per sub-group.
  auto At = [&](const StateSlot &Slot) {
    if (Slot.InSubGroup)
      return Slot.Base;
    Value *Element =
        Slot.PerSubGroup ? B.CreateLShr(Base, Log2_32(Lanes)) : Base;
    return B.CreateInBoundsGEP(B.getInt8Ty(), Slot.Base,
                               B.CreateMul(Element, B.getInt64(Slot.Stride)));
  };
  // Each operand is loaded once; the lanes past a partial sub-group hold
  // poison until a reduction or scan puts its identity there.
  DenseMap<Value *, Value *> Loaded;
  auto Load = [&](Value *Operand, const char *Name) {
    Value *&Vector = Loaded[Operand];
    if (!Vector) {
      const StateSlot &Slot = exchangeSlot(Operand);
      Vector = B.CreateMaskedLoad(FixedVectorType::get(Slot.Ty, Lanes),
                                  At(Slot), DL.getPrefTypeAlign(Slot.Ty),
                                  Active, nullptr, Name);
    }
    return Vector;
  };
  for (CallInst *Call : Calls) {
    Type *Ty = Call->getType();
    Align ElementAlign = DL.getPrefTypeAlign(Ty);
    Value *X = Load(collectiveOperand(*Call), "sg.x");
    Value *Results;
    if (hasCollectiveOp(getBuiltin(Call))) {
      if (Size)
        X = B.CreateSelect(Active, X,
                           B.CreateVectorSplat(Lanes, collectiveStart(*Call)),
                           "sg.active.x");
      Results = subGroupCombine(*Call, X, B);
    } else if (auto Sources = ConstantLanes.find(Call);
               Sources != ConstantLanes.end()) {
      Results = shuffleToLanes(X, Sources->second, Size, B);
    } else {
      // A source lane outside the sub-group reads the lane's own value.
      Value *Operands = At(exchangeSlot(collectiveOperand(*Call)));
      Value *Src = B.CreateZExtOrTrunc(Load(Call->getArgOperand(1), "sg.src"),
                                       LaneIds->getType());
      Src = B.CreateSelect(B.CreateICmpULT(Src, SizeSplat), Src, LaneIds);
      Results = B.CreateMaskedGather(FixedVectorType::get(Ty, Lanes),
                                     B.CreateGEP(Ty, Operands, Src),
                                     ElementAlign, Active, nullptr,
                                     "sg.shuffle");
    }
    const StateSlot &Slot = ValueSlots.find(Call)->second;
    if (Slot.PerSubGroup) {
      Value *Lane0 = B.CreateExtractElement(Results, uint64_t(0));
      storeState(Lane0, At(Slot), B);
    } else {
      B.CreateMaskedStore(Results, At(Slot), ElementAlign, Active);
    }
  }
}

/// The block work-items pass through from `Nest` to the sub-CFG after
/// barrier block `Code`: for a reduction or broadcast whose result is
/// used, it saves the accumulator's final value in the result's slot; for
/// a sub-group collective, it is exchange().
BasicBlock *WorkGroupBuilder::collectiveDone(unsigned Code, LoopNest &Nest) {
  if (isSubGroupCollective(getBuiltin(Syncs[Code])))
    return exchange(Code);
  BasicBlock *Next = Nests[Code].Pre;
  auto Slot = ValueSlots.find(Syncs[Code]);
  if (Slot == ValueSlots.end() || !Slot->second.Uniform)
    return Next;
  auto A = find_if(Nest.Accumulators,
                   [&](const Accumulator &A) { return A.Code == Code; });
  BasicBlock *Done = BasicBlock::Create(Ctx, "collective.done", &WG);
  IRBuilder<> B(Done);
  storeState(A->Next, Slot->second.Base, B);
  B.CreateBr(Next);
  return Done;
}

void WorkGroupBuilder::markParallel(ArrayRef<BasicBlock *> Blocks,
                                    const LoopNest &Nest) {
  MDNode *Group = MDNode::getDistinct(Ctx, {});
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if ((isa<LoadInst>(I) && cast<LoadInst>(I).isSimple()) ||
          (isa<StoreInst>(I) && cast<StoreInst>(I).isSimple()))
        I.setMetadata(LLVMContext::MD_access_group, Group);
  MDNode *Parallel = MDNode::get(
      Ctx, {MDString::get(Ctx, "llvm.loop.parallel_accesses"), Group});
  // Distinct: the loops the vectorizer makes of this one share it. It
  // names the access group, which outlives the loop when the loop is
  // unrolled away (a constant trip count of one vector).
  MDNode *Mark =
      MDNode::getDistinct(Ctx, {MDString::get(Ctx, WorkItemLoopMD), Group});
  Marks.push_back(Mark);
  SmallVector<Metadata *, 4> Options{nullptr, Parallel, Mark};
  // Lane i of a sub-group runs in SIMD lane i.
  if (SubGroupSize > 1)
    Options.push_back(MDNode::get(
        Ctx, {MDString::get(Ctx, "llvm.loop.vectorize.width"),
              ConstantAsMetadata::get(ConstantInt::get(I32, SubGroupSize))}));
  MDNode *LoopID = MDNode::getDistinct(Ctx, Options);
  LoopID->replaceOperandWith(0, LoopID);
  Nest.Latch->getTerminator()->setMetadata(LLVMContext::MD_loop, LoopID);
  if (Nest.Continues) // the outer loops are marked already
    return;
  MDNode *Outer = MDNode::get(Ctx, {MDString::get(Ctx, WorkItemNestMD)});
  for (BasicBlock *Latch : drop_begin(Nest.Latches)) {
    MDNode *OuterID = MDNode::getDistinct(Ctx, {nullptr, Outer});
    OuterID->replaceOperandWith(0, OuterID);
    Latch->getTerminator()->setMetadata(LLVMContext::MD_loop, OuterID);
  }
}

void WorkGroupBuilder::emitDispatch(unsigned K) {
  const SubCfg &S = SubCfgs[K];
  LoopNest &Nest = Nests[K];
  DenseMap<unsigned, BasicBlock *> Targets;
  auto Target = [&](unsigned Code) {
    BasicBlock *&To = Targets[Code];
    if (!To)
      To = Code == 0 ? Return : collectiveDone(Code, Nest);
    return To;
  };
  IRBuilder<> B(Nest.After);
  if (S.ExitCodes.empty()) { // the sub-CFG never finishes
    B.CreateUnreachable();
    return;
  }
  if (S.ExitCodes.size() == 1) {
    B.CreateBr(Target(S.ExitCodes[0]));
    return;
  }
  // Work-items that left at different exits broke the barrier rule,
  // unless whole sub-groups part ways at sub-group collectives: the
  // fallback sorts that out.
  Value *MinCode = minExitCode(K, Nest, B);
  Value *Diverged = B.CreateICmpNE(MinCode, Nest.MaxCode);
  if (!Diverges[K])
    Diverged = B.CreateAnd(Checked, Diverged);
  BasicBlock *Otherwise =
      Diverges[K] ? Fallback : reportDivergence(MinCode, Nest.MaxCode);
  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "dispatch", &WG);
  B.CreateCondBr(Diverged, Otherwise, Dispatch);

  B.SetInsertPoint(Dispatch);
  SwitchInst *Switch =
      B.CreateSwitch(Nest.MaxCode, Target(S.ExitCodes[0]), S.ExitCodes.size());
  for (unsigned Code : S.ExitCodes)
    Switch->addCase(B.getInt32(Code), Target(Code));
}

/// The lane numbers of a sub-group, <0, 1, ..., SG - 1> (i64).
Constant *WorkGroupBuilder::laneIds() const {
  SmallVector<uint64_t, 64> Ids;
  for (unsigned J = 0; J < SubGroupSize; ++J)
    Ids.push_back(J);
  return ConstantDataVector::get(Ctx, Ids);
}

/// The smallest exit code of the work-items that left `Nest`, which has
/// several exits (see buildLoopNest).
Value *WorkGroupBuilder::minExitCode(unsigned K, const LoopNest &Nest,
                                     IRBuilder<> &B) {
  return B.CreateSub(B.getInt32(*max_element(SubCfgs[K].ExitCodes)),
                     Nest.MaxBelowTop, "code.min");
}

/// A block that reports work-items waiting at the barriers or collectives
/// of exit codes `Code` and `Other` (i32) and returns.
BasicBlock *WorkGroupBuilder::reportDivergence(Value *Code, Value *Other) {
  BasicBlock *Report = BasicBlock::Create(Ctx, "divergent", &WG);
  IRBuilder<> B(Report);
  GlobalVariable *Table = exitNameTable(B);
  auto NameOf = [&](Value *Code) {
    return B.CreateLoad(Ptr, B.CreateInBoundsGEP(Table->getValueType(), Table,
                                                 {B.getInt64(0), Code}));
  };
  FunctionCallee Divergent = WG.getParent()->getOrInsertFunction(
      DivergentBarrierFn,
      FunctionType::get(B.getVoidTy(), {Ptr, Ptr, Ptr}, false));
  B.CreateCall(Divergent, {WG.getArg(1), NameOf(Code), NameOf(Other)});
  B.CreateRetVoid();
  return Report;
}

/// The fallback for a work-group whose work-items left a nest that
/// Diverges for different exits, each work-item's exit code in CodeSlot.
/// It runs the sub-groups one at a time, each as far as it goes without
/// the rest of the work-group: while the sub-group waits at a run of
/// sub-group collectives, the run is exchanged for it alone and the
/// sub-CFG after the run runs for its lanes (SoloNests). The lanes of a
/// sub-group must agree on every exit, and the sub-groups on where they
/// stop: one work-group barrier or the end, which the fallback goes on to.
/// Nested loops over the rows and the sub-groups of each row, as the
/// exchange loop has, bring each sub-group's ids.
void WorkGroupBuilder::buildFallback() {
  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Name, &WG);
  };
  Fallback = NewBlock("solo.fallback");
  IRBuilder<> B(Fallback);
  B.CreateStore(B.getInt32(-1), AgreedCode);
  // Levels, innermost first: the sub-groups of a row, then dimensions 1
  // and 2.
  std::array<BasicBlock *, NumDims> Headers, Latches;
  std::array<PHINode *, NumDims> Counters;
  for (int L = NumDims - 1; L >= 0; --L)
    Headers[L] = NewBlock("solo.header." + Twine(L));
  for (unsigned L = 0; L < NumDims; ++L)
    Latches[L] = NewBlock("solo.latch." + Twine(L));
  BasicBlock *Done = NewBlock("solo.done");
  B.CreateBr(Headers[NumDims - 1]);
  BasicBlock *Outer = Fallback;
  for (int L = NumDims - 1; L >= 0; --L) {
    B.SetInsertPoint(Headers[L]);
    Counters[L] = B.CreatePHI(I64, 2, L ? "solo.lid." + Twine(L) : "solo.sg");
    Counters[L]->addIncoming(B.getInt64(0), Outer);
    if (L > 0)
      B.CreateBr(Headers[L - 1]);
    Outer = Headers[L];
  }
  for (unsigned L = 0; L < NumDims; ++L) {
    B.SetInsertPoint(Latches[L]);
    Value *Next =
        B.CreateAdd(Counters[L], B.getInt64(L ? 1 : SubGroupSize), "", true);
    B.CreateCondBr(B.CreateICmpULT(Next, LocalSize[L]), Headers[L],
                   L + 1 < NumDims ? Latches[L + 1] : Done);
    Counters[L]->addIncoming(Next, Latches[L]);
  }

  // The sub-group, and the exit its lanes agree on.
  B.SetInsertPoint(Headers[0]);
  SoloSubGroup Solo;
  Solo.Row = B.CreateAdd(B.CreateMul(Counters[2], LocalSize[1]), Counters[1],
                         "solo.row");
  Solo.Start = Counters[0];
  // Only the last sub-group of a row may be partial, and none is when the
  // kernel is specialized for whole sub-groups: then the solo nests' lane
  // loops have exactly SG trips and need no masks.
  Solo.Size = wholeSubGroups()
                  ? B.getInt64(SubGroupSize)
                  : B.CreateBinaryIntrinsic(
                        Intrinsic::umin, B.CreateSub(LocalSize[0], Solo.Start),
                        B.getInt64(SubGroupSize), nullptr, "solo.size");
  Solo.Id = {nullptr, Counters[1], Counters[2]};
  Value *Base =
      B.CreateAdd(B.CreateMul(Solo.Row, LocalSize[0]), Solo.Start, "solo.base");
  Value *Codes = B.CreateInBoundsGEP(I32, CodeSlot.Base, Base);
  Value *First = B.CreateLoad(I32, Codes, "solo.code");
  Value *Active =
      B.CreateICmpULT(laneIds(), B.CreateVectorSplat(SubGroupSize, Solo.Size));
  Value *Firsts = B.CreateVectorSplat(SubGroupSize, First);
  Value *Lanes =
      B.CreateMaskedLoad(FixedVectorType::get(I32, SubGroupSize), Codes,
                         Align(4), Active, Firsts, "solo.codes");
  Value *Disagree = B.CreateOrReduce(B.CreateICmpNE(Lanes, Firsts));
  BasicBlock *Step = NewBlock("solo.step");
  BasicBlock *Disagreed = NewBlock("solo.disagreed");
  B.CreateCondBr(B.CreateAnd(Checked, Disagree), Disagreed, Step);
  B.SetInsertPoint(Disagreed);
  Value *Min = B.CreateUnaryIntrinsic(Intrinsic::vector_reduce_umin, Lanes);
  Value *Max = B.CreateUnaryIntrinsic(Intrinsic::vector_reduce_umax, Lanes);
  B.CreateBr(reportDivergence(Min, Max));

  // Where the sub-group waits: a run it goes through, or a stop.
  B.SetInsertPoint(Step);
  PHINode *Code = B.CreatePHI(I32, 4, "solo.at");
  Code->addIncoming(First, Headers[0]);
  BasicBlock *Stop = NewBlock("solo.stop");
  SwitchInst *Switch = B.CreateSwitch(Code, Stop);
  for (unsigned K = 0; K < SubCfgs.size(); ++K)
    if (RunsSolo[K])
      Switch->addCase(B.getInt32(K), soloRun(K, Solo, Base, Code));

  // Every sub-group must stop where the first one did.
  B.SetInsertPoint(Stop);
  Value *Agreed = B.CreateLoad(I32, AgreedCode, "solo.agreed");
  Value *Differs = B.CreateAnd(B.CreateICmpNE(Agreed, B.getInt32(-1)),
                               B.CreateICmpNE(Agreed, Code));
  BasicBlock *Record = NewBlock("solo.record");
  B.CreateCondBr(B.CreateAnd(Checked, Differs), reportDivergence(Agreed, Code),
                 Record);
  B.SetInsertPoint(Record);
  B.CreateStore(Code, AgreedCode);
  B.CreateBr(Latches[0]);

  B.SetInsertPoint(Done);
  SmallVector<BasicBlock *, 4> Targets;
  for (unsigned Exit : Stops)
    Targets.push_back(!Exit                      ? Return
                      : stoppingCollective(Exit) ? computeCollective(Exit)
                                                 : Nests[Exit].Pre);
  Switch = B.CreateSwitch(B.CreateLoad(I32, AgreedCode), Targets[0]);
  for (auto [Exit, Target] : zip(Stops, Targets))
    Switch->addCase(B.getInt32(Exit), Target);
}

/// A block that computes the work-group collective of stop `Code` for the
/// fallback, from the operands every work-item saved: a loop over the
/// work-items in linear order steps the accumulator as a nest would
/// (stepCollective()), and stores a scan's results and the final value
/// where the sub-CFG after the collective reads them.
BasicBlock *WorkGroupBuilder::computeCollective(unsigned Code) {
  CallInst *Call = Syncs[Code];
  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Name + "." + Twine(Code), &WG);
  };
  BasicBlock *Pre = NewBlock("solo.collective"), *Loop = NewBlock("solo.item"),
             *After = NewBlock("solo.collective.done");
  IRBuilder<> B(Pre);
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  PHINode *Item = B.CreatePHI(I64, 2, "solo.item");
  PHINode *Acc = B.CreatePHI(Call->getType(), 2, "solo.acc");
  Item->addIncoming(B.getInt64(0), Pre);
  Acc->addIncoming(collectiveStart(*Call), Pre);
  const StateSlot &Operands = exchangeSlot(collectiveOperand(*Call));
  auto ItemAddress = [&](const StateSlot &Slot) {
    return B.CreateInBoundsGEP(B.getInt8Ty(), Slot.Base,
                               B.CreateMul(Item, B.getInt64(Slot.Stride)));
  };
  Value *X =
      B.CreateTrunc(B.CreateLoad(Operands.Ty, ItemAddress(Operands), "solo.x"),
                    Call->getType());
  Value *Next = collectiveStep(*Call, Acc, X, Item, B);
  auto Result = ValueSlots.find(Call);
  if (Result != ValueSlots.end() && !Result->second.Uniform)
    storeState(getBuiltin(Call) == Builtin::GroupScanExclusive ? Acc : Next,
               ItemAddress(Result->second), B);
  Value *NextItem = B.CreateAdd(Item, B.getInt64(1), "", /*HasNUW=*/true);
  Item->addIncoming(NextItem, Loop);
  Acc->addIncoming(Next, Loop);
  B.CreateCondBr(B.CreateICmpULT(NextItem, NumItems), Loop, After);
  B.SetInsertPoint(After);
  if (Result != ValueSlots.end() && Result->second.Uniform)
    storeState(Next, Result->second.Base, B);
  B.CreateBr(Nests[Code].Pre);
  return Pre;
}

/// The block where the fallback takes sub-group `Solo`, whose lane 0 has
/// linear id `Base`, through the sub-group collectives (or barrier) of
/// barrier block K and the sub-CFG after them: the exchange for it alone,
/// then SoloNests[K] for its lanes, whose exit, once the lanes agree on it,
/// goes back to `Step`.
BasicBlock *WorkGroupBuilder::soloRun(unsigned K, const SoloSubGroup &Solo,
                                      Value *Base, PHINode *Step) {
  BasicBlock *Run = BasicBlock::Create(Ctx, "solo.run." + Twine(K), &WG);
  LoopNest &Nest = SoloNests[K] = buildLoopNest(K, &Solo);
  IRBuilder<> B(Run);
  if (SmallVector<CallInst *, 4> Used = usedCollectives(K); !Used.empty())
    exchangeSubGroup(Used, Base, Solo.Size, B);
  B.CreateBr(Nest.Pre);
  const SmallSetVector<unsigned, 4> &Exits = SubCfgs[K].ExitCodes;
  B.SetInsertPoint(Nest.After);
  if (Exits.empty()) { // the sub-CFG never finishes
    B.CreateUnreachable();
  } else if (Exits.size() == 1) {
    Step->addIncoming(B.getInt32(Exits[0]), Nest.After);
    B.CreateBr(Step->getParent());
  } else {
    Value *MinCode = minExitCode(K, Nest, B);
    BasicBlock *Agreed =
        BasicBlock::Create(Ctx, "solo.agreed." + Twine(K), &WG);
    B.CreateCondBr(B.CreateAnd(Checked, B.CreateICmpNE(MinCode, Nest.MaxCode)),
                   reportDivergence(MinCode, Nest.MaxCode), Agreed);
    BranchInst::Create(Step->getParent(), Agreed);
    Step->addIncoming(Nest.MaxCode, Agreed);
  }
  return Run;
}

/// The names of the exit codes, for divergence reports; built once.
GlobalVariable *WorkGroupBuilder::exitNameTable(IRBuilder<> &B) {
  if (ExitNameTable)
    return ExitNameTable;
  SmallVector<Constant *, 8> Names;
  for (const std::string &Name : ExitNames)
    Names.push_back(B.CreateGlobalStringPtr(Name, "lanes.exit.name"));
  auto *TableTy = ArrayType::get(Ptr, Names.size());
  ExitNameTable = new GlobalVariable(
      *WG.getParent(), TableTy, /*isConstant=*/true,
      GlobalValue::PrivateLinkage, ConstantArray::get(TableTy, Names),
      "lanes.exit.names");
  return ExitNameTable;
}

/// What the function was lowered to, for `lanes-report`. Before
/// eraseOriginalBody(): Syncs point into the original body.
WorkGroupSummary WorkGroupBuilder::summary() const {
  WorkGroupSummary S;
  S.SubCfgs = SubCfgs.size();
  for (unsigned Code = 1; Code < Syncs.size(); ++Code) {
    Builtin Kind = getBuiltin(Syncs[Code]);
    if (Syncs[Code]->hasMetadata(ImplicitBarrierMD))
      ++S.ImplicitSyncs;
    else if (isSubGroupCollective(Kind))
      S.SubGroupCollectives += subGroupCollectives(Code).size();
    else if (isCollective(Kind))
      ++S.GroupCollectives;
    else
      ++S.Barriers;
  }
  for (const auto &[Alloca, Slot] : AllocaSlots)
    S.StateBytesPerItem += Slot.Stride;
  if (CodeSlot.Base)
    S.StateBytesPerItem += CodeSlot.Stride;
  // Slots kept within a sub-group are a few bytes of stack, not loop state.
  for (const auto &[Operand, Slot] : Exchanged)
    if (!Slot.InSubGroup)
      S.StateBytesPerItem += Slot.Stride;
  SmallPtrSet<const Value *, 16> Counted; // arrays shared by several values
  for (const auto &[V, Slot] : ValueSlots) {
    if (Slot.InSubGroup)
      continue;
    if (Slot.Uniform)
      S.UniformStateBytes += DL.getTypeAllocSize(Slot.Ty);
    else if (Counted.insert(Slot.Base).second)
      S.StateBytesPerItem += Slot.PerSubGroup
                                 ? divideCeil(Slot.Stride, SubGroupSize)
                                 : Slot.Stride;
  }
  return S;
}

/// Deletes the blocks the clones replaced. Returns false (after a
/// diagnostic) if a clone still refers to them, which would be our bug.
bool WorkGroupBuilder::eraseOriginalBody(ArrayRef<BasicBlock *> Original) {
  for (BasicBlock *BB : Original)
    BB->dropAllReferences();
  bool Clean = true;
  for (BasicBlock *BB : Original) {
    for (Instruction &I : *BB) {
      if (!I.use_empty()) {
        Clean = false;
        I.replaceAllUsesWith(PoisonValue::get(I.getType()));
      }
    }
    for (Use &U : make_early_inc_range(BB->uses())) {
      Clean = false;
      U.set(Return);
    }
  }
  for (BasicBlock *BB : Original)
    BB->eraseFromParent();
  for (auto &[Alloca, Slot] : AllocaSlots)
    Alloca->eraseFromParent();
  if (!Clean)
    diagnoseKernel(WG, nullptr,
                   "internal compiler error: a value escaped the work-item "
                   "loops; please report this kernel");
  return Clean;
}

/// Tells alias analysis that the slots of live values and of collective
/// operands are this pass's own: only the accesses it made reach them (the
/// kernel's private arrays have slots of their own). The noalias return of
/// __lanes_loop_state says as much, but capture tracking gives up on a
/// block with more than a hundred uses, which unrolled work-item loops
/// reach; then a tile in local memory could not be hoisted out of a
/// work-item loop that stores loop state.
void WorkGroupBuilder::scopeValueSlots() {
  SmallPtrSet<const Value *, 16> Bases;
  for (const auto &[V, Slot] : ValueSlots)
    Bases.insert(Slot.Base);
  for (const auto &[Operand, Slot] : Exchanged)
    Bases.insert(Slot.Base);
  if (Bases.empty())
    return;
  // A slot's address is its base, or a GEP of it (slots are GEPs too).
  auto IsSlotAddress = [&](const Value *V) {
    while (!Bases.contains(V)) {
      const auto *GEP = dyn_cast<GetElementPtrInst>(V);
      if (!GEP)
        return false;
      V = GEP->getPointerOperand();
    }
    return true;
  };
  MDBuilder MDB(Ctx);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("lanes.loop.state");
  MDNode *Scope = MDNode::get(
      Ctx, MDB.createAnonymousAliasScope(Domain, "lanes.value.slots"));
  for (Instruction &I : instructions(WG)) {
    if (!I.mayReadOrWriteMemory())
      continue;
    unsigned Kind = any_of(I.operands(), IsSlotAddress)
                        ? LLVMContext::MD_alias_scope
                        : LLVMContext::MD_noalias;
    I.setMetadata(Kind, MDNode::concatenate(I.getMetadata(Kind), Scope));
  }
}

/// Gives every use of a builtin query outside the query's block a fresh
/// call of its own: the queries cost nothing once lowered, so they never
/// need to wait in loop state.
static void rematerializeQueries(Function &WG) {
  SmallVector<CallInst *, 16> Queries;
  for (Instruction &I : instructions(WG))
    if (isQuery(getBuiltin(&I)))
      Queries.push_back(cast<CallInst>(&I));
  for (CallInst *Query : Queries) {
    for (Use &U : make_early_inc_range(Query->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      Instruction *At = User;
      if (BasicBlock *End = usedAtEndOf(U))
        At = End->getTerminator();
      else if (User->getParent() == Query->getParent())
        continue;
      Instruction *Copy = Query->clone();
      Copy->insertBefore(At);
      U.set(Copy);
    }
  }
}

bool WorkGroupBuilder::build(AAResults &AA) {
  if (!checkSupported())
    return false;
  findSubCfgs();
  chainSubGroupSplits();
  findDivergentRuns();
  SplitsSubGroups = splitsSubGroups();
  markKernelObjectDereferenceable(WG);
  foldPhisOfOneComputation(WG);
  rematerializeQueries(WG);
  Live = valuesLiveAcrossBarriers(WG);
  // A collective's result is computed across the work-item loop before it
  // and read after it: always loop state.
  for (Instruction &I : instructions(WG))
    if (isCollective(getBuiltin(&I)) && !I.use_empty() && !is_contained(Live, &I))
      Live.push_back(&I);
  WorkItemShape Shape(WG);
  Remat.allowUnchangedLoads(AA, Shape, SplitsSubGroups ? SubGroupSize : 0);
  SmallVector<BasicBlock *, 32> Original;
  for (BasicBlock &BB : WG)
    Original.push_back(&BB);

  BasicBlock *OldEntry = &WG.getEntryBlock();
  Entry = BasicBlock::Create(Ctx, "wg.entry", &WG, OldEntry);
  for (Instruction &I : make_early_inc_range(*OldEntry))
    if (isa<AllocaInst>(I))
      I.moveBefore(*Entry, Entry->end());
  IRBuilder<> B(Entry);
  emitGroupValues(B);
  createSlots(B, Shape);
  // Each chain of nests in order, so that a nest finds the one it
  // continues.
  Nests.resize(SubCfgs.size());
  for (unsigned Head = 0; Head < SubCfgs.size(); ++Head)
    if (Continues[Head] < 0)
      for (int K = Head; K >= 0; K = ContinuedBy[K])
        Nests[K] = buildLoopNest(K);
  Return = BasicBlock::Create(Ctx, "wg.return", &WG);
  ReturnInst::Create(Ctx, Return);
  B.CreateBr(Nests[0].Pre);
  if (is_contained(Diverges, true)) {
    SoloNests.resize(SubCfgs.size());
    buildFallback();
  }
  for (unsigned K = 0; K < SubCfgs.size(); ++K) {
    cloneSubCfg(K, Nests[K]);
    if (RunsSolo[K])
      cloneSubCfg(K, SoloNests[K]);
  }
  for (unsigned K = 0; K < SubCfgs.size(); ++K) {
    if (ContinuedBy[K] >= 0)
      exchangeInNest(ContinuedBy[K]);
    else
      emitDispatch(K);
  }
  NumSubCfgs += SubCfgs.size();
  recordSummary(WG, summary());
  WG.setMetadata(WorkItemLoopsMD, MDNode::get(Ctx, Marks));
  bool Clean = eraseOriginalBody(Original);
  scopeValueSlots();
  return Clean;
}

/// Replaces by `WG` every `__lanes_work_group_function` call that resolves
/// to it.
void foldWorkGroupFunctionQueries(Module &M, Function &WG) {
  Function *Query = M.getFunction("__lanes_work_group_function");
  if (!Query)
    return;
  for (User *U : make_early_inc_range(Query->users())) {
    auto *Call = dyn_cast<CallInst>(U);
    if (Call && Call->getCalledFunction() == Query &&
        workGroupFunctionFor(*Call) == &WG) {
      Call->replaceAllUsesWith(&WG);
      Call->eraseFromParent();
    }
  }
}

} // namespace

PreservedAnalyses WorkItemLoopsPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallVector<Function *, 8> WorkGroupFunctions;
  for (Function &F : M)
    if (isWorkGroupFunction(F))
      WorkGroupFunctions.push_back(&F);
  for (Function *WG : WorkGroupFunctions) {
    Function *Entry = M.getFunction(
        WG->getFnAttribute(WorkGroupAttr).getValueAsString());
    WorkGroupBuilder Builder(*WG);
    if (!Builder.build(FAM.getResult<AAManager>(*WG)) || !Entry)
      continue;
    // Built: the function no longer waits for lowering.
    WG->removeFnAttr(WorkGroupAttr);
    WG->addFnAttr(LoweredWorkGroupAttr, Entry->getName());
    foldWorkGroupFunctionQueries(M, *WG);
    ++NumWorkGroupFunctions;
  }
  return WorkGroupFunctions.empty() ? PreservedAnalyses::all()
                                    : PreservedAnalyses::none();
}

} // namespace lanes
