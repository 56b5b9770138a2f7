//===- WorkItemShape.h - Which values are the same for a whole group -*- C++ -*-===//
//
/// \file
/// Function analysis `lanes-shape` over a work-group function (before its
/// work-item loops exist): classifies every value as *uniform* (the same for
/// every work-item of the group) or *varying*.
///
/// LLVM's UniformityAnalysis only runs for targets with branch divergence,
/// so CPUs need their own. Seeds: `__lanes_local_id` is varying; the other
/// id/size queries, the kernel object and constants are uniform. Loads are
/// uniform only from the kernel object, which is read-only during a launch.
/// Calls are uniform only when they neither read nor write memory and every
/// argument is uniform. A group reduction or broadcast is uniform whatever
/// its operand; a group scan is varying. Control: a PHI is varying when any of its incoming
/// values is, or when its block lies between a branch on a varying
/// condition and that branch's immediate post-dominator, the join included
/// (a conservative form of sync dependence; with the input in LCSSA form it
/// also covers values leaving loops with varying exits).
/// The result is a fixpoint of these rules.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_ANALYSIS_WORKITEMSHAPE_H
#define LANES_ANALYSIS_WORKITEMSHAPE_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"

namespace lanes {

/// The uniform/varying classification of one work-group function.
class WorkItemShape {
public:
  explicit WorkItemShape(llvm::Function &F);
  /// True when `V` has the same value in every work-item of a group.
  bool isUniform(const llvm::Value *V) const;
  /// True when `V` has the same value in every work-item of a sub-group of
  /// `SubGroupSize`: it is uniform, or computed from uniform values, the
  /// local ids in dimensions 1 and 2 (a sub-group lies in one row) and the
  /// sub-group id (`x >> log2(SG)`, `x | (SG - 1)` of local id x in
  /// dimension 0) by side-effect-free arithmetic and loads (a race-free
  /// kernel's work-items read the same value at one address). With a size
  /// below 2, the same as isUniform().
  bool isSubGroupUniform(const llvm::Value *V, unsigned SubGroupSize) const {
    return isSubGroupUniform(V, SubGroupSize, 0);
  }
  /// True when `BB` lies strictly between a varying branch and its
  /// immediate post-dominator: only some work-items of a group may run it.
  bool isInDivergentRegion(const llvm::BasicBlock *BB) const {
    return DivergentBlocks.contains(BB);
  }

private:
  bool isSubGroupUniform(const llvm::Value *V, unsigned SubGroupSize,
                         unsigned Depth) const;
  bool isSeedVarying(const llvm::Instruction &I) const;
  bool propagate(llvm::Function &F);
  bool markDivergentRegion(llvm::BasicBlock &Branch);
  llvm::PostDominatorTree PDT;
  llvm::DenseSet<const llvm::Value *> Varying;
  /// Blocks between a varying branch and its post-dominator, joins included
  /// (their PHIs are varying), and the same without the joins.
  llvm::DenseSet<const llvm::BasicBlock *> DivergentJoins, DivergentBlocks;
  const llvm::Value *KernelObject = nullptr;
};

/// Computes WorkItemShape for a function.
class WorkItemShapeAnalysis
    : public llvm::AnalysisInfoMixin<WorkItemShapeAnalysis> {
  friend llvm::AnalysisInfoMixin<WorkItemShapeAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = WorkItemShape;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

/// `print<lanes-shape>`: prints "uniform"/"varying" for each instruction.
class WorkItemShapePrinterPass
    : public llvm::PassInfoMixin<WorkItemShapePrinterPass> {
public:
  explicit WorkItemShapePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace lanes

#endif
