; A work-group scan of integers, where the target has vectors of 8 or more
; of them: the nest before it leaves each work-item's operand in the
; result's array and carries nothing but a dead accumulator, and on the way
; to the next nest a loop scans the array in place, a vector of work-items
; at a time: log2(lanes) steps of a shift and the operation, then the carry
; of the work-items before. The items past the last whole vector go one at
; a time. An exclusive scan stores the results one lane up, the carry in
; lane 0. Where vectors hold fewer than 8 (the default x86-64 target), the
; scan stays in the nest (group-collectives.ll).
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i32 @__lanes_group_scan_inclusive_i32(i32, i32, ptr, i32) convergent nounwind
declare i32 @__lanes_group_scan_exclusive_i32(i32, i32, ptr, i32) convergent nounwind

; Inclusive sum, AVX2: vectors of 8.
; CHECK-LABEL: define internal void @sum.lanes.wg(
; CHECK: exit1.0:
; CHECK-NEXT: %acc{{.*}} = add i32 %acc{{.*}}, %x.0
; CHECK: store i32 %x.0, ptr
; CHECK: wi.done.0:
; CHECK-NEXT: br label %scan.1
; CHECK: subcfg.1:
; CHECK: %scan.reload = load i32
; CHECK: scan.1:
; CHECK-NEXT: %[[WHOLE:.*]] = and i64 %num.items, -8
; CHECK-NEXT: %[[ANY:.*]] = icmp ne i64 %[[WHOLE]], 0
; CHECK-NEXT: br i1 %[[ANY]], label %scan.vector.1, label %scan.rest.1
; CHECK: scan.vector.1:
; CHECK-NEXT: %scan.index = phi i64 [ 0, %scan.1 ], [ %[[NEXT:.*]], %scan.vector.1 ]
; CHECK-NEXT: %scan.carry = phi i32 [ 0, %scan.1 ], [ %[[CARRY:.*]], %scan.vector.1 ]
; CHECK: %[[X:.*]] = load <8 x i32>, ptr %[[AT:.*]], align 4
; CHECK-NEXT: %[[S1:.*]] = shufflevector <8 x i32> zeroinitializer, <8 x i32> %[[X]], <8 x i32> <i32 0, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14>
; CHECK-NEXT: %[[X1:.*]] = add <8 x i32> %[[S1]], %[[X]]
; CHECK-NEXT: %[[S2:.*]] = shufflevector <8 x i32> zeroinitializer, <8 x i32> %[[X1]], <8 x i32> <i32 0, i32 0, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13>
; CHECK-NEXT: %[[X2:.*]] = add <8 x i32> %[[S2]], %[[X1]]
; CHECK-NEXT: %[[S4:.*]] = shufflevector <8 x i32> zeroinitializer, <8 x i32> %[[X2]], <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 8, i32 9, i32 10, i32 11>
; CHECK-NEXT: %[[X4:.*]] = add <8 x i32> %[[S4]], %[[X2]]
; CHECK-NEXT: %[[INS:.*]] = insertelement <8 x i32> poison, i32 %scan.carry, i64 0
; CHECK-NEXT: %[[SPLAT:.*]] = shufflevector <8 x i32> %[[INS]], <8 x i32> poison, <8 x i32> zeroinitializer
; CHECK-NEXT: %[[R:.*]] = add <8 x i32> %[[SPLAT]], %[[X4]]
; CHECK-NEXT: store <8 x i32> %[[R]], ptr %[[AT]], align 4
; CHECK-NEXT: %[[CARRY]] = extractelement <8 x i32> %[[R]], i64 7
; CHECK-NEXT: %[[NEXT]] = add nuw i64 %scan.index, 8
; CHECK-NEXT: %[[MORE:.*]] = icmp ult i64 %[[NEXT]], %[[WHOLE]]
; CHECK-NEXT: br i1 %[[MORE]], label %scan.vector.1, label %scan.rest.1
; CHECK: scan.rest.1:
; CHECK-NEXT: %scan.rest.index = phi i64 [ 0, %scan.1 ], [ %[[NEXT]], %scan.vector.1 ], [ %[[STEP:.*]], %scan.item.1 ]
; CHECK-NEXT: %scan.acc = phi i32 [ 0, %scan.1 ], [ %[[CARRY]], %scan.vector.1 ], [ %[[A:.*]], %scan.item.1 ]
; CHECK-NEXT: %[[LEFT:.*]] = icmp ult i64 %scan.rest.index, %num.items
; CHECK-NEXT: br i1 %[[LEFT]], label %scan.item.1, label %scan.done.1
; CHECK: scan.item.1:
; CHECK: %[[Y:.*]] = load i32, ptr %[[ITEM:.*]], align 4
; CHECK-NEXT: %[[A]] = add i32 %scan.acc, %[[Y]]
; CHECK-NEXT: store i32 %[[A]], ptr %[[ITEM]], align 4
; CHECK-NEXT: %[[STEP]] = add nuw i64 %scan.rest.index, 1
; CHECK-NEXT: br label %scan.rest.1
; CHECK: scan.done.1:
; CHECK-NEXT: br label %subcfg.1
define internal void @sum.lanes.wg(ptr %k, ptr noalias %ctx) #0 {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %src
  %scan = call i32 @__lanes_group_scan_inclusive_i32(i32 0, i32 %x, ptr null, i32 1)
  store i32 %scan, ptr %src
  ret void
}

; Exclusive unsigned maximum, AVX-512: vectors of 16; the identity is 0.
; CHECK-LABEL: define internal void @max.lanes.wg(
; CHECK: store i32 %x.0, ptr
; CHECK: scan.vector.1:
; CHECK: load <16 x i32>
; CHECK-COUNT-4: call <16 x i32> @llvm.umax.v16i32(
; CHECK: %[[SPLAT:.*]] = shufflevector <16 x i32> %{{.*}}, <16 x i32> poison, <16 x i32> zeroinitializer
; CHECK-NEXT: %[[R:.*]] = call <16 x i32> @llvm.umax.v16i32(<16 x i32> %[[SPLAT]],
; CHECK-NEXT: %[[UP:.*]] = shufflevector <16 x i32> %[[SPLAT]], <16 x i32> %[[R]], <16 x i32> <i32 0, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30>
; CHECK-NEXT: store <16 x i32> %[[UP]]
; CHECK-NEXT: extractelement <16 x i32> %[[R]], i64 15
; CHECK: scan.item.1:
; CHECK: call i32 @llvm.umax.i32(i32 %scan.acc,
; CHECK-NEXT: store i32 %scan.acc, ptr
define internal void @max.lanes.wg(ptr %k, ptr noalias %ctx) #1 {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %src
  %scan = call i32 @__lanes_group_scan_exclusive_i32(i32 5, i32 %x, ptr null, i32 1)
  store i32 %scan, ptr %src
  ret void
}

; The default target: vectors of 4, so the scan stays in the nest.
; CHECK-LABEL: define internal void @narrow.lanes.wg(
; CHECK: exit1.0:
; CHECK-NEXT: %[[STEP:.*]] = add i32 %[[ACC:.*]], %x.0
; CHECK: store i32 %[[STEP]], ptr
; CHECK-NOT: scan.vector
; CHECK: ret void
; CHECK-NOT: scan.vector
; CHECK: {{^}$}}
define internal void @narrow.lanes.wg(ptr %k, ptr noalias %ctx) #2 {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %src
  %scan = call i32 @__lanes_group_scan_inclusive_i32(i32 0, i32 %x, ptr null, i32 1)
  store i32 %scan, ptr %src
  ret void
}

attributes #0 = { "lanes-work-group"="sum" "target-cpu"="x86-64-v3" }
attributes #1 = { "lanes-work-group"="max" "target-cpu"="znver4" }
attributes #2 = { "lanes-work-group"="narrow" }
