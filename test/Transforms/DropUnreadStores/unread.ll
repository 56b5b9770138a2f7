; Stores to a work-group's local memory (the context's local_memory field,
; at byte 72) and loop state that nothing in the work-group function reads
; are dropped, as is the loop-state call left unused: plain stores through
; constant and varying offsets and a phi, a masked store, a scatter. The
; store to the kernel's output stays; neither the gather of other memory
; nor a scope declaration (inaccessible memory) reads local memory. Left
; alone: a function that loads from local memory, one that reads it
; through a __lanes_local_memory call left in it, one that calls a
; function that might reach it through the runtime, one that gives the
; context to such a call, one that stores the local-memory pointer itself,
; and a function that is not a work-group function. A store through a
; select of local memory and the output stays where the other stores go.
; RUN: lanes-opt -passes=lanes-drop-unread-stores %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare ptr @__lanes_loop_state(ptr, i64)
declare ptr @__lanes_local_memory() nounwind memory(none)
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @opaque()
declare void @takes_context(ptr)
declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr, i32, <4 x i1>)
declare void @llvm.masked.scatter.v4i32.v4p0(<4 x i32>, <4 x ptr>, i32, <4 x i1>)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x i32>)

; CHECK-LABEL: define void @unread(
; CHECK-NOT: store {{.*}}%local
; CHECK-NOT: __lanes_loop_state
; CHECK-NOT: masked.store
; CHECK-NOT: masked.scatter
; CHECK: call <4 x i32> @llvm.masked.gather
; CHECK-NOT: store
; CHECK: store <4 x i32> %sum, ptr %out
; CHECK-NOT: store
; CHECK: ret void
define void @unread(ptr noalias %obj, ptr noalias %ctx, i64 %n) "lanes-work-group-of"="k" {
entry:
  %field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local = load ptr, ptr %field, align 8, !invariant.load !0
  %state = call noalias ptr @__lanes_loop_state(ptr %ctx, i64 64)
  %group = load i64, ptr %ctx, align 8
  %out = load ptr, ptr %obj, align 8
  %in.at = getelementptr inbounds i8, ptr %obj, i64 8
  %in = load ptr, ptr %in.at, align 8
  call void @llvm.experimental.noalias.scope.decl(metadata !1)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %slot = phi ptr [ %local, %entry ], [ %slot.next, %loop ]
  %v = load <4 x i32>, ptr %in, align 4
  store <4 x i32> %v, ptr %local, align 4
  store <4 x i32> %v, ptr %slot, align 4
  %at = getelementptr inbounds i32, ptr %local, i64 %i
  store i32 7, ptr %at, align 4
  store <4 x i32> %v, ptr %state, align 4
  %half = getelementptr inbounds i8, ptr %local, i64 16
  call void @llvm.masked.store.v4i32.p0(<4 x i32> %v, ptr %half, i32 4, <4 x i1> <i1 true, i1 false, i1 true, i1 false>)
  %lanes = getelementptr inbounds i32, ptr %local, <4 x i64> <i64 0, i64 4, i64 8, i64 12>
  call void @llvm.masked.scatter.v4i32.v4p0(<4 x i32> %v, <4 x ptr> %lanes, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  %from = getelementptr inbounds i32, ptr %in, <4 x i64> <i64 0, i64 4, i64 8, i64 12>
  %w = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %from, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i32> zeroinitializer)
  %sum = add <4 x i32> %v, %w
  store <4 x i32> %sum, ptr %out, align 4
  %slot.next = getelementptr inbounds i8, ptr %slot, i64 16
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @read(
; CHECK: store i32 1, ptr %local
; CHECK: store i32 2, ptr %state
define void @read(ptr noalias %obj, ptr noalias %ctx, i64 %n) "lanes-work-group-of"="k" {
  %field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local = load ptr, ptr %field, align 8, !invariant.load !0
  %state = call noalias ptr @__lanes_loop_state(ptr %ctx, i64 64)
  store i32 1, ptr %local, align 4
  store i32 2, ptr %state, align 4
  %next = getelementptr inbounds i8, ptr %local, i64 4
  %x = load i32, ptr %next, align 4
  store i32 %x, ptr %obj, align 4
  ret void
}

; CHECK-LABEL: define void @builtin_left(
; CHECK: store i32 1, ptr %local
define void @builtin_left(ptr noalias %obj, ptr noalias %ctx, i64 %n) "lanes-work-group-of"="k" {
  %field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local = load ptr, ptr %field, align 8, !invariant.load !0
  store i32 1, ptr %local, align 4
  %again = call ptr @__lanes_local_memory()
  %x = load i32, ptr %again, align 4
  store i32 %x, ptr %obj, align 4
  ret void
}

; CHECK-LABEL: define void @calls(
; CHECK: store i32 1, ptr %local
define void @calls(ptr noalias %obj, ptr noalias %ctx, i64 %n) "lanes-work-group-of"="k" {
  %field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local = load ptr, ptr %field, align 8, !invariant.load !0
  store i32 1, ptr %local, align 4
  call void @opaque()
  ret void
}

; CHECK-LABEL: define void @context_escapes(
; CHECK: store i32 1, ptr %local
define void @context_escapes(ptr noalias %obj, ptr noalias %ctx, i64 %n) "lanes-work-group-of"="k" {
  %field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local = load ptr, ptr %field, align 8, !invariant.load !0
  store i32 1, ptr %local, align 4
  call void @takes_context(ptr %ctx) memory(argmem: read)
  ret void
}

; CHECK-LABEL: define void @pointer_escapes(
; CHECK: store i32 1, ptr %local
define void @pointer_escapes(ptr noalias %obj, ptr noalias %ctx, i64 %n) "lanes-work-group-of"="k" {
  %field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local = load ptr, ptr %field, align 8, !invariant.load !0
  store i32 1, ptr %local, align 4
  store ptr %local, ptr %obj, align 8
  ret void
}

; CHECK-LABEL: define void @mixed(
; CHECK-NOT: store i32 1
; CHECK: store i32 2, ptr %either
define void @mixed(ptr noalias %obj, ptr noalias %ctx, i1 %c) "lanes-work-group-of"="k" {
  %field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local = load ptr, ptr %field, align 8, !invariant.load !0
  store i32 1, ptr %local, align 4
  %either = select i1 %c, ptr %local, ptr %obj
  store i32 2, ptr %either, align 4
  ret void
}

; CHECK-LABEL: define void @not_a_work_group_function(
; CHECK: store i32 1, ptr %local
define void @not_a_work_group_function(ptr noalias %obj, ptr noalias %ctx, i64 %n) {
  %field = getelementptr inbounds i8, ptr %ctx, i64 72
  %local = load ptr, ptr %field, align 8, !invariant.load !0
  store i32 1, ptr %local, align 4
  ret void
}

!0 = !{}
!1 = !{!2}
!2 = distinct !{!2, !3}
!3 = distinct !{!3}
