; The whole kernel pipeline on a reduction with a barrier in a loop: the
; work-group function is built (a loop over a run of groups), the query for
; it folded, no builtin call survives in it, and the entry is kept for the
; library-only fallback.
; RUN: lanes-opt -passes=lanes-kernel-pipeline %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_local_size(i32) nounwind memory(none)
declare i64 @__lanes_group_id(i32) nounwind memory(none)
declare ptr @__lanes_local_memory() nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind
declare ptr @__lanes_work_group_function(ptr, i64, i64, i64, ptr)

define ptr @launch(i64 %n) {
  %wg = call ptr @__lanes_work_group_function(ptr @reduce, i64 %n, i64 1, i64 1, ptr null)
  ret ptr %wg
}

define void @reduce(ptr %k) "lanes-kernel" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %n = call i64 @__lanes_local_size(i32 0)
  %g = call i64 @__lanes_group_id(i32 0)
  %loc = call ptr @__lanes_local_memory()
  %in = load ptr, ptr %k
  %gbase = mul i64 %g, %n
  %gidx = add i64 %gbase, %lid
  %src = getelementptr float, ptr %in, i64 %gidx
  %x = load float, ptr %src
  %dst = getelementptr float, ptr %loc, i64 %lid
  store float %x, ptr %dst
  %half = lshr i64 %n, 1
  br label %loop
loop:
  %s = phi i64 [ %half, %entry ], [ %s.next, %latch ]
  %go = icmp ugt i64 %s, 0
  br i1 %go, label %body, label %done
body:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %add, label %latch
add:
  %other.idx = add i64 %lid, %s
  %other = getelementptr float, ptr %loc, i64 %other.idx
  %a = load float, ptr %dst
  %b = load float, ptr %other
  %sum = fadd float %a, %b
  store float %sum, ptr %dst
  br label %latch
latch:
  %s.next = lshr i64 %s, 1
  br label %loop
done:
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %write, label %exit
write:
  %outp = getelementptr i8, ptr %k, i64 8
  %out = load ptr, ptr %outp
  %r = load float, ptr %loc
  %dst.out = getelementptr float, ptr %out, i64 %g
  store float %r, ptr %dst.out
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define ptr @launch(i64 %n)
; CHECK-NEXT: ret ptr @reduce.lanes.wg
; CHECK-LABEL: define void @reduce(ptr %k)
; CHECK: call void @__lanes_barrier(
; CHECK-LABEL: define internal void @reduce.lanes.wg({{.*}}%kernel_object, {{.*}}%ctx, i64 %count)
; CHECK-NOT: call {{.*}}@__lanes_local_id
; CHECK-NOT: call {{.*}}@__lanes_barrier
; CHECK: %group.id.0 = phi i64
; CHECK-NOT: call {{.*}}@__lanes_local_id
; CHECK-NOT: call {{.*}}@__lanes_barrier
; CHECK: call void @__lanes_divergent_barrier(
; CHECK-NOT: call {{.*}}@__lanes_local_id
; CHECK-NOT: call {{.*}}@__lanes_barrier
; CHECK: next.group:
; CHECK: {{^}}}
