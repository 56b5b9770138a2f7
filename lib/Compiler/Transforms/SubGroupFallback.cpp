//===- SubGroupFallback.cpp - Sub-groups that part ways -------------------===//
//
/// \file
/// The part of `lanes-work-item-loops` for whole sub-groups that take
/// different ways through sub-group collectives (WorkItemLoops.h, step 3):
/// which nests may see it, and the code that then takes the sub-groups on
/// alone, one at a time, each as far as it goes: right after its lanes
/// in a kernel that splits its sub-groups, else in a fallback.
//
//===----------------------------------------------------------------------===//
#include "WorkGroupBuilder.h"

#include "../Analysis/LanesIR.h"
#include "Collectives.h"

using namespace llvm;

namespace lanes {
namespace cbs {

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

/// Finds the sub-CFGs whose nests over the work-group run (RunsOverGroup):
/// all of them, unless the kernel splits its sub-groups. Then sub-groups
/// that leave a nest that Diverges for a run of sub-group collectives go
/// on alone (continueAlone()), and the nest after the run runs over the
/// group only when another nest leads there too. The work-group goes on
/// from where the sub-groups stopped, so every stop's nest runs.
void WorkGroupBuilder::findGroupNests() {
  unsigned Count = SubCfgs.size();
  RunsOverGroup.assign(Count, !SplitsSubGroups);
  if (!SplitsSubGroups)
    return;
  SmallVector<unsigned, 8> Worklist{0};
  append_range(Worklist, Stops);
  for (unsigned K : Worklist)
    RunsOverGroup[K] = true;
  while (!Worklist.empty()) {
    unsigned K = Worklist.pop_back_val();
    for (unsigned Code : SubCfgs[K].ExitCodes)
      if (!RunsOverGroup[Code] && !(Diverges[K] && isSubGroupSync(Code))) {
        RunsOverGroup[Code] = true;
        Worklist.push_back(Code);
      }
  }
}

/// Whether only sub-groups that went on alone reach barrier block `Code`,
/// a run of sub-group collectives: each sub-group's lanes then leave for
/// it and it is exchanged in one trip of the loop over the sub-groups
/// (continueAlone()).
bool WorkGroupBuilder::reachedAlone(unsigned Code) const {
  return SplitsSubGroups && isSubGroupSync(Code) &&
         none_of(seq<unsigned>(SubCfgs.size()), [&](unsigned K) {
           return RunsOverGroup[K] && !Diverges[K] &&
                  SubCfgs[K].ExitCodes.contains(Code);
         });
}

/// The work-group collective the fallback computes at stop `Code`, if any.
CallInst *WorkGroupBuilder::stoppingCollective(unsigned Code) const {
  return Code && Stops.contains(Code) && isCollective(getBuiltin(Syncs[Code]))
             ? Syncs[Code]
             : nullptr;
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

/// The fallback for a work-group whose work-items left a nest that
/// Diverges for different exits, each work-item's exit code in CodeSlot,
/// in a kernel that does not split its sub-groups (splitsSubGroups()):
/// nested loops over the rows and the sub-groups of each row, as the
/// exchange loop has, take each sub-group on alone (runAlone()) once its
/// lanes agree on their exit.
void WorkGroupBuilder::buildFallback() {
  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Name, &WG);
  };
  Fallback = NewBlock("solo.fallback");
  IRBuilder<> B(Fallback);
  // Levels, innermost first: the sub-groups of a row, then dimensions 1
  // and 2.
  std::array<BasicBlock *, NumDims> Headers, Latches;
  std::array<PHINode *, NumDims> Counters;
  for (int L = NumDims - 1; L >= 0; --L)
    Headers[L] = NewBlock("solo.header." + Twine(L));
  for (unsigned L = 0; L < NumDims; ++L)
    Latches[L] = NewBlock("solo.latch." + Twine(L));
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
                   L + 1 < NumDims ? Latches[L + 1] : stopped());
    Counters[L]->addIncoming(Next, Latches[L]);
  }

  // The sub-group (the last of a row may be partial), and the exit its
  // lanes agree on.
  B.SetInsertPoint(Headers[0]);
  SoloSubGroup Solo;
  Solo.Row = B.CreateAdd(B.CreateMul(Counters[2], LocalSize[1]), Counters[1],
                         "solo.row");
  Solo.Start = Counters[0];
  Solo.Size = B.CreateBinaryIntrinsic(
      Intrinsic::umin, B.CreateSub(LocalSize[0], Solo.Start),
      B.getInt64(SubGroupSize), nullptr, "solo.size");
  Solo.Id = {nullptr, Counters[1], Counters[2]};
  Solo.Base =
      B.CreateAdd(B.CreateMul(Solo.Row, LocalSize[0]), Solo.Start, "solo.base");
  Value *Codes = B.CreateInBoundsGEP(I32, CodeSlot.Base, Solo.Base);
  Value *First = B.CreateLoad(I32, Codes, "solo.code");
  Value *Active =
      B.CreateICmpULT(laneIds(), B.CreateVectorSplat(SubGroupSize, Solo.Size));
  Value *Firsts = B.CreateVectorSplat(SubGroupSize, First);
  Value *Lanes =
      B.CreateMaskedLoad(FixedVectorType::get(I32, SubGroupSize), Codes,
                         Align(4), Active, Firsts, "solo.codes");
  Value *Disagree = B.CreateOrReduce(B.CreateICmpNE(Lanes, Firsts));
  SmallVector<unsigned, 8> Left; // the exits of the nests it follows
  for (unsigned K = 0; K < SubCfgs.size(); ++K)
    if (Diverges[K])
      append_range(Left, SubCfgs[K].ExitCodes);
  BasicBlock *Disagreed = NewBlock("solo.disagreed");
  B.CreateCondBr(B.CreateAnd(Checked, Disagree), Disagreed,
                 runAlone(Solo, First, Left, Headers[0], Latches[0]));
  B.SetInsertPoint(Disagreed);
  Value *Min = B.CreateUnaryIntrinsic(Intrinsic::vector_reduce_umin, Lanes);
  Value *Max = B.CreateUnaryIntrinsic(Intrinsic::vector_reduce_umax, Lanes);
  B.CreateBr(reportDivergence(Min, Max));
}

/// In a kernel that splits its sub-groups, each sub-group leaving nest K
/// (which Diverges) goes on alone right after its lane loop, inside the
/// loop over the sub-groups: once its lanes agree on their exit, it runs
/// through the runs of sub-group collectives it reaches until it stops
/// (runAlone()), and then the next sub-group's lanes run. No exit code
/// waits in memory and no second pass goes over the sub-groups, and a
/// sub-group's values stay in registers from one lane loop to the next.
void WorkGroupBuilder::continueAlone(unsigned K) {
  LoopNest &Nest = Nests[K];
  // The largest exit code of the sub-group's lanes, and the largest
  // (top - code), as buildLoopNest finds them over the group.
  IRBuilder<> B(Nest.Latch, Nest.Latch->getFirstInsertionPt());
  Constant *Top = B.getInt32(*max_element(SubCfgs[K].ExitCodes));
  auto OverLanes = [&](Value *Code, const Twine &Name) {
    auto *Phi = PHINode::Create(I32, 2, Name, Nest.Header->begin());
    Phi->addIncoming(B.getInt32(0), Nest.Entries[0]);
    Value *Next = B.CreateBinaryIntrinsic(Intrinsic::umax, Phi, Code);
    Phi->addIncoming(Next, Nest.Latch);
    return Next;
  };
  Value *Max = OverLanes(Nest.ExitCode, "sg.code.max");
  Value *BelowTop =
      OverLanes(B.CreateSub(Top, Nest.ExitCode), "sg.code.below.top");

  auto *Latch = cast<BranchInst>(Nest.Latch->getTerminator());
  BasicBlock *Next = Latch->getSuccessor(1);
  BasicBlock *Enter = BasicBlock::Create(Ctx, "solo.enter." + Twine(K), &WG);
  Latch->setSuccessor(1, Enter);
  B.SetInsertPoint(Enter);
  SoloSubGroup Solo;
  Solo.Row = Nest.Row;
  Solo.Start = Nest.SubGroupStart;
  Solo.Size = B.getInt64(SubGroupSize);
  Solo.Id = {nullptr, Nest.Id[1], Nest.Id[2]};
  Solo.Base =
      B.CreateAdd(B.CreateMul(Solo.Row, LocalSize[0]), Solo.Start, "solo.base");
  Value *Min = B.CreateSub(Top, BelowTop, "sg.code.min");
  B.CreateCondBr(
      B.CreateAnd(Checked, B.CreateICmpNE(Min, Max)),
      reportDivergence(Min, Max),
      runAlone(Solo, Max, SubCfgs[K].ExitCodes.getArrayRef(), Enter, Next));
}

/// The blocks that take sub-group `Solo`, whose lanes left a nest at exit
/// `Code`, one of `Codes` (branching from `From`), on alone: while it
/// waits at a run of sub-group collectives, the run is exchanged for it
/// alone and the sub-CFG after the run runs for its lanes (a copy of that
/// nest for one sub-group, in SoloNests, for each run it may reach),
/// whose lanes must agree on their exit again. Where it stops (a
/// work-group barrier or collective, or the end) must be where the
/// sub-groups before it stopped (AgreedCode); then it goes to `Next`.
BasicBlock *WorkGroupBuilder::runAlone(const SoloSubGroup &Solo, Value *Code,
                                       ArrayRef<unsigned> Codes,
                                       BasicBlock *From, BasicBlock *Next) {
  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Name, &WG);
  };
  BasicBlock *Step = NewBlock("solo.step");
  IRBuilder<> B(Step);
  PHINode *At = B.CreatePHI(I32, 4, "solo.at");
  At->addIncoming(Code, From);
  BasicBlock *Stop = NewBlock("solo.stop");
  SwitchInst *Switch = B.CreateSwitch(At, Stop);
  SmallVector<bool, 8> Reached(SubCfgs.size(), false);
  SmallVector<unsigned, 8> Worklist(Codes);
  while (!Worklist.empty()) {
    unsigned K = Worklist.pop_back_val();
    if (!RunsSolo[K] || Reached[K])
      continue;
    Reached[K] = true;
    append_range(Worklist, SubCfgs[K].ExitCodes);
    Switch->addCase(B.getInt32(K), soloRun(K, Solo, At));
  }

  B.SetInsertPoint(Stop);
  Value *Agreed = B.CreateLoad(I32, AgreedCode, "solo.agreed");
  Value *Differs = B.CreateAnd(B.CreateICmpNE(Agreed, B.getInt32(-1)),
                               B.CreateICmpNE(Agreed, At));
  BasicBlock *Record = NewBlock("solo.record");
  B.CreateCondBr(B.CreateAnd(Checked, Differs), reportDivergence(Agreed, At),
                 Record);
  B.SetInsertPoint(Record);
  B.CreateStore(At, AgreedCode);
  B.CreateBr(Next);
  return Step;
}

/// The block that goes on from where all sub-groups stopped after going
/// on alone (AgreedCode, which it resets): to the sub-CFG after that
/// barrier, through a work-group collective computed from the operands
/// every work-item saved (computeCollective()), or to the end. Built once.
BasicBlock *WorkGroupBuilder::stopped() {
  BasicBlock *Stopped = BasicBlock::Create(Ctx, "solo.done", &WG);
  IRBuilder<> B(Stopped);
  Value *Agreed = B.CreateLoad(I32, AgreedCode, "solo.stopped");
  B.CreateStore(B.getInt32(-1), AgreedCode);
  SmallVector<BasicBlock *, 4> Targets;
  for (unsigned Exit : Stops)
    Targets.push_back(!Exit                      ? Return
                      : stoppingCollective(Exit) ? computeCollective(Exit)
                                                 : Nests[Exit].Pre);
  SwitchInst *Switch = B.CreateSwitch(Agreed, Targets[0]);
  for (auto [Exit, Target] : zip(Stops, Targets))
    Switch->addCase(B.getInt32(Exit), Target);
  return Stopped;
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
  Value *Chosen = chosenItem(*Call);
  if (isa_and_nonnull<Instruction>(Chosen)) { // saved with the operands
    const StateSlot &Slot = exchangeSlot(Chosen);
    Chosen = B.CreateLoad(Slot.Ty, ItemAddress(Slot), "solo.chosen");
  }
  Value *Next = collectiveStep(*Call, Acc, X, Item, B, Chosen);
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

/// The block where sub-group `Solo`, on alone, goes through the sub-group
/// collectives (or barrier) of barrier block K and the sub-CFG after them:
/// the exchange for it alone, then a copy of K's nest for its lanes, whose
/// exit, once the lanes agree on it, goes back to `Step`.
BasicBlock *WorkGroupBuilder::soloRun(unsigned K, const SoloSubGroup &Solo,
                                      PHINode *Step) {
  BasicBlock *Run = BasicBlock::Create(Ctx, "solo.run." + Twine(K), &WG);
  SoloNests.emplace_back(K, buildLoopNest(K, &Solo));
  LoopNest &Nest = SoloNests.back().second;
  IRBuilder<> B(Run);
  if (SmallVector<CallInst *, 4> Used = usedCollectives(K); !Used.empty())
    exchangeSubGroup(Used, Solo.Base, Solo.Size, B);
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

} // namespace cbs
} // namespace lanes
