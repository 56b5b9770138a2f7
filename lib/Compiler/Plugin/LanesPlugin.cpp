//===- LanesPlugin.cpp - The clang pass plugin ----------------------------===//
//
/// \file
/// Entry point of LanesPlugin.so, loaded by `clang++ -fpass-plugin=` (the
/// lanes++ driver does it): registers the Lanes passes and the kernel
/// pipeline. Links no LLVM library; clang provides LLVM.
//
//===----------------------------------------------------------------------===//
#include "../Pipeline/KernelPipeline.h"

#include "llvm/Passes/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Lanes", "0.1",
          lanes::registerPassBuilderCallbacks};
}
