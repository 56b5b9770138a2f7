//===- WorkGroupSummary.h - What a kernel was lowered to --------*- C++ -*-===//
//
/// \file
/// The counts `lanes-work-item-loops` knows only while it lowers a
/// work-group function (its barriers, its sub-CFGs, its loop state) and
/// `lanes-report` prints after the vectorizer. They travel as the function
/// metadata WorkGroupSummaryMD, a list of names and values:
/// `!{!"barriers", i64 2, !"sub_cfgs", i64 3, ...}`, so that they survive
/// the passes in between and a hand-written test can state them.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_ANALYSIS_WORKGROUPSUMMARY_H
#define LANES_ANALYSIS_WORKGROUPSUMMARY_H

#include <cstdint>
#include <optional>

namespace llvm {
class Function;
} // namespace llvm

namespace lanes {

/// What one work-group function was lowered to.
struct WorkGroupSummary {
  uint64_t Barriers = 0;            ///< work-group barriers in the kernel
  uint64_t GroupCollectives = 0;    ///< reduce, scan, broadcast over a group
  uint64_t SubGroupCollectives = 0; ///< over a sub-group
  /// Barriers and collectives the pipeline added (lanes.implicit), not
  /// counted above.
  uint64_t ImplicitSyncs = 0;
  uint64_t SubCfgs = 0; ///< work-item loop nests: 1 + one per barrier block
  /// Bytes of the per-work-item loop-state arrays, per work-item: values
  /// live across barriers, private variables, sub-group operands.
  uint64_t StateBytesPerItem = 0;
  uint64_t UniformStateBytes = 0; ///< scalar slots of uniform values
};

/// Attaches \p S to \p WG (replacing any summary it had).
void recordSummary(llvm::Function &WG, const WorkGroupSummary &S);
/// The summary attached to \p WG; none when it has none (not lowered by
/// `lanes-work-item-loops`) or a malformed one.
std::optional<WorkGroupSummary> readSummary(const llvm::Function &WG);

} // namespace lanes

#endif // LANES_ANALYSIS_WORKGROUPSUMMARY_H
