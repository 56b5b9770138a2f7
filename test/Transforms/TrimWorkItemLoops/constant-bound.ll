; In a work-group function specialized for its local size, InstCombine
; turns the latch test `next <u 256` into `lid <u 255`. That form is
; trimmed too: the loop runs over [0, min(256, 128)) and tests the
; incremented counter against that end.
; RUN: lanes-opt -passes=lanes-trim-work-item-loops %s -S | FileCheck %s

define internal void @stage(ptr %tile) "lanes-work-group-of"="stage" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %active = icmp ult i64 %lid, 128
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr i32, ptr %tile, i64 %lid
  %q = getelementptr i32, ptr %p, i64 128
  %a = load i32, ptr %p
  %b = load i32, ptr %q
  %sum = add i32 %a, %b
  store i32 %sum, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %lid, 255
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @stage(
; CHECK: pre:
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 256, i64 1)
; CHECK-NEXT: %[[HI:.*]] = call i64 @llvm.umin.i64(i64 %end, i64 128)
; CHECK-NEXT: %trimmed.runs = icmp ult i64 0, %[[HI]]
; CHECK-NEXT: br i1 %trimmed.runs, label %trimmed.ph, label %exit
; CHECK: trimmed.ph:
; CHECK-NEXT: br label %header
; CHECK: header:
; CHECK-NEXT: %lid = phi i64 [ 0, %trimmed.ph ], [ %next, %latch ]
; CHECK-NEXT: br label %body
; CHECK: latch:
; CHECK-NEXT: %next = add nuw nsw i64 %lid, 1
; CHECK-NEXT: %more = icmp ult i64 %next, %[[HI]]

; A constant test of the counter that is not the latch's own form (the
; increment is not the counter's next value) is left alone.
define internal void @other(ptr %tile, i64 %step) "lanes-work-group-of"="other" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %active = icmp ult i64 %lid, 128
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr i32, ptr %tile, i64 %lid
  store i32 0, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, %step
  %more = icmp ult i64 %lid, 255
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @other(
; CHECK: header:
; CHECK: %active = icmp ult i64 %lid, 128

; `if (lane == 0)` on a 32-bit id: InstCombine compares `lane & 0xffffffff`
; with 0. The mask keeps every counter value of a loop of 16, so the loop is
; trimmed to its one iteration.
define internal void @first_lane(ptr %out) "lanes-work-group-of"="first_lane" {
pre:
  br label %header
header:
  %lane = phi i64 [ 0, %pre ], [ %next, %latch ]
  %low = and i64 %lane, 4294967295
  %first = icmp eq i64 %low, 0
  br i1 %first, label %body, label %latch
body:
  store i32 1, ptr %out
  br label %latch
latch:
  %next = add nuw nsw i64 %lane, 1
  %more = icmp ult i64 %lane, 15
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @first_lane(
; CHECK: %trimmed.runs = icmp ult i64 0,
; CHECK: header:
; CHECK-NEXT: %lane = phi i64
; CHECK-NEXT: br label %body

; A mask that drops counter values (lanes 8 to 15 pass `lane & 7 == 0` too)
; is not a test of the counter: the loop is left alone.
define internal void @masked_lanes(ptr %out) "lanes-work-group-of"="masked_lanes" {
pre:
  br label %header
header:
  %lane = phi i64 [ 0, %pre ], [ %next, %latch ]
  %low = and i64 %lane, 7
  %first = icmp eq i64 %low, 0
  br i1 %first, label %body, label %latch
body:
  store i32 1, ptr %out
  br label %latch
latch:
  %next = add nuw nsw i64 %lane, 1
  %more = icmp ult i64 %lane, 15
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @masked_lanes(
; CHECK: header:
; CHECK: %first = icmp eq i64 %low, 0
; CHECK-NEXT: br i1 %first, label %body, label %latch
