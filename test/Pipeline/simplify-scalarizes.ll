; The simplification before the work-item loops makes small vectors a
; work-item computes scalar, so that the loop vectorizer can widen the
; work-item loop across work-items: a sycl::float2 result (the x86-64
; return type of sycl::float4's operators is two such halves) becomes two
; float operations and stores. The clean-up after the work-item loops
; leaves vectors alone: the sub-group exchanges are made of them.
; RUN: lanes-opt -passes=lanes-simplify-kernels %s -S | FileCheck %s
; RUN: lanes-opt -passes=lanes-cleanup-kernels %s -S | FileCheck %s --check-prefix=CLEANUP

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %outp = getelementptr i8, ptr %k, i64 8
  %out = load ptr, ptr %outp
  %src = getelementptr [2 x float], ptr %in, i64 %lid
  %a = load float, ptr %src
  %src1 = getelementptr float, ptr %src, i64 1
  %b = load float, ptr %src1
  %lo0 = insertelement <2 x float> poison, float %a, i64 0
  %lo = insertelement <2 x float> %lo0, float %b, i64 1
  %twice = fadd <2 x float> %lo, %lo
  %dst = getelementptr [2 x float], ptr %out, i64 %lid
  store <2 x float> %twice, ptr %dst
  ret void
}

; CHECK-LABEL: define internal void @k.lanes.wg(
; CHECK-NOT: <2 x float>
; CHECK: fadd float
; CHECK: fadd float
; CHECK: store float
; CHECK: store float
; CHECK-NOT: <2 x float>
; CHECK: ret void

; A sub-group's operands, summed as one vector after the work-item loops.
define internal void @x.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group-of"="x" {
  %in = load ptr, ptr %k
  %v = load <4 x float>, ptr %in
  %s = call reassoc float @llvm.vector.reduce.fadd.v4f32(float -0.0, <4 x float> %v)
  store float %s, ptr %in
  ret void
}

; CLEANUP-LABEL: define internal void @x.lanes.wg(
; CLEANUP: load <4 x float>
; CLEANUP: call reassoc float @llvm.vector.reduce.fadd.v4f32(
