; A work-item loop calling erff (which may set errno) and llvm.tanh (which
; LLVM 19 cannot widen) vectorizes once lanes-vector-math has named their
; vector variants: the loop vectorizer calls glibc's AVX2 variants 8 wide.
; Without the pass the loop stays scalar.
; RUN: lanes-opt -vector-library=LIBMVEC-X86 -passes=lanes-vector-math,loop-vectorize %s -S | FileCheck %s
; RUN: lanes-opt -vector-library=LIBMVEC-X86 -passes=loop-vectorize %s -S | FileCheck %s --check-prefix=WITHOUT

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare float @erff(float) nounwind
declare float @llvm.tanh.f32(float)

; CHECK-LABEL: define void @wg(
; CHECK: call <8 x float> @_ZGVdN8v_erff(<8 x float>
; CHECK: call <8 x float> @_ZGVdN8v_tanhf(<8 x float>
; WITHOUT-LABEL: define void @wg(
; WITHOUT-NOT: <8 x float>
define void @wg(ptr noalias %in, ptr noalias %out) #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %src = getelementptr inbounds float, ptr %in, i64 %i
  %x = load float, ptr %src, align 4
  %e = call float @erff(float %x)
  %t = call float @llvm.tanh.f32(float %e)
  %dst = getelementptr inbounds float, ptr %out, i64 %i
  store float %t, ptr %dst, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 256
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

attributes #0 = { "lanes-work-group-of"="k" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+fma,+sse4.2" }
