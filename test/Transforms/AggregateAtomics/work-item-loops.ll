; Relaxed atomic updates of one address in a work-item loop become a
; running value of the loop and one update after it, made only when the
; combined operand changes something. Updates that are read, ordered, or
; whose address another access of the loop may touch stay as they are.
; RUN: lanes-opt -passes=lanes-aggregate-atomics %s -S | FileCheck %s

; `if (lane == 0) total += sum[lane]`, the leader of each sub-group adding
; its sum: one update per group, of the leaders' sum.
define internal void @leaders(ptr noalias %kernel_object, ptr noalias %ctx, ptr noalias %sums) "lanes-work-group-of"="leaders" {
entry:
  %total.field = getelementptr i8, ptr %kernel_object, i64 8
  %total = load ptr, ptr %total.field
  br label %header
header:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  %lane = and i64 %lid, 15
  %leader = icmp eq i64 %lane, 0
  br i1 %leader, label %body, label %latch
body:
  %p = getelementptr i32, ptr %sums, i64 %lid
  %sum = load i32, ptr %p, !llvm.access.group !1
  %old = atomicrmw add ptr %total, i32 %sum monotonic, align 4
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %lid, 255
  br i1 %more, label %header, label %exit, !llvm.loop !2
exit:
  ret void
}

; CHECK-LABEL: define internal void @leaders(
; CHECK: header:
; CHECK-NEXT: %atomic.running.0 = phi i32 [ 0, %entry ], [ %atomic.running.1, %latch ]
; CHECK: body:
; CHECK-NEXT: %p = getelementptr
; CHECK-NEXT: %sum = load i32
; CHECK-NEXT: %atomic.combine = add i32 %atomic.running.0, %sum
; CHECK-NEXT: br label %latch
; CHECK: latch:
; CHECK-NEXT: %atomic.running.1 = phi i32 [ %atomic.combine, %body ], [ %atomic.running.0, %header ]
; CHECK: exit:
; CHECK-NEXT: %[[TOTAL:.*]] = phi i32 [ %atomic.running.1, %latch ]
; CHECK-NEXT: %atomic.changes = icmp ne i32 %[[TOTAL]], 0
; CHECK-NEXT: br i1 %atomic.changes, label %atomic.update, label %[[AFTER:.*]]
; CHECK: atomic.update:
; CHECK-NEXT: atomicrmw add ptr %total, i32 %[[TOTAL]] monotonic, align 4
; CHECK-NEXT: br label %[[AFTER]]
; CHECK: [[AFTER]]:
; CHECK-NEXT: ret void
; CHECK-NOT: atomicrmw

; Several counters of one array, every operation that combines: each gets
; its running value from its identity, a subtraction subtracts the sum.
define internal void @counters(ptr noalias %kernel_object, ptr noalias %ctx, ptr noalias %in) "lanes-work-group-of"="counters" {
entry:
  %c = load ptr, ptr %kernel_object
  %c1 = getelementptr i64, ptr %c, i64 1
  %c2 = getelementptr i64, ptr %c, i64 2
  %c3 = getelementptr i64, ptr %c, i64 3
  %c4 = getelementptr i64, ptr %c, i64 4
  br label %header
header:
  %lid = phi i64 [ 0, %entry ], [ %next, %header ]
  %p = getelementptr i64, ptr %in, i64 %lid
  %x = load i64, ptr %p, !llvm.access.group !3
  %0 = atomicrmw sub ptr %c, i64 %x monotonic, align 8
  %1 = atomicrmw max ptr %c1, i64 %x monotonic, align 8
  %2 = atomicrmw umin ptr %c2, i64 %x monotonic, align 8
  %3 = atomicrmw and ptr %c3, i64 %x monotonic, align 8
  %4 = atomicrmw xor ptr %c4, i64 %x monotonic, align 8
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %lid, 63
  br i1 %more, label %header, label %exit, !llvm.loop !4
exit:
  ret void
}

; CHECK-LABEL: define internal void @counters(
; CHECK: header:
; CHECK-DAG: phi i64 [ 0, %entry ]
; CHECK-DAG: phi i64 [ -9223372036854775808, %entry ]
; CHECK-DAG: phi i64 [ -1, %entry ]
; CHECK-DAG: phi i64 [ -1, %entry ]
; CHECK-DAG: phi i64 [ 0, %entry ]
; CHECK-NOT: atomicrmw
; CHECK: exit:
; CHECK: atomicrmw sub ptr %c, i64
; CHECK: atomicrmw max ptr %c1, i64
; CHECK: atomicrmw umin ptr %c2, i64
; CHECK: atomicrmw and ptr %c3, i64
; CHECK: atomicrmw xor ptr %c4, i64

; A 2-D group: the loop over dimension 1 carries the mark of a work-item
; nest's outer loop, and the updates combine over it, one update for the
; group rather than one per row.
define internal void @rows(ptr noalias %kernel_object, ptr noalias %ctx, ptr noalias %in) "lanes-work-group-of"="rows" {
entry:
  %total = load ptr, ptr %kernel_object
  br label %outer
outer:
  %y = phi i64 [ 0, %entry ], [ %y.next, %outer.latch ]
  br label %inner
inner:
  %x = phi i64 [ 0, %outer ], [ %x.next, %inner ]
  %i = add i64 %x, %y
  %p = getelementptr i32, ptr %in, i64 %i
  %v = load i32, ptr %p, !llvm.access.group !5
  %old = atomicrmw add ptr %total, i32 %v monotonic, align 4
  %x.next = add nuw nsw i64 %x, 1
  %x.more = icmp ult i64 %x, 15
  br i1 %x.more, label %inner, label %outer.latch, !llvm.loop !6
outer.latch:
  %y.next = add nuw nsw i64 %y, 1
  %y.more = icmp ult i64 %y, 15
  br i1 %y.more, label %outer, label %exit, !llvm.loop !7
exit:
  ret void
}

; CHECK-LABEL: define internal void @rows(
; CHECK: outer:
; CHECK-NEXT: %atomic.running.0 = phi i32 [ 0, %entry ]
; CHECK-NOT: atomicrmw
; CHECK: exit:
; CHECK: atomic.update:
; CHECK-NEXT: atomicrmw add ptr %total

; Every item adds to the total and reads its input, at two pointers the
; kernel object holds. They may be the same address for all alias analysis
; knows, but then each read would race with the other items' updates: the
; updates combine.
define internal void @every_item(ptr noalias %kernel_object, ptr noalias %ctx) "lanes-work-group-of"="every_item" {
entry:
  %total = load ptr, ptr %kernel_object
  %in.field = getelementptr i8, ptr %kernel_object, i64 8
  %in = load ptr, ptr %in.field
  br label %header
header:
  %lid = phi i64 [ 0, %entry ], [ %next, %header ]
  %p = getelementptr i32, ptr %in, i64 %lid
  %v = load i32, ptr %p, !llvm.access.group !20
  %old = atomicrmw add ptr %total, i32 %v monotonic, align 4
  store i32 0, ptr %p, !llvm.access.group !20
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %lid, 255
  br i1 %more, label %header, label %exit, !llvm.loop !21
exit:
  ret void
}

; CHECK-LABEL: define internal void @every_item(
; CHECK: header:
; CHECK-NEXT: %atomic.running.0 = phi i32 [ 0, %entry ]
; CHECK-NOT: atomicrmw
; CHECK: atomic.update:
; CHECK-NEXT: atomicrmw add ptr %total

; A leader of a local-memory tree adds its run's sum. Its loads and store
; of the tile come before its update: whatever addresses they are, the
; update's moving after the loop changes nothing they see, and any other
; item touching the total would race with the update. The updates combine.
define internal void @tree_leader(ptr noalias %kernel_object, ptr noalias %ctx) "lanes-work-group-of"="tree_leader" {
entry:
  %lm.field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local.memory = load ptr, ptr %lm.field, align 8, !invariant.load !0
  %total.field = getelementptr i8, ptr %kernel_object, i64 24
  %total = load ptr, ptr %total.field
  br label %header
header:
  %lid = phi i64 [ 0, %entry ], [ %next, %latch ]
  %lane = and i64 %lid, 15
  %leader = icmp eq i64 %lane, 0
  br i1 %leader, label %body, label %latch
body:
  %p = getelementptr i32, ptr %local.memory, i64 %lid
  %q = getelementptr i32, ptr %p, i64 1
  %a = load i32, ptr %p, !llvm.access.group !8
  %b = load i32, ptr %q, !llvm.access.group !8
  %s = add i32 %a, %b
  store i32 %s, ptr %p, !llvm.access.group !8
  %old = atomicrmw add ptr %total, i32 %s monotonic, align 4
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %lid, 255
  br i1 %more, label %header, label %exit, !llvm.loop !9
exit:
  ret void
}

; CHECK-LABEL: define internal void @tree_leader(
; CHECK: body:
; CHECK-NOT: atomicrmw
; CHECK: exit:
; CHECK: atomic.update:
; CHECK-NEXT: atomicrmw add ptr %total

; Left alone: an update whose result is used (a ticket), a seq_cst one,
; the first item's whose address the items read after it, one whose loop
; also reads an atomic (an item could wait there for another's update),
; one whose address varies, one next to a fence, a leader's followed by a
; store alias analysis cannot tell from it, and one in a loop that is no
; work-item loop.
define internal void @kept(ptr noalias %kernel_object, ptr noalias %ctx, ptr noalias %tickets, ptr noalias %flag) "lanes-work-group-of"="kept" {
entry:
  %a = load ptr, ptr %kernel_object
  %b = getelementptr i32, ptr %a, i64 1
  %found = load ptr, ptr %a
  %lm.field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local.memory = load ptr, ptr %lm.field, align 8, !invariant.load !0
  br label %ticket
ticket:
  %i0 = phi i64 [ 0, %entry ], [ %i0.next, %ticket ]
  %t = atomicrmw add ptr %a, i32 1 monotonic, align 4
  %tp = getelementptr i32, ptr %tickets, i64 %i0
  store i32 %t, ptr %tp, !llvm.access.group !10
  %i0.next = add nuw nsw i64 %i0, 1
  %i0.more = icmp ult i64 %i0, 63
  br i1 %i0.more, label %ticket, label %ticket.done, !llvm.loop !11
ticket.done:
  br label %seq
seq:
  %i1 = phi i64 [ %i1.next, %seq ], [ 0, %ticket.done ]
  %s1 = atomicrmw add ptr %a, i32 1 seq_cst, align 4
  %i1.next = add nuw nsw i64 %i1, 1
  %i1.more = icmp ult i64 %i1, 63
  br i1 %i1.more, label %seq, label %seq.done, !llvm.loop !12
seq.done:
  br label %reread
reread:
  %i2 = phi i64 [ %i2.next, %reread.latch ], [ 0, %seq.done ]
  %first = icmp eq i64 %i2, 0
  br i1 %first, label %reread.first, label %reread.latch
reread.first:
  %s2 = atomicrmw add ptr %a, i32 1 monotonic, align 4
  br label %reread.latch
reread.latch:
  %seen = load i32, ptr %a
  %sp = getelementptr i32, ptr %tickets, i64 %i2
  store i32 %seen, ptr %sp, !llvm.access.group !13
  %i2.next = add nuw nsw i64 %i2, 1
  %i2.more = icmp ult i64 %i2, 63
  br i1 %i2.more, label %reread, label %reread.done, !llvm.loop !14
reread.done:
  br label %waits
waits:
  %i3 = phi i64 [ %i3.next, %waits ], [ 0, %reread.done ]
  %s3 = atomicrmw add ptr %a, i32 1 monotonic, align 4
  %f = load atomic i32, ptr %flag monotonic, align 4
  %fp = getelementptr i32, ptr %tickets, i64 %i3
  store i32 %f, ptr %fp, !llvm.access.group !15
  %i3.next = add nuw nsw i64 %i3, 1
  %i3.more = icmp ult i64 %i3, 63
  br i1 %i3.more, label %waits, label %waits.done, !llvm.loop !16
waits.done:
  br label %varying
varying:
  %i4 = phi i64 [ %i4.next, %varying ], [ 0, %waits.done ]
  %vp = getelementptr i32, ptr %a, i64 %i4
  %s4 = atomicrmw add ptr %vp, i32 1 monotonic, align 4
  %i4.next = add nuw nsw i64 %i4, 1
  %i4.more = icmp ult i64 %i4, 63
  br i1 %i4.more, label %varying, label %varying.done, !llvm.loop !17
varying.done:
  br label %fenced
fenced:
  %i5 = phi i64 [ %i5.next, %fenced ], [ 0, %varying.done ]
  %s5 = atomicrmw add ptr %b, i32 1 monotonic, align 4
  fence release
  %i5.next = add nuw nsw i64 %i5, 1
  %i5.more = icmp ult i64 %i5, 63
  br i1 %i5.more, label %fenced, label %fenced.done, !llvm.loop !18
fenced.done:
  br label %chased
chased:
  %i7 = phi i64 [ %i7.next, %chased.latch ], [ 0, %fenced.done ]
  %lane = and i64 %i7, 15
  %leader = icmp eq i64 %lane, 0
  br i1 %leader, label %chased.leader, label %chased.latch
chased.leader:
  %s7 = atomicrmw add ptr %found, i32 1 monotonic, align 4
  br label %chased.latch
chased.latch:
  %lp = getelementptr i32, ptr %local.memory, i64 %i7
  store i32 0, ptr %lp, !llvm.access.group !10
  %i7.next = add nuw nsw i64 %i7, 1
  %i7.more = icmp ult i64 %i7, 63
  br i1 %i7.more, label %chased, label %chased.done, !llvm.loop !19
chased.done:
  br label %plain
plain:
  %i6 = phi i64 [ %i6.next, %plain ], [ 0, %chased.done ]
  %s6 = atomicrmw add ptr %b, i32 1 monotonic, align 4
  %i6.next = add nuw nsw i64 %i6, 1
  %i6.more = icmp ult i64 %i6, 63
  br i1 %i6.more, label %plain, label %plain.done
plain.done:
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @kept(
; CHECK: ticket:
; CHECK-NEXT: %i0 = phi
; CHECK-NEXT: %t = atomicrmw add ptr %a, i32 1 monotonic
; CHECK: seq:
; CHECK-NEXT: %i1 = phi
; CHECK-NEXT: %s1 = atomicrmw add ptr %a, i32 1 seq_cst
; CHECK: reread:
; CHECK-NEXT: %i2 = phi
; CHECK: reread.first:
; CHECK-NEXT: %s2 = atomicrmw add ptr %a, i32 1 monotonic
; CHECK: waits:
; CHECK-NEXT: %i3 = phi
; CHECK-NEXT: %s3 = atomicrmw add ptr %a, i32 1 monotonic
; CHECK: varying:
; CHECK-NEXT: %i4 = phi
; CHECK-NEXT: %vp = getelementptr
; CHECK-NEXT: %s4 = atomicrmw add ptr %vp, i32 1 monotonic
; CHECK: fenced:
; CHECK-NEXT: %i5 = phi
; CHECK-NEXT: %s5 = atomicrmw add ptr %b, i32 1 monotonic
; CHECK: chased:
; CHECK-NEXT: %i7 = phi
; CHECK: chased.leader:
; CHECK-NEXT: %s7 = atomicrmw add ptr %found, i32 1 monotonic
; CHECK: plain:
; CHECK-NEXT: %i6 = phi
; CHECK-NEXT: %s6 = atomicrmw add ptr %b, i32 1 monotonic
; CHECK-NOT: atomic.running

!0 = !{}
!1 = distinct !{}
!2 = distinct !{!2, !{!"llvm.loop.parallel_accesses", !1}, !{!"lanes.work_item_loop", !1}}
!3 = distinct !{}
!4 = distinct !{!4, !{!"llvm.loop.parallel_accesses", !3}, !{!"lanes.work_item_loop", !3}}
!5 = distinct !{}
!6 = distinct !{!6, !{!"llvm.loop.parallel_accesses", !5}, !{!"lanes.work_item_loop", !5}}
!7 = distinct !{!7, !{!"lanes.work_item_nest"}}
!8 = distinct !{}
!9 = distinct !{!9, !{!"llvm.loop.parallel_accesses", !8}, !{!"lanes.work_item_loop", !8}}
!10 = distinct !{}
!11 = distinct !{!11, !{!"lanes.work_item_loop", !10}}
!12 = distinct !{!12, !{!"lanes.work_item_loop", !10}}
!13 = distinct !{}
!14 = distinct !{!14, !{!"lanes.work_item_loop", !13}}
!15 = distinct !{}
!16 = distinct !{!16, !{!"lanes.work_item_loop", !15}}
!17 = distinct !{!17, !{!"lanes.work_item_loop", !10}}
!18 = distinct !{!18, !{!"lanes.work_item_loop", !10}}
!19 = distinct !{!19, !{!"lanes.work_item_loop", !10}}
!20 = distinct !{}
!21 = distinct !{!21, !{!"llvm.loop.parallel_accesses", !20}, !{!"lanes.work_item_loop", !20}}
