; One remark per lowered kernel, under the pass name `lanes-report`: the
; counts lanes-work-item-loops recorded (collectives and implicit loop
; barriers only when there are some), and how many work-item loops
; vectorized and how wide, a loop and the remainder made from it counting
; once. Functions without a whole summary, or not lowered, say nothing.
; RUN: lanes-opt -passes=lanes-report -pass-remarks-analysis=lanes-report %s -disable-output 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: kernel 'barriers()': 2 barriers, 1 group collective, 3 sub-group collectives, 1 implicit loop barrier, 7 sub-CFGs, loop state 24 bytes per work-item (+8 bytes uniform), 2 of 3 work-item loops vectorized (4, 8 lanes)
; CHECK-NEXT: remark: <unknown>:0:0: kernel 'plain()': 0 barriers, 1 sub-CFG, loop state 0 bytes per work-item (+0 bytes uniform), 0 of 1 work-item loop vectorized
; CHECK-NOT: remark

define internal void @_Z8barriersv.lanes.wg(ptr %p, i64 %n) "lanes-work-group-of"="_Z8barriersv" !lanes.work_group_summary !0 {
wide.pre:
  br label %wide
wide:
  %i = phi i64 [ 0, %wide.pre ], [ %i.next, %wide ]
  %vp = getelementptr float, ptr %p, i64 %i
  %v = load <8 x float>, ptr %vp
  %w = fadd <8 x float> %v, %v
  store <8 x float> %w, ptr %vp
  %i.next = add i64 %i, 8
  %vmore = icmp ult i64 %i.next, %n
  br i1 %vmore, label %wide, label %rem, !llvm.loop !2
rem:
  %j = phi i64 [ %i.next, %wide ], [ %j.next, %rem ]
  %sp = getelementptr float, ptr %p, i64 %j
  %s = load float, ptr %sp
  %t = fadd float %s, %s
  store float %t, ptr %sp
  %j.next = add i64 %j, 1
  %smore = icmp ult i64 %j.next, %n
  br i1 %smore, label %rem, label %narrow, !llvm.loop !5
narrow:
  %k = phi i64 [ 0, %rem ], [ %k.next, %narrow ]
  %np = getelementptr i32, ptr %p, i64 %k
  %x = load <4 x i32>, ptr %np
  %y = add <4 x i32> %x, %x
  store <4 x i32> %y, ptr %np
  %k.next = add i64 %k, 4
  %nmore = icmp ult i64 %k.next, %n
  br i1 %nmore, label %narrow, label %scalar, !llvm.loop !6
scalar:
  %c = phi i64 [ 0, %narrow ], [ %c.next, %scalar ]
  %c.next = add i64 %c, 1
  %cmore = icmp ult i64 %c.next, %n
  br i1 %cmore, label %scalar, label %exit, !llvm.loop !8
exit:
  ret void
}

define internal void @_Z5plainv.lanes.wg(ptr %p, i64 %n) "lanes-work-group-of"="_Z5plainv" !lanes.work_group_summary !1 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !10
exit:
  ret void
}

; Lowered, but with a summary that lacks counts.
define internal void @_Z9unlabeledv.lanes.wg(ptr %p, i64 %n) "lanes-work-group-of"="_Z9unlabeledv" !lanes.work_group_summary !12 {
  ret void
}

; A summary, but not (or no longer) a work-group function.
define void @_Z5otherv(ptr %p, i64 %n) !lanes.work_group_summary !1 {
  ret void
}

!0 = !{!"barriers", i64 2, !"group_collectives", i64 1, !"sub_group_collectives", i64 3, !"implicit_syncs", i64 1, !"sub_cfgs", i64 7, !"state_bytes_per_item", i64 24, !"uniform_state_bytes", i64 8}
!1 = !{!"barriers", i64 0, !"group_collectives", i64 0, !"sub_group_collectives", i64 0, !"implicit_syncs", i64 0, !"sub_cfgs", i64 1, !"state_bytes_per_item", i64 0, !"uniform_state_bytes", i64 0}
!2 = distinct !{!2, !3, !4}
!3 = distinct !{!"lanes.work_item_loop"}
!4 = !{!"llvm.loop.isvectorized", i32 1}
!5 = distinct !{!5, !3, !4}
!6 = distinct !{!6, !7, !4}
!7 = distinct !{!"lanes.work_item_loop"}
!8 = distinct !{!8, !9}
!9 = distinct !{!"lanes.work_item_loop"}
!10 = distinct !{!10, !11}
!11 = distinct !{!"lanes.work_item_loop"}
!12 = !{!"barriers", i64 2}
