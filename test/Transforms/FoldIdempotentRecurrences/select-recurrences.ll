; A select whose condition and other operand are loop-invariant steps the
; phi idempotently: select(c, x, k) and select(c, k, x) hold select(c, init,
; k) and select(c, k, init) after every iteration. This is how a work-item
; loop carries a uniform value that each work-item stores in one scalar
; slot, chosen by a uniform branch (the next trip count of a kernel loop,
; or the count after its last trip). The condition and `k` are computed
; in the loop here, as the work-item loops leave them: they are hoisted to
; the preheader first. Left alone: a condition that varies, a value that
; varies, and one loaded from memory in the loop (not hoisted).
; RUN: lanes-opt -passes=lanes-fold-idempotent-recurrences %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

define internal void @k.lanes.wg(ptr %out, ptr noalias %ctx, i64 %a, i64 %b) "lanes-work-group-of"="k" {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %keep = phi i64 [ %a, %entry ], [ %keep.next, %loop ]
  %take = phi i64 [ %a, %entry ], [ %take.next, %loop ]
  %vary.c = phi i64 [ %a, %entry ], [ %vary.c.next, %loop ]
  %vary.k = phi i64 [ %a, %entry ], [ %vary.k.next, %loop ]
  %loaded = phi i64 [ %a, %entry ], [ %loaded.next, %loop ]
  %k = add i64 %b, 1
  %c = icmp ult i64 %a, %b
  %keep.next = select i1 %c, i64 %keep, i64 %k
  %take.next = select i1 %c, i64 %k, i64 %take
  %ci = icmp ult i64 %i, %b
  %vary.c.next = select i1 %ci, i64 %vary.c, i64 %k
  %vary.k.next = select i1 %c, i64 %vary.k, i64 %i
  %m = load i64, ptr %out
  %loaded.next = select i1 %c, i64 %loaded, i64 %m
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  %keep.out = phi i64 [ %keep.next, %loop ]
  %take.out = phi i64 [ %take.next, %loop ]
  %vary.c.out = phi i64 [ %vary.c.next, %loop ]
  %vary.k.out = phi i64 [ %vary.k.next, %loop ]
  %loaded.out = phi i64 [ %loaded.next, %loop ]
  store i64 %keep.out, ptr %out
  store i64 %take.out, ptr %out
  store i64 %vary.c.out, ptr %out
  store i64 %vary.k.out, ptr %out
  store i64 %loaded.out, ptr %out
  ret void
}

; CHECK-LABEL: entry:
; CHECK-NEXT: %k = add i64 %b, 1
; CHECK-NEXT: %c = icmp ult i64 %a, %b
; CHECK-NEXT: %keep.folded = select i1 %c, i64 %a, i64 %k
; CHECK-NEXT: %take.folded = select i1 %c, i64 %k, i64 %a
; CHECK-NEXT: br label %loop
; CHECK-LABEL: loop:
; CHECK-NOT: %keep.next
; CHECK-NOT: %take.next
; CHECK: %vary.c.next = select i1 %ci, i64 %vary.c, i64 %k
; CHECK-NEXT: %vary.k.next = select i1 %c, i64 %vary.k, i64 %i
; CHECK-NEXT: %m = load i64, ptr %out
; CHECK-NEXT: %loaded.next = select i1 %c, i64 %loaded, i64 %m
; CHECK-LABEL: exit:
; CHECK-NEXT: %keep.out = phi i64 [ %keep.folded, %loop ]
; CHECK-NEXT: %take.out = phi i64 [ %take.folded, %loop ]
