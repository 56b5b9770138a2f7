; A barrier two calls deep, behind noinline, is inlined into the work-group
; function; the entry keeps its calls. A call that reaches no builtin stays.
; RUN: lanes-opt -passes=lanes-clone-kernels,lanes-inline-kernel-calls %s -S | FileCheck %s

declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind
declare i64 @__lanes_local_id(i32) nounwind memory(none)

define void @outer(ptr %p) noinline {
  call void @inner(ptr %p)
  ret void
}

define void @inner(ptr %p) noinline {
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  ret void
}

define i64 @pure(i64 %x) noinline {
  %y = mul i64 %x, 3
  ret i64 %y
}

define void @kernel(ptr %k) "lanes-kernel" {
  call void @outer(ptr %k)
  %id = call i64 @__lanes_local_id(i32 0)
  %v = call i64 @pure(i64 %id)
  ret void
}

; CHECK-LABEL: define void @kernel(
; CHECK: call void @outer(
; CHECK-LABEL: define internal void @kernel.lanes.wg(
; CHECK-NOT: call void @outer
; CHECK-NOT: call void @inner
; CHECK: call void @__lanes_barrier(
; CHECK: call i64 @pure(
