//===- Diagnostics.cpp - User-facing errors of the kernel pipeline --------===//
//
/// \file
/// Implements DiagnosticInfoKernel and diagnoseKernel.
//
//===----------------------------------------------------------------------===//
#include "Diagnostics.h"

#include "../Analysis/LanesIR.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

namespace lanes {

DiagnosticInfoKernel::DiagnosticInfoKernel(std::string Message)
    : DiagnosticInfo(kind(), DS_Error), Message(std::move(Message)) {}

void DiagnosticInfoKernel::print(DiagnosticPrinter &DP) const {
  DP << Message;
}

bool DiagnosticInfoKernel::classof(const DiagnosticInfo *DI) {
  return DI->getKind() == kind();
}

int DiagnosticInfoKernel::kind() {
  static const int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}

void diagnoseKernel(const Function &Kernel, const Instruction *At,
                    const Twine &Message) {
  std::string Where;
  if (At && isGroupSync(getBuiltin(At)))
    Where = describeBarrier(*cast<CallInst>(At)) + ": ";
  else if (At && At->getDebugLoc())
    Where = (At->getDebugLoc()->getFilename() + ":" +
             Twine(At->getDebugLoc().getLine()) + ": ")
                .str();
  std::string Text =
      (Where + "in kernel '" + kernelName(Kernel) + "': " + Message).str();
  if (At && Where.empty())
    Text += " (compile with -g for its source line)";
  Kernel.getContext().diagnose(DiagnosticInfoKernel(std::move(Text)));
}

} // namespace lanes
