; A work-item loop nest over the sub-groups of a row (32 sub-groups of 8
; lanes, the inner loop of 8 the innermost work-item loop) reading
; in[max(i - 4, 0)] and in[min(i + 4, last)]. Versioned at the lane loop,
; the test would run once a sub-group; both clamps' indices rise by 8 a
; sub-group, so the whole nest is versioned once, before it: i - 4 from
; base - 4 to base + 251 and i + 4 from base + 4 to base + 259, over 255
; steps. Where the index moves by a step the nest's loop cannot tell (a
; stride loaded from memory), or the outer loop is not a work-item nest,
; the lane loop alone is versioned, as before.
; RUN: lanes-opt -passes=lanes-version-clamps %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal void @nest.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group-of"="k" {
entry:
  %basep = getelementptr i8, ptr %ctx, i64 8
  %base = load i64, ptr %basep
  %in = load ptr, ptr %k
  %outp = getelementptr i8, ptr %k, i64 8
  %out = load ptr, ptr %outp
  %lastp = getelementptr i8, ptr %k, i64 16
  %last = load i64, ptr %lastp
  br label %sg
sg:
  %start = phi i64 [ 0, %entry ], [ %start.next, %sg.latch ]
  br label %lane
lane:
  %l = phi i64 [ 0, %sg ], [ %l.next, %lane ]
  %lid = add i64 %start, %l
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
  %l.next = add nuw nsw i64 %l, 1
  %more = icmp ult i64 %l.next, 8
  br i1 %more, label %lane, label %sg.latch, !llvm.loop !0
sg.latch:
  %start.next = add nuw nsw i64 %start, 8
  %more.sg = icmp ult i64 %start.next, 256
  br i1 %more.sg, label %sg, label %exit, !llvm.loop !2
exit:
  ret void
}

; CHECK-LABEL: define internal void @nest.lanes.wg(
; CHECK: entry:
; CHECK: %[[LLO:.*]] = add i64 %base, -4
; CHECK-NEXT: %[[LHI:.*]] = add i64 %base, 251
; CHECK-NEXT: %[[LSTEP:.*]] = icmp sle i64 %[[LLO]], %[[LHI]]
; CHECK-NEXT: %[[LIDLE:.*]] = icmp sle i64 0, %[[LLO]]
; CHECK-NEXT: %[[RLO:.*]] = add i64 %base, 4
; CHECK-NEXT: %[[RHI:.*]] = add i64 %base, 259
; CHECK-NEXT: %[[RSTEP:.*]] = icmp sle i64 %[[RLO]], %[[RHI]]
; CHECK-NEXT: %[[RIDLE:.*]] = icmp sle i64 %[[RHI]], %last
; CHECK: %clamps.idle = and i1 %{{.*}}, %[[RIDLE]]
; CHECK-NEXT: br i1 %clamps.idle, label %clamps.kept.noclamp, label %clamps.kept
; CHECK: sg.noclamp:
; CHECK-NOT: clamps.idle
; CHECK: lane.noclamp:
; CHECK-NOT: @llvm.smax
; CHECK-NOT: @llvm.smin
; CHECK: %pa.noclamp = getelementptr float, ptr %in, i64 %left.noclamp
; CHECK: %pb.noclamp = getelementptr float, ptr %in, i64 %right.noclamp
; CHECK: br i1 %more.sg.noclamp, label %sg.noclamp, label %exit
; CHECK: clamps.kept:
; CHECK: sg:
; CHECK-NOT: clamps.idle
; CHECK: lane:
; CHECK: call i64 @llvm.smax.i64(i64 %left, i64 0)
; CHECK: call i64 @llvm.smin.i64(i64 %right, i64 %last)
; CHECK: ret void

define internal void @loaded_stride.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group-of"="k" {
entry:
  %in = load ptr, ptr %k
  %stridep = getelementptr i8, ptr %k, i64 8
  %stride = load i64, ptr %stridep
  br label %sg
sg:
  %g = phi i64 [ 0, %entry ], [ %g.next, %sg.latch ]
  %start = mul i64 %g, %stride
  br label %lane
lane:
  %l = phi i64 [ 0, %sg ], [ %l.next, %lane ]
  %i = add i64 %start, %l
  %left = add i64 %i, -4
  %lc = call i64 @llvm.smax.i64(i64 %left, i64 0)
  %pa = getelementptr float, ptr %in, i64 %lc
  store float 0.0, ptr %pa
  %l.next = add nuw nsw i64 %l, 1
  %more = icmp ult i64 %l.next, 8
  br i1 %more, label %lane, label %sg.latch, !llvm.loop !4
sg.latch:
  %g.next = add nuw nsw i64 %g, 1
  %more.sg = icmp ult i64 %g.next, 32
  br i1 %more.sg, label %sg, label %exit, !llvm.loop !6
exit:
  ret void
}

; CHECK-LABEL: define internal void @loaded_stride.lanes.wg(
; CHECK: entry:
; CHECK-NOT: clamps.idle
; CHECK: sg:
; CHECK: %clamps.idle =
; CHECK-NEXT: br i1 %clamps.idle, label %clamps.kept.noclamp, label %clamps.kept
; CHECK: lane.noclamp:
; CHECK-NOT: @llvm.smax
; CHECK: br i1 %more.noclamp, label %lane.noclamp, label %sg.latch

define internal void @user_loop.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group-of"="k" {
entry:
  %in = load ptr, ptr %k
  br label %outer
outer:
  %start = phi i64 [ 0, %entry ], [ %start.next, %outer.latch ]
  br label %lane
lane:
  %l = phi i64 [ 0, %outer ], [ %l.next, %lane ]
  %i = add i64 %start, %l
  %left = add i64 %i, -4
  %lc = call i64 @llvm.smax.i64(i64 %left, i64 0)
  %pa = getelementptr float, ptr %in, i64 %lc
  store float 0.0, ptr %pa
  %l.next = add nuw nsw i64 %l, 1
  %more = icmp ult i64 %l.next, 8
  br i1 %more, label %lane, label %outer.latch, !llvm.loop !7
outer.latch:
  %start.next = add nuw nsw i64 %start, 8
  %more.outer = icmp ult i64 %start.next, 256
  br i1 %more.outer, label %outer, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @user_loop.lanes.wg(
; CHECK: entry:
; CHECK-NOT: clamps.idle
; CHECK: outer:
; CHECK: %clamps.idle =
; CHECK-NEXT: br i1 %clamps.idle, label %clamps.kept.noclamp, label %clamps.kept

declare i64 @llvm.smax.i64(i64, i64)
declare i64 @llvm.smin.i64(i64, i64)

!0 = distinct !{!0, !1}
!1 = distinct !{!"lanes.work_item_loop"}
!2 = distinct !{!2, !3}
!3 = !{!"lanes.work_item_nest"}
!4 = distinct !{!4, !5}
!5 = distinct !{!"lanes.work_item_loop"}
!6 = distinct !{!6, !3}
!7 = distinct !{!7, !8}
!8 = distinct !{!"lanes.work_item_loop"}
