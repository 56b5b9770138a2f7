; Work-item loops whose trip count is a constant number of vectors (a
; work-group function specialized for its local size) are no loops any more
; once vectorized and unrolled; the function's list of marks still names
; them, and each mark names its access group, whose accesses tell what
; became of the loop: vector accesses (vectorized, their width), scalar
; ones only (unrolled without vectorizing), none (deleted: no remark).
; RUN: lanes-opt -passes=lanes-vectorization-remarks -pass-remarks=lanes -pass-remarks-missed=lanes %s -disable-output 2>&1 | FileCheck %s
; RUN: lanes-opt -passes=lanes-report -pass-remarks-analysis=lanes-report %s -disable-output 2>&1 | FileCheck --check-prefix=REPORT %s

; CHECK: remark: <unknown>:0:0: a work-item loop of kernel 'k()' is vectorized, 8 lanes
; CHECK-NEXT: remark: <unknown>:0:0: a work-item loop of kernel 'k()' is not vectorized: the optimizer unrolled it into scalar code (a loop of few trips, such as one work-item's part alone)
; CHECK-NOT: remark

; REPORT: kernel 'k()' for local size 16x1x1 (fastest dimension first): 1 barrier, 3 sub-CFGs, loop state 4 bytes per work-item (+0 bytes uniform), 1 of 2 work-item loops vectorized (8 lanes)

define internal void @k.lanes.wg(ptr %p, ptr %q) "lanes-work-group-of"="_Z1kv" "lanes-local-size"="16,1,1" !lanes.work_group_summary !0 !lanes.work_item_loops !1 {
  %a = load <8 x float>, ptr %p, !llvm.access.group !3
  %p8 = getelementptr float, ptr %p, i64 8
  %b = load <8 x float>, ptr %p8, !llvm.access.group !3
  %s = fadd <8 x float> %a, %b
  store <8 x float> %s, ptr %q, !llvm.access.group !3
  %x = load float, ptr %q, !llvm.access.group !5
  %q1 = getelementptr float, ptr %q, i64 1
  store float %x, ptr %q1, !llvm.access.group !5
  ret void
}

!0 = !{!"barriers", i64 1, !"group_collectives", i64 0, !"sub_group_collectives", i64 0, !"implicit_syncs", i64 0, !"sub_cfgs", i64 3, !"state_bytes_per_item", i64 4, !"uniform_state_bytes", i64 0}
!1 = !{!2, !4, !6}
!2 = distinct !{!"lanes.work_item_loop", !3}
!3 = distinct !{}
!4 = distinct !{!"lanes.work_item_loop", !5}
!5 = distinct !{}
!6 = distinct !{!"lanes.work_item_loop", !7}
!7 = distinct !{}
