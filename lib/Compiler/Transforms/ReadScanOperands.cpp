//===- ReadScanOperands.cpp - A group scan reads its operands' source -----===//
//
/// \file
/// Implements `lanes-read-scan-operands`; see ReadScanOperands.h.
//
//===----------------------------------------------------------------------===//
#include "ReadScanOperands.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "lanes-read-scan-operands"

STATISTIC(NumRead, "Work-group scans that read their operands' source");

namespace lanes {
namespace {

/// The copy a work-item loop makes of a scan's operands: `Save` stores
/// `Element`, an element loaded from consecutive `Source` + i * size, to
/// the scan's array at `Array` + i * size.
struct OperandCopy {
  Loop *L = nullptr;
  StoreInst *Save = nullptr;
  LoadInst *Element = nullptr;
  const SCEV *Source = nullptr;
  const SCEV *Array = nullptr;
};

class ScanReader {
public:
  ScanReader(Function &F, FunctionAnalysisManager &FAM)
      : F(F), LI(FAM.getResult<LoopAnalysis>(F)),
        SE(FAM.getResult<ScalarEvolutionAnalysis>(F)),
        DT(FAM.getResult<DominatorTreeAnalysis>(F)),
        AA(FAM.getResult<AAManager>(F)) {}

  /// Reads the operands of every scan whose copy it can drop.
  bool run();

private:
  /// The start of the addresses `Ptr` takes in `Access`'s loop when they
  /// are consecutive, `Size` bytes apart; else null.
  const SCEV *consecutiveStart(const Instruction &Access, const Value *Ptr,
                               uint64_t Size) const;
  std::optional<OperandCopy> findCopy(ArrayRef<LoadInst *> Loads,
                                      uint64_t Items) const;
  bool hasArrayBase(const OperandCopy &Copy, ArrayRef<LoadInst *> Loads) const;
  bool canDropCopy(const OperandCopy &Copy, ArrayRef<LoadInst *> Loads) const;
  void readSource(const OperandCopy &Copy, ArrayRef<LoadInst *> Loads);

  Function &F;
  LoopInfo &LI;
  ScalarEvolution &SE;
  DominatorTree &DT;
  AAResults &AA;
};

const SCEV *ScanReader::consecutiveStart(const Instruction &Access,
                                         const Value *Ptr,
                                         uint64_t Size) const {
  Loop *L = LI.getLoopFor(Access.getParent());
  const auto *Rec =
      dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Value *>(Ptr)));
  if (!L || !Rec || Rec->getLoop() != L || !Rec->isAffine())
    return nullptr;
  const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  if (!Step || Step->getAPInt() != Size)
    return nullptr;
  return Rec->getStart();
}

/// Finds the work-item loop that copies the operands of the scan `Loads`
/// make, over all `Items` work-items.
std::optional<OperandCopy> ScanReader::findCopy(ArrayRef<LoadInst *> Loads,
                                                uint64_t Items) const {
  // The vector loop's first load is at the array's start, as is the
  // item loop's when there is no vector loop.
  LoadInst *First = Loads.front();
  for (LoadInst *Load : Loads)
    if (Load->getType()->isVectorTy())
      First = Load;
  Type *ElemTy = First->getType()->getScalarType();
  const DataLayout &DL = F.getDataLayout();
  uint64_t Size = DL.getTypeStoreSize(ElemTy);
  if (DL.getTypeAllocSize(ElemTy) != Size)
    return std::nullopt;
  const SCEV *Array = consecutiveStart(*First, First->getPointerOperand(),
                                       DL.getTypeStoreSize(First->getType()));
  if (!Array)
    return std::nullopt;
  for (Loop *L : innermostWorkItemLoops(LI)) {
    // Every trip runs the latch, which is where the loop exits.
    if (SE.getSmallConstantTripCount(L) != Items || !L->getExitBlock() ||
        !L->getLoopLatch() || L->getExitingBlock() != L->getLoopLatch())
      continue;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB) {
        auto *Save = dyn_cast<StoreInst>(&I);
        if (!Save || !Save->isSimple() ||
            Save->getValueOperand()->getType() != ElemTy ||
            consecutiveStart(*Save, Save->getPointerOperand(), Size) != Array)
          continue;
        auto *Element = dyn_cast<LoadInst>(Save->getValueOperand());
        if (!Element || !Element->isSimple() || !L->contains(Element))
          continue;
        const SCEV *Source =
            consecutiveStart(*Element, Element->getPointerOperand(), Size);
        // The copy is made on every trip, so every item loaded its element.
        if (Source && DT.dominates(BB, L->getLoopLatch()))
          return OperandCopy{L, Save, Element, Source, Array};
      }
  }
  return std::nullopt;
}

/// True when the scan may load what `Copy` loaded instead: nothing between
/// the copy and the scan's loads writes the elements, and nothing but the
/// copy and the scan itself (each of its stores overwrites what one of its
/// loads read) reads or writes the array.
bool ScanReader::canDropCopy(const OperandCopy &Copy,
                             ArrayRef<LoadInst *> Loads) const {
  BasicBlock *Exit = Copy.L->getExitBlock();
  if (!all_of(Loads, [&](LoadInst *Load) {
        return DT.dominates(Exit, Load->getParent());
      }))
    return false;
  // The copy loop, and every block from its exit to a load of the scan
  // without going round the copy loop again.
  SmallPtrSet<BasicBlock *, 1> CopyAgain{Copy.L->getHeader()};
  SmallVector<BasicBlock *, 16> Blocks(Copy.L->blocks());
  for (BasicBlock &BB : F)
    if (DT.dominates(Exit, &BB) && any_of(Loads, [&](LoadInst *Load) {
          return isPotentiallyReachable(&BB, Load->getParent(), &CopyAgain, &DT,
                                        &LI);
        }))
      Blocks.push_back(&BB);
  MemoryLocation Source =
      MemoryLocation::getBeforeOrAfter(Copy.Element->getPointerOperand());
  MemoryLocation Array =
      MemoryLocation::getBeforeOrAfter(Copy.Save->getPointerOperand());
  auto IsScanStore = [&](const Instruction &I) {
    const auto *Store = dyn_cast<StoreInst>(&I);
    return Store && any_of(Loads, [&](LoadInst *Load) {
             return Load->getPointerOperand() == Store->getPointerOperand();
           });
  };
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      if (&I == Copy.Element || &I == Copy.Save || is_contained(Loads, &I))
        continue;
      if (I.mayWriteToMemory() && isModSet(AA.getModRefInfo(&I, Source)))
        return false;
      if (!IsScanStore(I) && isModOrRefSet(AA.getModRefInfo(&I, Array)))
        return false;
    }
  return true;
}

/// Points each of `Loads` at the element it reads a copy of, and drops the
/// copy. Each load's address is an offset from the array's start
/// (hasArrayBase()); the same offset from the source's start is the
/// element's, in the same object: every item loaded its element.
void ScanReader::readSource(const OperandCopy &Copy,
                            ArrayRef<LoadInst *> Loads) {
  SCEVExpander Expander(SE, F.getDataLayout(), "scan.operands");
  Value *Source =
      Expander.expandCodeFor(Copy.Source, Copy.Element->getPointerOperandType(),
                             Copy.L->getExitBlock()->getTerminator());
  for (LoadInst *Load : Loads) {
    auto *At = cast<GetElementPtrInst>(Load->getPointerOperand())->clone();
    At->setOperand(GetElementPtrInst::getPointerOperandIndex(), Source);
    At->insertBefore(Load);
    At->setName("scan.source");
    Load->setOperand(LoadInst::getPointerOperandIndex(), At);
    Load->setAlignment(std::min(Load->getAlign(), Copy.Element->getAlign()));
    Load->setAAMetadata(Copy.Element->getAAMetadata());
    Load->setMetadata(ScanOperandMD, nullptr);
  }
  Copy.Save->eraseFromParent();
  if (Copy.Element->use_empty())
    Copy.Element->eraseFromParent();
  ++NumRead;
}

/// True when each of `Loads` loads from a GEP off the start of `Copy`'s
/// array.
bool ScanReader::hasArrayBase(const OperandCopy &Copy,
                              ArrayRef<LoadInst *> Loads) const {
  return all_of(Loads, [&](LoadInst *Load) {
    auto *At = dyn_cast<GetElementPtrInst>(Load->getPointerOperand());
    return At && SE.getSCEV(At->getPointerOperand()) == Copy.Array;
  });
}

bool ScanReader::run() {
  // The loads of each scan, by its mark.
  MapVector<MDNode *, SmallVector<LoadInst *, 2>> Scans;
  for (Instruction &I : instructions(F))
    if (MDNode *Mark = I.getMetadata(ScanOperandMD))
      if (auto *Load = dyn_cast<LoadInst>(&I))
        Scans[Mark].push_back(Load);
  bool Changed = false;
  for (auto &[Mark, Loads] : Scans) {
    auto *Items = mdconst::dyn_extract_or_null<ConstantInt>(
        Mark->getNumOperands() ? Mark->getOperand(0) : nullptr);
    if (!Items)
      continue;
    std::optional<OperandCopy> Copy = findCopy(Loads, Items->getZExtValue());
    if (!Copy || !hasArrayBase(*Copy, Loads) || !canDropCopy(*Copy, Loads) ||
        !SCEVExpander(SE, F.getDataLayout(), "scan.operands")
             .isSafeToExpandAt(Copy->Source,
                               Copy->L->getExitBlock()->getTerminator()))
      continue;
    readSource(*Copy, Loads);
    SE.forgetLoop(Copy->L);
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses ReadScanOperandsPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F) || !ScanReader(F, FAM).run())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace lanes
