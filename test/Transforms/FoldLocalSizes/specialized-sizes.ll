; In a work-group function specialized for one local size, the local-size
; queries with a constant dimension become the sizes (1 past the third
; dimension); a computed dimension is left to lanes-work-item-loops. The
; generic function and other functions keep their queries.
; RUN: lanes-opt -passes=lanes-fold-local-sizes %s -S | FileCheck %s

declare i64 @__lanes_local_size(i32) nounwind memory(none)

; CHECK-LABEL: define void @k.lanes.wg.64x4x2(
; CHECK-NEXT: %round = add i64 64, 15
; CHECK-NEXT: %per.row = lshr i64 %round, 4
; CHECK-NEXT: %rows = mul i64 4, 2
; CHECK-NEXT: %beyond = add i64 1, %per.row
; CHECK-NEXT: %some = call i64 @__lanes_local_size(i32 %d)
define void @k.lanes.wg.64x4x2(ptr %out, i32 %d) "lanes-work-group"="k" "lanes-local-size"="64,4,2" {
  %x = call i64 @__lanes_local_size(i32 0)
  %y = call i64 @__lanes_local_size(i32 1)
  %z = call i64 @__lanes_local_size(i32 2)
  %w = call i64 @__lanes_local_size(i32 3)
  %round = add i64 %x, 15
  %per.row = lshr i64 %round, 4
  %rows = mul i64 %y, %z
  %beyond = add i64 %w, %per.row
  %some = call i64 @__lanes_local_size(i32 %d)
  %all = add i64 %rows, %some
  %sum = add i64 %all, %beyond
  store i64 %sum, ptr %out
  ret void
}

; CHECK-LABEL: define void @k.lanes.wg(
; CHECK-NEXT: %x = call i64 @__lanes_local_size(i32 0)
define void @k.lanes.wg(ptr %out) "lanes-work-group"="k" {
  %x = call i64 @__lanes_local_size(i32 0)
  store i64 %x, ptr %out
  ret void
}

; CHECK-LABEL: define void @not_a_work_group_function(
; CHECK-NEXT: %x = call i64 @__lanes_local_size(i32 0)
define void @not_a_work_group_function(ptr %out) "lanes-local-size"="64,4,2" {
  %x = call i64 @__lanes_local_size(i32 0)
  store i64 %x, ptr %out
  ret void
}
