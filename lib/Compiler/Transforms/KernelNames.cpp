//===- KernelNames.cpp - The SYCL names of kernels ------------------------===//
//
/// \file
/// Implements `lanes-kernel-names`; see KernelNames.h.
//
//===----------------------------------------------------------------------===//
#include "KernelNames.h"

#include "../Analysis/LanesIR.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace lanes {

PreservedAnalyses KernelNamesPass::run(Module &M, ModuleAnalysisManager &) {
  // Kernel object type -> the name it was first launched under.
  StringMap<std::string> Names;
  for (const GlobalVariable &G : M.globals()) {
    if (!G.getName().contains("NamedKernelType"))
      continue;
    std::string Record = demangle(G.getName());
    if (!StringRef(Record).starts_with("lanes::detail::NamedKernelType<"))
      continue;
    SmallVector<StringRef, 4> Arguments = templateArguments(Record);
    if (Arguments.size() == 2)
      Names.try_emplace(Arguments[1], Arguments[0].str());
  }
  if (Names.empty())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !F.getName().contains("kernelEntry") ||
        F.hasFnAttribute(KernelNameAttr))
      continue;
    auto Name = Names.find(kernelObjectName(F));
    if (Name == Names.end())
      continue;
    F.addFnAttr(KernelNameAttr, Name->second);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace lanes
