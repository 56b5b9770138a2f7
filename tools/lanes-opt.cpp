//===- lanes-opt.cpp - opt for the Lanes passes ---------------------------===//
//
/// \file
/// Runs Lanes passes (and any LLVM pass) by name on an IR file, like opt:
///   lanes-opt -passes=lanes-isolate-barriers in.ll -S -o out.ll
/// Used by the lit tests. A module with a target triple gets that target's
/// cost model (each function's "target-cpu" and "target-features" choose
/// the subtarget), as in lanes++; without one, LLVM's target-independent
/// defaults. Kernel diagnostics are printed as "error: ..."
/// and make the tool exit with status 1 after writing its output.
//
//===----------------------------------------------------------------------===//
#include "../lib/Compiler/Pipeline/KernelPipeline.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input>"),
                                      cl::init("-"));
static cl::opt<std::string> OutputFile("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::init("-"));
static cl::opt<std::string> Passes("passes", cl::desc("Pass pipeline"),
                                   cl::value_desc("pipeline"));
static cl::opt<bool> DisableOutput("disable-output",
                                   cl::desc("Do not print the module"));
static cl::opt<bool> TextOutput("S", cl::desc("Accepted for opt "
                                              "compatibility; output is text"));

int main(int Argc, char **Argv) {
  InitLLVM Init(Argc, Argv);
  cl::ParseCommandLineOptions(Argc, Argv, "Lanes pass driver\n");

  LLVMContext Context;
  bool HadError = false;
  Context.setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo *DI, void *HadErrorPtr) {
        if (DI->getSeverity() == DS_Error)
          *static_cast<bool *>(HadErrorPtr) = true;
        errs() << LLVMContext::getDiagnosticMessagePrefix(DI->getSeverity())
               << ": ";
        DiagnosticPrinterRawOStream Printer(errs());
        DI->print(Printer);
        errs() << "\n";
      },
      &HadError, /*RespectFilters=*/true); // remarks as -pass-remarks says

  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(InputFile, Err, Context);
  if (!M) {
    Err.print(Argv[0], errs());
    return 1;
  }

  std::unique_ptr<TargetMachine> TM;
  if (!M->getTargetTriple().empty()) {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    std::string Error;
    const Target *T = TargetRegistry::lookupTarget(M->getTargetTriple(), Error);
    if (!T) {
      errs() << Argv[0] << ": " << Error << "\n";
      return 1;
    }
    TM.reset(T->createTargetMachine(M->getTargetTriple(), "", "",
                                    TargetOptions(), std::nullopt));
  }

  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM.get());
  lanes::registerPassBuilderCallbacks(PB);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  ModulePassManager MPM;
  if (Error E = PB.parsePassPipeline(MPM, Passes)) {
    errs() << Argv[0] << ": " << toString(std::move(E)) << "\n";
    return 1;
  }
  MPM.run(*M, MAM);
  if (verifyModule(*M, &errs())) {
    errs() << Argv[0] << ": the passes produced invalid IR\n";
    return 2;
  }
  if (!DisableOutput) {
    std::error_code EC;
    ToolOutputFile Out(OutputFile, EC, sys::fs::OpenFlags());
    if (EC) {
      errs() << Argv[0] << ": " << EC.message() << "\n";
      return 1;
    }
    M->print(Out.os(), nullptr);
    Out.keep();
  }
  return HadError ? 1 : 0;
}
