; A work-item loop vectorized 8 wide tests each sub-group lane, lid & 7,
; computed from the vector induction variable <0..7> + 8 * i. Its low
; three bits never change, so the mask becomes <0..7> and the compare a
; constant. Left alone: a mask wider than the step (lid & 15 changes every
; other iteration) and a phi that is not an induction variable.
; RUN: lanes-opt -passes=lanes-fold-lane-ids %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal void @lanes.lanes.wg(ptr %out, <8 x i64> %other) "lanes-work-group-of"="k" {
entry:
  br label %vector.body
vector.body:
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %vec.ind = phi <8 x i64> [ <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>, %entry ], [ %vec.ind.next, %vector.body ]
  %not.ind = phi <8 x i64> [ zeroinitializer, %entry ], [ %other, %vector.body ]
  %lane = and <8 x i64> %vec.ind, <i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7>
  %first = icmp ult <8 x i64> %lane, <i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2>
  %pair = and <8 x i64> %vec.ind, <i64 15, i64 15, i64 15, i64 15, i64 15, i64 15, i64 15, i64 15>
  %notlane = and <8 x i64> %not.ind, <i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7, i64 7>
  %p = getelementptr i1, ptr %out, i64 %index
  store <8 x i1> %first, ptr %p, align 1
  %q = getelementptr i64, ptr %out, i64 %index
  store <8 x i64> %pair, ptr %q, align 8
  %r = getelementptr i64, ptr %out, i64 512
  store <8 x i64> %notlane, ptr %r, align 8
  %index.next = add nuw i64 %index, 8
  %vec.ind.next = add <8 x i64> %vec.ind, <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %done = icmp eq i64 %index.next, 256
  br i1 %done, label %exit, label %vector.body
exit:
  ret void
}

; CHECK-LABEL: define internal void @lanes.lanes.wg(
; CHECK-NOT: %lane =
; CHECK: %pair = and <8 x i64> %vec.ind, <i64 15,
; CHECK: %notlane = and <8 x i64> %not.ind, <i64 7,
; CHECK: store <8 x i1> <i1 true, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, ptr %p
