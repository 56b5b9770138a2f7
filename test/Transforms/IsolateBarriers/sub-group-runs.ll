; Sub-group collectives move up to the ones before them when every
; work-item reaching those reaches them exactly once after, and their
; operands (with the pure arithmetic computing them) can move there too;
; such a run shares one barrier block. A collective reading a run's result,
; one under a work-item-dependent branch, and one a `continue` can skip in
; a loop each start a barrier block of their own.
; RUN: lanes-opt -passes=lanes-isolate-barriers %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare float @__lanes_sub_group_shuffle_f32(float, i64, i32, ptr, i32) convergent nounwind
declare float @__lanes_sub_group_reduce_f32(i32, float, i32, ptr, i32) convergent nounwind

define void @wg(ptr %k, ptr %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %lane = and i64 %lid, 3
  %src = getelementptr float, ptr %k, i64 %lid
  %x = load float, ptr %src
  %left = add i64 %lane, -1
  %s1 = call float @__lanes_sub_group_shuffle_f32(float %x, i64 %left, i32 4, ptr null, i32 1)
  %edge = icmp eq i64 %lane, 0
  br i1 %edge, label %halo, label %join
halo:
  %h = load float, ptr %k
  br label %join
join:
  %l = phi float [ %h, %halo ], [ %s1, %entry ]
  %right = add i64 %lane, 1
  %s2 = call float @__lanes_sub_group_shuffle_f32(float %x, i64 %right, i32 4, ptr null, i32 2)
  %sum = fadd float %l, %s2
  %r = call float @__lanes_sub_group_reduce_f32(i32 0, float %sum, i32 4, ptr null, i32 3)
  %few = icmp ult i64 %lid, 2
  br i1 %few, label %some, label %loop
some:
  %t = call float @__lanes_sub_group_reduce_f32(i32 0, float %x, i32 4, ptr null, i32 4)
  store float %t, ptr %k
  br label %loop
loop:
  %a = call float @__lanes_sub_group_reduce_f32(i32 0, float %x, i32 4, ptr null, i32 5)
  %skip = fcmp olt float %a, 0.0
  br i1 %skip, label %loop, label %body
body:
  %b = call float @__lanes_sub_group_reduce_f32(i32 0, float %x, i32 4, ptr null, i32 6)
  %done = fcmp ogt float %b, 1.0
  br i1 %done, label %exit, label %loop
exit:
  store float %r, ptr %src
  ret void
}

; The index of the second shift moves up with it, past the halo branch.
; CHECK-LABEL: define void @wg(
; CHECK: entry:
; CHECK: %left = add i64 %lane, -1
; CHECK-NEXT: %right = add i64 %lane, 1
; CHECK-NEXT: br label %barrier
; CHECK: barrier:
; CHECK-NEXT: %s1 = call float @__lanes_sub_group_shuffle_f32(float %x, i64 %left,
; CHECK-NEXT: %s2 = call float @__lanes_sub_group_shuffle_f32(float %x, i64 %right,
; CHECK-NEXT: br label %after.barrier
; CHECK: join:
; CHECK-NEXT: %l = phi float
; CHECK-NEXT: %sum = fadd float %l, %s2
; CHECK-NEXT: br label %barrier1
; CHECK: barrier1:
; CHECK-NEXT: %r = call float @__lanes_sub_group_reduce_f32(i32 0, float %sum,
; CHECK-NEXT: br label
; CHECK: some:
; CHECK-NEXT: br label %barrier3
; CHECK: barrier3:
; CHECK-NEXT: %t = call
; CHECK-NEXT: br label
; CHECK: loop:
; CHECK-NEXT: br label %barrier5
; CHECK: barrier5:
; CHECK-NEXT: %a = call
; CHECK-NEXT: br label
; CHECK: body:
; CHECK-NEXT: br label %barrier7
; CHECK: barrier7:
; CHECK-NEXT: %b = call
; CHECK-NEXT: br label
