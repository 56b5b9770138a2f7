; One remark per work-item loop, under the pass name `lanes`: a vectorized
; one with its lanes (the vectorized body and its scalar remainder share
; the loop's mark and make one remark), one left scalar with the reason
; found in it; loops without the mark say nothing.
; RUN: lanes-opt -passes=lanes-vectorization-remarks -pass-remarks=lanes -pass-remarks-missed=lanes %s -disable-output 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: a work-item loop of kernel 'k()' is vectorized, 4 lanes
; CHECK-NEXT: remark: <unknown>:0:0: a work-item loop of kernel 'k()' is not vectorized: it calls 'log_step(float)', which is not inlined and has no vector variant
; CHECK-NEXT: remark: <unknown>:0:0: a work-item loop of kernel 'k()' is not vectorized: it performs atomic operations
; CHECK-NOT: remark

declare float @_Z8log_stepf(float)

define internal void @k.lanes.wg(ptr %p, i64 %n) "lanes-work-group-of"="_Z1kv" {
vector.pre:
  br label %vector
vector:
  %i = phi i64 [ 0, %vector.pre ], [ %i.next, %vector ]
  %vp = getelementptr float, ptr %p, i64 %i
  %v = load <4 x float>, ptr %vp
  %w = fadd <4 x float> %v, %v
  store <4 x float> %w, ptr %vp
  %i.next = add i64 %i, 4
  %vmore = icmp ult i64 %i.next, %n
  br i1 %vmore, label %vector, label %rem, !llvm.loop !0
rem:
  %j = phi i64 [ %i.next, %vector ], [ %j.next, %rem ]
  %sp = getelementptr float, ptr %p, i64 %j
  %s = load float, ptr %sp
  %t = fadd float %s, %s
  store float %t, ptr %sp
  %j.next = add i64 %j, 1
  %smore = icmp ult i64 %j.next, %n
  br i1 %smore, label %rem, label %calls, !llvm.loop !3
calls:
  %c = phi i64 [ 0, %rem ], [ %c.next, %calls ]
  %cp = getelementptr float, ptr %p, i64 %c
  %x = load float, ptr %cp
  %y = call float @_Z8log_stepf(float %x)
  store float %y, ptr %cp
  %c.next = add i64 %c, 1
  %cmore = icmp ult i64 %c.next, %n
  br i1 %cmore, label %calls, label %atomics, !llvm.loop !4
atomics:
  %a = phi i64 [ 0, %calls ], [ %a.next, %atomics ]
  %old = atomicrmw add ptr %p, i64 1 monotonic
  %a.next = add i64 %a, 1
  %amore = icmp ult i64 %a.next, %n
  br i1 %amore, label %atomics, label %plain, !llvm.loop !6
plain:
  %u = phi i64 [ 0, %atomics ], [ %u.next, %plain ]
  %u.next = add i64 %u, 1
  %umore = icmp ult i64 %u.next, %n
  br i1 %umore, label %plain, label %exit
exit:
  ret void
}

!0 = distinct !{!0, !1, !2}
!1 = distinct !{!"lanes.work_item_loop"}
!2 = !{!"llvm.loop.isvectorized", i32 1}
!3 = distinct !{!3, !1, !2}
!4 = distinct !{!4, !5}
!5 = distinct !{!"lanes.work_item_loop"}
!6 = distinct !{!6, !7}
!7 = distinct !{!"lanes.work_item_loop"}
