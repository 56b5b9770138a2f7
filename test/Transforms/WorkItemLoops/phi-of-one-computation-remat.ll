; A PHI whose incoming values are copies of one computation, differing only
; in flags, is that computation: GVN leaves `phi [lid >> 3 exact, %a],
; [lid >> 3, %b]` when one branch knows the low bits of lid are 0. The pass
; folds it back into one `lid >> 3` without the flags, which is recomputed
; after the barrier instead of waiting in loop state. A PHI of different
; computations, and one with a single incoming value, stay as they are.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s
; RUN: lanes-opt -passes=lanes-work-item-loops,function(lanes-report) -pass-remarks-analysis=lanes-report %s -disable-output 2>&1 | FileCheck %s --check-prefix=REPORT

; REPORT: kernel 'k': 1 barrier, 2 sub-CFGs, loop state 16 bytes per work-item (+0 bytes uniform)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define void @k(ptr %k) "lanes-kernel" {
  ret void
}

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %low = and i64 %lid, 7
  %lead = icmp eq i64 %low, 0
  br i1 %lead, label %leader, label %other
leader:
  %sg.exact = lshr exact i64 %lid, 3
  %twice.shl = shl i64 %lid, 1
  br label %joined
other:
  %sg.plain = lshr i64 %lid, 3
  %twice.add = add i64 %lid, %lid
  br label %joined
joined:
  %sg = phi i64 [ %sg.exact, %leader ], [ %sg.plain, %other ]
  %twice = phi i64 [ %twice.shl, %leader ], [ %twice.add, %other ]
  %one = phi i64 [ %low, %other ], [ %low, %leader ]
  br label %barrier
barrier:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %after
after:
  %in = load ptr, ptr %k
  %p = getelementptr i64, ptr %in, i64 %lid
  %s = add i64 %sg, %twice
  %t = add i64 %s, %one
  store i64 %t, ptr %p
  ret void
}

; %sg is recomputed, without `exact`; %twice (two computations) and %one
; (one incoming value) wait in loop state.
; CHECK-LABEL: define internal void @k.lanes.wg(
; CHECK: joined.0:
; CHECK-NEXT: %twice.0 = phi i64
; CHECK-NEXT: %one.0 = phi i64
; CHECK: %sg.0 = lshr i64 %lid.0, 3
; CHECK: wi.header0.1:
; CHECK: %twice.reload = load i64
; CHECK: %one.reload = load i64
; CHECK-NEXT: %sg.remat = lshr i64 %lid.0{{[0-9]+}}, 3
; CHECK-NOT: %sg.reload
; CHECK: after.1:
