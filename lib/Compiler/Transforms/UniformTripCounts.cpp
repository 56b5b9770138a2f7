//===- UniformTripCounts.cpp - What the local ids settle ------------------===//
//
/// \file
/// Implements `lanes-uniform-trip-counts`; see UniformTripCounts.h.
//
//===----------------------------------------------------------------------===//
#include "UniformTripCounts.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <optional>

using namespace llvm;

#define DEBUG_TYPE "lanes-uniform-trip-counts"

STATISTIC(NumDecided, "Branches on comparisons the local ids decide");
STATISTIC(NumCounted, "Loop exits made to test a constant trip count");

namespace lanes {
namespace {

/// Evaluates expressions of the local ids of a function specialized for
/// its local size at every id of the group.
class IdEvaluator {
public:
  IdEvaluator(Function &F, const LocalSize &Size, ScalarEvolution &SE)
      : SE(SE) {
    for (Instruction &I : instructions(F))
      if (int D = localIdDim(&I); D >= 0 && Size[D] > 1)
        Extents[&I] = Size[D];
  }

  /// Calls \p Visit with the values \p Exprs take at the ids of each
  /// work-item of the group, until it returns false. Returns whether it
  /// visited every work-item: false also when \p Exprs use anything but
  /// local ids and constants, or do not fold to constants.
  bool forEachId(ArrayRef<const SCEV *> Exprs,
                 function_ref<bool(ArrayRef<APInt>)> Visit) const {
    SmallVector<std::pair<Value *, uint64_t>, 3> Used;
    for (const SCEV *E : Exprs) {
      bool Foreign = SCEVExprContains(E, [&](const SCEV *S) {
        const auto *Unknown = dyn_cast<SCEVUnknown>(S);
        if (!Unknown)
          return isa<SCEVAddRecExpr>(S);
        auto It = Extents.find(Unknown->getValue());
        if (It == Extents.end())
          return true;
        if (!is_contained(make_first_range(Used), It->first))
          Used.push_back(*It);
        return false;
      });
      if (Foreign)
        return false;
    }
    SmallVector<uint64_t, 3> Id(Used.size(), 0);
    SmallVector<APInt, 2> At;
    while (true) {
      ValueToSCEVMapTy Map;
      for (unsigned D = 0; D < Used.size(); ++D)
        Map[Used[D].first] = SE.getConstant(Used[D].first->getType(), Id[D]);
      At.clear();
      for (const SCEV *E : Exprs) {
        const auto *C =
            dyn_cast<SCEVConstant>(SCEVParameterRewriter::rewrite(E, SE, Map));
        if (!C)
          return false;
        At.push_back(C->getAPInt());
      }
      if (!Visit(At))
        return false;
      // The next id, the first dimension fastest.
      unsigned D = 0;
      while (D < Used.size() && ++Id[D] == Used[D].second)
        Id[D++] = 0;
      if (D == Used.size())
        return true;
    }
  }

  /// The one value \p E takes in every work-item of the group, if it has
  /// one.
  std::optional<APInt> uniformValue(const SCEV *E) const {
    std::optional<APInt> Value;
    bool Uniform = forEachId({E}, [&](ArrayRef<APInt> At) {
      if (Value && *Value != At[0])
        return false;
      Value = At[0];
      return true;
    });
    return Uniform ? Value : std::nullopt;
  }

  /// The result of \p Compare in every work-item of the group, if it is the
  /// same in all.
  std::optional<bool> uniformResult(const ICmpInst &Compare) const {
    if (!SE.isSCEVable(Compare.getOperand(0)->getType()))
      return std::nullopt;
    std::optional<bool> Result;
    bool Uniform = forEachId(
        {SE.getSCEV(Compare.getOperand(0)), SE.getSCEV(Compare.getOperand(1))},
        [&](ArrayRef<APInt> At) {
          bool R = ICmpInst::compare(At[0], At[1], Compare.getPredicate());
          if (Result && *Result != R)
            return false;
          Result = R;
          return true;
        });
    return Uniform ? Result : std::nullopt;
  }

private:
  ScalarEvolution &SE;
  /// Each local-id query, and the size of its dimension.
  DenseMap<Value *, uint64_t> Extents;
};

/// Makes the branches on comparisons that every work-item decides the same
/// way (`lid < 32` in a group of 8) unconditional in effect: their
/// conditions become constants. Returns whether any did.
bool decideBranches(Function &F, const IdEvaluator &Ids) {
  bool Changed = false;
  for (BasicBlock &BB : F) {
    auto *Branch = dyn_cast<BranchInst>(BB.getTerminator());
    auto *Compare = Branch && Branch->isConditional()
                        ? dyn_cast<ICmpInst>(Branch->getCondition())
                        : nullptr;
    if (!Compare)
      continue;
    if (std::optional<bool> Result = Ids.uniformResult(*Compare)) {
      Branch->setCondition(ConstantInt::getBool(Branch->getContext(), *Result));
      // Its operands stay for later clean-ups: the evaluator knows the ids.
      if (Compare->use_empty())
        Compare->eraseFromParent();
      ++NumDecided;
      Changed = true;
    }
  }
  return Changed;
}

/// Makes \p L leave after its trip count, when that is one value in every
/// work-item; returns whether it did.
bool countTrips(Loop &L, ScalarEvolution &SE, DominatorTree &DT, LoopInfo &LI,
                const IdEvaluator &Ids) {
  BasicBlock *Exiting = L.getExitingBlock();
  BasicBlock *Latch = L.getLoopLatch();
  // The exiting block runs once a trip, so its runs count the trips.
  if (!Exiting || !Latch || !DT.dominates(Exiting, Latch))
    return false;
  auto *Branch = dyn_cast<BranchInst>(Exiting->getTerminator());
  if (!Branch || !Branch->isConditional())
    return false;
  // The trips before the one that leaves.
  const SCEV *Count = SE.getExitCount(&L, Exiting);
  if (isa<SCEVCouldNotCompute>(Count) || isa<SCEVConstant>(Count))
    return false;
  std::optional<APInt> Last = Ids.uniformValue(Count);
  if (!Last)
    return false;
  // A guard decided above may still stand where the preheader should.
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!Preheader)
    Preheader = InsertPreheaderForLoop(&L, &DT, &LI, nullptr,
                                       /*PreserveLCSSA=*/false);
  if (!Preheader)
    return false;
  Type *Ty = Count->getType();
  IRBuilder<> B(&L.getHeader()->front());
  PHINode *Trip = B.CreatePHI(Ty, 2, "trip");
  Trip->addIncoming(ConstantInt::get(Ty, 0), Preheader);
  B.SetInsertPoint(Latch->getTerminator());
  // At most *Last: no wrap.
  Trip->addIncoming(B.CreateNUWAdd(Trip, ConstantInt::get(Ty, 1), "trip.next"),
                    Latch);
  B.SetInsertPoint(Branch);
  bool LeavesOnTrue = !L.contains(Branch->getSuccessor(0));
  Value *Old = Branch->getCondition();
  Branch->setCondition(
      B.CreateICmp(LeavesOnTrue ? ICmpInst::ICMP_EQ : ICmpInst::ICMP_NE, Trip,
                   ConstantInt::get(Ty, *Last), "trip.last"));
  if (auto *OldCompare = dyn_cast<Instruction>(Old);
      OldCompare && OldCompare->use_empty())
    OldCompare->eraseFromParent();
  SE.forgetLoop(&L);
  ++NumCounted;
  return true;
}

} // namespace

PreservedAnalyses UniformTripCountsPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  std::optional<LocalSize> Size =
      isWorkGroupFunction(F) ? fixedLocalSize(F) : std::nullopt;
  if (!Size)
    return PreservedAnalyses::all();
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  IdEvaluator Ids(F, *Size, SE);
  // Only conditions change here. A decided exit changes its loop's count.
  bool Decided = decideBranches(F, Ids);
  if (Decided)
    SE.forgetAllLoops();
  bool Counted = false;
  for (Loop *L : LI.getLoopsInPreorder())
    Counted |= countTrips(*L, SE, DT, LI, Ids);
  if (!Decided && !Counted)
    return PreservedAnalyses::all();
  FAM.invalidate(F, PreservedAnalyses::none());
  FunctionPassManager Tidy;
  // Unroll what is now a short loop of constant trip count, as LLVM's
  // simplification did for the loops it saw constant.
  if (Counted)
    Tidy.addPass(createFunctionToLoopPassAdaptor(LoopFullUnrollPass()));
  // Drop the decided branches' dead paths.
  if (Decided)
    Tidy.addPass(SimplifyCFGPass());
  Tidy.run(F, FAM);
  return PreservedAnalyses::none();
}

} // namespace lanes
