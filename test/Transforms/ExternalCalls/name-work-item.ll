; Before each call that may reach code outside the module, the work-group
; function names the work-item: its local and group ids, as builtin
; queries the work-item loops will answer. Named: a call to a declaration
; (a SYCL_EXTERNAL function of another translation unit), to a defined
; function that calls one, and through a pointer. Not named: a C library
; function (expf; erfcf and lgammaf_r, which the target library info does
; not know, are <math.h>'s too), a compiler helper (__mulsc3), an intrinsic, a function
; that accesses no memory, a defined function that reaches no declaration,
; and any call of the entry, which stays library-only code.
; RUN: lanes-opt -passes=lanes-clone-kernels,lanes-external-calls %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i64 @external(i64)
declare i64 @external_const(i64) memory(none)
declare float @expf(float)
declare float @erfcf(float)
declare float @lgammaf_r(float, ptr)
declare float @sin_r(float)
declare <2 x float> @__mulsc3(float, float, float, float)
declare float @llvm.fabs.f32(float)

define i64 @wrapper(i64 %x) noinline {
  %y = call i64 @external(i64 %x)
  ret i64 %y
}

define i64 @pure(i64 %x) noinline {
  %y = mul i64 %x, 3
  ret i64 %y
}

define void @kernel(ptr %k) "lanes-kernel" {
  %fn = load ptr, ptr %k
  %a = call i64 @external(i64 1)
  %b = call i64 @wrapper(i64 2)
  %c = call i64 %fn(i64 3)
  %d = call float @expf(float 1.0)
  %d2 = call float @erfcf(float 1.0)
  %d3 = call float @lgammaf_r(float 1.0, ptr %k)
  %m = call <2 x float> @__mulsc3(float 1.0, float 2.0, float 3.0, float 4.0)
  %e = call float @llvm.fabs.f32(float %d)
  %f = call i64 @external_const(i64 4)
  %g = call i64 @pure(i64 5)
  %h = call float @sin_r(float 1.0)
  ret void
}

; CHECK-LABEL: define i64 @wrapper(
; CHECK-NOT: __lanes_external_call
; CHECK-LABEL: define void @kernel(
; CHECK-NOT: __lanes_external_call
; CHECK-LABEL: define internal void @kernel.lanes.wg(
; CHECK: %[[L0:.*]] = call i64 @__lanes_local_id(i32 0)
; CHECK-NEXT: %[[L1:.*]] = call i64 @__lanes_local_id(i32 1)
; CHECK-NEXT: %[[L2:.*]] = call i64 @__lanes_local_id(i32 2)
; CHECK-NEXT: %[[G0:.*]] = call i64 @__lanes_group_id(i32 0)
; CHECK-NEXT: %[[G1:.*]] = call i64 @__lanes_group_id(i32 1)
; CHECK-NEXT: %[[G2:.*]] = call i64 @__lanes_group_id(i32 2)
; CHECK-NEXT: call void @__lanes_external_call(i64 %[[L0]], i64 %[[L1]], i64 %[[L2]], i64 %[[G0]], i64 %[[G1]], i64 %[[G2]])
; CHECK-NEXT: %a = call i64 @external(i64 1)
; CHECK: call void @__lanes_external_call(
; CHECK-NEXT: %b = call i64 @wrapper(i64 2)
; CHECK: call void @__lanes_external_call(
; CHECK-NEXT: %c = call i64 %fn(i64 3)
; CHECK-NEXT: %d = call float @expf(
; CHECK-NEXT: %d2 = call float @erfcf(
; CHECK-NEXT: %d3 = call float @lgammaf_r(
; CHECK-NEXT: %m = call <2 x float> @__mulsc3(
; CHECK-NEXT: %e = call float @llvm.fabs.f32(
; CHECK-NEXT: %f = call i64 @external_const(
; CHECK-NEXT: %g = call i64 @pure(
; Not <math.h>'s: named.
; CHECK: call void @__lanes_external_call(
; CHECK-NEXT: %h = call float @sin_r(
; CHECK: declare void @__lanes_external_call(i64, i64, i64, i64, i64, i64) #[[A:[0-9]+]]
; CHECK: attributes #[[A]] = { nounwind memory(inaccessiblemem: write) }
