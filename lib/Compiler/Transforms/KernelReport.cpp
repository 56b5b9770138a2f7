//===- KernelReport.cpp - What each kernel was compiled to ----------------===//
//
/// \file
/// Implements `lanes-report`; see KernelReport.h.
//
//===----------------------------------------------------------------------===//
#include "KernelReport.h"

#include "../Analysis/LanesIR.h"
#include "../Analysis/VectorizedWorkItemLoops.h"
#include "../Analysis/WorkGroupSummary.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace llvm;

#define DEBUG_TYPE "lanes-report"

namespace lanes {
namespace {

/// The remark pass name `-Rpass-analysis=` selects.
constexpr const char *ReportName = "lanes-report";

/// The path of \p File, made absolute with its directory: clang splits the
/// main file's path in one way for the compile unit and in another for the
/// functions in it.
SmallString<128> fullPath(const DIFile &File) {
  SmallString<128> Path(File.getFilename());
  sys::fs::make_absolute(File.getDirectory(), Path);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path;
}

/// Where the report on \p WG points (see KernelReport.h).
DiagnosticLocation kernelLocation(const Function &WG) {
  const DISubprogram *Own = WG.getSubprogram();
  if (!Own || !Own->getUnit() || !Own->getUnit()->getFile())
    return DiagnosticLocation();
  SmallString<128> MainFile = fullPath(*Own->getUnit()->getFile());
  for (const Instruction &I : instructions(WG)) {
    // From the innermost inlined function out to WG itself; the last one
    // in the main file is the user's kernel.
    const DISubprogram *Kernel = nullptr;
    for (const DILocation *Loc = I.getDebugLoc(); Loc;
         Loc = Loc->getInlinedAt()) {
      const DISubprogram *SP = Loc->getScope()->getSubprogram();
      if (SP->getFile() && fullPath(*SP->getFile()) == MainFile)
        Kernel = SP;
    }
    if (Kernel)
      return DiagnosticLocation(Kernel);
  }
  return DiagnosticLocation(Own);
}

/// Appends "N noun" or "N nouns" to \p R, N under \p Key in saved remarks.
void appendCount(OptimizationRemarkAnalysis &R, StringRef Key, uint64_t N,
                 StringRef Noun) {
  R << ore::NV(Key, N) << " " << Noun << (N == 1 ? "" : "s");
}

/// Appends how many of \p Loops vectorized, and their widths.
void describeLoops(OptimizationRemarkAnalysis &R,
                   ArrayRef<WorkItemLoop> Loops) {
  uint64_t Vectorized = 0;
  std::set<unsigned> Widths;
  for (const WorkItemLoop &W : Loops) {
    if (W.Lanes) {
      ++Vectorized;
      Widths.insert(W.Lanes);
    }
  }
  R << ore::NV("VectorizedLoops", Vectorized) << " of ";
  appendCount(R, "WorkItemLoops", Loops.size(), "work-item loop");
  R << " vectorized";
  if (Widths.empty())
    return;
  R << " (";
  for (auto [I, Width] : enumerate(Widths))
    R << (I ? ", " : "") << ore::NV("Lanes", Width);
  R << " lanes)";
}

/// The report on \p WG.
OptimizationRemarkAnalysis report(const Function &WG, const WorkGroupSummary &S,
                                  ArrayRef<WorkItemLoop> Loops) {
  OptimizationRemarkAnalysis R(ReportName, "KernelReport", kernelLocation(WG),
                               &WG.getEntryBlock());
  R << "kernel '" << kernelName(WG) << "'";
  if (roundsUpRange(WG))
    R << " over its range rounded up to whole work-groups";
  if (std::optional<LocalSize> Size = fixedLocalSize(WG))
    R << " for local size " << ore::NV("LocalSizeX", (*Size)[0]) << "x"
      << ore::NV("LocalSizeY", (*Size)[1]) << "x"
      << ore::NV("LocalSizeZ", (*Size)[2]) << " (fastest dimension first)";
  R << ": ";
  appendCount(R, "Barriers", S.Barriers, "barrier");
  if (S.GroupCollectives) {
    R << ", ";
    appendCount(R, "GroupCollectives", S.GroupCollectives, "group collective");
  }
  if (S.SubGroupCollectives) {
    R << ", ";
    appendCount(R, "SubGroupCollectives", S.SubGroupCollectives,
                "sub-group collective");
  }
  if (S.ImplicitSyncs) {
    R << ", ";
    appendCount(R, "ImplicitSyncs", S.ImplicitSyncs, "implicit loop barrier");
  }
  R << ", ";
  appendCount(R, "SubCfgs", S.SubCfgs, "sub-CFG");
  R << ", loop state " << ore::NV("StateBytesPerItem", S.StateBytesPerItem)
    << " bytes per work-item (+"
    << ore::NV("UniformStateBytes", S.UniformStateBytes) << " bytes uniform), ";
  describeLoops(R, Loops);
  return R;
}

} // namespace

PreservedAnalyses KernelReportPass::run(Function &F,
                                        FunctionAnalysisManager &FAM) {
  if (!isLoweredWorkGroupFunction(F))
    return PreservedAnalyses::all();
  std::optional<WorkGroupSummary> Summary = readSummary(F);
  if (!Summary)
    return PreservedAnalyses::all();
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  ORE.emit([&] {
    return report(F, *Summary,
                  findWorkItemLoops(F, FAM.getResult<LoopAnalysis>(F)));
  });
  return PreservedAnalyses::all();
}

} // namespace lanes
