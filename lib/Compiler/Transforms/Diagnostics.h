//===- Diagnostics.h - User-facing errors of the kernel pipeline -*- C++ -*-===//
//
/// \file
/// Kernel input the pipeline cannot handle is reported through
/// LLVMContext::diagnose with this DiagnosticInfo (clang prints it as an
/// error and stops), never with llvm_unreachable or report_fatal_error.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_DIAGNOSTICS_H
#define LANES_TRANSFORMS_DIAGNOSTICS_H

#include "llvm/IR/DiagnosticInfo.h"

#include <string>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace lanes {

/// An error in a kernel, with the kernel's name and, when known, the
/// source location it concerns.
class DiagnosticInfoKernel : public llvm::DiagnosticInfo {
public:
  explicit DiagnosticInfoKernel(std::string Message);
  void print(llvm::DiagnosticPrinter &DP) const override;
  static bool classof(const llvm::DiagnosticInfo *DI);

private:
  static int kind();
  std::string Message;
};

/// Reports `Message` as an error about `Kernel`, located at `At` (its debug
/// location, or for a barrier call the call site the front end recorded).
void diagnoseKernel(const llvm::Function &Kernel, const llvm::Instruction *At,
                    const llvm::Twine &Message);

} // namespace lanes

#endif // LANES_TRANSFORMS_DIAGNOSTICS_H
