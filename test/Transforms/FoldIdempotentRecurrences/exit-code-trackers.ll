; The exit-code trackers of an unswitched 2-D work-item loop nest: every
; work-item leaves by exit 1, so `max = umax(max, 1)` and `below = umax(below,
; 0 - 1)` hold one value after the first iteration. The inner recurrences
; become that value, computed before the inner loop; the outer ones, which
; then read it through an LCSSA phi, become their value before the outer
; loop. Left alone: a tracker of a varying code (the code a work-item
; computes), an `add` (not idempotent), and an `or` whose operand changes
; from iteration to iteration.
; RUN: lanes-opt -passes=lanes-fold-idempotent-recurrences %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

define internal void @k.lanes.wg(ptr %out, ptr noalias %ctx, i32 %top) "lanes-work-group-of"="k" {
entry:
  br label %outer
outer:
  %y = phi i64 [ 0, %entry ], [ %y.next, %outer.latch ]
  %max.y = phi i32 [ 0, %entry ], [ %max.lcssa, %outer.latch ]
  %below.y = phi i32 [ 0, %entry ], [ %below.lcssa, %outer.latch ]
  br label %inner
inner:
  %x = phi i64 [ 0, %outer ], [ %x.next, %inner ]
  %max = phi i32 [ %max.y, %outer ], [ %max.next, %inner ]
  %below = phi i32 [ %below.y, %outer ], [ %below.next, %inner ]
  %varying = phi i32 [ 0, %outer ], [ %varying.next, %inner ]
  %count = phi i32 [ 0, %outer ], [ %count.next, %inner ]
  %seen = phi i64 [ 0, %outer ], [ %seen.next, %inner ]
  %max.next = call i32 @llvm.umax.i32(i32 %max, i32 1)
  %below.next = call i32 @llvm.umax.i32(i32 %top, i32 %below)
  %code = trunc i64 %x to i32
  %varying.next = call i32 @llvm.umax.i32(i32 %varying, i32 %code)
  %count.next = add i32 %count, 1
  %seen.next = or i64 %seen, %x
  %x.next = add nuw i64 %x, 1
  %x.done = icmp eq i64 %x.next, 16
  br i1 %x.done, label %outer.latch, label %inner
outer.latch:
  %max.lcssa = phi i32 [ %max.next, %inner ]
  %below.lcssa = phi i32 [ %below.next, %inner ]
  %varying.lcssa = phi i32 [ %varying.next, %inner ]
  %count.lcssa = phi i32 [ %count.next, %inner ]
  %seen.lcssa = phi i64 [ %seen.next, %inner ]
  store i32 %varying.lcssa, ptr %out
  store i32 %count.lcssa, ptr %out
  store i64 %seen.lcssa, ptr %out
  %y.next = add nuw i64 %y, 1
  %y.done = icmp eq i64 %y.next, 16
  br i1 %y.done, label %exit, label %outer
exit:
  %max.out = phi i32 [ %max.lcssa, %outer.latch ]
  %below.out = phi i32 [ %below.lcssa, %outer.latch ]
  %diverged = icmp ne i32 %max.out, %below.out
  store i1 %diverged, ptr %out
  ret void
}

declare i32 @llvm.umax.i32(i32, i32)

; CHECK-LABEL: entry:
; CHECK-NEXT: %max.y.folded = call i32 @llvm.umax.i32(i32 0, i32 1)
; CHECK-NEXT: %below.y.folded = call i32 @llvm.umax.i32(i32 %top, i32 0)
; CHECK-NEXT: br label %outer
; CHECK-LABEL: outer:
; CHECK-NOT: %max.y = phi
; CHECK-NOT: %below.y = phi
; CHECK: br label %inner
; CHECK-LABEL: inner:
; CHECK-NOT: %max = phi
; CHECK-NOT: %below = phi
; CHECK: %varying = phi i32 [ 0, %outer ], [ %varying.next, %inner ]
; CHECK: %count = phi i32 [ 0, %outer ], [ %count.next, %inner ]
; CHECK: %seen = phi i64 [ 0, %outer ], [ %seen.next, %inner ]
; CHECK-NOT: %max.next =
; CHECK-NOT: %below.next =
; CHECK: %varying.next = call i32 @llvm.umax.i32(i32 %varying, i32 %code)
; CHECK: %count.next = add i32 %count, 1
; CHECK: %seen.next = or i64 %seen, %x
; CHECK-LABEL: outer.latch:
; CHECK: %max.lcssa = phi i32 [ %max.y.folded, %inner ]
; CHECK: %below.lcssa = phi i32 [ %below.y.folded, %inner ]
; CHECK-LABEL: exit:
; CHECK: %max.out = phi i32 [ %max.lcssa, %outer.latch ]
