; Each barrier ends up alone in its block, between fresh blocks, even when
; it starts the entry block or follows a PHI.
; RUN: lanes-opt -passes=lanes-isolate-barriers %s -S | FileCheck %s

declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define void @wg(ptr %k, ptr %ctx) "lanes-work-group"="k" {
entry:
  call void @__lanes_barrier(i32 1, ptr null, i32 1)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @__lanes_barrier(i32 1, ptr null, i32 2)
  %next = add i32 %i, 1
  %again = icmp ult i32 %next, 4
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; CHECK: entry:
; CHECK-NEXT: br label %barrier
; CHECK: barrier:
; CHECK-NEXT: call void @__lanes_barrier(i32 1, ptr null, i32 1)
; CHECK-NEXT: br label %after.barrier
; CHECK: loop:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: br label %barrier1
; CHECK: barrier1:
; CHECK-NEXT: call void @__lanes_barrier(i32 1, ptr null, i32 2)
; CHECK-NEXT: br label %after.barrier2
; CHECK: after.barrier2:
; CHECK-NEXT: %next = add i32 %i, 1
