; A work-group function specialized for one local size (lanes-local-size)
; reads no size from the context: its work-item loops count to constants and
; its local-size queries fold to them. Each query for a work-group function
; folds to the one made for its constant sizes, else to the generic one.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_local_size(i32) nounwind memory(none)
declare ptr @__lanes_work_group_function(ptr, i64, i64, i64, ptr)

define void @entry(ptr %k) "lanes-kernel" {
  ret void
}

define void @launch(i64 %n, ptr %out) {
  %fixed = call ptr @__lanes_work_group_function(ptr @entry, i64 64, i64 4, i64 1, ptr null)
  store volatile ptr %fixed, ptr %out
  %other = call ptr @__lanes_work_group_function(ptr @entry, i64 %n, i64 4, i64 1, ptr null)
  store volatile ptr %other, ptr %out
  %unknown = call ptr @__lanes_work_group_function(ptr @entry, i64 32, i64 1, i64 1, ptr null)
  store volatile ptr %unknown, ptr %out
  ret void
}

define internal void @entry.lanes.wg.64x4x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="entry" "lanes-local-size"="64,4,1" {
  %x = call i64 @__lanes_local_id(i32 0)
  %y = call i64 @__lanes_local_id(i32 1)
  %w = call i64 @__lanes_local_size(i32 0)
  %row = mul i64 %y, %w
  %i = add i64 %row, %x
  %out = load ptr, ptr %k
  %slot = getelementptr i64, ptr %out, i64 %i
  store i64 %w, ptr %slot
  ret void
}

define internal void @entry.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="entry" {
  %x = call i64 @__lanes_local_id(i32 0)
  %out = load ptr, ptr %k
  %slot = getelementptr i64, ptr %out, i64 %x
  store i64 %x, ptr %slot
  ret void
}

; CHECK-LABEL: define void @launch(
; CHECK-NEXT: store volatile ptr @entry.lanes.wg.64x4x1, ptr %out
; CHECK-NEXT: store volatile ptr @entry.lanes.wg, ptr %out
; CHECK-NEXT: store volatile ptr @entry.lanes.wg, ptr %out

; CHECK-LABEL: define internal void @entry.lanes.wg.64x4x1(
; CHECK-NOT: local.size
; CHECK: wi.header0.0:
; CHECK: %row.0 = mul i64 %lid.1, 64
; CHECK: store i64 64, ptr
; CHECK: %lid.next = add nuw nsw i64 %lid.0, 1
; CHECK-NEXT: %{{.*}} = icmp ult i64 %lid.next, 64
; CHECK: %lid.next{{[0-9]*}} = add nuw nsw i64 %lid.1, 1
; CHECK-NEXT: %{{.*}} = icmp ult i64 %lid.next{{[0-9]*}}, 4
; CHECK-LABEL: define internal void @entry.lanes.wg(
; CHECK: %local.size.0 = load i64
