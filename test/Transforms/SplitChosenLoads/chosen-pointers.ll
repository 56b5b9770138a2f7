; Loads through a choice of pointers in a work-item loop, as InstCombine
; and SimplifyCFG leave `v = edge ? in[i + 1] : shifted[lid]`: a load of a
; select and a load of a phi (an `if` without `else`). Each pointer steps
; by one element (or stays fixed), so each load is split into one load per
; pointer on its own path; the vectorizer then loads vectors instead of
; gathering. Left alone: a pointer stepping by two elements, a phi whose
; block writes memory before the load, a pointer induction variable (a
; phi in the header), and a loop that is not a work-item loop.
; RUN: lanes-opt -passes=lanes-split-chosen-loads %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal void @chosen.lanes.wg(ptr %in, ptr %shifted, ptr %uniform, ptr %out) "lanes-work-group-of"="k" {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %right.join ]
  %lane = and i64 %lid, 7
  %first = icmp eq i64 %lane, 0
  %pl = getelementptr float, ptr %in, i64 %lid
  %ps = getelementptr float, ptr %shifted, i64 %lid
  %pleft = select i1 %first, ptr %pl, ptr %ps
  %left = load float, ptr %pleft, align 4
  %last = icmp eq i64 %lane, 7
  br i1 %last, label %edge, label %right.join
edge:
  br label %right.join
right.join:
  %pright = phi ptr [ %uniform, %edge ], [ %ps, %loop ]
  %right = load float, ptr %pright, align 4
  %sum = fadd float %left, %right
  %po = getelementptr float, ptr %out, i64 %lid
  store float %sum, ptr %po, align 4
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, 256
  br i1 %more, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

; CHECK-LABEL: define internal void @chosen.lanes.wg(
; The select: a branch on its condition to the load of each pointer.
; CHECK: br i1 %first, label %left.true, label %left.false
; CHECK: left.true:
; CHECK-NEXT: %[[LT:.*]] = load float, ptr %pl, align 4
; CHECK: left.false:
; CHECK-NEXT: %[[LF:.*]] = load float, ptr %ps, align 4
; CHECK: %left = phi float [ %[[LT]], %left.true ], [ %[[LF]], %left.false ]
; The phi: a load on each edge into its block, the edge from the block
; that also branches to %edge split.
; CHECK: br i1 %last, label %edge, label %[[SPLIT:.*]]
; CHECK: [[SPLIT]]:
; CHECK-NEXT: %[[RS:.*]] = load float, ptr %ps, align 4
; CHECK-NEXT: br label %right.join
; CHECK: edge:
; CHECK-NEXT: %[[RU:.*]] = load float, ptr %uniform, align 4
; CHECK-NEXT: br label %right.join
; CHECK: right.join:
; CHECK-NEXT: %right = phi float [ %[[RU]], %edge ], [ %[[RS]], %[[SPLIT]] ]
; CHECK-NOT: phi ptr
; CHECK: %sum = fadd float %left, %right

define internal void @left_alone.lanes.wg(ptr %in, ptr %shifted, ptr %out) "lanes-work-group-of"="k" {
entry:
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %join ]
  %cursor = phi ptr [ %in, %entry ], [ %cursor.next, %join ]
  %lane = and i64 %lid, 7
  %first = icmp eq i64 %lane, 0
  %twice = shl i64 %lid, 1
  %pl = getelementptr float, ptr %in, i64 %twice
  %ps = getelementptr float, ptr %shifted, i64 %lid
  %pstrided = select i1 %first, ptr %pl, ptr %ps
  %strided = load float, ptr %pstrided, align 4
  %own = load float, ptr %cursor, align 4
  br i1 %first, label %edge, label %join
edge:
  br label %join
join:
  %pright = phi ptr [ %in, %edge ], [ %ps, %loop ]
  store float 0.0, ptr %out, align 4
  %right = load float, ptr %pright, align 4
  %s1 = fadd float %strided, %right
  %sum = fadd float %s1, %own
  %po = getelementptr float, ptr %out, i64 %lid
  store float %sum, ptr %po, align 4
  %cursor.next = getelementptr float, ptr %cursor, i64 1
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, 256
  br i1 %more, label %loop, label %exit, !llvm.loop !2
exit:
  ret void
}

; CHECK-LABEL: define internal void @left_alone.lanes.wg(
; CHECK: %strided = load float, ptr %pstrided, align 4
; CHECK: %own = load float, ptr %cursor, align 4
; CHECK: %right = load float, ptr %pright, align 4

define internal void @not_work_items.lanes.wg(ptr %in, ptr %shifted, ptr %out) "lanes-work-group-of"="k" {
entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %next, %loop ]
  %first = icmp eq i64 %j, 0
  %pl = getelementptr float, ptr %in, i64 %j
  %ps = getelementptr float, ptr %shifted, i64 %j
  %p = select i1 %first, ptr %pl, ptr %ps
  %v = load float, ptr %p, align 4
  %po = getelementptr float, ptr %out, i64 %j
  store float %v, ptr %po, align 4
  %next = add nuw nsw i64 %j, 1
  %more = icmp ult i64 %next, 256
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @not_work_items.lanes.wg(
; CHECK: %v = load float, ptr %p, align 4

!0 = distinct !{!0, !1}
!1 = distinct !{!"lanes.work_item_loop"}
!2 = distinct !{!2, !3}
!3 = distinct !{!"lanes.work_item_loop"}
