//===- SubGroupFallback.cpp - Sub-groups that part ways -------------------===//
//
/// \file
/// The part of `lanes-work-item-loops` for whole sub-groups that take
/// different ways through sub-group collectives (WorkItemLoops.h, step 3):
/// which nests may see it, and the fallback that then runs the sub-groups
/// one at a time, each as far as it goes alone.
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

} // namespace cbs
} // namespace lanes
