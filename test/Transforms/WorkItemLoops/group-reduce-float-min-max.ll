; A float minimum or maximum reduction skips NaNs, as fmin and fmax do. Its
; accumulator steps with llvm.minimum / llvm.maximum, which the loop
; vectorizer reduces without no-NaNs flags (it does not reduce minnum or
; maxnum), on the operand with a NaN replaced by the identity: from the
; identity on, that gives fmin's and fmax's results. A scan keeps minnum
; and maxnum.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare float @__lanes_group_reduce_f32(i32, float, ptr, i32) convergent nounwind
declare double @__lanes_group_reduce_f64(i32, double, ptr, i32) convergent nounwind
declare float @__lanes_group_scan_inclusive_f32(i32, float, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %src
  %max = call float @__lanes_group_reduce_f32(i32 3, float %x, ptr null, i32 1)
  %d = fpext float %max to double
  %min = call double @__lanes_group_reduce_f64(i32 2, double %d, ptr null, i32 2)
  %m = fptrunc double %min to float
  %scan = call float @__lanes_group_scan_inclusive_f32(i32 3, float %m, ptr null, i32 3)
  store float %scan, ptr %src
  ret void
}

; CHECK: phi float [ 0xFFF0000000000000,
; CHECK: %[[NAN:.*]] = fcmp reassoc uno float %x.0, %x.0
; CHECK-NEXT: %[[X:.*]] = select reassoc i1 %[[NAN]], float 0xFFF0000000000000, float %x.0
; CHECK-NEXT: call reassoc float @llvm.maximum.f32(float %{{.*}}, float %[[X]])
; CHECK: phi double [ 0x7FF0000000000000,
; CHECK: %[[DNAN:.*]] = fcmp reassoc uno double %d.1, %d.1
; CHECK-NEXT: %[[D:.*]] = select reassoc i1 %[[DNAN]], double 0x7FF0000000000000, double %d.1
; CHECK-NEXT: call reassoc double @llvm.minimum.f64(double %{{.*}}, double %[[D]])
; CHECK: call float @llvm.maxnum.f32(
; CHECK-NOT: @__lanes_group_
