; lanes-unjoin-reductions: a reduction of the vector lanes-join-reductions
; builds (two shuffles and one operation a pair, the pairs taking every lane
; of their sources once) reduces the sources combined instead: three adds
; and one reduction for four vectors, no shuffles. A reduction of joined
; vectors added up (sub-group 0 adding several of them) reduces all their
; sources added up. Also a float maximum
; whose operations may be reassociated, and a float sum of the joined
; vector plus 0.0 (sub-group 0's `float Part = 0; Part += ...`), which
; sums the sources and adds 0.0 to the sum. Left alone: a joined vector that
; is also stored, joined vectors added up where the sum is also stored,
; shuffles that take a lane twice, float sums in order, a
; tree of another operation than the reduction's, a joined vector plus 1.0
; or plus 0.0 used elsewhere too, and a function that is not a work-group
; function.
; RUN: lanes-opt -passes=lanes-unjoin-reductions %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define i32 @sum(
; CHECK-NEXT: %[[A:.*]] = add <4 x i32> %v0, %v1
; CHECK-NEXT: %[[B:.*]] = add <4 x i32> %v2, %v3
; CHECK-NEXT: %[[C:.*]] = add <4 x i32> %[[A]], %[[B]]
; CHECK-NEXT: %[[S:.*]] = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %[[C]])
; CHECK-NEXT: ret i32 %[[S]]
define i32 @sum(<4 x i32> %v0, <4 x i32> %v1, <4 x i32> %v2, <4 x i32> %v3) "lanes-work-group-of"="k" {
  %l0 = shufflevector <4 x i32> %v0, <4 x i32> %v1, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %h0 = shufflevector <4 x i32> %v0, <4 x i32> %v1, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %r0 = add <4 x i32> %l0, %h0
  %l1 = shufflevector <4 x i32> %v2, <4 x i32> %v3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %h1 = shufflevector <4 x i32> %v2, <4 x i32> %v3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
  %r1 = add <4 x i32> %l1, %h1
  %l2 = shufflevector <4 x i32> %r0, <4 x i32> %r1, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %h2 = shufflevector <4 x i32> %r0, <4 x i32> %r1, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %r2 = add <4 x i32> %l2, %h2
  %s = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %r2)
  ret i32 %s
}

; CHECK-LABEL: define i32 @sum_of_joined(
; CHECK-NEXT: %[[A:.*]] = add <2 x i32> %v0, %v1
; CHECK-NEXT: %[[B:.*]] = add <2 x i32> %v2, %v3
; CHECK-NEXT: %[[C:.*]] = add <2 x i32> %[[A]], %[[B]]
; CHECK-NEXT: %[[S:.*]] = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %[[C]])
; CHECK-NEXT: ret i32 %[[S]]
define i32 @sum_of_joined(<2 x i32> %v0, <2 x i32> %v1, <2 x i32> %v2, <2 x i32> %v3) "lanes-work-group-of"="k" {
  %l0 = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 0, i32 2>
  %h0 = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 1, i32 3>
  %j0 = add <2 x i32> %l0, %h0
  %l1 = shufflevector <2 x i32> %v2, <2 x i32> %v3, <2 x i32> <i32 0, i32 2>
  %h1 = shufflevector <2 x i32> %v2, <2 x i32> %v3, <2 x i32> <i32 1, i32 3>
  %j1 = add <2 x i32> %l1, %h1
  %t = add nsw <2 x i32> %j0, %j1
  %s = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %t)
  ret i32 %s
}

; CHECK-LABEL: define i32 @sum_of_joined_stored(
; CHECK: %t = add <2 x i32> %j0, %j1
; CHECK: call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %t)
define i32 @sum_of_joined_stored(<2 x i32> %v0, <2 x i32> %v1, <2 x i32> %v2, <2 x i32> %v3, ptr %p) "lanes-work-group-of"="k" {
  %l0 = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 0, i32 2>
  %h0 = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 1, i32 3>
  %j0 = add <2 x i32> %l0, %h0
  %l1 = shufflevector <2 x i32> %v2, <2 x i32> %v3, <2 x i32> <i32 0, i32 2>
  %h1 = shufflevector <2 x i32> %v2, <2 x i32> %v3, <2 x i32> <i32 1, i32 3>
  %j1 = add <2 x i32> %l1, %h1
  %t = add <2 x i32> %j0, %j1
  store <2 x i32> %t, ptr %p, align 4
  %s = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %t)
  ret i32 %s
}

; CHECK-LABEL: define float @fmax(
; CHECK-NEXT: %[[M:.*]] = call reassoc <2 x float> @llvm.maxnum.v2f32(<2 x float> %v0, <2 x float> %v1)
; CHECK-NEXT: %[[S:.*]] = call reassoc float @llvm.vector.reduce.fmax.v2f32(<2 x float> %[[M]])
; CHECK-NEXT: ret float %[[S]]
define float @fmax(<2 x float> %v0, <2 x float> %v1) "lanes-work-group-of"="k" {
  %l = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 1, i32 3>
  %m = call reassoc <2 x float> @llvm.maxnum.v2f32(<2 x float> %l, <2 x float> %h)
  %s = call reassoc float @llvm.vector.reduce.fmax.v2f32(<2 x float> %m)
  ret float %s
}

; CHECK-LABEL: define float @fsum_plus_zero(
; CHECK-NEXT: %[[A:.*]] = fadd reassoc <2 x float> %v0, %v1
; CHECK-NEXT: %[[S:.*]] = call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.000000e+00, <2 x float> %[[A]])
; CHECK-NEXT: %[[Z:.*]] = fadd nnan float %[[S]], 0.000000e+00
; CHECK-NEXT: %[[T:.*]] = fmul float %[[Z]], %[[Z]]
; CHECK-NEXT: ret float %[[T]]
define float @fsum_plus_zero(<2 x float> %v0, <2 x float> %v1) "lanes-work-group-of"="k" {
  %l = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 1, i32 3>
  %r = fadd reassoc <2 x float> %l, %h
  %z = fadd nnan <2 x float> zeroinitializer, %r
  %s = call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %z)
  %t = fmul float %s, %s
  ret float %t
}

; CHECK-LABEL: define float @fsum_plus_one(
; CHECK: %z = fadd <2 x float> %r, <float 1.000000e+00, float 1.000000e+00>
; CHECK: call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.000000e+00, <2 x float> %z)
define float @fsum_plus_one(<2 x float> %v0, <2 x float> %v1) "lanes-work-group-of"="k" {
  %l = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 1, i32 3>
  %r = fadd reassoc <2 x float> %l, %h
  %z = fadd <2 x float> %r, <float 1.0, float 1.0>
  %s = call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %z)
  ret float %s
}

; CHECK-LABEL: define float @fsum_plus_zero_stored(
; CHECK: %z = fadd <2 x float> %r, zeroinitializer
; CHECK: call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.000000e+00, <2 x float> %z)
define float @fsum_plus_zero_stored(<2 x float> %v0, <2 x float> %v1, ptr %p) "lanes-work-group-of"="k" {
  %l = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 1, i32 3>
  %r = fadd reassoc <2 x float> %l, %h
  %z = fadd <2 x float> %r, zeroinitializer
  store <2 x float> %z, ptr %p, align 4
  %s = call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %z)
  ret float %s
}

; CHECK-LABEL: define i32 @stored(
; CHECK: shufflevector
; CHECK: call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %r)
define i32 @stored(<2 x i32> %v0, <2 x i32> %v1, ptr %p) "lanes-work-group-of"="k" {
  %l = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 1, i32 3>
  %r = add <2 x i32> %l, %h
  store <2 x i32> %r, ptr %p, align 4
  %s = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %r)
  ret i32 %s
}

; CHECK-LABEL: define i32 @lane_twice(
; CHECK: call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %r)
define i32 @lane_twice(<2 x i32> %v0, <2 x i32> %v1) "lanes-work-group-of"="k" {
  %l = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 0, i32 3>
  %r = add <2 x i32> %l, %h
  %s = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %r)
  ret i32 %s
}

; CHECK-LABEL: define float @fsum_in_order(
; CHECK: call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.000000e+00, <2 x float> %r)
define float @fsum_in_order(<2 x float> %v0, <2 x float> %v1) "lanes-work-group-of"="k" {
  %l = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x float> %v0, <2 x float> %v1, <2 x i32> <i32 1, i32 3>
  %r = fadd <2 x float> %l, %h
  %s = call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %r)
  ret float %s
}

; CHECK-LABEL: define i32 @other_operation(
; CHECK: call i32 @llvm.vector.reduce.mul.v2i32(<2 x i32> %r)
define i32 @other_operation(<2 x i32> %v0, <2 x i32> %v1) "lanes-work-group-of"="k" {
  %l = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 1, i32 3>
  %r = add <2 x i32> %l, %h
  %s = call i32 @llvm.vector.reduce.mul.v2i32(<2 x i32> %r)
  ret i32 %s
}

; CHECK-LABEL: define i32 @not_a_work_group_function(
; CHECK: call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %r)
define i32 @not_a_work_group_function(<2 x i32> %v0, <2 x i32> %v1) {
  %l = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 0, i32 2>
  %h = shufflevector <2 x i32> %v0, <2 x i32> %v1, <2 x i32> <i32 1, i32 3>
  %r = add <2 x i32> %l, %h
  %s = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %r)
  ret i32 %s
}

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.add.v2i32(<2 x i32>)
declare i32 @llvm.vector.reduce.mul.v2i32(<2 x i32>)
declare float @llvm.vector.reduce.fmax.v2f32(<2 x float>)
declare float @llvm.vector.reduce.fadd.v2f32(float, <2 x float>)
declare <2 x float> @llvm.maxnum.v2f32(<2 x float>, <2 x float>)
