//===- WorkItemLoops.cpp - Work-group functions by CBS --------------------===//
//
/// \file
/// Implements `lanes-work-item-loops`, WorkItemLoops.h states the
/// algorithm: the sub-CFGs, their slots and loop nests, the dispatch
/// between them, and the pass. SubGroupSplits.cpp and SubGroupFallback.cpp
/// hold the sub-group parts of WorkGroupBuilder (WorkGroupBuilder.h),
/// LoopState.cpp the slots where values wait across barriers.
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
#include "WorkGroupBuilder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <array>

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "lanes-work-item-loops"

STATISTIC(NumWorkGroupFunctions, "Work-group functions built");
STATISTIC(NumSubCfgs, "Sub-CFGs turned into work-item loops");
STATISTIC(NumCollectives, "Group collectives lowered to accumulators");

namespace lanes {
namespace cbs {

/// Whether dimension 0 can run as whole sub-groups: the kernel has
/// sub-group collectives and is specialized for a local size whose
/// dimension 0 is a multiple of their size SG, so a loop over the lanes of
/// one sub-group has exactly SG trips and vectorizes as one vector.
bool WorkGroupBuilder::wholeSubGroups() const {
  std::optional<lanes::LocalSize> Fixed = fixedLocalSize(WG);
  return SubGroupSize >= 2 && Fixed && (*Fixed)[0] % SubGroupSize == 0;
}

/// Whether dimension 0 runs as a loop over the sub-groups around a loop
/// over their lanes: when wholeSubGroups(), and the kernel chains nests
/// (chainSubGroupSplits()), has nests where sub-groups may part ways
/// (continueAlone()), or computes something from its sub-group id
/// (`x >> log2(SG)`), which is then invariant in the lane loop. Other
/// kernels gain nothing from the split and would lose the vectorizer's
/// interleaving of a longer loop.
bool WorkGroupBuilder::splitsSubGroups() const {
  if (!wholeSubGroups())
    return false;
  if (any_of(Continues, [](int K) { return K >= 0; }) ||
      is_contained(Diverges, true))
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

/// Whether barrier block `Code` waits for the sub-group only: a run of
/// sub-group collectives, or a sub-group barrier (which splits like a
/// collective with nothing to exchange).
bool WorkGroupBuilder::isSubGroupSync(unsigned Code) const {
  Builtin Kind = Code ? getBuiltin(Syncs[Code]) : Builtin::None;
  return isSubGroupCollective(Kind) || Kind == Builtin::SubGroupBarrier;
}

void WorkGroupBuilder::emitGroupValues(IRBuilder<> &B) {
  Value *CtxArg = WG.getArg(1);
  StructType *CtxTy = groupContextType(Ctx);
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
      Value *Scaled =
          D == NumDims - 1 ? RowBase : B.CreateMul(RowBase, LocalSize[D]);
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
    Value *Next =
        B.CreateAdd(Lv.Phi, B.getInt64(Lv.Step),
                    Twine(Split && L <= 1 ? Lv.Counter : "lid") + ".next",
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
  if (Diverges[K] && !Solo && !SplitsSubGroups) {
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
    N.MaxBelowTop = B.CreateIntrinsic(Intrinsic::umax, {I32},
                                      {Below[0], B.CreateSub(Top, N.ExitCode)});
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
    Result =
        B.CreateSelect(B.CreateICmpEQ(Dim, ConstantInt::get(Dim->getType(), D)),
                       PerDim[D], Result);
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
      Exit = BasicBlock::Create(Ctx, "exit" + Twine(Code) + "." + Twine(K), &WG,
                                Nest.Latch);
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

/// Replaces the stand-in of `A`'s collective by the step of its
/// accumulator; a scan also saves each work-item's result.
void WorkGroupBuilder::stepCollective(Accumulator &A, LoopNest &Nest) {
  CallInst *Step = A.Step;
  IRBuilder<> B(Step);
  Value *Next =
      collectiveStep(*Step, A.Acc[0], collectiveOperand(*Step), Nest.Item, B);
  A.Next->addIncoming(Next, Step->getParent());
  Builtin Kind = getBuiltin(Step);
  auto Slot = ValueSlots.find(Syncs[A.Code]);
  if (Slot != ValueSlots.end() && !Slot->second.Uniform) {
    Value *Result = Kind == Builtin::GroupScanExclusive ? A.Acc[0] : Next;
    if (scanWidth(A.Code)) // the operand, scanned after the nest
      Result = collectiveOperand(*Step);
    storeState(Result, slotAddress(Slot->second, Nest, B), B);
  }
  Step->eraseFromParent();
  A.Step = nullptr;
  ++NumCollectives;
}

/// The block work-items pass through from `Nest` to the sub-CFG after
/// barrier block `Code`: for a reduction or broadcast whose result is
/// used, it saves the accumulator's final value in the result's slot; for
/// a sub-group collective, it is exchange().
BasicBlock *WorkGroupBuilder::collectiveDone(unsigned Code, LoopNest &Nest) {
  if (isSubGroupCollective(getBuiltin(Syncs[Code])))
    return exchange(Code);
  if (scanWidth(Code))
    return scanInPlace(Code);
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

/// The lanes of the vectors in which the work-group scan of stop `Code`
/// runs after its nest (scanInPlace()), or 0 when it runs in the nest, one
/// work-item after the other: a scan of integers, whose order of
/// operations does not change its results, with a per-item array.
unsigned WorkGroupBuilder::scanWidth(unsigned Code) const {
  CallInst *Call = Syncs[Code];
  Builtin Kind = getBuiltin(Call);
  if (Kind != Builtin::GroupScanInclusive &&
      Kind != Builtin::GroupScanExclusive)
    return 0;
  Type *Ty = Call->getType();
  auto Slot = ValueSlots.find(Call);
  if (!Ty->isIntegerTy() || Ty->isIntegerTy(1) || Slot == ValueSlots.end() ||
      Slot->second.Uniform || Slot->second.InSubGroup ||
      Slot->second.Stride != DL.getTypeAllocSize(Ty))
    return 0;
  unsigned Lanes = VectorBits / Ty->getIntegerBitWidth();
  return Lanes >= 8 && isPowerOf2_32(Lanes) ? std::min(Lanes, 64u) : 0;
}

/// The block that scans, in place, the operands the work-items of stop
/// `Code`'s nest left in its result's array: vectors of scanWidth(Code)
/// items, each scanned in log2(width) steps and combined with the
/// carry of the items before it, then one item at a time for the rest.
/// The nest itself carries no scan, so the vectorizer takes it.
BasicBlock *WorkGroupBuilder::scanInPlace(unsigned Code) {
  CallInst *Call = Syncs[Code];
  const StateSlot &Slot = ValueSlots.find(Call)->second;
  unsigned Lanes = scanWidth(Code);
  bool Exclusive = getBuiltin(Call) == Builtin::GroupScanExclusive;
  Type *Ty = Call->getType();
  auto *VecTy = FixedVectorType::get(Ty, Lanes);
  Align ElemAlign = DL.getPrefTypeAlign(Ty);
  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Name + "." + Twine(Code), &WG);
  };
  BasicBlock *Pre = NewBlock("scan"), *Vector = NewBlock("scan.vector"),
             *Rest = NewBlock("scan.rest"), *Item = NewBlock("scan.item"),
             *Done = NewBlock("scan.done");
  auto Address = [&](Value *Index, IRBuilder<> &B) {
    return B.CreateInBoundsGEP(B.getInt8Ty(), Slot.Base,
                               B.CreateMul(Index, B.getInt64(Slot.Stride)));
  };
  // Marks the loads of the operands for lanes-read-scan-operands.
  MDNode *Operands = nullptr;
  if (auto *Count = dyn_cast<ConstantInt>(NumItems))
    Operands = MDNode::getDistinct(Ctx, {ConstantAsMetadata::get(Count)});
  auto LoadOperands = [&](Type *LoadTy, Value *At, IRBuilder<> &B) {
    LoadInst *Load = B.CreateAlignedLoad(LoadTy, At, ElemAlign);
    Load->setMetadata(ScanOperandMD, Operands);
    return Load;
  };
  IRBuilder<> B(Pre);
  Value *Whole = B.CreateAnd(NumItems, B.getInt64(-int64_t(Lanes)));
  B.CreateCondBr(B.CreateICmpNE(Whole, B.getInt64(0)), Vector, Rest);

  B.SetInsertPoint(Vector);
  PHINode *Index = B.CreatePHI(I64, 2, "scan.index");
  PHINode *Carry = B.CreatePHI(Ty, 2, "scan.carry");
  Index->addIncoming(B.getInt64(0), Pre);
  Carry->addIncoming(collectiveStart(*Call), Pre);
  Value *At = Address(Index, B);
  Value *Scanned = inclusiveScan(*Call, LoadOperands(VecTy, At, B), B);
  Value *Before = B.CreateVectorSplat(Lanes, Carry);
  Value *Results = collectiveStep(*Call, Before, Scanned, nullptr, B);
  B.CreateAlignedStore(Exclusive ? shiftUp(Results, Before, 1, B) : Results, At,
                       ElemAlign);
  Value *NextCarry = B.CreateExtractElement(Results, Lanes - 1);
  Value *NextIndex = B.CreateAdd(Index, B.getInt64(Lanes), "", true);
  Index->addIncoming(NextIndex, Vector);
  Carry->addIncoming(NextCarry, Vector);
  B.CreateCondBr(B.CreateICmpULT(NextIndex, Whole), Vector, Rest);

  // The items past the last whole vector, one at a time.
  B.SetInsertPoint(Rest);
  PHINode *RestIndex = B.CreatePHI(I64, 3, "scan.rest.index");
  PHINode *Acc = B.CreatePHI(Ty, 3, "scan.acc");
  RestIndex->addIncoming(B.getInt64(0), Pre);
  Acc->addIncoming(collectiveStart(*Call), Pre);
  RestIndex->addIncoming(NextIndex, Vector);
  Acc->addIncoming(NextCarry, Vector);
  B.CreateCondBr(B.CreateICmpULT(RestIndex, NumItems), Item, Done);

  B.SetInsertPoint(Item);
  At = Address(RestIndex, B);
  Value *Next = collectiveStep(*Call, Acc, LoadOperands(Ty, At, B), nullptr, B);
  B.CreateAlignedStore(Exclusive ? Acc : Next, At, ElemAlign);
  RestIndex->addIncoming(B.CreateAdd(RestIndex, B.getInt64(1), "", true), Item);
  Acc->addIncoming(Next, Item);
  B.CreateBr(Rest);

  B.SetInsertPoint(Done);
  B.CreateBr(Nests[Code].Pre);
  return Pre;
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
  // fallback sorts that out. In a kernel that splits its sub-groups, those
  // that reached a sub-group collective went on alone already
  // (continueAlone()), and the work-group goes on from where they stopped.
  Value *MinCode = minExitCode(K, Nest, B);
  Value *Diverged = B.CreateICmpNE(MinCode, Nest.MaxCode);
  if (!Diverges[K])
    Diverged = B.CreateAnd(Checked, Diverged);
  bool WentAlone = Diverges[K] && SplitsSubGroups;
  SmallVector<unsigned, 4> Exits;
  for (unsigned Code : S.ExitCodes) {
    if (WentAlone && isSubGroupSync(Code))
      Diverged =
          B.CreateOr(Diverged, B.CreateICmpEQ(Nest.MaxCode, B.getInt32(Code)));
    else
      Exits.push_back(Code);
  }
  BasicBlock *Otherwise =
      Diverges[K] ? Fallback : reportDivergence(MinCode, Nest.MaxCode);
  if (Exits.empty()) {
    B.CreateBr(Otherwise);
    return;
  }
  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "dispatch", &WG);
  B.CreateCondBr(Diverged, Otherwise, Dispatch);

  B.SetInsertPoint(Dispatch);
  // Each sub-group recorded its exit as where it stopped: reset that for
  // the next time, as stopped() does.
  if (WentAlone)
    B.CreateStore(B.getInt32(-1), AgreedCode);
  SwitchInst *Switch =
      B.CreateSwitch(Nest.MaxCode, Target(Exits[0]), Exits.size());
  for (unsigned Code : Exits)
    Switch->addCase(B.getInt32(Code), Target(Code));
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

bool WorkGroupBuilder::build(AAResults &AA, const TargetTransformInfo &TTI) {
  if (!checkSupported())
    return false;
  VectorBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue();
  findSubCfgs();
  chainSubGroupSplits();
  findDivergentRuns();
  SplitsSubGroups = splitsSubGroups();
  findGroupNests();
  markKernelObjectDereferenceable(WG);
  foldPhisOfOneComputation(WG);
  rematerializeQueries(WG);
  Live = valuesLiveAcrossBarriers(WG);
  // A collective's result is computed across the work-item loop before it
  // and read after it: always loop state.
  for (Instruction &I : instructions(WG))
    if (isCollective(getBuiltin(&I)) && !I.use_empty() &&
        !is_contained(Live, &I))
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
  // continues (a chain runs over the group whole or not at all).
  Nests.resize(SubCfgs.size());
  SmallVector<unsigned, 4> GroupNests; // those that run, in order
  for (unsigned Head = 0; Head < SubCfgs.size(); ++Head)
    if (Continues[Head] < 0 && RunsOverGroup[Head])
      for (int K = Head; K >= 0; K = ContinuedBy[K]) {
        Nests[K] = buildLoopNest(K);
        GroupNests.push_back(K);
      }
  Return = BasicBlock::Create(Ctx, "wg.return", &WG);
  ReturnInst::Create(Ctx, Return);
  B.CreateBr(Nests[0].Pre);
  for (unsigned K : GroupNests)
    if (Diverges[K] && SplitsSubGroups)
      continueAlone(K);
  if (is_contained(Diverges, true)) {
    if (SplitsSubGroups)
      Fallback = stopped();
    else
      buildFallback();
  }
  for (unsigned K : GroupNests)
    cloneSubCfg(K, Nests[K]);
  for (auto &[K, Nest] : SoloNests)
    cloneSubCfg(K, Nest);
  for (unsigned K : GroupNests) {
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
  scopeLocalMemory();
  return Clean;
}

/// Replaces by `WG` every `__lanes_work_group_function` call that resolves
/// to it.
static void foldWorkGroupFunctionQueries(Module &M, Function &WG) {
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

/// Replaces every `__lanes_private_mem_size(@entry)` call by the most
/// loop state per work-item of the work-group functions lowered from
/// `@entry` (0 when none was, or the entry was dropped), as their
/// summaries record it. The entry is the argument, or the metadata
/// `lanes-required-local-sizes` moved it to.
static void foldPrivateMemSizeQueries(Module &M) {
  Function *Query = M.getFunction("__lanes_private_mem_size");
  if (!Query)
    return;
  for (User *U : make_early_inc_range(Query->users())) {
    auto *Call = dyn_cast<CallInst>(U);
    if (!Call || Call->getCalledFunction() != Query)
      continue;
    // Dropped: named in metadata that lost its entry.
    bool Dropped = false;
    const Function *Entry = nullptr;
    const MDNode *Detached = Call->getMetadata(PrivateMemSizeEntryMD);
    if (Detached && Detached->getNumOperands() == 1) {
      Entry = mdconst::dyn_extract_or_null<Function>(Detached->getOperand(0));
      Dropped = !Detached->getOperand(0);
    } else if (Call->arg_size() == 1) {
      Entry = dyn_cast<Function>(Call->getArgOperand(0)->stripPointerCasts());
    }
    if (!Entry && !Dropped) {
      diagnoseKernel(*Call->getFunction(), Call,
                     "__lanes_private_mem_size takes a constant kernel entry "
                     "function (include/lanes/builtins.h)");
      continue;
    }
    uint64_t Bytes = 0;
    if (Entry)
      for (Function &WG : M)
        if (WG.getFnAttribute(LoweredWorkGroupAttr).getValueAsString() ==
            Entry->getName())
          if (std::optional<WorkGroupSummary> S = readSummary(WG))
            Bytes = std::max(Bytes, S->StateBytesPerItem);
    Call->replaceAllUsesWith(ConstantInt::get(Call->getType(), Bytes));
    Call->eraseFromParent();
  }
}

} // namespace cbs

PreservedAnalyses WorkItemLoopsPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallVector<Function *, 8> WorkGroupFunctions;
  for (Function &F : M)
    if (isWorkGroupFunction(F))
      WorkGroupFunctions.push_back(&F);
  for (Function *WG : WorkGroupFunctions) {
    Function *Entry =
        M.getFunction(WG->getFnAttribute(WorkGroupAttr).getValueAsString());
    cbs::WorkGroupBuilder Builder(*WG);
    if (!Builder.build(FAM.getResult<AAManager>(*WG),
                       FAM.getResult<TargetIRAnalysis>(*WG)) ||
        !Entry)
      continue;
    // Built: the function no longer waits for lowering.
    WG->removeFnAttr(WorkGroupAttr);
    WG->addFnAttr(LoweredWorkGroupAttr, Entry->getName());
    cbs::foldWorkGroupFunctionQueries(M, *WG);
    ++NumWorkGroupFunctions;
  }
  bool Queried = M.getFunction("__lanes_private_mem_size");
  cbs::foldPrivateMemSizeQueries(M);
  return WorkGroupFunctions.empty() && !Queried ? PreservedAnalyses::all()
                                                : PreservedAnalyses::none();
}

} // namespace lanes
