; Three shuffles of one value, by the lane id minus one, plus one and xor
; one (shift_group_right/left and permute_group_by_xor): they share one
; barrier block (lanes-isolate-barriers), so the work-item loops split once,
; every work-item saves x once, and the source lanes, constants per lane,
; are not saved at all. The exchange loop shuffles each sub-group's vector
; of x by constant masks; a source lane past the sub-group (lane 0's left
; neighbour, lane 3's right one) is the lane itself. In a partial sub-group
; the lanes whose source is past its size keep their own x: a select.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare float @__lanes_sub_group_shuffle_f32(float, i64, i32, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %lane = and i64 %lid, 3
  %src = getelementptr float, ptr %k, i64 %lid
  %x = load float, ptr %src
  %left = add i64 %lane, -1
  %s1 = call float @__lanes_sub_group_shuffle_f32(float %x, i64 %left, i32 4, ptr null, i32 1)
  %right = add i64 %lane, 1
  %s2 = call float @__lanes_sub_group_shuffle_f32(float %x, i64 %right, i32 4, ptr null, i32 2)
  %pair = xor i64 %lane, 1
  %s3 = call float @__lanes_sub_group_shuffle_f32(float %x, i64 %pair, i32 4, ptr null, i32 3)
  %a = fadd float %s1, %s2
  %b = fadd float %a, %s3
  store float %b, ptr %src
  ret void
}

; CHECK-LABEL: define internal void @k.lanes.wg(
; CHECK-NOT: call {{.*}}@__lanes_sub_group_
; CHECK: exit1.0:
; CHECK-NEXT: %[[OFF:.*]] = mul nuw i64 %item, 4
; CHECK-NEXT: %[[AT:.*]] = getelementptr inbounds i8, ptr %{{.*}}, i64 %[[OFF]]
; CHECK-NEXT: store float %x.0, ptr %[[AT]]
; CHECK-NEXT: br label %wi.latch0.0
; CHECK: wi.done.0:
; CHECK-NEXT: br label %sg.exchange
; CHECK: sg.full:
; CHECK: %sg.x = call <4 x float> @llvm.masked.load.v4f32.p0(
; CHECK-NEXT: %[[S1:.*]] = shufflevector <4 x float> %sg.x, <4 x float> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 2>
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %[[S1]],
; CHECK-NEXT: %[[S2:.*]] = shufflevector <4 x float> %sg.x, <4 x float> poison, <4 x i32> <i32 1, i32 2, i32 3, i32 3>
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %[[S2]],
; CHECK-NEXT: %[[S3:.*]] = shufflevector <4 x float> %sg.x, <4 x float> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %[[S3]],
; CHECK-NEXT: br label %sg.latch
; CHECK: sg.partial:
; CHECK: %[[PX:.*]] = call <4 x float> @llvm.masked.load.v4f32.p0(
; CHECK-NEXT: %[[P1:.*]] = shufflevector <4 x float> %[[PX]], <4 x float> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 2>
; CHECK-NEXT: %[[SIZE:.*]] = trunc i64 %sg.size to i32
; CHECK: %[[FOUND:.*]] = icmp ult <4 x i32> <i32 4, i32 0, i32 1, i32 2>, %{{.*}}
; CHECK-NEXT: %{{.*}} = select <4 x i1> %[[FOUND]], <4 x float> %[[P1]], <4 x float> %[[PX]]
; One exchange for all three.
; CHECK: sg.latch:
; CHECK-NOT: sg.exchange
