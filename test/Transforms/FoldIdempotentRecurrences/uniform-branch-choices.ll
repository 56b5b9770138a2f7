; A work-item loop that unswitching left whole (its body too large to
; copy), in a kernel loop with an implicit barrier: the kernel loop's last
; trip, a uniform condition %last, takes each work-item to the code after
; the loop, the others to the next trip. The exit-code trackers step by
; `umax(max, xor(phi [0, %after], [1, %again], 1))` and the next trip is
; `phi [%j, %after], [%j.next, %again]`: phis of a branch on an invariant
; condition, which are the selects of it. Seen as selects, the trackers and
; the next trip fold like their select forms, and the loop keeps no
; recurrence but the counter and its work-item's own sum. Left alone: a
; phi whose branch varies, and one whose value is computed on the way.
; RUN: lanes-opt -passes=lanes-fold-idempotent-recurrences %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

define internal void @k.lanes.wg(ptr %out, ptr noalias %state, i64 %j, i64 %n) "lanes-work-group-of"="k" {
entry:
  %j.next = add nuw i64 %j, 1
  %last = icmp eq i64 %j.next, %n
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %step ]
  %next = phi i64 [ %j, %entry ], [ %next.latch, %step ]
  %max = phi i32 [ 0, %entry ], [ %max.next, %step ]
  %below = phi i32 [ 0, %entry ], [ %below.next, %step ]
  %computed = phi i64 [ 0, %entry ], [ %computed.latch, %step ]
  %at = getelementptr inbounds float, ptr %state, i64 %i
  %sum = load float, ptr %at
  %sum.next = fadd float %sum, 1.0
  %odd = trunc i64 %i to i1
  br i1 %last, label %after, label %again
again:
  store float %sum.next, ptr %at
  %twice = shl i64 %j, 1
  br label %latch
after:
  %to = getelementptr inbounds float, ptr %out, i64 %i
  store float %sum.next, ptr %to
  br label %latch
latch:
  %next.latch = phi i64 [ %next, %after ], [ %j.next, %again ]
  %leaving = phi i32 [ 0, %after ], [ 1, %again ]
  %computed.latch = phi i64 [ %computed, %after ], [ %twice, %again ]
  %staying = xor i32 %leaving, 1
  %max.next = call i32 @llvm.umax.i32(i32 %max, i32 %staying)
  %below.next = call i32 @llvm.umax.i32(i32 %below, i32 %leaving)
  br i1 %odd, label %odd.way, label %even.way
odd.way:
  br label %step
even.way:
  br label %step
step:
  %parity.next = phi i64 [ 1, %odd.way ], [ 0, %even.way ]
  store i64 %parity.next, ptr %out
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  %next.out = phi i64 [ %next.latch, %step ]
  %max.out = phi i32 [ %max.next, %step ]
  %below.out = phi i32 [ %below.next, %step ]
  %computed.out = phi i64 [ %computed.latch, %step ]
  store i64 %next.out, ptr %out
  store i32 %max.out, ptr %out
  store i32 %below.out, ptr %out
  store i64 %computed.out, ptr %out
  ret void
}

declare i32 @llvm.umax.i32(i32, i32)

; CHECK-LABEL: entry:
; CHECK: %next.folded = select i1 %last, i64 %j, i64 %j.next
; CHECK-NEXT: %leaving = select i1 %last, i32 0, i32 1
; CHECK-NEXT: %staying = xor i32 %leaving, 1
; CHECK-NEXT: %max.folded = call i32 @llvm.umax.i32(i32 0, i32 %staying)
; CHECK-NEXT: %below.folded = call i32 @llvm.umax.i32(i32 0, i32 %leaving)
; CHECK: br label %loop
; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i64
; CHECK-NEXT: %computed = phi i64 [ 0, %entry ], [ %computed.latch, %step ]
; CHECK-NOT: phi
; CHECK-LABEL: latch:
; CHECK-NEXT: %computed.latch = phi i64 [ %computed, %after ], [ %twice, %again ]
; CHECK-LABEL: step:
; CHECK-NEXT: %parity.next = phi i64 [ 1, %odd.way ], [ 0, %even.way ]
; CHECK-LABEL: exit:
; CHECK-NEXT: %next.out = phi i64 [ %next.folded, %step ]
; CHECK-NEXT: %max.out = phi i32 [ %max.folded, %step ]
; CHECK-NEXT: %below.out = phi i32 [ %below.folded, %step ]
