; A vector loop of one block whose empty latch a later pass split off: the
; loop ID stays on the branch out of the old block, not on the latch, so
; LoopInfo does not see it. The loop still counts as its work-item loop,
; vectorized; an inner loop's ID is not taken for its outer loop's.
; RUN: lanes-opt -passes=lanes-vectorization-remarks -pass-remarks=lanes -pass-remarks-missed=lanes %s -disable-output 2>&1 | FileCheck %s
; RUN: lanes-opt -passes=lanes-report -pass-remarks-analysis=lanes-report %s -disable-output 2>&1 | FileCheck --check-prefix=REPORT %s

; CHECK: remark: <unknown>:0:0: a work-item loop of kernel 'k()' is vectorized, 4 lanes
; CHECK-NEXT: remark: <unknown>:0:0: a work-item loop of kernel 'k()' is not vectorized: it contains a loop (a work-item-dependent trip count?)
; CHECK-NOT: remark

; REPORT: kernel 'k()' for local size 64x1x1 (fastest dimension first): 0 barriers, 1 sub-CFG, loop state 0 bytes per work-item (+0 bytes uniform), 1 of 2 work-item loops vectorized (4 lanes)

define internal void @k.lanes.wg(ptr %p, i64 %n) "lanes-work-group-of"="_Z1kv" "lanes-local-size"="64,1,1" !lanes.work_group_summary !7 {
entry:
  br label %vector
vector:
  %i = phi i64 [ 0, %entry ], [ %i.next, %vector.latch ]
  %acc = phi <4 x double> [ zeroinitializer, %entry ], [ %acc.next, %vector.latch ]
  %vi = insertelement <4 x i64> poison, i64 %i, i64 0
  %vf = uitofp <4 x i64> %vi to <4 x double>
  %acc.next = fadd reassoc <4 x double> %acc, %vf
  %i.next = add i64 %i, 4
  %done = icmp eq i64 %i.next, 64
  br i1 %done, label %outer, label %vector.latch, !llvm.loop !0
vector.latch:
  br label %vector
; The outer loop's ID sits on its latch; the branch of its inner loop,
; which its blocks contain, has the inner one's, which is not its own.
outer:
  %o = phi i64 [ 0, %vector ], [ %o.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner.latch ]
  %jp = getelementptr float, ptr %p, i64 %j
  store float 0.0, ptr %jp
  %j.next = add i64 %j, 1
  %jmore = icmp ult i64 %j.next, %o
  br i1 %jmore, label %inner.latch, label %outer.latch, !llvm.loop !3
inner.latch:
  br label %inner
outer.latch:
  %o.next = add i64 %o, 1
  %omore = icmp ult i64 %o.next, %n
  br i1 %omore, label %outer, label %exit, !llvm.loop !5
exit:
  ret void
}

!0 = distinct !{!0, !1, !2}
!1 = distinct !{!"lanes.work_item_loop"}
!2 = !{!"llvm.loop.isvectorized", i32 1}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.mustprogress"}
!5 = distinct !{!5, !6}
!6 = distinct !{!"lanes.work_item_loop"}
!7 = !{!"barriers", i64 0, !"group_collectives", i64 0, !"sub_group_collectives", i64 0, !"implicit_syncs", i64 0, !"sub_cfgs", i64 1, !"state_bytes_per_item", i64 0, !"uniform_state_bytes", i64 0}
