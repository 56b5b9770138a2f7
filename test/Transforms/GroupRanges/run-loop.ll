; A lowered work-group function gets the run's length as a third parameter
; and a loop over the groups of the run: the group id in dimension 0 is the
; loop's counter, returns step it, a loop-state block whose size does not
; depend on the group is asked for once, and a divergent barrier report
; stops the run with the group's id in the context. The context, all of it,
; may be read anywhere in the loop.
; RUN: lanes-opt -passes=lanes-group-ranges %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare ptr @__lanes_loop_state(ptr, i64)
declare void @__lanes_divergent_barrier(ptr, ptr, ptr)

; The launch site keeps the function, now with three parameters.
; CHECK-LABEL: define ptr @launch()
; CHECK-NEXT: ret ptr @sum.lanes.wg
define ptr @launch() {
  ret ptr @sum.lanes.wg
}

; `out[group] = in[group * 4 + 1]`, with a private array in loop state
; sized from the local size: the block and its size move to the entry,
; the group id becomes the counter, the other ids stay loads.
; CHECK-LABEL: define internal void @sum.lanes.wg(ptr noalias %kernel_object, ptr noalias dereferenceable(96) %ctx, i64 %count) #0 {
; CHECK-NEXT: run.entry:
; CHECK-NEXT: %slot = alloca i32
; CHECK-NEXT: %group.id.first = load i64, ptr %ctx, align 8
; CHECK-NEXT: %group.id.end = add nuw i64 %group.id.first, %count
; CHECK-NEXT: %size.field = getelementptr i8, ptr %ctx, i64 48
; CHECK-NEXT: %size = load i64, ptr %size.field, align 8, !invariant.load
; CHECK-NEXT: %bytes = shl i64 %size, 2
; CHECK-NEXT: %state = call ptr @__lanes_loop_state(ptr %ctx, i64 %bytes)
; CHECK-NEXT: br label %group
; CHECK: group:
; CHECK-NEXT: %group.id.0 = phi i64 [ %group.id.first, %run.entry ], [ %group.id.next, %next.group ]
; CHECK-NEXT: br label %entry
; CHECK: entry:
; CHECK-NEXT: %y.field = getelementptr i8, ptr %ctx, i64 8
; CHECK-NEXT: %y = load i64, ptr %y.field, align 8, !invariant.load
; CHECK-NEXT: %in = load ptr, ptr %kernel_object
; CHECK-NEXT: %first = shl i64 %group.id.0, 2
; CHECK: store i32 %v, ptr %state
; CHECK: %dst = getelementptr i32, ptr %out, i64 %group.id.0
; CHECK: br label %next.group
; CHECK: next.group:
; CHECK-NEXT: %group.id.next = add nuw i64 %group.id.0, 1
; CHECK-NEXT: %more.groups = icmp ult i64 %group.id.next, %group.id.end
; CHECK-NEXT: br i1 %more.groups, label %group, label %run.end
; CHECK: run.end:
; CHECK-NEXT: ret void
define internal void @sum.lanes.wg(ptr noalias %kernel_object, ptr noalias %ctx) "lanes-work-group-of"="sum" {
entry:
  %slot = alloca i32
  %id = load i64, ptr %ctx, align 8, !invariant.load !0
  %y.field = getelementptr i8, ptr %ctx, i64 8
  %y = load i64, ptr %y.field, align 8, !invariant.load !0
  %size.field = getelementptr i8, ptr %ctx, i64 48
  %size = load i64, ptr %size.field, align 8, !invariant.load !0
  %bytes = shl i64 %size, 2
  %state = call ptr @__lanes_loop_state(ptr %ctx, i64 %bytes)
  %in = load ptr, ptr %kernel_object
  %first = shl i64 %id, 2
  %at = add i64 %first, %y
  %src = getelementptr i32, ptr %in, i64 %at
  %v = load i32, ptr %src
  store i32 %v, ptr %state
  store i32 %v, ptr %slot
  %out.field = getelementptr i8, ptr %kernel_object, i64 8
  %out = load ptr, ptr %out.field
  %dst = getelementptr i32, ptr %out, i64 %id
  store i32 %v, ptr %dst
  ret void
}

; A block sized by the group stays in the loop.
; CHECK-LABEL: define internal void @per.group.lanes.wg(ptr %kernel_object, ptr dereferenceable(96) %ctx, i64 %count)
; CHECK: group:
; CHECK-NEXT: %group.id.0 = phi
; CHECK: entry:
; CHECK-NEXT: %bytes = add i64 %group.id.0, 64
; CHECK-NEXT: %state = call ptr @__lanes_loop_state(ptr %ctx, i64 %bytes)
define internal void @per.group.lanes.wg(ptr %kernel_object, ptr %ctx) "lanes-work-group-of"="per.group" {
entry:
  %id = load i64, ptr %ctx, align 8
  %bytes = add i64 %id, 64
  %state = call ptr @__lanes_loop_state(ptr %ctx, i64 %bytes)
  store i64 %id, ptr %state
  ret void
}

; Work-items that left at different barriers: the report gets the group's
; id from the context and the run ends there; the other return steps.
; CHECK-LABEL: define internal void @checked.lanes.wg(ptr %kernel_object, ptr dereferenceable(96) %ctx, i64 %count)
; CHECK: divergent:
; CHECK-NEXT: store i64 %group.id.0, ptr %ctx, align 8
; CHECK-NEXT: call void @__lanes_divergent_barrier(ptr %ctx, ptr null, ptr null)
; CHECK-NEXT: ret void
; CHECK: fine:
; CHECK-NEXT: br label %next.group
define internal void @checked.lanes.wg(ptr %kernel_object, ptr %ctx) "lanes-work-group-of"="checked" {
entry:
  %diverged = load i1, ptr %kernel_object
  br i1 %diverged, label %divergent, label %fine
divergent:
  call void @__lanes_divergent_barrier(ptr %ctx, ptr null, ptr null)
  ret void
fine:
  ret void
}

; The clean-up may have merged the report's return with the others: the
; report returns again, and the shared return steps.
; CHECK-LABEL: define internal void @merged.lanes.wg(ptr %kernel_object, ptr dereferenceable(96) %ctx, i64 %count)
; CHECK: divergent:
; CHECK-NEXT: store i64 %group.id.0, ptr %ctx, align 8
; CHECK-NEXT: call void @__lanes_divergent_barrier(ptr %ctx, ptr null, ptr null)
; CHECK-NEXT: ret void
; CHECK: fine:
; CHECK-NEXT: br label %common.ret
; CHECK: common.ret:
; CHECK-NEXT: br label %next.group
define internal void @merged.lanes.wg(ptr %kernel_object, ptr %ctx) "lanes-work-group-of"="merged" {
entry:
  %diverged = load i1, ptr %kernel_object
  br i1 %diverged, label %divergent, label %fine
divergent:
  call void @__lanes_divergent_barrier(ptr %ctx, ptr null, ptr null)
  br label %common.ret
fine:
  br label %common.ret
common.ret:
  ret void
}

; Already over a run, or not lowered yet: left alone.
; CHECK-LABEL: define internal void @done.lanes.wg(ptr %kernel_object, ptr %ctx, i64 %count)
; CHECK-NEXT: ret void
define internal void @done.lanes.wg(ptr %kernel_object, ptr %ctx, i64 %count) "lanes-work-group-of"="done" {
  ret void
}
; CHECK-LABEL: define internal void @unlowered.lanes.wg(ptr %kernel_object, ptr %ctx)
; CHECK-NEXT: %id = load i64, ptr %ctx
define internal void @unlowered.lanes.wg(ptr %kernel_object, ptr %ctx) "lanes-work-group"="unlowered" {
  %id = load i64, ptr %ctx
  store i64 %id, ptr %kernel_object
  ret void
}

!0 = !{}

; CHECK: attributes #0 = { "lanes-work-group-of"="sum" }
