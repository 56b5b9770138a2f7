; A call that reads no memory, always returns and has constant arguments
; (lanes::rt::groupLocalMemory, the object of a group_local_memory call
; site) gives the same value wherever it runs, so an element pointer into
; its result, live across the barrier, is recomputed after it rather than
; stored per work-item; LICM and GVN later leave one call. A call of the
; same kind with a varying argument, and one that may read memory, are
; stored in loop state as before.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind
declare ptr @site_object(i64) nounwind willreturn memory(none)
declare ptr @reads_memory(i64) nounwind willreturn memory(read)

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %tile = call ptr @site_object(i64 1024)
  %elt = getelementptr i32, ptr %tile, i64 %lid
  store i32 1, ptr %elt
  %own = call ptr @site_object(i64 %lid)
  %read = call ptr @reads_memory(i64 1024)
  br label %barrier
barrier:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %after
after:
  %v = load i32, ptr %elt
  store i32 %v, ptr %own
  store i32 %v, ptr %read
  ret void
}

; CHECK: subcfg.0:
; CHECK: %tile.0 = call ptr @site_object(i64 1024)
; CHECK-NEXT: %elt.0 = getelementptr i32, ptr %tile.0, i64 %lid.0
; CHECK-NEXT: store i32 1, ptr %elt.0
; CHECK-NEXT: %own.0 = call ptr @site_object(i64 %lid.0)
; CHECK: store ptr %own.0, ptr
; CHECK-NEXT: %read.0 = call ptr @reads_memory(i64 1024)
; CHECK: store ptr %read.0, ptr
; CHECK: subcfg.1:
; CHECK: wi.header0.1:
; CHECK: %tile.remat = call ptr @site_object(i64 1024)
; CHECK-NEXT: %elt.remat = getelementptr i32, ptr %tile.remat, i64 %lid.0
; CHECK: %own.reload = load ptr, ptr
; CHECK: %read.reload = load ptr, ptr
; CHECK: %v.1 = load i32, ptr %elt.remat
