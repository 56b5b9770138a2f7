; Seeds and propagation of the shape analysis: the local id is varying, the
; group id, sizes and loads from the kernel object are uniform, loads from
; other memory are varying, and so is anything computed from a varying
; value.
; RUN: lanes-opt -passes='print<lanes-shape>' -disable-output %s 2>&1 | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_group_id(i32) nounwind memory(none)
declare i64 @__lanes_local_size(i32) nounwind memory(none)

define void @wg(ptr %k, ptr %ctx) {
  %lid = call i64 @__lanes_local_id(i32 0)
  %gid = call i64 @__lanes_group_id(i32 0)
  %size = call i64 @__lanes_local_size(i32 0)
  %base = mul i64 %gid, %size
  %gidx = add i64 %base, %lid
  %p = getelementptr i8, ptr %k, i64 8
  %arg = load ptr, ptr %p
  %elt = getelementptr float, ptr %arg, i64 %base
  %global = load float, ptr %elt
  ret void
}

; CHECK-LABEL: Shapes of 'wg':
; CHECK-NEXT: varying: %lid
; CHECK-NEXT: uniform: %gid
; CHECK-NEXT: uniform: %size
; CHECK-NEXT: uniform: %base
; CHECK-NEXT: varying: %gidx
; CHECK-NEXT: uniform: %p
; CHECK-NEXT: uniform: %arg
; CHECK-NEXT: uniform: %elt
; CHECK-NEXT: varying: %global
