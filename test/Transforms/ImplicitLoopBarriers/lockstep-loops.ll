; Innermost loops the whole group runs in lockstep get an implicit barrier
; at the top of their header, so work-item loops turn them inside out.
; RUN: lanes-opt -passes=lanes-implicit-loop-barriers %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind readnone
declare i64 @__lanes_group_id(i32) nounwind readnone
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

; A tile loop with a uniform trip count, nested in a uniform outer loop:
; only the inner loop gets the barrier; a[k * 64 + lid] moves with the item.
; CHECK-LABEL: define void @tile(
; CHECK: outer:
; CHECK-NOT: call void @__lanes_barrier
; CHECK: inner:
; CHECK: %acc = phi
; CHECK-NEXT: call void @__lanes_barrier(i32 0, ptr null, i32 0), !lanes.implicit
; CHECK-NOT: call void @__lanes_barrier
; CHECK: ret void
define void @tile(ptr %a, ptr %out, i64 %n) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k.next, %inner ]
  %acc = phi float [ 0.0, %outer ], [ %sum, %inner ]
  %row = mul i64 %k, 64
  %idx = add i64 %row, %lid
  %p = getelementptr float, ptr %a, i64 %idx
  %x = load float, ptr %p
  %sum = fadd float %acc, %x
  %k.next = add i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %outer.latch, label %inner
outer.latch:
  %q = getelementptr float, ptr %out, i64 %lid
  store float %sum, ptr %q
  %i.next = add i64 %i, 1
  %i.done = icmp eq i64 %i.next, 4
  br i1 %i.done, label %end, label %outer
end:
  ret void
}

; Each item walks its own row, a[lid * n + k]: that loop vectorizes as it
; is, so it keeps running whole inside one work-item loop.
; CHECK-LABEL: define void @own_row(
; CHECK-NOT: call void @__lanes_barrier
; CHECK: ret void
define void @own_row(ptr %a, ptr %out, i64 %n) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %base = mul i64 %lid, %n
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %sum, %loop ]
  %idx = add i64 %base, %k
  %p = getelementptr float, ptr %a, i64 %idx
  %x = load float, ptr %p
  %sum = fadd float %acc, %x
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %end, label %loop
end:
  %q = getelementptr float, ptr %out, i64 %lid
  store float %sum, ptr %q
  ret void
}

; Nothing in the loop depends on the local id: every item would compute the
; same thing (a single_task's loop), so the loop stays whole and vectorizes
; over k.
; CHECK-LABEL: define void @same_for_all(
; CHECK-NOT: call void @__lanes_barrier
; CHECK: ret void
define void @same_for_all(ptr %a, ptr %out, i64 %n) "lanes-work-group"="k" {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %sum, %loop ]
  %p = getelementptr i32, ptr %a, i64 %k
  %x = load i32, ptr %p
  %sum = add i32 %acc, %x
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k.next, %n
  br i1 %done, label %end, label %loop
end:
  store i32 %sum, ptr %out
  ret void
}

; Work-items leave after different iterations (the trip count is the local
; id), or only some of them run the loop (under if on the local id): a
; barrier there would not be reached by all, so neither loop gets one. (The
; first is made lockstep instead, varying-trip-loops.ll.)
; CHECK-LABEL: define void @not_lockstep(
; CHECK-NOT: call void @__lanes_barrier
; CHECK: ret void
define void @not_lockstep(ptr %out, i64 %n) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  br label %varying
varying:
  %i = phi i64 [ 0, %entry ], [ %i.next, %varying ]
  %i.next = add i64 %i, 1
  %i.done = icmp uge i64 %i.next, %lid
  br i1 %i.done, label %check, label %varying
check:
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %guarded, label %end
guarded:
  %j = phi i64 [ 0, %check ], [ %j.next, %guarded ]
  %q = getelementptr i64, ptr %out, i64 %j
  store i64 %i.next, ptr %q
  %j.next = add i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %end, label %guarded
end:
  ret void
}

; Functions other than work-group functions are left alone.
; CHECK-LABEL: define void @not_a_work_group_function(
; CHECK-NOT: call void @__lanes_barrier
; CHECK: ret void
define void @not_a_work_group_function(ptr %out, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i64, ptr %out, i64 %i
  store i64 %i, ptr %q
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %end, label %loop
end:
  ret void
}
