; The global id as the SYCL headers compute it, group_id(d) * local_size(d)
; + local_id(d), gets nuw on both steps, in every work-group function: the
; runtime keeps global sizes below 2^64. Sums of other terms, or of
; queries of different dimensions, keep their flags as they were.
; RUN: lanes-opt -passes=lanes-fold-local-sizes %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_local_size(i32) nounwind memory(none)
declare i64 @__lanes_group_id(i32) nounwind memory(none)

; CHECK-LABEL: define void @k.lanes.wg(
; CHECK: %base0 = mul nuw i64 %size0, %group0
; CHECK-NEXT: %gid0 = add nuw i64 %base0, %lid0
; CHECK: %base1 = mul nuw i64 %group1, %size1
; CHECK-NEXT: %gid1 = add nuw i64 %lid1, %base1
; CHECK: %mixed = mul i64 %group1, %size0
; CHECK-NEXT: %wrong = add i64 %mixed, %lid0
; CHECK: %scaled = mul i64 %lid0, %size0
; CHECK-NEXT: %other = add i64 %scaled, %lid0
define void @k.lanes.wg(ptr %out) "lanes-work-group"="k" {
  %group0 = call i64 @__lanes_group_id(i32 0)
  %size0 = call i64 @__lanes_local_size(i32 0)
  %lid0 = call i64 @__lanes_local_id(i32 0)
  %base0 = mul i64 %size0, %group0
  %gid0 = add i64 %base0, %lid0
  store i64 %gid0, ptr %out
  %group1 = call i64 @__lanes_group_id(i32 1)
  %size1 = call i64 @__lanes_local_size(i32 1)
  %lid1 = call i64 @__lanes_local_id(i32 1)
  %base1 = mul i64 %group1, %size1
  %gid1 = add i64 %lid1, %base1
  store i64 %gid1, ptr %out
  %mixed = mul i64 %group1, %size0
  %wrong = add i64 %mixed, %lid0
  store i64 %wrong, ptr %out
  %scaled = mul i64 %lid0, %size0
  %other = add i64 %scaled, %lid0
  store i64 %other, ptr %out
  ret void
}

; Specialized for 32x8x1: the sizes become constants after the flags are
; set.
; CHECK-LABEL: define void @k.lanes.wg.32x8x1(
; CHECK: %base = mul nuw i64 32, %group
; CHECK-NEXT: %gid = add nuw i64 %base, %lid
define void @k.lanes.wg.32x8x1(ptr %out) "lanes-work-group"="k" "lanes-local-size"="32,8,1" {
  %group = call i64 @__lanes_group_id(i32 0)
  %size = call i64 @__lanes_local_size(i32 0)
  %lid = call i64 @__lanes_local_id(i32 0)
  %base = mul i64 %size, %group
  %gid = add i64 %base, %lid
  store i64 %gid, ptr %out
  ret void
}
