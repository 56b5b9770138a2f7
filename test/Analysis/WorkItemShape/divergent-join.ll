; A PHI where paths from a varying branch meet is varying even when its
; incoming values are constants; a PHI after that join, merging a uniform
; branch, is uniform again; a loop counter stays uniform although a varying
; branch sits inside the loop body.
; RUN: lanes-opt -passes='print<lanes-shape>' -disable-output %s 2>&1 | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_group_id(i32) nounwind memory(none)

define void @wg(ptr %k, ptr %ctx) {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %gid = call i64 @__lanes_group_id(i32 0)
  %low = icmp ult i64 %lid, 4
  br i1 %low, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %div = phi i64 [ 1, %a ], [ 2, %b ]
  %even = icmp eq i64 %gid, 0
  br i1 %even, label %c, label %d
c:
  br label %join2
d:
  br label %join2
join2:
  %uni = phi i64 [ 1, %c ], [ 2, %d ]
  br label %loop
loop:
  %i = phi i64 [ 0, %join2 ], [ %next, %latch ]
  %odd = icmp ult i64 %lid, %i
  br i1 %odd, label %body, label %latch
body:
  br label %latch
latch:
  %next = add i64 %i, 1
  %again = icmp ult i64 %next, 8
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; CHECK: varying: %div
; CHECK: uniform: %uni
; CHECK: uniform: %i
; CHECK: varying: %odd
; CHECK: uniform: %next
