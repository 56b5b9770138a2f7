; In a work-group function specialized for one local size, a local-id query
; becomes 0 where the size of its dimension is 1 (and past the third
; dimension); the others stay, with no !range, and so do a computed
; dimension and the generic function's queries.
; RUN: lanes-opt -passes=lanes-fold-local-sizes %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind memory(none)

; CHECK-LABEL: define void @k.lanes.wg.32x8x1(
; CHECK-NEXT: %x = call i64 @__lanes_local_id(i32 0){{$}}
; CHECK-NEXT: %y = call i64 @__lanes_local_id(i32 1){{$}}
; CHECK-NEXT: %xy = add i64 %x, %y
; CHECK-NEXT: %xyz = add i64 %xy, 0
; CHECK-NEXT: %all = add i64 %xyz, 0
; CHECK-NEXT: %some = call i64 @__lanes_local_id(i32 %d)
; CHECK-NOT: !range
define void @k.lanes.wg.32x8x1(ptr %out, i32 %d) "lanes-work-group"="k" "lanes-local-size"="32,8,1" {
  %x = call i64 @__lanes_local_id(i32 0)
  %y = call i64 @__lanes_local_id(i32 1)
  %z = call i64 @__lanes_local_id(i32 2)
  %w = call i64 @__lanes_local_id(i32 3)
  %xy = add i64 %x, %y
  %xyz = add i64 %xy, %z
  %all = add i64 %xyz, %w
  %some = call i64 @__lanes_local_id(i32 %d)
  %sum = add i64 %all, %some
  store i64 %sum, ptr %out
  ret void
}

; CHECK-LABEL: define void @k.lanes.wg(
; CHECK-NEXT: %x = call i64 @__lanes_local_id(i32 0)
; CHECK-NOT: !range
define void @k.lanes.wg(ptr %out) "lanes-work-group"="k" {
  %x = call i64 @__lanes_local_id(i32 0)
  store i64 %x, ptr %out
  ret void
}
