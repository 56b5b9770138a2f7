; A work-item loop whose constant trip count is a few of the widest vectors
; the vectorizer could choose (256-bit registers here: 8 floats) is
; interleaved by that many, so that it vectorizes into one trip whose
; copies run side by side. Left alone: loops the widest vector already
; covers, loops too long for the target's largest interleave count (4 for
; AVX), trip counts that are not a power-of-two multiple of the vector,
; trip counts not known, loops with a width set, and loops that are not
; work-item loops.
; RUN: lanes-opt -passes=lanes-interleave-short-loops %s -S | FileCheck %s --implicit-check-not=interleave.count
; RUN: lanes-opt -passes=lanes-interleave-short-loops,loop-vectorize -pass-remarks=loop-vectorize %s -disable-output 2>&1 | FileCheck %s --check-prefix=LV
; RUN: lanes-opt -passes=loop-vectorize -pass-remarks=loop-vectorize %s -disable-output 2>&1 | FileCheck %s --check-prefix=NOHINT

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Two vectors of 8 floats: one trip of two interleaved copies. The body, a
; row of a tile times its columns as in a matrix product, is too long for
; the vectorizer to interleave it unasked (NOHINT).
; CHECK-LABEL: define void @two_vectors(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[TWO:[0-9]+]]
; LV: remark: <unknown>:0:0: vectorized loop (vectorization width: 8, interleaved count: 2)
; NOHINT: remark: <unknown>:0:0: vectorized loop (vectorization width: 8, interleaved count: 1)
define void @two_vectors(ptr noalias %out, ptr noalias %in, ptr noalias %row) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %q = getelementptr float, ptr %out, i64 %i
  %s = load float, ptr %q, align 4
  %r0p = getelementptr float, ptr %row, i64 0
  %r0 = load float, ptr %r0p, align 4
  %c0p = getelementptr float, ptr %in, i64 0
  %c0q = getelementptr float, ptr %c0p, i64 %i
  %c0 = load float, ptr %c0q, align 4
  %s0 = call float @llvm.fmuladd.f32(float %r0, float %c0, float %s)
  %r1p = getelementptr float, ptr %row, i64 1
  %r1 = load float, ptr %r1p, align 4
  %c1p = getelementptr float, ptr %in, i64 16
  %c1q = getelementptr float, ptr %c1p, i64 %i
  %c1 = load float, ptr %c1q, align 4
  %s1 = call float @llvm.fmuladd.f32(float %r1, float %c1, float %s0)
  %r2p = getelementptr float, ptr %row, i64 2
  %r2 = load float, ptr %r2p, align 4
  %c2p = getelementptr float, ptr %in, i64 32
  %c2q = getelementptr float, ptr %c2p, i64 %i
  %c2 = load float, ptr %c2q, align 4
  %s2 = call float @llvm.fmuladd.f32(float %r2, float %c2, float %s1)
  %r3p = getelementptr float, ptr %row, i64 3
  %r3 = load float, ptr %r3p, align 4
  %c3p = getelementptr float, ptr %in, i64 48
  %c3q = getelementptr float, ptr %c3p, i64 %i
  %c3 = load float, ptr %c3q, align 4
  %s3 = call float @llvm.fmuladd.f32(float %r3, float %c3, float %s2)
  %r4p = getelementptr float, ptr %row, i64 4
  %r4 = load float, ptr %r4p, align 4
  %c4p = getelementptr float, ptr %in, i64 64
  %c4q = getelementptr float, ptr %c4p, i64 %i
  %c4 = load float, ptr %c4q, align 4
  %s4 = call float @llvm.fmuladd.f32(float %r4, float %c4, float %s3)
  %r5p = getelementptr float, ptr %row, i64 5
  %r5 = load float, ptr %r5p, align 4
  %c5p = getelementptr float, ptr %in, i64 80
  %c5q = getelementptr float, ptr %c5p, i64 %i
  %c5 = load float, ptr %c5q, align 4
  %s5 = call float @llvm.fmuladd.f32(float %r5, float %c5, float %s4)
  %r6p = getelementptr float, ptr %row, i64 6
  %r6 = load float, ptr %r6p, align 4
  %c6p = getelementptr float, ptr %in, i64 96
  %c6q = getelementptr float, ptr %c6p, i64 %i
  %c6 = load float, ptr %c6q, align 4
  %s6 = call float @llvm.fmuladd.f32(float %r6, float %c6, float %s5)
  %r7p = getelementptr float, ptr %row, i64 7
  %r7 = load float, ptr %r7p, align 4
  %c7p = getelementptr float, ptr %in, i64 112
  %c7q = getelementptr float, ptr %c7p, i64 %i
  %c7 = load float, ptr %c7q, align 4
  %s7 = call float @llvm.fmuladd.f32(float %r7, float %c7, float %s6)
  %r8p = getelementptr float, ptr %row, i64 8
  %r8 = load float, ptr %r8p, align 4
  %c8p = getelementptr float, ptr %in, i64 128
  %c8q = getelementptr float, ptr %c8p, i64 %i
  %c8 = load float, ptr %c8q, align 4
  %s8 = call float @llvm.fmuladd.f32(float %r8, float %c8, float %s7)
  %r9p = getelementptr float, ptr %row, i64 9
  %r9 = load float, ptr %r9p, align 4
  %c9p = getelementptr float, ptr %in, i64 144
  %c9q = getelementptr float, ptr %c9p, i64 %i
  %c9 = load float, ptr %c9q, align 4
  %s9 = call float @llvm.fmuladd.f32(float %r9, float %c9, float %s8)
  %r10p = getelementptr float, ptr %row, i64 10
  %r10 = load float, ptr %r10p, align 4
  %c10p = getelementptr float, ptr %in, i64 160
  %c10q = getelementptr float, ptr %c10p, i64 %i
  %c10 = load float, ptr %c10q, align 4
  %s10 = call float @llvm.fmuladd.f32(float %r10, float %c10, float %s9)
  %r11p = getelementptr float, ptr %row, i64 11
  %r11 = load float, ptr %r11p, align 4
  %c11p = getelementptr float, ptr %in, i64 176
  %c11q = getelementptr float, ptr %c11p, i64 %i
  %c11 = load float, ptr %c11q, align 4
  %s11 = call float @llvm.fmuladd.f32(float %r11, float %c11, float %s10)
  %r12p = getelementptr float, ptr %row, i64 12
  %r12 = load float, ptr %r12p, align 4
  %c12p = getelementptr float, ptr %in, i64 192
  %c12q = getelementptr float, ptr %c12p, i64 %i
  %c12 = load float, ptr %c12q, align 4
  %s12 = call float @llvm.fmuladd.f32(float %r12, float %c12, float %s11)
  %r13p = getelementptr float, ptr %row, i64 13
  %r13 = load float, ptr %r13p, align 4
  %c13p = getelementptr float, ptr %in, i64 208
  %c13q = getelementptr float, ptr %c13p, i64 %i
  %c13 = load float, ptr %c13q, align 4
  %s13 = call float @llvm.fmuladd.f32(float %r13, float %c13, float %s12)
  %r14p = getelementptr float, ptr %row, i64 14
  %r14 = load float, ptr %r14p, align 4
  %c14p = getelementptr float, ptr %in, i64 224
  %c14q = getelementptr float, ptr %c14p, i64 %i
  %c14 = load float, ptr %c14q, align 4
  %s14 = call float @llvm.fmuladd.f32(float %r14, float %c14, float %s13)
  %r15p = getelementptr float, ptr %row, i64 15
  %r15 = load float, ptr %r15p, align 4
  %c15p = getelementptr float, ptr %in, i64 240
  %c15q = getelementptr float, ptr %c15p, i64 %i
  %c15 = load float, ptr %c15q, align 4
  %s15 = call float @llvm.fmuladd.f32(float %r15, float %c15, float %s14)
  store float %s15, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 16
  br i1 %more, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

; Bytes: the widest vector holds 32, more than the loop has.
; CHECK-LABEL: define void @bytes(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[BYTES:[0-9]+]]
define void @bytes(ptr noalias %out, ptr noalias %in) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr i8, ptr %in, i64 %i
  %x = load i8, ptr %p, align 1
  %w = zext i8 %x to i32
  %q = getelementptr i32, ptr %out, i64 %i
  store i32 %w, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 16
  br i1 %more, label %loop, label %exit, !llvm.loop !3
exit:
  ret void
}

; Eight vectors: more than AVX's 4.
; CHECK-LABEL: define void @eight_vectors(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[EIGHT:[0-9]+]]
define void @eight_vectors(ptr noalias %out, float %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %q = getelementptr float, ptr %out, i64 %i
  store float %a, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 64
  br i1 %more, label %loop, label %exit, !llvm.loop !5
exit:
  ret void
}

; Three vectors: not a power of two.
; CHECK-LABEL: define void @three_vectors(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[THREE:[0-9]+]]
define void @three_vectors(ptr noalias %out, float %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %q = getelementptr float, ptr %out, i64 %i
  store float %a, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 24
  br i1 %more, label %loop, label %exit, !llvm.loop !7
exit:
  ret void
}

; A trip count the function does not know.
; CHECK-LABEL: define void @unknown(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[UNKNOWN:[0-9]+]]
define void @unknown(ptr noalias %out, float %a, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %q = getelementptr float, ptr %out, i64 %i
  store float %a, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !9
exit:
  ret void
}

; A sub-group's lanes: the width is set.
; CHECK-LABEL: define void @lanes(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[LANES:[0-9]+]]
define void @lanes(ptr noalias %out, float %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %q = getelementptr float, ptr %out, i64 %i
  store float %a, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 16
  br i1 %more, label %loop, label %exit, !llvm.loop !11
exit:
  ret void
}

; A loop of the kernel's own, not a work-item loop.
; CHECK-LABEL: define void @kernel_loop(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[OWN:[0-9]+]]
define void @kernel_loop(ptr noalias %out, float %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %q = getelementptr float, ptr %out, i64 %i
  store float %a, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 16
  br i1 %more, label %loop, label %exit, !llvm.loop !14
exit:
  ret void
}

; CHECK: ![[TWO]] = distinct !{![[TWO]], ![[PAR:[0-9]+]], ![[MARK:[0-9]+]], ![[COUNT:[0-9]+]]}
; CHECK: ![[COUNT]] = !{!"llvm.loop.interleave.count", i32 2}

declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "lanes-work-group-of"="k" "target-cpu"="haswell" "target-features"="+avx,+avx2,+fma" }

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.parallel_accesses", !15}
!2 = distinct !{!"lanes.work_item_loop", !15}
!3 = distinct !{!3, !1, !4}
!4 = distinct !{!"lanes.work_item_loop", !15}
!5 = distinct !{!5, !1, !6}
!6 = distinct !{!"lanes.work_item_loop", !15}
!7 = distinct !{!7, !1, !8}
!8 = distinct !{!"lanes.work_item_loop", !15}
!9 = distinct !{!9, !1, !10}
!10 = distinct !{!"lanes.work_item_loop", !15}
!11 = distinct !{!11, !1, !12, !13}
!12 = distinct !{!"lanes.work_item_loop", !15}
!13 = !{!"llvm.loop.vectorize.width", i32 16}
!14 = distinct !{!14}
!15 = distinct !{}
