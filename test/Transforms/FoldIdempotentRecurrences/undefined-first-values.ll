; A uniform slot that no work-item has written before the work-item loop
; enters it undefined, and each work-item on one way of a uniform branch
; stores one value k in it (a phi that a barrier block's phi left in the
; sub-CFG before it): through the loop the slot is itself or k. The loop
; vectorizer cannot take that phi, a branch's choice and no select, and the
; branch cannot become a select when its way also stores. Since the first
; value may be any, k included, the slot is k throughout. The same through
; a select of a varying condition, with a poison first value, and with k
; computed in the loop from invariant values (hoisted first). With a
; defined first value the slot depends on the branch: as the branch is
; uniform, its phi is the select of it, and the slot is that select of k
; and the first value (uniform-branch-choices.ll). Left alone: two
; different values, and a value that varies (both selects now).
; RUN: lanes-opt -passes=lanes-fold-idempotent-recurrences %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

define internal void @k.lanes.wg(ptr %out, ptr noalias %ctx, i1 %c, i64 %a, i64 %b) "lanes-work-group-of"="k" {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %trips = phi i64 [ undef, %entry ], [ %trips.next, %latch ]
  %hi = phi i64 [ poison, %entry ], [ %hi.next, %latch ]
  %pick = phi i64 [ undef, %entry ], [ %pick.next, %latch ]
  %two = phi i64 [ undef, %entry ], [ %two.next, %latch ]
  %vary = phi i64 [ undef, %entry ], [ %vary.next, %latch ]
  %kept = phi i64 [ %a, %entry ], [ %kept.next, %latch ]
  %k = add i64 %b, 1
  %ci = icmp ult i64 %i, %b
  %pick.next = select i1 %ci, i64 %k, i64 %pick
  br i1 %c, label %set, label %latch
set:
  %at = getelementptr inbounds float, ptr %out, i64 %i
  store float 0.0, ptr %at
  br label %latch
latch:
  %trips.next = phi i64 [ 0, %set ], [ %trips, %loop ]
  %hi.next = phi i64 [ %a, %set ], [ %hi, %loop ]
  %two.next = phi i64 [ %a, %set ], [ %b, %loop ]
  %vary.next = phi i64 [ %i, %set ], [ %vary, %loop ]
  %kept.next = phi i64 [ %b, %set ], [ %kept, %loop ]
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  %trips.out = phi i64 [ %trips.next, %latch ]
  %hi.out = phi i64 [ %hi.next, %latch ]
  %pick.out = phi i64 [ %pick.next, %latch ]
  %two.out = phi i64 [ %two.next, %latch ]
  %vary.out = phi i64 [ %vary.next, %latch ]
  %kept.out = phi i64 [ %kept.next, %latch ]
  store volatile i64 %trips.out, ptr %out
  store volatile i64 %hi.out, ptr %out
  store volatile i64 %pick.out, ptr %out
  store volatile i64 %two.out, ptr %out
  store volatile i64 %vary.out, ptr %out
  store volatile i64 %kept.out, ptr %out
  ret void
}

; CHECK-LABEL: entry:
; CHECK-NEXT: %k = add i64 %b, 1
; CHECK-NEXT: %kept.folded = select i1 %c, i64 %b, i64 %a
; CHECK-NEXT: br label %loop
; CHECK-LABEL: loop:
; CHECK-NOT: %trips =
; CHECK-NOT: %hi =
; CHECK-NOT: %pick =
; CHECK: %two = phi i64 [ undef, %entry ], [ %two.next, %latch ]
; CHECK-NEXT: %vary = phi i64 [ undef, %entry ], [ %vary.next, %latch ]
; CHECK-NOT: %kept = phi
; CHECK: %pick.next = select i1 %ci, i64 %k, i64 %k
; CHECK-LABEL: latch:
; CHECK-NEXT: %trips.next = phi i64 [ 0, %set ], [ 0, %loop ]
; CHECK-NEXT: %hi.next = phi i64 [ %a, %set ], [ %a, %loop ]
; CHECK-NEXT: %vary.next = select i1 %c, i64 %i, i64 %vary
; CHECK-NEXT: %two.next = select i1 %c, i64 %a, i64 %b
; CHECK-NOT: %kept.next
; CHECK: %kept.out = phi i64 [ %kept.folded, %latch ]
