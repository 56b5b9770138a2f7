; In a work-group function specialized for 8x4 work-items, the local ids
; range over [0, 8) and [0, 4), so some comparisons and trip counts are the
; same in every work-item though they are computed from the ids:
; - the guard `y < 32` is true for every y < 4: the branch goes;
; - y = id1, id1 + 4, ... while below 16 makes four trips in every work-item:
;   the exit tests a trip counter, and the loop, now of constant trip count
;   and short, is unrolled (four copies of its load), and SimplifyCFG
;   merges what is left into the entry block;
; - x = id0, id0 + 8, ... below 20 makes three trips for x < 4 and two for
;   the rest: left as it is;
; - a loop bounded by a kernel argument is left as it is too.
; The generic work-group function, whose ids have no known range, keeps its
; loops and guards.
; RUN: lanes-opt -passes=lanes-uniform-trip-counts %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind memory(none)

; CHECK-LABEL: define void @k.lanes.wg.8x4x1(
; CHECK-NOT: %guard
; CHECK-COUNT-4: load i32, ptr
; CHECK-NOT: load i32, ptr
; CHECK: ragged:
; CHECK: %r.more = icmp ult i64 %r, 12
; CHECK: bounded:
; CHECK: %b.more = icmp ult i64 %b.next, %n
define void @k.lanes.wg.8x4x1(ptr %in, ptr %out, i64 %n) "lanes-work-group"="k" "lanes-local-size"="8,4,1" {
entry:
  %x = call i64 @__lanes_local_id(i32 0)
  %y = call i64 @__lanes_local_id(i32 1)
  %guard = icmp ult i64 %y, 32
  br i1 %guard, label %rows, label %skip
rows:
  %row = phi i64 [ %y, %entry ], [ %row.next, %rows ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %rows ]
  %at = getelementptr i32, ptr %in, i64 %row
  %v = load i32, ptr %at
  %sum.next = add i32 %sum, %v
  %row.next = add nuw nsw i64 %row, 4
  %row.more = icmp ult i64 %row, 12
  br i1 %row.more, label %rows, label %ragged
ragged:
  %r = phi i64 [ %x, %rows ], [ %r.next, %ragged ]
  %r.next = add nuw nsw i64 %r, 8
  %rat = getelementptr i32, ptr %out, i64 %r
  store i32 %sum.next, ptr %rat
  %r.more = icmp ult i64 %r, 12
  br i1 %r.more, label %ragged, label %bounded
bounded:
  %b = phi i64 [ %x, %ragged ], [ %b.next, %bounded ]
  %b.next = add nuw nsw i64 %b, 8
  %bat = getelementptr i32, ptr %out, i64 %b
  store i32 0, ptr %bat
  %b.more = icmp ult i64 %b.next, %n
  br i1 %b.more, label %bounded, label %skip
skip:
  ret void
}

; CHECK-LABEL: define void @k.lanes.wg(
; CHECK: %guard = icmp ult i64 %y, 32
; CHECK: %row.more = icmp ult i64 %row, 12
define void @k.lanes.wg(ptr %in, ptr %out) "lanes-work-group"="k" {
entry:
  %y = call i64 @__lanes_local_id(i32 1)
  %guard = icmp ult i64 %y, 32
  br i1 %guard, label %rows, label %skip
rows:
  %row = phi i64 [ %y, %entry ], [ %row.next, %rows ]
  %at = getelementptr i32, ptr %in, i64 %row
  %v = load i32, ptr %at
  store i32 %v, ptr %out
  %row.next = add nuw nsw i64 %row, 4
  %row.more = icmp ult i64 %row, 12
  br i1 %row.more, label %rows, label %skip
skip:
  ret void
}
