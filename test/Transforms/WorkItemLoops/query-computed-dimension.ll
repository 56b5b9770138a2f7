; A value computed from a builtin query whose dimension is itself computed
; (here from the group id) and used after a barrier is recomputed there
; like any cheap chain: the query's copy lowers to a select over the
; dimensions with the recomputed dimension, and nothing refers to the original body any more (found by
; the fuzzer, seed 11345: "a value escaped the work-item loops").
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_local_size(i32) nounwind memory(none)
declare i64 @__lanes_group_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_group_id(i32 0)
  %nonzero = icmp ne i64 %gid, 0
  %dim = zext i1 %nonzero to i32
  %size = call i64 @__lanes_local_size(i32 %dim)
  %half = lshr i64 %size, 1
  br label %barrier
barrier:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %after
after:
  %lid = call i64 @__lanes_local_id(i32 0)
  %out = load ptr, ptr %k
  %slot = getelementptr i64, ptr %out, i64 %lid
  store i64 %half, ptr %slot
  ret void
}

; CHECK-NOT: __lanes_loop_state
; CHECK: wi.header0.1:
; CHECK: %nonzero.remat = icmp ne i64 %group.id.0, 0
; CHECK-NEXT: %dim.remat = zext i1 %nonzero.remat to i32
; CHECK-NEXT: icmp eq i32 %dim.remat, 0
; CHECK: %[[SIZE:.*]] = select i1 %{{.*}}, i64 %local.size.2, i64
; CHECK-NEXT: %half.remat = lshr i64 %[[SIZE]], 1
; CHECK: store i64 %half.remat, ptr %slot.1
; CHECK-NOT: __lanes_local_size
