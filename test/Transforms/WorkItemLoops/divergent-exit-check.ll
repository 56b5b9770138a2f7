; A sub-CFG with two exits (the barrier inside the loop, or the end of the
; kernel) computes the minimum and maximum exit code over all work-items,
; both as umax reductions (the minimum as top - max(top - code), top being
; the largest code, 1 here), which the loop vectorizer recognises.
; When they differ and the context asks for checks, the work-group function
; reports both exits by name and returns; otherwise it switches on the code.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@name = private constant [9 x i8] c"loop.cpp\00"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %n = load i64, ptr %k
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %next, %after ]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %barrier, label %exit
barrier:
  call void @__lanes_barrier(i32 1, ptr @name, i32 12)
  br label %after
after:
  %next = add i64 %i, 1
  br label %header
exit:
  ret void
}

; CHECK: @lanes.exit.name = private unnamed_addr constant [22 x i8] c"the end of the kernel\00"
; CHECK: @lanes.exit.name.1 = private unnamed_addr constant [27 x i8] c"the barrier at loop.cpp:12\00"
; CHECK: @lanes.exit.names = private constant [2 x ptr] [ptr @lanes.exit.name, ptr @lanes.exit.name.1]

; CHECK: wi.header0.0:
; CHECK: %[[CBELOW:code.below.top[0-9]*]] = phi i32
; CHECK: %[[CMAX:code.max[0-9]*]] = phi i32
; CHECK: wi.latch0.0:
; CHECK-NEXT: %exit.code = phi i32 [ 1, %exit1.0 ], [ 0, %exit0.0 ]
; CHECK-NEXT: %[[INV:.*]] = sub i32 1, %exit.code
; CHECK-NEXT: %[[BELOW:.*]] = call i32 @llvm.umax.i32(i32 %[[CBELOW]], i32 %[[INV]])
; CHECK-NEXT: %[[MAX:.*]] = call i32 @llvm.umax.i32(i32 %[[CMAX]], i32 %exit.code)
; CHECK: wi.done.0:
; CHECK-NEXT: %[[MIN:code.min]] = sub i32 1, %[[BELOW]]
; CHECK-NEXT: %[[DIFF:.*]] = icmp ne i32 %[[MIN]], %[[MAX]]
; CHECK-NEXT: %[[REPORT:.*]] = and i1 %checks.on, %[[DIFF]]
; CHECK-NEXT: br i1 %[[REPORT]], label %divergent, label %dispatch
; CHECK: divergent:
; CHECK: call void @__lanes_divergent_barrier(ptr %ctx, ptr %{{.*}}, ptr %{{.*}})
; CHECK-NEXT: ret void
; CHECK: dispatch:
; CHECK-NEXT: switch i32 %[[MAX]], label %subcfg.1 [
; CHECK-NEXT: i32 1, label %subcfg.1
; CHECK-NEXT: i32 0, label %wg.return
