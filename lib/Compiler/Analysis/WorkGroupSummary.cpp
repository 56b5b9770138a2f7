//===- WorkGroupSummary.cpp - What a kernel was lowered to ----------------===//
//
/// \file
/// Implements recordSummary and readSummary; see WorkGroupSummary.h.
//
//===----------------------------------------------------------------------===//
#include "WorkGroupSummary.h"

#include "LanesIR.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace lanes {
namespace {

/// The name of each field in the metadata, in the order written.
struct Field {
  StringLiteral Name;
  uint64_t WorkGroupSummary::*Value;
};

constexpr Field Fields[] = {
    {"barriers", &WorkGroupSummary::Barriers},
    {"group_collectives", &WorkGroupSummary::GroupCollectives},
    {"sub_group_collectives", &WorkGroupSummary::SubGroupCollectives},
    {"implicit_syncs", &WorkGroupSummary::ImplicitSyncs},
    {"sub_cfgs", &WorkGroupSummary::SubCfgs},
    {"state_bytes_per_item", &WorkGroupSummary::StateBytesPerItem},
    {"uniform_state_bytes", &WorkGroupSummary::UniformStateBytes},
};

/// The integer \p Node gives for \p Name, or null.
const ConstantInt *valueOf(const MDNode &Node, StringRef Name) {
  for (unsigned I = 0; I + 1 < Node.getNumOperands(); I += 2) {
    auto *Key = dyn_cast<MDString>(Node.getOperand(I));
    if (Key && Key->getString() == Name)
      return mdconst::dyn_extract<ConstantInt>(Node.getOperand(I + 1));
  }
  return nullptr;
}

} // namespace

void recordSummary(Function &WG, const WorkGroupSummary &S) {
  LLVMContext &Ctx = WG.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  SmallVector<Metadata *, 2 * std::size(Fields)> Operands;
  for (const Field &F : Fields) {
    Operands.push_back(MDString::get(Ctx, F.Name));
    Operands.push_back(
        ConstantAsMetadata::get(ConstantInt::get(I64, S.*F.Value)));
  }
  WG.setMetadata(WorkGroupSummaryMD, MDNode::get(Ctx, Operands));
}

std::optional<WorkGroupSummary> readSummary(const Function &WG) {
  const MDNode *Node = WG.getMetadata(WorkGroupSummaryMD);
  if (!Node)
    return std::nullopt;
  WorkGroupSummary S;
  // Every field must be there, so that a stale or hand-written summary
  // cannot print zeros as if they were counts.
  for (const Field &F : Fields) {
    const ConstantInt *Value = valueOf(*Node, F.Name);
    if (!Value)
      return std::nullopt;
    S.*F.Value = Value->getZExtValue();
  }
  return S;
}

} // namespace lanes
