//===- Collectives.h - The arithmetic of group collectives ------*- C++ -*-===//
//
/// \file
/// What `lanes-work-item-loops` needs to know about a group collective
/// (`__lanes_group_reduce_*`, `_scan_inclusive_*`, `_scan_exclusive_*`,
/// `_broadcast_*`, include/lanes/builtins.h): it lowers each one to an
/// accumulator carried through the work-item loop before it. The
/// accumulator starts at collectiveStart() and every work-item steps it
/// with collectiveStep(), in linear-id order; after the loop it holds the
/// reduction or the broadcast value, and a scan's result for a work-item is
/// the accumulator before (exclusive) or after (inclusive) its step.
///
/// A sub-group collective (`__lanes_sub_group_*`) is not carried: every
/// work-item saves its operand, and between the work-item loops each
/// sub-group's operands are loaded as one vector; subGroupCombine() turns
/// that vector into the lanes' results. A shuffle whose source lane is a
/// constant function of the lane (a shift or an xor permutation) becomes
/// one constant shuffle of that vector, shuffleToLanes(); any other
/// shuffle gathers.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_COLLECTIVES_H
#define LANES_TRANSFORMS_COLLECTIVES_H

#include "llvm/IR/IRBuilder.h"

#include <string>

namespace lanes {

/// Why the collective `Call` cannot be lowered (its operation is not a
/// constant, or not one its type has), or "" when it can.
std::string checkCollective(const llvm::CallInst &Call);

/// Why the sub-group size of sub-group collective or barrier `Call` is
/// wrong, or "" when it is a constant power of two from 1 to 64.
std::string checkSubGroupSize(const llvm::CallInst &Call);

/// The sub-group size of sub-group collective or barrier `Call`, or 0 when
/// it is not a constant power of two from 1 to 64.
unsigned subGroupSize(const llvm::CallInst &Call);

/// The work-item's contribution to `Call`.
llvm::Value *collectiveOperand(const llvm::CallInst &Call);

/// The work-item (or lane) whose value a broadcast or shuffle moves; null
/// for a collective that combines values.
llvm::Value *chosenItem(const llvm::CallInst &Call);

/// The accumulator before the first work-item: the operation's identity
/// (-0.0 for a float sum), or zero for a broadcast.
llvm::Constant *collectiveStart(const llvm::CallInst &Call);

/// The accumulator after the work-item with linear id `Item` contributed
/// `X` to `Call`, given `Acc` before. Reductions may be reassociated. A
/// broadcast chooses the work-item `Chosen`, or by default `Call`'s own
/// operand.
llvm::Value *collectiveStep(const llvm::CallInst &Call, llvm::Value *Acc,
                            llvm::Value *X, llvm::Value *Item,
                            llvm::IRBuilder<> &B,
                            llvm::Value *Chosen = nullptr);

/// Vector `V` moved up `Shift` lanes, with lanes of `Fill` (a splat) below.
llvm::Value *shiftUp(llvm::Value *V, llvm::Value *Fill, unsigned Shift,
                     llvm::IRBuilder<> &B);

/// The inclusive scan of vector `X` by the operation of reduction or scan
/// `Call` (lane i combines lanes 0 to i), in log2(lanes) vector steps.
llvm::Value *inclusiveScan(const llvm::CallInst &Call, llvm::Value *X,
                           llvm::IRBuilder<> &B);

/// The results of sub-group reduction or scan `Call` for the lanes of one
/// sub-group, given their operands `X` (a vector of subGroupSize(Call)
/// elements; lanes beyond the sub-group hold collectiveStart(Call)).
llvm::Value *subGroupCombine(const llvm::CallInst &Call, llvm::Value *X,
                             llvm::IRBuilder<> &B);

/// The source lane of each lane 0..subGroupSize(Shuffle)-1 of sub-group
/// shuffle `Shuffle`, when its lane operand is computed from constants and
/// the lane id (local id 0 modulo the size; only its low bits may reach
/// the result) by arithmetic that folds; otherwise empty.
llvm::SmallVector<uint64_t, 16>
constantSourceLanes(const llvm::CallInst &Shuffle);

/// Lane j of the result is lane Sources[j] of `X` when that is below
/// `Size` (the sub-group's size, i64; null for a full sub-group), else
/// lane j of `X`.
llvm::Value *shuffleToLanes(llvm::Value *X, llvm::ArrayRef<uint64_t> Sources,
                            llvm::Value *Size, llvm::IRBuilder<> &B);

} // namespace lanes

#endif
