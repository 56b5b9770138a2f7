; lanes-unjoin-reductions also merges reductions that their own operation
; combines: `reduce(A) + reduce(B)` is `reduce(A + B)`. A chain of them (the
; sums of a work-group's sub-groups that lanes-aggregate-atomics adds up
; for one atomic) becomes vector adds and one reduction; the vector adds
; drop `nsw`, which the sums taken in a new order need not keep. Also an
; integer maximum, and a float sum whose reductions start from -0.0 and
; may be reassociated, as may the fadd that combines them. Left alone: a
; reduction used again, two kinds of reduction, a float combination in
; order, a float sum started from 1.0, vectors of two widths, a product of
; two sums, and a function that is not a work-group function.
; RUN: lanes-opt -passes=lanes-unjoin-reductions %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define i32 @chain(
; CHECK-NEXT: %[[A:.*]] = add <8 x i32> %v0, %v1
; CHECK-NEXT: %[[B:.*]] = add <8 x i32> %[[A]], %v2
; CHECK-NEXT: %[[C:.*]] = add <8 x i32> %[[B]], %v3
; CHECK-NEXT: %[[S:.*]] = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %[[C]])
; CHECK-NEXT: ret i32 %[[S]]
define i32 @chain(<8 x i32> %v0, <8 x i32> %v1, <8 x i32> %v2, <8 x i32> %v3) "lanes-work-group-of"="k" {
  %r0 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %v0)
  %r1 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %v1)
  %c1 = add nsw i32 %r0, %r1
  %r2 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %v2)
  %c2 = add nsw i32 %c1, %r2
  %r3 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %v3)
  %c3 = add nsw i32 %c2, %r3
  ret i32 %c3
}

; CHECK-LABEL: define i32 @smax(
; CHECK-NEXT: %[[M:.*]] = call <4 x i32> @llvm.smax.v4i32(<4 x i32> %v0, <4 x i32> %v1)
; CHECK-NEXT: %[[S:.*]] = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %[[M]])
; CHECK-NEXT: ret i32 %[[S]]
define i32 @smax(<4 x i32> %v0, <4 x i32> %v1) "lanes-work-group-of"="k" {
  %r0 = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %v0)
  %r1 = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %v1)
  %m = call i32 @llvm.smax.i32(i32 %r0, i32 %r1)
  ret i32 %m
}

; CHECK-LABEL: define float @fsum(
; CHECK-NEXT: %[[A:.*]] = fadd reassoc nsz <4 x float> %v0, %v1
; CHECK-NEXT: %[[S:.*]] = call reassoc float @llvm.vector.reduce.fadd.v4f32(float -0.000000e+00, <4 x float> %[[A]])
; CHECK-NEXT: ret float %[[S]]
define float @fsum(<4 x float> %v0, <4 x float> %v1) "lanes-work-group-of"="k" {
  %r0 = call reassoc nnan float @llvm.vector.reduce.fadd.v4f32(float -0.0, <4 x float> %v0)
  %r1 = call reassoc float @llvm.vector.reduce.fadd.v4f32(float -0.0, <4 x float> %v1)
  %s = fadd reassoc nsz float %r0, %r1
  ret float %s
}

; CHECK-LABEL: define i32 @used_again(
; CHECK: add i32 %r0, %r1
define i32 @used_again(<4 x i32> %v0, <4 x i32> %v1, ptr %p) "lanes-work-group-of"="k" {
  %r0 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v0)
  %r1 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v1)
  store i32 %r0, ptr %p
  %s = add i32 %r0, %r1
  ret i32 %s
}

; CHECK-LABEL: define i32 @two_kinds(
; CHECK: add i32 %r0, %r1
define i32 @two_kinds(<4 x i32> %v0, <4 x i32> %v1) "lanes-work-group-of"="k" {
  %r0 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v0)
  %r1 = call i32 @llvm.vector.reduce.xor.v4i32(<4 x i32> %v1)
  %s = add i32 %r0, %r1
  ret i32 %s
}

; CHECK-LABEL: define float @fsum_in_order(
; CHECK: fadd float %r0, %r1
define float @fsum_in_order(<4 x float> %v0, <4 x float> %v1) "lanes-work-group-of"="k" {
  %r0 = call reassoc float @llvm.vector.reduce.fadd.v4f32(float -0.0, <4 x float> %v0)
  %r1 = call reassoc float @llvm.vector.reduce.fadd.v4f32(float -0.0, <4 x float> %v1)
  %s = fadd float %r0, %r1
  ret float %s
}

; CHECK-LABEL: define float @fsum_from_one(
; CHECK: fadd reassoc float %r0, %r1
define float @fsum_from_one(<4 x float> %v0, <4 x float> %v1) "lanes-work-group-of"="k" {
  %r0 = call reassoc float @llvm.vector.reduce.fadd.v4f32(float 1.0, <4 x float> %v0)
  %r1 = call reassoc float @llvm.vector.reduce.fadd.v4f32(float -0.0, <4 x float> %v1)
  %s = fadd reassoc float %r0, %r1
  ret float %s
}

; CHECK-LABEL: define i32 @two_widths(
; CHECK: add i32 %r0, %r1
define i32 @two_widths(<4 x i32> %v0, <8 x i32> %v1) "lanes-work-group-of"="k" {
  %r0 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v0)
  %r1 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %v1)
  %s = add i32 %r0, %r1
  ret i32 %s
}

; CHECK-LABEL: define i32 @product_of_sums(
; CHECK: mul i32 %r0, %r1
define i32 @product_of_sums(<4 x i32> %v0, <4 x i32> %v1) "lanes-work-group-of"="k" {
  %r0 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v0)
  %r1 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v1)
  %s = mul i32 %r0, %r1
  ret i32 %s
}

; CHECK-LABEL: define i32 @not_a_work_group_function(
; CHECK: add i32 %r0, %r1
define i32 @not_a_work_group_function(<4 x i32> %v0, <4 x i32> %v1) {
  %r0 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v0)
  %r1 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v1)
  %s = add i32 %r0, %r1
  ret i32 %s
}
