; Each group collective ends the work-item loop before it like a barrier,
; and that loop carries an accumulator through every level of the nest:
; it starts at the operation's identity and every work-item steps it with
; its operand, in linear-id order. A reduction's or broadcast's final value
; goes to a scalar slot on the way to the next nest, which loads it once; a
; scan stores each work-item's running value in a loop-state array. The
; operands themselves are not loop state: they are used where each
; work-item arrives at the collective.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare float @__lanes_group_reduce_f32(i32, float, ptr, i32) convergent nounwind
declare i32 @__lanes_group_scan_exclusive_i32(i32, i32, ptr, i32) convergent nounwind
declare i64 @__lanes_group_broadcast_i64(i64, i64, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %src
  %sum = call float @__lanes_group_reduce_f32(i32 0, float %x, ptr null, i32 1)
  %xi = fptosi float %sum to i32
  %scan = call i32 @__lanes_group_scan_exclusive_i32(i32 3, i32 %xi, ptr null, i32 2)
  %b = call i64 @__lanes_group_broadcast_i64(i64 %lid, i64 3, ptr null, i32 3)
  %f = sitofp i32 %scan to float
  %bf = uitofp i64 %b to float
  %r = fadd float %f, %bf
  %dst = getelementptr float, ptr %in, i64 %lid
  store float %r, ptr %dst
  ret void
}

; CHECK: wg.entry:
; CHECK-NOT: %x.uniform
; CHECK: %sum.uniform = alloca float
; CHECK: %b.uniform = alloca i64
; CHECK-NOT: %x.uniform
; The reduction: -0.0 at the start, a reassociable sum per work-item.
; CHECK: wi.header2.0:
; CHECK: %[[ACC2:.*]] = phi float [ -0.000000e+00, %subcfg.0 ], [ %[[NEXT:.*]], %wi.latch2.0 ]
; CHECK: wi.header0.0:
; CHECK: %[[ACC0:.*]] = phi float [ %{{.*}}, %wi.header1.0 ], [ %[[NEXT]], %wi.latch0.0 ]
; CHECK: %x.0 = load float, ptr %src.0
; CHECK-NOT: store
; CHECK: exit1.0:
; CHECK-NEXT: %[[STEP:.*]] = fadd reassoc float %[[ACC0]], %x.0
; CHECK: wi.latch0.0:
; CHECK-NEXT: %[[NEXT]] = phi float [ %[[STEP]], %exit1.0 ]
; The scan (MAX, signed): starts at INT_MIN; each work-item's result is the
; accumulator before its own step.
; CHECK: subcfg.1:
; CHECK-NEXT: %sum.reload = load float, ptr %sum.uniform
; CHECK: wi.header2.1:
; CHECK: phi i32 [ -2147483648, %subcfg.1 ]
; CHECK: wi.header0.1:
; CHECK: %[[SACC:.*]] = phi i32
; CHECK: exit2.1:
; CHECK-NEXT: call i32 @llvm.smax.i32(i32 %[[SACC]], i32 %xi.1)
; CHECK: store i32 %[[SACC]], ptr
; The broadcast: the value of work-item 3.
; CHECK: exit3.2:
; CHECK-NEXT: %[[IS3:.*]] = icmp eq i64 %item{{.*}}, 3
; CHECK-NEXT: select i1 %[[IS3]], i64 %lid.0{{.*}}, i64
; CHECK: subcfg.3:
; CHECK: %b.reload = load i64, ptr %b.uniform
; CHECK-NOT: @__lanes_group_
; CHECK: collective.done:
; CHECK-NEXT: store float %[[NEXT]], ptr %sum.uniform
; CHECK-NEXT: br label %subcfg.1
; CHECK: collective.done{{.*}}:
; CHECK-NEXT: store i64 %{{.*}}, ptr %b.uniform
; CHECK-NEXT: br label %subcfg.3
