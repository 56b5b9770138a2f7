//===- WorkGroupBuilder.h - Builds one work-group function ------*- C++ -*-===//
//
/// \file
/// The worker class of `lanes-work-item-loops` (WorkItemLoops.h states the
/// algorithm) and the types it builds with, shared by the files that
/// implement it: WorkItemLoops.cpp (sub-CFGs, nests, dispatch),
/// LoopState.cpp (the slots of values live across barriers),
/// SubGroupSplits.cpp (sub-group collectives: exchanges and chained nests)
/// and SubGroupFallback.cpp (sub-groups that part ways). Private to the
/// pass.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_WORKGROUPBUILDER_H
#define LANES_TRANSFORMS_WORKGROUPBUILDER_H

#include "../Analysis/WorkGroupSummary.h"
#include "Rematerialize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <array>
#include <string>

namespace llvm {
class AAResults;
class TargetTransformInfo;
} // namespace llvm

namespace lanes {

class WorkItemShape;

/// The work of `lanes-work-item-loops`: continuation-based synchronization.
namespace cbs {

constexpr unsigned NumDims = 3;
/// Levels of a work-item loop nest, at most: the dimensions, and the
/// sub-group loop that splits dimension 0 in a kernel with sub-groups.
constexpr unsigned MaxLevels = NumDims + 1;

/// The blocks reachable from Start without entering a barrier block.
struct SubCfg {
  llvm::BasicBlock *Start = nullptr;
  llvm::SmallVector<llvm::BasicBlock *, 16> Blocks;
  llvm::SmallSetVector<unsigned, 4> ExitCodes; ///< 0: return; k + 1: barrier k
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
  llvm::Type *Ty = nullptr; ///< type stored (values only), see stateType()
  llvm::Value *Base =
      nullptr;         ///< uniform alloca, or start of the per-item array
  uint64_t Stride = 0; ///< bytes per work-item (per-item arrays)
};

/// A value carried through every level of a loop nest: a PHI in each
/// header, entering with a start value and updated in the innermost latch.
using Carried = std::array<llvm::PHINode *, MaxLevels>;

/// The accumulator of a collective the work-items leave a nest for.
struct Accumulator {
  unsigned Code = 0;              ///< the collective's exit code
  Carried Acc{};                  ///< [0]: before this work-item's step
  llvm::PHINode *Next = nullptr;  ///< after it (innermost latch)
  llvm::CallInst *Step = nullptr; ///< stand-in for the step in the clone
};

/// The work-item loop nest of one sub-CFG.
struct LoopNest {
  llvm::BasicBlock *Pre = nullptr;    ///< runs once before the nest
  llvm::BasicBlock *Header = nullptr; ///< innermost header, once per work-item
  llvm::BasicBlock *Latch = nullptr;  ///< innermost latch
  llvm::BasicBlock *After = nullptr;  ///< runs once after the nest
  /// By level, innermost first: dimension 0, then 1 and 2. When
  /// splitsSubGroups(), dimension 0 takes two levels: the lanes of one
  /// sub-group (exactly its size) inside a loop over the sub-groups of the
  /// row. Entries: the block that enters each header from outside its loop.
  llvm::SmallVector<llvm::BasicBlock *, MaxLevels> Headers, Latches, Entries;
  /// Whether the nest continues another: its lane loop runs inside the
  /// other's loops over the sub-groups and rows, and its Pre once per
  /// sub-group, between the two lane loops (chainSubGroupSplits()).
  bool Continues = false;
  std::array<llvm::Value *, NumDims> Id{};
  llvm::Value *Row = nullptr;  ///< linear id of the row, (z * size1 + y)
  llvm::Value *Item = nullptr; ///< linear local id
  /// With sub-group levels: the local id in dimension 0 of the sub-group's
  /// lane 0, and the lane (Id[0] = SubGroupStart + Lane).
  llvm::Value *SubGroupStart = nullptr, *Lane = nullptr;
  llvm::PHINode *ExitCode = nullptr; ///< code of this work-item's exit
  /// Over the whole group: the largest exit code, and the largest of
  /// (the sub-CFG's largest exit code - exit code), see buildLoopNest.
  llvm::Value *MaxCode = nullptr, *MaxBelowTop = nullptr;
  llvm::SmallVector<Accumulator, 1> Accumulators;
  /// Each sub-group collective the work-items may leave for, and a clone
  /// of it with this nest's operands until saveOperands().
  llvm::SmallVector<std::pair<llvm::CallInst *, llvm::CallInst *>, 4> StandIns;
  llvm::DenseMap<llvm::Value *, llvm::Value *>
      Recomputed; ///< values rebuilt in Header
};

/// One sub-group, as it goes on alone (runAlone()): its row's linear id,
/// the local id in dimension 0 of its lane 0, its size, the local ids in
/// dimensions 1 and 2, and the linear id of its lane 0.
struct SoloSubGroup {
  llvm::Value *Row = nullptr, *Start = nullptr, *Size = nullptr;
  std::array<llvm::Value *, NumDims> Id{};
  llvm::Value *Base = nullptr;
};

/// Builds the work-group function body of one kernel.
class WorkGroupBuilder {
public:
  explicit WorkGroupBuilder(llvm::Function &WG)
      : WG(WG), Ctx(WG.getContext()), DL(WG.getDataLayout()),
        I32(llvm::Type::getInt32Ty(Ctx)), I64(llvm::Type::getInt64Ty(Ctx)),
        Ptr(llvm::PointerType::getUnqual(Ctx)), Remat(WG) {}

  /// Returns false after diagnosing input it cannot handle. `AA` is WG's
  /// alias analysis, asked before WG changes; `TTI` tells the width of a
  /// scan in place.
  bool build(llvm::AAResults &AA, const llvm::TargetTransformInfo &TTI);

private:
  bool checkSupported();
  bool wholeSubGroups() const;
  bool splitsSubGroups() const;
  void findSubCfgs();
  void chainSubGroupSplits();
  void findDivergentRuns();
  void findGroupNests();
  bool isSubGroupSync(unsigned Code) const;
  bool reachedAlone(unsigned Code) const;
  llvm::CallInst *stoppingCollective(unsigned Code) const;
  llvm::SmallVector<int, 2> chainsAt(const llvm::BasicBlock *BB) const;
  llvm::SmallVector<int, 2> chainsAt(const llvm::Use &U) const;
  bool keptInSubGroup(const llvm::Instruction *V) const;
  bool sharesChain(const llvm::Instruction *V) const;
  void emitGroupValues(llvm::IRBuilder<> &B);
  void createSlots(llvm::IRBuilder<> &B, const WorkItemShape &Shape);
  llvm::DenseMap<llvm::Instruction *, llvm::Instruction *> shareArrays();
  LoopNest buildLoopNest(unsigned K, const SoloSubGroup *Solo = nullptr);
  Carried carry(const LoopNest &N, llvm::Value *Start, const llvm::Twine &Name);
  void setNext(const LoopNest &N, const Carried &C, llvm::Value *Next);
  void stepCollective(Accumulator &A, LoopNest &Nest);
  unsigned scanWidth(unsigned Code) const;
  llvm::BasicBlock *scanInPlace(unsigned Code);
  llvm::BasicBlock *collectiveDone(unsigned Code, LoopNest &Nest);
  void saveOperands(LoopNest &Nest);
  llvm::BasicBlock *exchange(unsigned Code);
  void exchangeInNest(unsigned Code);
  llvm::SmallVector<llvm::CallInst *, 4> usedCollectives(unsigned Code) const;
  void exchangeSubGroup(llvm::ArrayRef<llvm::CallInst *> Calls,
                        llvm::Value *Base, llvm::Value *Size,
                        llvm::IRBuilder<> &B);
  llvm::SmallVector<llvm::CallInst *, 4>
  subGroupCollectives(unsigned Code) const;
  const StateSlot *ownArray(llvm::Value *V) const;
  const StateSlot &exchangeSlot(llvm::Value *Operand) const;
  void cloneSubCfg(unsigned K, LoopNest &Nest);
  void lowerBuiltins(llvm::ArrayRef<llvm::BasicBlock *> Blocks,
                     const LoopNest &Nest);
  void foldSubGroupIds(const LoopNest &Nest);
  void
  connectLiveValues(const llvm::SmallPtrSetImpl<llvm::BasicBlock *> &Clones,
                    llvm::ValueToValueMapTy &VMap, LoopNest &Nest);
  void markParallel(llvm::ArrayRef<llvm::BasicBlock *> Blocks,
                    const LoopNest &Nest);
  void emitDispatch(unsigned K);
  void buildFallback();
  void continueAlone(unsigned K);
  llvm::BasicBlock *runAlone(const SoloSubGroup &Solo, llvm::Value *Code,
                             llvm::ArrayRef<unsigned> Codes,
                             llvm::BasicBlock *From, llvm::BasicBlock *Next);
  llvm::BasicBlock *soloRun(unsigned K, const SoloSubGroup &Solo,
                            llvm::PHINode *Step);
  llvm::BasicBlock *stopped();
  llvm::Constant *laneIds() const;
  llvm::Value *minExitCode(unsigned K, const LoopNest &Nest,
                           llvm::IRBuilder<> &B);
  llvm::BasicBlock *computeCollective(unsigned Code);
  llvm::BasicBlock *reportDivergence(llvm::Value *Code, llvm::Value *Other);
  llvm::GlobalVariable *exitNameTable(llvm::IRBuilder<> &B);
  void storeState(llvm::Value *V, llvm::Value *Address, llvm::IRBuilder<> &B);
  llvm::Value *slotAddress(const StateSlot &Slot, const LoopNest &Nest,
                           llvm::IRBuilder<> &B);
  llvm::Value *incomingValue(llvm::Instruction *V, LoopNest &Nest);
  llvm::Value *lowerQuery(llvm::CallInst *Call, const LoopNest &Nest,
                          llvm::IRBuilder<> &B);
  llvm::Value *selectDim(llvm::Value *Dim, llvm::ArrayRef<llvm::Value *> PerDim,
                         llvm::Value *Default, llvm::IRBuilder<> &B);
  bool eraseOriginalBody(llvm::ArrayRef<llvm::BasicBlock *> Original);
  void scopeValueSlots();
  /// Local memory, the memory the kernel reaches otherwise, or either.
  enum class Space { Local, Other, Unknown };
  Space spaceOf(const llvm::Value *Ptr) const;
  void scopeLocalMemory();
  WorkGroupSummary summary() const;

  llvm::Function &WG;
  llvm::LLVMContext &Ctx;
  const llvm::DataLayout &DL;
  llvm::Type *I32, *I64, *Ptr;

  llvm::DenseMap<const llvm::BasicBlock *, unsigned> BarrierCode;
  llvm::SmallVector<std::string, 4> ExitNames; ///< by exit code
  llvm::SmallVector<llvm::CallInst *, 4>
      Syncs;                            ///< by exit code: barrier or collective
  llvm::SmallVector<SubCfg, 4> SubCfgs; ///< [0]: entry; [k + 1]: barrier k
  /// By sub-CFG: the one whose nest it continues, and the one that
  /// continues its nest, or -1 (chainSubGroupSplits()).
  llvm::SmallVector<int, 4> Continues, ContinuedBy;
  /// The chains (by their first sub-CFG; a nest alone is a chain of one)
  /// whose nests run each block.
  llvm::DenseMap<const llvm::BasicBlock *, llvm::SmallVector<int, 2>>
      BlockChains;
  llvm::SmallVector<LoopNest, 4> Nests;
  /// By sub-CFG: whether its work-items may leave it for different exits,
  /// one of them a run of sub-group collectives, so that whole sub-groups
  /// may part ways there (SYCL asks a sub-group collective of the
  /// sub-group only); and whether the fallback runs its nest for one
  /// sub-group at a time (findDivergentRuns()).
  llvm::SmallVector<bool, 4> Diverges, RunsSolo;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16>
      SoloBlocks; ///< of the RunsSolo ones
  /// By sub-CFG: whether its nest over the work-group runs (Nests), see
  /// findGroupNests().
  llvm::SmallVector<bool, 4> RunsOverGroup;
  /// Where sub-groups going on alone stop: the exits of those sub-CFGs
  /// that are not runs of sub-group collectives.
  llvm::SmallSetVector<unsigned, 4> Stops;
  /// The copies of RunsSolo nests for one sub-group, with their sub-CFGs:
  /// one set for each place sub-groups go on alone from (runAlone()).
  llvm::SmallVector<std::pair<unsigned, LoopNest>, 4> SoloNests;
  /// Each work-item's exit code from a nest that Diverges, for the
  /// fallback (buildFallback(), when the kernel does not split its
  /// sub-groups); and where the sub-groups that went on alone stopped,
  /// -1 before the first (stopped() resets it).
  StateSlot CodeSlot;
  llvm::Value *AgreedCode = nullptr;
  /// Where a nest that Diverges goes when its sub-groups took different
  /// ways: the fallback, or stopped() when they went on alone already.
  llvm::BasicBlock *Fallback = nullptr;

  llvm::BasicBlock *Entry = nullptr;
  llvm::BasicBlock *Return = nullptr;
  std::array<llvm::Value *, NumDims> LocalSize{}, GroupId{}, NumGroups{};
  llvm::Value *LocalMemory = nullptr, *Checked = nullptr, *NumItems = nullptr;
  llvm::Value *StateBase = nullptr;
  llvm::GlobalVariable *ExitNameTable = nullptr;
  llvm::SmallVector<llvm::Metadata *, 4>
      Marks; ///< of the work-item loops, in order

  llvm::SmallVector<llvm::Instruction *, 16>
      Live;             ///< values live across a barrier
  Rematerializer Remat; ///< decides which Live values to recompute
  llvm::MapVector<llvm::Instruction *, StateSlot>
      ValueSlots; ///< the others' slots
  llvm::MapVector<llvm::AllocaInst *, StateSlot> AllocaSlots;
  /// The per-work-item arrays where the work-items leave the operands of
  /// the sub-group collectives (x, and a shuffle's source lane unless it is
  /// constant per lane) that have none in ValueSlots, by operand.
  llvm::MapVector<llvm::Value *, StateSlot> Exchanged;
  /// The source lanes of the shuffles with constantSourceLanes().
  llvm::DenseMap<llvm::CallInst *, llvm::SmallVector<uint64_t, 16>>
      ConstantLanes;
  unsigned SubGroupSize = 0; ///< of the sub-group collectives, if any
  unsigned VectorBits = 0;   ///< of the target's widest vector register
  /// Whether dimension 0 takes two levels, sub-groups and lanes
  /// (splitsSubGroups()).
  bool SplitsSubGroups = false;
};

} // namespace cbs
} // namespace lanes

#endif
