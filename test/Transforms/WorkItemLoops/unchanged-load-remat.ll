; A load live across a split is recomputed instead of kept in loop state
; when the sub-group shares its address and nothing in the kernel may write
; what it reads (here by type: the only store is a float's). Its row then
; stays a scalar per sub-group after the split, and the row's start plus
; the lane a contiguous index. When a store may write it, it waits in loop
; state as before.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare float @__lanes_sub_group_reduce_f32(i32, float, i32, ptr, i32) convergent nounwind

; CHECK-LABEL: define internal void @unchanged.lanes.wg.64x1x1(
; CHECK-NOT: begin.reload
; CHECK: wi.header0.1:
; CHECK: %[[ROW:.*]] = lshr i64 %sg.start{{[0-9]*}}, 4
; CHECK: %[[AT:.*]] = getelementptr i32, ptr %{{.*}}, i64 %[[ROW]]
; CHECK: %begin.remat = load i32, ptr %[[AT]]
; CHECK-NOT: begin.reload
; CHECK: ret void
define internal void @unchanged.lanes.wg.64x1x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="unchanged" "lanes-local-size"="64,1,1" {
  %lid = call i64 @__lanes_local_id(i32 0)
  %row = lshr i64 %lid, 4
  %lane = and i64 %lid, 15
  %rowptr = load ptr, ptr %k
  %pb = getelementptr i32, ptr %rowptr, i64 %row
  %begin = load i32, ptr %pb, !tbaa !1
  %x = sitofp i32 %begin to float
  %r = call float @__lanes_sub_group_reduce_f32(i32 0, float %x, i32 16, ptr null, i32 1)
  %b = sext i32 %begin to i64
  %j = add i64 %b, %lane
  %py = getelementptr float, ptr %rowptr, i64 %j
  store float %r, ptr %py, !tbaa !4
  ret void
}

; CHECK-LABEL: define internal void @written.lanes.wg.64x1x1(
; CHECK-NOT: begin.remat
; CHECK: %begin.reload = load i32
; CHECK-NOT: begin.remat
; CHECK: ret void
define internal void @written.lanes.wg.64x1x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="written" "lanes-local-size"="64,1,1" {
  %lid = call i64 @__lanes_local_id(i32 0)
  %row = lshr i64 %lid, 4
  %lane = and i64 %lid, 15
  %rowptr = load ptr, ptr %k
  %pb = getelementptr i32, ptr %rowptr, i64 %row
  %begin = load i32, ptr %pb, !tbaa !1
  %x = sitofp i32 %begin to float
  %r = call float @__lanes_sub_group_reduce_f32(i32 0, float %x, i32 16, ptr null, i32 1)
  %b = sext i32 %begin to i64
  %j = add i64 %b, %lane
  %py = getelementptr i32, ptr %rowptr, i64 %j
  %ri = fptosi float %r to i32
  store i32 %ri, ptr %py, !tbaa !1
  ret void
}

!0 = !{!"root"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !0}
!3 = !{!"float", !0}
!4 = !{!3, !3, i64 0}
