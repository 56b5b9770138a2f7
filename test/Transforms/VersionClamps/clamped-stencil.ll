; A work-item loop reading in[max(i - 4, 0)] and in[min(i + 4, last)]:
; the clamps hide the step of the index, so the vectorizer would gather.
; The loop is versioned: when, over its iterations, i - 4 stays at or
; above 0 and i + 4 at or below last (each stepping by one without
; wrapping), a copy without the clamps runs. A loop that is not a
; work-item loop, and a clamp of an index stepping by two, are left alone.
; RUN: lanes-opt -passes=lanes-version-clamps %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group-of"="k" {
entry:
  %size = load i64, ptr %ctx
  %basep = getelementptr i8, ptr %ctx, i64 8
  %base = load i64, ptr %basep
  %in = load ptr, ptr %k
  %outp = getelementptr i8, ptr %k, i64 8
  %out = load ptr, ptr %outp
  %lastp = getelementptr i8, ptr %k, i64 16
  %last = load i64, ptr %lastp
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %loop ]
  %i = add i64 %base, %lid
  %left = add i64 %i, -4
  %lc = call i64 @llvm.smax.i64(i64 %left, i64 0)
  %right = add i64 %i, 4
  %rc = call i64 @llvm.smin.i64(i64 %right, i64 %last)
  %pa = getelementptr float, ptr %in, i64 %lc
  %a = load float, ptr %pa
  %pb = getelementptr float, ptr %in, i64 %rc
  %b = load float, ptr %pb
  %s = fadd float %a, %b
  %po = getelementptr float, ptr %out, i64 %i
  store float %s, ptr %po
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

; CHECK-LABEL: define internal void @k.lanes.wg(
; CHECK: entry:
; Fewer trips than 2^63; i - 4 from base - 4 to base + trips - 5 without
; wrapping, and not below 0; i + 4 from base + 4 to base + trips + 3
; without wrapping, and not above last.
; CHECK: %[[TRIPS:.*]] = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[TAKEN:.*]] = add i64 %[[TRIPS]], -1
; CHECK-NEXT: %[[FEW:.*]] = icmp ult i64 %[[TAKEN]], -9223372036854775808
; CHECK-NEXT: %[[LLO:.*]] = add i64 %base, -4
; CHECK-NEXT: %[[END:.*]] = add i64 %base, %[[TRIPS]]
; CHECK-NEXT: %[[LHI:.*]] = add i64 %[[END]], -5
; CHECK-NEXT: %[[LSTEP:.*]] = icmp sle i64 %[[LLO]], %[[LHI]]
; CHECK-NEXT: %[[LIDLE:.*]] = icmp sle i64 0, %[[LLO]]
; CHECK-NEXT: %[[RLO:.*]] = add i64 %base, 4
; CHECK-NEXT: %[[RHI:.*]] = add i64 %[[END]], 3
; CHECK-NEXT: %[[RSTEP:.*]] = icmp sle i64 %[[RLO]], %[[RHI]]
; CHECK-NEXT: %[[RIDLE:.*]] = icmp sle i64 %[[RHI]], %last
; CHECK: %clamps.idle = and i1 %{{.*}}, %[[RIDLE]]
; CHECK-NEXT: br i1 %clamps.idle, label %clamps.kept.noclamp, label %clamps.kept
; CHECK: loop.noclamp:
; CHECK-NOT: @llvm.smax
; CHECK-NOT: @llvm.smin
; CHECK: %pa.noclamp = getelementptr float, ptr %in, i64 %left.noclamp
; CHECK: %pb.noclamp = getelementptr float, ptr %in, i64 %right.noclamp
; CHECK: br i1 %more.noclamp, label %loop.noclamp, label %exit
; CHECK: clamps.kept:
; CHECK: loop:
; CHECK: call i64 @llvm.smax.i64(i64 %left, i64 0)
; CHECK: call i64 @llvm.smin.i64(i64 %right, i64 %last)

define internal void @not_work_items.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group-of"="k" {
entry:
  %size = load i64, ptr %ctx
  %in = load ptr, ptr %k
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %next, %loop ]
  %left = add i64 %j, -4
  %lc = call i64 @llvm.smax.i64(i64 %left, i64 0)
  %pa = getelementptr float, ptr %in, i64 %lc
  store float 0.0, ptr %pa
  %next = add nuw nsw i64 %j, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @not_work_items.lanes.wg(
; CHECK-NOT: noclamp
; CHECK: ret void

define internal void @stride_two.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group-of"="k" {
entry:
  %size = load i64, ptr %ctx
  %in = load ptr, ptr %k
  br label %loop
loop:
  %lid = phi i64 [ 0, %entry ], [ %next, %loop ]
  %twice = shl i64 %lid, 1
  %left = add i64 %twice, -4
  %lc = call i64 @llvm.smax.i64(i64 %left, i64 0)
  %pa = getelementptr float, ptr %in, i64 %lc
  store float 0.0, ptr %pa
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %loop, label %exit, !llvm.loop !2
exit:
  ret void
}

; CHECK-LABEL: define internal void @stride_two.lanes.wg(
; CHECK-NOT: noclamp
; CHECK: ret void

declare i64 @llvm.smax.i64(i64, i64)
declare i64 @llvm.smin.i64(i64, i64)

!0 = distinct !{!0, !1}
!1 = distinct !{!"lanes.work_item_loop"}
!2 = distinct !{!2, !3}
!3 = distinct !{!"lanes.work_item_loop"}
