; An `if (lid < C)` that admits few work-items, in an interval where all
; of them do other work, gets implicit barriers before its test and at its
; join, so that its work-item loop can be trimmed to those few.
; RUN: lanes-opt -passes=lanes-isolate-narrow-guards %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

; A stencil's halo: every item copies its point, the first 4 the halo.
; CHECK-LABEL: define void @halo(
; CHECK: store float %x, ptr %t.own
; CHECK-NEXT: br label %narrow.guard
; CHECK: narrow.guard:
; CHECK-NEXT: call void @__lanes_barrier(i32 0, ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: %[[TEST:.*]] = icmp ult i64 %lid, 4
; CHECK-NEXT: br i1 %[[TEST]], label %halo, label %join
; The join does work for all (the sum): a barrier at its top too.
; CHECK: join:
; CHECK-NEXT: call void @__lanes_barrier(i32 0, ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: %y = load float
define void @halo(ptr %in, ptr %t, ptr %out) "lanes-work-group"="k" "lanes-local-size"="256,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %p = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %p
  %t.own = getelementptr float, ptr %t, i64 %lid
  store float %x, ptr %t.own
  %few = icmp ult i64 %lid, 4
  br i1 %few, label %halo, label %join
halo:
  %q = getelementptr float, ptr %in, i64 256
  %h = load float, ptr %q
  store float %h, ptr %t
  br label %join
join:
  %y = load float, ptr %t
  %o = getelementptr float, ptr %out, i64 %lid
  store float %y, ptr %o
  ret void
}

; The guard alone in its interval (a barrier before it, one after the
; join): nothing to add.
; CHECK-LABEL: define void @alone(
; CHECK-NOT: !lanes.implicit
; CHECK: ret void
define void @alone(ptr %out) "lanes-work-group"="k" "lanes-local-size"="256,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %one, label %join
one:
  store i64 1, ptr %out
  br label %join
join:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  ret void
}

; A guard that admits half the items is not narrow; one under a varying
; branch is not reached by the whole group; the generic work-group function
; (local size unknown) is left alone.
; CHECK-LABEL: define void @wide(
; CHECK-NOT: !lanes.implicit
; CHECK: ret void
define void @wide(ptr %t) "lanes-work-group"="k" "lanes-local-size"="256,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %t.own = getelementptr float, ptr %t, i64 %lid
  store float 1.0, ptr %t.own
  %half = icmp ult i64 %lid, 128
  br i1 %half, label %then, label %join
then:
  store float 2.0, ptr %t
  br label %join
join:
  store float 3.0, ptr %t.own
  ret void
}

; CHECK-LABEL: define void @generic(
; CHECK-NOT: !lanes.implicit
; CHECK: ret void
define void @generic(ptr %t) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %t.own = getelementptr float, ptr %t, i64 %lid
  store float 1.0, ptr %t.own
  %few = icmp ult i64 %lid, 4
  br i1 %few, label %then, label %join
then:
  store float 2.0, ptr %t
  br label %join
join:
  store float 3.0, ptr %t.own
  ret void
}

; CHECK-LABEL: define void @under_varying_if(
; CHECK-NOT: !lanes.implicit
; CHECK: ret void
define void @under_varying_if(ptr %t) "lanes-work-group"="k" "lanes-local-size"="256,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %odd = trunc i64 %lid to i1
  br i1 %odd, label %inner, label %end
inner:
  %t.own = getelementptr float, ptr %t, i64 %lid
  store float 1.0, ptr %t.own
  %few = icmp ult i64 %lid, 4
  br i1 %few, label %then, label %join
then:
  store float 2.0, ptr %t
  br label %join
join:
  store float 3.0, ptr %t.own
  br label %end
end:
  ret void
}

; Two guards sharing one test from an earlier block (a tree's last step
; and its store of the result): the first interval has no work before its
; guard, so only its join gets a barrier; the second has the store before
; it, so its test is made again below the new barrier.
; CHECK-LABEL: define void @shared_test(
; CHECK: entry:
; CHECK-NOT: call void @__lanes_barrier
; CHECK: br i1 %first, label %a, label %mid
; CHECK: mid:
; CHECK-NEXT: call void @__lanes_barrier(i32 0, ptr null, i32 0), !lanes.implicit
; CHECK: store float 2.0
; CHECK-NEXT: br label %narrow.guard
; CHECK: narrow.guard:
; CHECK-NEXT: call void @__lanes_barrier(i32 0, ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: %[[AGAIN:.*]] = icmp eq i64 %lid, 0
; CHECK-NEXT: br i1 %[[AGAIN]], label %b, label %end
define void @shared_test(ptr %t) "lanes-work-group"="k" "lanes-local-size"="256,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %a, label %mid
a:
  store float 1.0, ptr %t
  br label %mid
mid:
  %own = getelementptr float, ptr %t, i64 %lid
  store float 2.0, ptr %own
  br i1 %first, label %b, label %end
b:
  store float 3.0, ptr %t
  br label %end
end:
  ret void
}
