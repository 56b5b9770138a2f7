; A work-group scan of 16 ints in place over loop state (as
; lanes-work-item-loops leaves it, after LICM): when the work-item loop
; before it only copies each item's element of %in to the scan's array,
; the scan loads the elements from %in and the copy goes. Left alone: a
; copy loop that may also write %in, one whose copy is not made on every
; trip, one of another number of items than the scan's, and one followed
; by a read of the array before the scan.
; RUN: lanes-opt -passes=lanes-read-scan-operands %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare ptr @__lanes_loop_state(ptr, i64)

; CHECK-LABEL: define void @copied(
; CHECK: copy:
; CHECK-NOT: store
; CHECK: br i1 %more, label %copy, label %scan
; CHECK: scan:
; CHECK: %at = getelementptr inbounds i8, ptr %state, i64 %offset
; CHECK-NEXT: %scan.source = getelementptr inbounds i8, ptr %in, i64 %offset
; CHECK-NEXT: %x = load <8 x i32>, ptr %scan.source, align 4{{$}}
; CHECK: store <8 x i32> %r, ptr %at, align 4
; CHECK: item:
; CHECK: %at.item = getelementptr inbounds i8, ptr %state, i64 %offset.item
; CHECK-NEXT: %scan.source{{.*}} = getelementptr inbounds i8, ptr %in, i64 %offset.item
; CHECK-NEXT: %y = load i32, ptr %scan.source{{.*}}, align 4{{$}}
; CHECK: store i32 %next.acc, ptr %at.item, align 4
define void @copied(ptr %in, ptr %out, ptr %ctx) #0 {
entry:
  %state = call noalias ptr @__lanes_loop_state(ptr %ctx, i64 64)
  br label %copy
copy:
  %i = phi i64 [ 0, %entry ], [ %i.next, %copy ]
  %src = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds i32, ptr %state, i64 %i
  store i32 %v, ptr %dst, align 4
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, 16
  br i1 %more, label %copy, label %scan.pre, !llvm.loop !0
scan.pre:
  br label %scan
scan:
  %index = phi i64 [ 0, %scan.pre ], [ %index.next, %scan ]
  %carry = phi i32 [ 0, %scan.pre ], [ %carry.next, %scan ]
  %offset = shl i64 %index, 2
  %at = getelementptr inbounds i8, ptr %state, i64 %offset
  %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand !3
  %r = call <8 x i32> @scan8(<8 x i32> %x, i32 %carry)
  store <8 x i32> %r, ptr %at, align 4
  %carry.next = extractelement <8 x i32> %r, i64 7
  %index.next = add nuw i64 %index, 8
  %vmore = icmp ult i64 %index.next, 16
  br i1 %vmore, label %scan, label %rest
rest:
  %ri = phi i64 [ %index.next, %scan ], [ %ri.next, %item ]
  %acc = phi i32 [ %carry.next, %scan ], [ %next.acc, %item ]
  %left = icmp ult i64 %ri, 16
  br i1 %left, label %item, label %after
item:
  %offset.item = shl i64 %ri, 2
  %at.item = getelementptr inbounds i8, ptr %state, i64 %offset.item
  %y = load i32, ptr %at.item, align 4, !lanes.scan_operand !3
  %next.acc = add i32 %acc, %y
  store i32 %next.acc, ptr %at.item, align 4
  %ri.next = add nuw i64 %ri, 1
  br label %rest
after:
  ret void
}

; The copy loop stores to %out too, which may be %in.
; CHECK-LABEL: define void @source_written(
; CHECK: store i32 %v, ptr %dst
; CHECK: %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand
define void @source_written(ptr %in, ptr %out, ptr %ctx) #0 {
entry:
  %state = call noalias ptr @__lanes_loop_state(ptr %ctx, i64 64)
  br label %copy
copy:
  %i = phi i64 [ 0, %entry ], [ %i.next, %copy ]
  %src = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds i32, ptr %state, i64 %i
  store i32 %v, ptr %dst, align 4
  %o = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 0, ptr %o, align 4
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, 16
  br i1 %more, label %copy, label %scan.pre, !llvm.loop !4
scan.pre:
  br label %scan
scan:
  %index = phi i64 [ 0, %scan.pre ], [ %index.next, %scan ]
  %carry = phi i32 [ 0, %scan.pre ], [ %carry.next, %scan ]
  %offset = shl i64 %index, 2
  %at = getelementptr inbounds i8, ptr %state, i64 %offset
  %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand !6
  %r = call <8 x i32> @scan8(<8 x i32> %x, i32 %carry)
  store <8 x i32> %r, ptr %at, align 4
  %carry.next = extractelement <8 x i32> %r, i64 7
  %index.next = add nuw i64 %index, 8
  %vmore = icmp ult i64 %index.next, 16
  br i1 %vmore, label %scan, label %after
after:
  ret void
}

; Only items with a nonzero element save it: the others never loaded.
; CHECK-LABEL: define void @some_trips(
; CHECK: store i32 %v, ptr %dst
; CHECK: %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand
define void @some_trips(ptr %in, ptr %out, ptr %ctx) #0 {
entry:
  %state = call noalias ptr @__lanes_loop_state(ptr %ctx, i64 64)
  br label %copy
copy:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %src = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  %nz = icmp ne i32 %v, 0
  br i1 %nz, label %save, label %latch
save:
  %dst = getelementptr inbounds i32, ptr %state, i64 %i
  store i32 %v, ptr %dst, align 4
  br label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, 16
  br i1 %more, label %copy, label %scan.pre, !llvm.loop !7
scan.pre:
  br label %scan
scan:
  %index = phi i64 [ 0, %scan.pre ], [ %index.next, %scan ]
  %carry = phi i32 [ 0, %scan.pre ], [ %carry.next, %scan ]
  %offset = shl i64 %index, 2
  %at = getelementptr inbounds i8, ptr %state, i64 %offset
  %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand !9
  %r = call <8 x i32> @scan8(<8 x i32> %x, i32 %carry)
  store <8 x i32> %r, ptr %at, align 4
  %carry.next = extractelement <8 x i32> %r, i64 7
  %index.next = add nuw i64 %index, 8
  %vmore = icmp ult i64 %index.next, 16
  br i1 %vmore, label %scan, label %after
after:
  ret void
}

; The scan is of 32 items; the loop copies 16.
; CHECK-LABEL: define void @other_count(
; CHECK: store i32 %v, ptr %dst
; CHECK: %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand
define void @other_count(ptr %in, ptr %out, ptr %ctx) #0 {
entry:
  %state = call noalias ptr @__lanes_loop_state(ptr %ctx, i64 128)
  br label %copy
copy:
  %i = phi i64 [ 0, %entry ], [ %i.next, %copy ]
  %src = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds i32, ptr %state, i64 %i
  store i32 %v, ptr %dst, align 4
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, 16
  br i1 %more, label %copy, label %scan.pre, !llvm.loop !10
scan.pre:
  br label %scan
scan:
  %index = phi i64 [ 0, %scan.pre ], [ %index.next, %scan ]
  %carry = phi i32 [ 0, %scan.pre ], [ %carry.next, %scan ]
  %offset = shl i64 %index, 2
  %at = getelementptr inbounds i8, ptr %state, i64 %offset
  %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand !12
  %r = call <8 x i32> @scan8(<8 x i32> %x, i32 %carry)
  store <8 x i32> %r, ptr %at, align 4
  %carry.next = extractelement <8 x i32> %r, i64 7
  %index.next = add nuw i64 %index, 8
  %vmore = icmp ult i64 %index.next, 32
  br i1 %vmore, label %scan, label %after
after:
  ret void
}

; Between the copy and the scan, the first saved element is read.
; CHECK-LABEL: define void @array_read(
; CHECK: store i32 %v, ptr %dst
; CHECK: %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand
define void @array_read(ptr %in, ptr %out, ptr %ctx) #0 {
entry:
  %state = call noalias ptr @__lanes_loop_state(ptr %ctx, i64 64)
  br label %copy
copy:
  %i = phi i64 [ 0, %entry ], [ %i.next, %copy ]
  %src = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds i32, ptr %state, i64 %i
  store i32 %v, ptr %dst, align 4
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, 16
  br i1 %more, label %copy, label %scan.pre, !llvm.loop !13
scan.pre:
  %first = load i32, ptr %state, align 4
  store i32 %first, ptr %out, align 4
  br label %scan
scan:
  %index = phi i64 [ 0, %scan.pre ], [ %index.next, %scan ]
  %carry = phi i32 [ 0, %scan.pre ], [ %carry.next, %scan ]
  %offset = shl i64 %index, 2
  %at = getelementptr inbounds i8, ptr %state, i64 %offset
  %x = load <8 x i32>, ptr %at, align 4, !lanes.scan_operand !15
  %r = call <8 x i32> @scan8(<8 x i32> %x, i32 %carry)
  store <8 x i32> %r, ptr %at, align 4
  %carry.next = extractelement <8 x i32> %r, i64 7
  %index.next = add nuw i64 %index, 8
  %vmore = icmp ult i64 %index.next, 16
  br i1 %vmore, label %scan, label %after
after:
  ret void
}

declare <8 x i32> @scan8(<8 x i32>, i32) nounwind memory(none)

attributes #0 = { "lanes-work-group-of"="k" }

!0 = distinct !{!0, !1}
!1 = distinct !{!"lanes.work_item_loop", !2}
!2 = distinct !{}
!3 = distinct !{i64 16}
!4 = distinct !{!4, !5}
!5 = distinct !{!"lanes.work_item_loop", !2}
!6 = distinct !{i64 16}
!7 = distinct !{!7, !8}
!8 = distinct !{!"lanes.work_item_loop", !2}
!9 = distinct !{i64 16}
!10 = distinct !{!10, !11}
!11 = distinct !{!"lanes.work_item_loop", !2}
!12 = distinct !{i64 32}
!13 = distinct !{!13, !14}
!14 = distinct !{!"lanes.work_item_loop", !2}
!15 = distinct !{i64 16}
