//===- LockstepLoops.h - Inner loops of work-items in lockstep -*- C++ -*-===//
//
/// \file
/// Function pass `lanes-lockstep-loops`, on work-group functions
/// after `lanes-work-item-loops` and the cleanup that hoists invariant
/// values out of the work-item loops, before the loop vectorizer.
///
/// Warp-style code gives the lanes of a sub-group interleaved elements of
/// one range the sub-group shares: lane j takes start + j, start + j + SG,
/// ... while below end (CSR-vector SpMV, strided copies and reductions).
/// In the work-item loop over the lanes, that loop runs whole for each lane,
/// one to a few scalar trips ending in a mispredicted exit, and nothing is
/// vectorized: the loop vectorizer only widens innermost loops.
///
/// The work-items' trip counts of such a loop differ by at most one, so it
/// is run in lockstep, as a GPU runs it: the work-item loop L (constant trip
/// count N, counter from 0) around the inner loop I becomes three loops.
///  1. A loop over the work-items runs L's blocks before I (B) and records
///     for each item whether it enters I, which way it left B otherwise, and
///     the first value of each of I's header PHIs.
///  2. While any item is in I, a loop over the work-items runs one trip of I
///     for each item: while every item is in I, a copy of the trip without
///     a predicate; then the trip under a predicate for the items still in
///     (the vectorizer's masks: masked loads, which the processor may not
///     prefetch for, only in the last trips). An item that left never
///     comes back, so each kind of trip has a loop of its own, and the
///     masked loop, which interleaved trip counts mostly run once, ends on
///     a branch the processor learns. The header PHIs' next values are
///     kept. A header PHI that adds a step defined outside L (an
///     induction variable) is computed instead from item 0's value in the
///     trip, its lead, which the loops of trips carry (item 0's first
///     value, plus the step a trip): an item's value is the lead plus its
///     first value's distance from item 0's, `lead + j` for `start + j`,
///     an address the vectorizer sees move with the work-item by one
///     element: a contiguous load, not a gather. The tail (below) starts
///     from the next trip's lead, the index the full trips' loads use, so
///     their loop keeps one induction variable, where a count of trips
///     used after it took a second. Item 0 need not have entered I, so
///     its first value is computed without the flags that make a wrapped
///     value poison, and frozen where it could still be poison. When the
///     value v the exit tests rises with the item and cannot wrap
///     (no-wrap flags), a trip every item made decides who stays by one
///     count: `v0 + j < w` is `j < w - v0` with v0 item 0's
///     value. Each item's vote is then a compare of its (narrow) counter
///     with the count, one vector compare whatever v's type, and the votes
///     on another trip are two scalar compares, which the processor
///     resolves early, where a vote over the vector waits for its last
///     compare: any item stays when item 0 does, all when the last one
///     does (its value v0 + N - 1 is exact, since it made the trip), so
///     the loop of full trips tests no count and computes it only on
///     leaving. When the items that stay are those below the count
///     (`<`, `<=`) and v rises by a multiple of N a trip, the masked trip
///     after the full ones is the last, the tail: after it every item's
///     value is above the last item's before it, which was not below w.
///     The items in it are those below the count, a prefix that holds
///     item 0, so v0 is one the program computes and the count exact, and
///     from 1 to N - 1: no clamp. Its mask is a compare with that scalar:
///     no per-item array of who is in, no vote over the vector, no test
///     for another trip (sg-spmv-cached, one Zen 3 thread: 12.3 -> 11.0 ms
///     against each item testing its value in a loop of masked trips,
///     16.7 -> 14.9 ms in a slower phase of the host against a loop of
///     tail trips, each counting the next). When not every item entered
///     I and the branch that decided it is I's test one trip early (a
///     rotated loop's guard, `first < w` before `first + step < w`), the
///     items that entered are those below `w - first0`, and their trip is
///     the tail too: then no trip is left to the masked loop, which is not
///     built. Other masked trips entered from loop 1, where the items that
///     entered need not be the first ones, keep the per-item array and
///     votes.
///  3. L itself, its blocks before and in I gone, resumes each item where
///     it left B or I and runs the rest.
/// Values crossing from one loop to another wait in per-item arrays of N
/// elements, stored unconditionally (a masked store would defeat store
/// forwarding to the next trip's load); a value of B computed from the
/// counter and invariant values by cheap instructions is computed again
/// instead. Work-items do not interact between barriers (SYCL 2020 3.8.3),
/// so the new order of their steps is one the kernel allows.
///
/// Only work-item loops with one inner loop, itself innermost and in loop
/// simplify form with its latch as its only exit; L's counter must step by
/// one (where GVN merged its step with a `lane + 1` of the kernel, before I
/// or on each way round I, the pass first gives it a step of its own). Two
/// kinds of inner loops qualify:
///  - interleaved loops, whose exit compares a value moving by a multiple
///    of N per trip and by one per work-item with a bound invariant in L:
///    lockstep wastes less than one trip per item;
///  - any other loop without calls (but intrinsics) or atomics, whose
///    items' trip counts may differ by any amount (a loop over a range
///    each item reads, an escape-time loop), and none of whose accesses
///    steps one element per trip from an address that moves with the item
///    (`a[gid * n + k]`, which the vectorizer takes as it is), when L has
///    at most one vector's items (of 32-bit lanes on the target): no item
///    then waits for more than the slowest item of its vector, and the
///    three loops get that width forced and one interleaved copy (the cost
///    model, seeing so few items, would not always take them). A longer L
///    (but a lane loop, whose width is the sub-group's) whose count a
///    power of two from 4 up to the vector's divides is first made a loop
///    over chunks of that many items around L over one chunk (its
///    counter's uses get the chunk's first item plus it). In the ids
///    computed from the item, `(base + item) >> k` with base a multiple of
///    the chunk and k at least its log2 becomes the chunk's, and the low
///    bits of `base + item` the item's: warp-style code written without
///    sub-groups (`row = gid / 16`, `lane = gid % 16`) then has a row's
///    bounds invariant, and its row loop is an interleaved one.
/// Before that, an inner loop whose blocks are a chain from header to latch,
/// each leaving for one exit block or going on, and whose blocks after the
/// header can all run speculatively, becomes one block leaving at its end:
/// a rotated `while (i < n && |z| < 2)` leaves from its header and its
/// latch. The exit's PHIs take the value of the first exit taken.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TRANSFORMS_LOCKSTEPLOOPS_H
#define LANES_TRANSFORMS_LOCKSTEPLOOPS_H

#include "llvm/IR/PassManager.h"

namespace lanes {

/// Runs the interleaved loops inside work-item loops in lockstep, and the
/// other vectorizable ones a vector's work-items at a time.
class LockstepLoopsPass : public llvm::PassInfoMixin<LockstepLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace lanes

#endif
