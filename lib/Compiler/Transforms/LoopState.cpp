//===- LoopState.cpp - Where values wait across barriers ------------------===//
//
/// \file
/// The part of `lanes-work-item-loops` (WorkItemLoops.h, step 4) that gives
/// each value live across a barrier its slot: recomputed, a uniform
/// scalar, a stack array of one sub-group, or a per-work-item array in the
/// work-group's loop-state block (shared along a PHI web where the live
/// ranges allow); and that connects the clones to the slots.
//
//===----------------------------------------------------------------------===//
#include "WorkGroupBuilder.h"

#include "../Analysis/BarrierLiveness.h"
#include "../Analysis/LanesIR.h"
#include "../Analysis/WorkItemShape.h"
#include "Collectives.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-work-item-loops"

STATISTIC(NumVaryingState, "Values kept in per-work-item loop-state arrays");
STATISTIC(NumUniformState, "Values kept in uniform scalar slots");
STATISTIC(NumRecomputed, "Values live across barriers recomputed instead");

namespace lanes {
namespace cbs {

/// Assigns every live value and every alloca its slot. Per-item arrays are
/// carved, 64-byte aligned, out of one __lanes_loop_state block.
void WorkGroupBuilder::createSlots(IRBuilder<> &B, const WorkItemShape &Shape) {
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
      Slot.Stride =
          alignTo(DL.getTypeAllocSize(Slot.Ty), DL.getPrefTypeAlign(Slot.Ty));
      ++NumVaryingState;
    }
  }
  // An operand is kept within the sub-group when every exchange of it
  // runs within a chain, or for sub-groups that went on alone.
  auto Exchange = [&](Value *Operand, unsigned Code) {
    if (ownArray(Operand))
      return;
    auto [It, New] = Exchanged.try_emplace(Operand);
    StateSlot &Slot = It->second;
    Slot.InSubGroup = (New || Slot.InSubGroup) &&
                      (Continues[Code] >= 0 || reachedAlone(Code));
    Slot.Ty = Operand->getType();
    Slot.Stride = DL.getTypeAllocSize(Slot.Ty);
  };
  for (unsigned Code = 1; Code < Syncs.size(); ++Code) {
    if (CallInst *Call = stoppingCollective(Code)) {
      Exchange(collectiveOperand(*Call), Code);
      // computeCollective() needs a broadcast's choice too.
      if (auto *Chosen = dyn_cast_or_null<Instruction>(chosenItem(*Call)))
        Exchange(Chosen, Code);
    }
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
    AgreedCode = B.CreateAlloca(I32, nullptr, "agreed.code");
    B.CreateStore(B.getInt32(-1), AgreedCode);
    if (!SplitsSubGroups) {
      CodeSlot.Ty = I32;
      CodeSlot.Stride = 4;
      Arrays.push_back(&CodeSlot);
    }
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
    return isCollective(getBuiltin(V)) || any_of(V->users(), [](User *U) {
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
  B.CreateAlignedStore(Stored, Address, DL.getPrefTypeAlign(Stored->getType()));
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

/// Where the memory behind `Ptr` lies, from its underlying objects.
WorkGroupBuilder::Space WorkGroupBuilder::spaceOf(const Value *Ptr) const {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects, /*LI=*/nullptr, /*MaxLookup=*/0);
  std::optional<Space> Found;
  for (const Value *Object : Objects) {
    Space S = Space::Unknown;
    if (Object == LocalMemory)
      S = Space::Local;
    else if (isa<AllocaInst, GlobalVariable, Argument>(Object) ||
             Object == StateBase)
      S = Space::Other;
    else if (const auto *Load = dyn_cast<LoadInst>(Object);
             Load &&
             getUnderlyingObject(Load->getPointerOperand()) == WG.getArg(0))
      S = Space::Other; // a pointer the kernel captured, from the host
    if (S == Space::Unknown || (Found && *Found != S))
      return Space::Unknown;
    Found = S;
  }
  return Found.value_or(Space::Unknown);
}

/// Tells alias analysis that work-group local memory is apart from the
/// memory of the kernel's captured pointers, its private arrays and loop
/// state: no pointer the host gave can point into a work-group's local
/// memory. An access through a pointer of unknown origin (loaded from
/// memory the kernel writes, say) gets no scope. So a sub-group's store of
/// its sum to local memory may move past the next sub-group's load of its
/// input (lanes-join-reductions).
void WorkGroupBuilder::scopeLocalMemory() {
  MDBuilder MDB(Ctx);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("lanes.local.memory");
  MDNode *Scope = MDNode::get(
      Ctx, MDB.createAnonymousAliasScope(Domain, "lanes.local.memory"));
  for (Instruction &I : instructions(WG)) {
    SmallVector<const Value *, 2> Pointers;
    if (auto *Load = dyn_cast<LoadInst>(&I))
      Pointers.push_back(Load->getPointerOperand());
    else if (auto *Store = dyn_cast<StoreInst>(&I))
      Pointers.push_back(Store->getPointerOperand());
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      Pointers.push_back(RMW->getPointerOperand());
    else if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
      Pointers.push_back(CmpXchg->getPointerOperand());
    else if (auto *Transfer = dyn_cast<MemTransferInst>(&I))
      Pointers.append({Transfer->getDest(), Transfer->getSource()});
    else if (auto *Set = dyn_cast<MemSetInst>(&I))
      Pointers.push_back(Set->getDest());
    if (Pointers.empty())
      continue;
    Space S = spaceOf(Pointers[0]);
    for (const Value *Ptr : drop_begin(Pointers))
      if (spaceOf(Ptr) != S)
        S = Space::Unknown;
    if (S == Space::Unknown)
      continue;
    unsigned Kind = S == Space::Local ? LLVMContext::MD_alias_scope
                                      : LLVMContext::MD_noalias;
    I.setMetadata(Kind, MDNode::concatenate(I.getMetadata(Kind), Scope));
  }
}

} // namespace cbs
} // namespace lanes
