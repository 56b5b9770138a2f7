; On an AVX-512 core tuned for 256-bit vectors (Skylake-SP) a short
; work-item loop takes the 512-bit registers the target has rather than the
; 256-bit ones it prefers: 16 floats are one vector, 32 floats two vectors
; interleaved, and the function says it needs 512-bit vectors so that code
; generation does not split them. Left alone: a loop that one preferred
; vector covers, loops where the user chose the width, and every loop of a
; function with a loop that cannot take them.
; RUN: lanes-opt -passes=lanes-interleave-short-loops %s -S | FileCheck %s --implicit-check-not=interleave.count
; RUN: lanes-opt -passes=lanes-interleave-short-loops,loop-vectorize -pass-remarks=loop-vectorize %s -disable-output 2>&1 | FileCheck %s --check-prefix=LV
; RUN: lanes-opt -passes=loop-vectorize -pass-remarks=loop-vectorize %s -disable-output 2>&1 | FileCheck %s --check-prefix=NOHINT

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; One 512-bit vector, where the vectorizer would take two of 256 bits.
; CHECK-LABEL: define void @sixteen_floats(
; CHECK-SAME: #[[WIDE:[0-9]+]]
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[SIXTEEN:[0-9]+]]
; LV: remark: <unknown>:0:0: vectorized loop (vectorization width: 16, interleaved count: 1)
; NOHINT: remark: <unknown>:0:0: vectorized loop (vectorization width: 8,
define void @sixteen_floats(ptr noalias %out, ptr noalias %in) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4
  %y = fmul float %x, 3.0
  %q = getelementptr float, ptr %out, i64 %i
  store float %y, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 16
  br i1 %more, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

; Two 512-bit vectors, interleaved.
; CHECK-LABEL: define void @thirty_two_floats(
; CHECK-SAME: #[[WIDE]]
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[THIRTY_TWO:[0-9]+]]
; LV: remark: <unknown>:0:0: vectorized loop (vectorization width: 16, interleaved count: 2)
define void @thirty_two_floats(ptr noalias %out, ptr noalias %in) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4
  %y = fmul float %x, 3.0
  %q = getelementptr float, ptr %out, i64 %i
  store float %y, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 32
  br i1 %more, label %loop, label %exit, !llvm.loop !3
exit:
  ret void
}

; One 256-bit vector holds the loop: nothing to gain, and the function
; keeps the vector width it had.
; CHECK-LABEL: define void @eight_floats(
; CHECK-SAME: #[[NARROW:[0-9]+]]
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[EIGHT:[0-9]+]]
define void @eight_floats(ptr noalias %out, ptr noalias %in) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4
  %y = fmul float %x, 3.0
  %q = getelementptr float, ptr %out, i64 %i
  store float %y, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 8
  br i1 %more, label %loop, label %exit, !llvm.loop !5
exit:
  ret void
}

; Two loops, the second of 128 floats, 8 vectors of 16, more than AVX's
; largest count of 4: it keeps 256-bit vectors, and so does the first,
; which stores what the second loads (a tree reduction's steps).
; CHECK-LABEL: define void @mixed(
; CHECK-SAME: #[[NARROW]]
; CHECK: br i1 %more, label %loop, label %next, !llvm.loop ![[MIXED_FIRST:[0-9]+]]
; CHECK: br i1 %more2, label %loop2, label %exit, !llvm.loop ![[MIXED_SECOND:[0-9]+]]
define void @mixed(ptr noalias %out, ptr noalias %in) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next.i, %loop ]
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4
  %y = fmul float %x, 3.0
  %q = getelementptr float, ptr %out, i64 %i
  store float %y, ptr %q, align 4
  %next.i = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next.i, 16
  br i1 %more, label %loop, label %next, !llvm.loop !12
next:
  br label %loop2
loop2:
  %j = phi i64 [ 0, %next ], [ %next.j, %loop2 ]
  %p2 = getelementptr float, ptr %out, i64 %j
  %x2 = load float, ptr %p2, align 4
  %y2 = fmul float %x2, 3.0
  %q2 = getelementptr float, ptr %in, i64 %j
  store float %y2, ptr %q2, align 4
  %next.j = add nuw nsw i64 %j, 1
  %more2 = icmp ult i64 %next.j, 128
  br i1 %more2, label %loop2, label %exit, !llvm.loop !14
exit:
  ret void
}

; The user chose 512-bit vectors (-mprefer-vector-width=512): the
; vectorizer takes 16 floats in one vector by itself.
; CHECK-LABEL: define void @preferred_wide(
; CHECK-SAME: #[[PREFERRED:[0-9]+]]
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[PREFERRED_LOOP:[0-9]+]]
define void @preferred_wide(ptr noalias %out, ptr noalias %in) #1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4
  %y = fmul float %x, 3.0
  %q = getelementptr float, ptr %out, i64 %i
  store float %y, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 16
  br i1 %more, label %loop, label %exit, !llvm.loop !7
exit:
  ret void
}

; The user chose 256-bit vectors (-mprefer-vector-width=256): two of them,
; interleaved, as without AVX-512.
; CHECK-LABEL: define void @chosen_narrow(
; CHECK-SAME: #[[CHOSEN:[0-9]+]]
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[CHOSEN_LOOP:[0-9]+]]
; LV: remark: <unknown>:0:0: vectorized loop (vectorization width: 8, interleaved count: 2)
define void @chosen_narrow(ptr noalias %out, ptr noalias %in) #2 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4
  %y = fmul float %x, 3.0
  %q = getelementptr float, ptr %out, i64 %i
  store float %y, ptr %q, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 16
  br i1 %more, label %loop, label %exit, !llvm.loop !10
exit:
  ret void
}

; CHECK-DAG: attributes #[[WIDE]] = { {{.*}}"min-legal-vector-width"="512"
; CHECK-DAG: attributes #[[NARROW]] = { {{.*}}"min-legal-vector-width"="0"
; CHECK-DAG: attributes #[[PREFERRED]] = { {{.*}}"min-legal-vector-width"="0"
; CHECK-DAG: attributes #[[CHOSEN]] = { {{.*}}"min-legal-vector-width"="0"
; CHECK-DAG: ![[SIXTEEN]] = distinct !{![[SIXTEEN]], ![[PAR:[0-9]+]], ![[MARK1:[0-9]+]], ![[WIDTH:[0-9]+]]}
; CHECK-DAG: ![[THIRTY_TWO]] = distinct !{![[THIRTY_TWO]], ![[PAR]], ![[MARK2:[0-9]+]], ![[WIDTH]], ![[COUNT:[0-9]+]]}
; CHECK-DAG: ![[EIGHT]] = distinct !{![[EIGHT]], ![[PAR]], ![[MARK3:[0-9]+]]}
; CHECK-DAG: ![[PREFERRED_LOOP]] = distinct !{![[PREFERRED_LOOP]], ![[PAR]], ![[MARK4:[0-9]+]]}
; CHECK-DAG: ![[CHOSEN_LOOP]] = distinct !{![[CHOSEN_LOOP]], ![[PAR]], ![[MARK5:[0-9]+]], ![[COUNT]]}
; CHECK-DAG: ![[MIXED_FIRST]] = distinct !{![[MIXED_FIRST]], ![[PAR]], ![[MARK6:[0-9]+]], ![[COUNT]]}
; CHECK-DAG: ![[MIXED_SECOND]] = distinct !{![[MIXED_SECOND]], ![[PAR]], ![[MARK7:[0-9]+]]}
; CHECK-DAG: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 16}
; CHECK-DAG: ![[COUNT]] = !{!"llvm.loop.interleave.count", i32 2}

attributes #0 = { "lanes-work-group-of"="k" "min-legal-vector-width"="0" "target-cpu"="skylake-avx512" "target-features"="+avx,+avx2,+fma,+avx512f,+avx512vl,+avx512bw,+avx512dq,+evex512" }
attributes #1 = { "lanes-work-group-of"="k" "min-legal-vector-width"="0" "prefer-vector-width"="512" "target-cpu"="skylake-avx512" "target-features"="+avx,+avx2,+fma,+avx512f,+avx512vl,+avx512bw,+avx512dq,+evex512" }
attributes #2 = { "lanes-work-group-of"="k" "min-legal-vector-width"="0" "prefer-vector-width"="256" "target-cpu"="skylake-avx512" "target-features"="+avx,+avx2,+fma,+avx512f,+avx512vl,+avx512bw,+avx512dq,+evex512" }

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.parallel_accesses", !9}
!2 = distinct !{!"lanes.work_item_loop", !9}
!3 = distinct !{!3, !1, !4}
!4 = distinct !{!"lanes.work_item_loop", !9}
!5 = distinct !{!5, !1, !6}
!6 = distinct !{!"lanes.work_item_loop", !9}
!7 = distinct !{!7, !1, !8}
!8 = distinct !{!"lanes.work_item_loop", !9}
!9 = distinct !{}
!10 = distinct !{!10, !1, !11}
!11 = distinct !{!"lanes.work_item_loop", !9}
!12 = distinct !{!12, !1, !13}
!13 = distinct !{!"lanes.work_item_loop", !9}
!14 = distinct !{!14, !1, !15}
!15 = distinct !{!"lanes.work_item_loop", !9}
