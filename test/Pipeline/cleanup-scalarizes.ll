; The clean-up makes small vectors a work-item computes scalar, so that the
; loop vectorizer can widen the work-item loop across work-items: a
; sycl::float4 result stored as two <2 x float> halves (the x86-64 return
; type of its operators) becomes four float stores.
; RUN: lanes-opt -passes=lanes-cleanup-kernels %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group-of"="k" {
pre:
  %size = load i64, ptr %ctx, !invariant.load !0
  %in = load ptr, ptr %k
  %outp = getelementptr i8, ptr %k, i64 8
  %out = load ptr, ptr %outp
  br label %loop
loop:
  %lid = phi i64 [ 0, %pre ], [ %next, %loop ]
  %src = getelementptr [4 x float], ptr %in, i64 %lid
  %a = load float, ptr %src
  %src1 = getelementptr float, ptr %src, i64 1
  %b = load float, ptr %src1
  %lo0 = insertelement <2 x float> poison, float %a, i64 0
  %lo = insertelement <2 x float> %lo0, float %b, i64 1
  %twice = fadd <2 x float> %lo, %lo
  %dst = getelementptr [4 x float], ptr %out, i64 %lid
  store <2 x float> %twice, ptr %dst
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

!0 = !{}

; CHECK-LABEL: define internal void @k.lanes.wg(
; CHECK-NOT: <2 x float>
; CHECK: fadd float
; CHECK: fadd float
; CHECK: store float
; CHECK: store float
; CHECK-NOT: <2 x float>
; CHECK: ret void
