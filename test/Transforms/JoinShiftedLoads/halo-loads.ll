; A sub-group shift completed by halo loads: each lane of the blend holds
; the element one place before its own, so the blend is one load. Also
; through a shift that waited on the stack. Left alone: a store between the
; loads that may write what they read, a lane that keeps its own value (not
; consecutive), and a lane a masked load leaves off.
; RUN: lanes-opt -passes=lanes-join-shifted-loads %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare <4 x float> @llvm.masked.load.v4f32.p0(ptr, i32, <4 x i1>, <4 x float>)

; CHECK-LABEL: define void @left(
; CHECK: %j = add i64 %i, -1
; CHECK-NEXT: %q = getelementptr float, ptr %in, i64 %j
; CHECK-NEXT: %left.joined = load <4 x float>, ptr %q, align 4, !tbaa
; CHECK-NEXT: store <4 x float> %left.joined, ptr %out
define void @left(ptr %in, ptr %out, i64 %i) "lanes-work-group-of"="left" {
  %p = getelementptr float, ptr %in, i64 %i
  %x = load <4 x float>, ptr %p, align 16, !tbaa !1
  %shift = shufflevector <4 x float> %x, <4 x float> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 2>
  %j = add i64 %i, -1
  %q = getelementptr float, ptr %in, i64 %j
  %halo = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %q, i32 4, <4 x i1> <i1 true, i1 false, i1 false, i1 false>, <4 x float> poison), !tbaa !1
  %left = shufflevector <4 x float> %halo, <4 x float> %shift, <4 x i32> <i32 0, i32 5, i32 6, i32 7>
  store <4 x float> %left, ptr %out
  ret void
}

; The right neighbour, two lanes on, its shift stored on the stack and
; loaded back across a branch; the joined load starts at lane 0's element
; of the vector load, and the halo load, unused, goes.
; CHECK-LABEL: define void @right_stack(
; CHECK: next:
; CHECK-NEXT: %[[AT:.*]] = getelementptr inbounds float, ptr %p, i64 2
; CHECK-NEXT: %right.joined = load <4 x float>, ptr %[[AT]], align 8
; CHECK-NEXT: store <4 x float> %right.joined, ptr %out
define void @right_stack(ptr %in, ptr %out, i64 %i) "lanes-work-group-of"="right_stack" {
  %slot = alloca <4 x float>, align 16
  %p = getelementptr float, ptr %in, i64 %i
  %x = load <4 x float>, ptr %p, align 16
  %shift = shufflevector <4 x float> %x, <4 x float> poison, <4 x i32> <i32 2, i32 3, i32 2, i32 3>
  store <4 x float> %shift, ptr %slot
  %k = add i64 %i, 4
  br label %next
next:
  %waited = load <4 x float>, ptr %slot
  %r = getelementptr float, ptr %in, i64 %k
  %halo = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %r, i32 4, <4 x i1> <i1 true, i1 true, i1 false, i1 false>, <4 x float> poison)
  %right = shufflevector <4 x float> %waited, <4 x float> %halo, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  store <4 x float> %right, ptr %out
  ret void
}

; A store that may write the input between the two loads.
; CHECK-LABEL: define void @written(
; CHECK-NOT: joined
; CHECK: ret void
define void @written(ptr %in, ptr %out, i64 %i) "lanes-work-group-of"="written" {
  %p = getelementptr float, ptr %in, i64 %i
  %x = load <4 x float>, ptr %p, align 16
  %shift = shufflevector <4 x float> %x, <4 x float> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 2>
  store float 1.0, ptr %out
  %j = add i64 %i, -1
  %q = getelementptr float, ptr %in, i64 %j
  %halo = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %q, i32 4, <4 x i1> <i1 true, i1 false, i1 false, i1 false>, <4 x float> poison)
  %left = shufflevector <4 x float> %halo, <4 x float> %shift, <4 x i32> <i32 0, i32 5, i32 6, i32 7>
  store <4 x float> %left, ptr %out
  ret void
}

; Lane 1 keeps its own element: not consecutive.
; CHECK-LABEL: define void @own(
; CHECK-NOT: joined
; CHECK: ret void
define void @own(ptr %in, ptr %out, i64 %i) "lanes-work-group-of"="own" {
  %p = getelementptr float, ptr %in, i64 %i
  %x = load <4 x float>, ptr %p, align 16
  %j = add i64 %i, -1
  %q = getelementptr float, ptr %in, i64 %j
  %halo = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %q, i32 4, <4 x i1> <i1 true, i1 false, i1 false, i1 false>, <4 x float> poison)
  %left = shufflevector <4 x float> %halo, <4 x float> %x, <4 x i32> <i32 0, i32 5, i32 5, i32 6>
  store <4 x float> %left, ptr %out
  ret void
}

; Lane 0 comes from a lane the masked load leaves off.
; CHECK-LABEL: define void @off(
; CHECK-NOT: joined
; CHECK: ret void
define void @off(ptr %in, ptr %out, i64 %i) "lanes-work-group-of"="off" {
  %p = getelementptr float, ptr %in, i64 %i
  %x = load <4 x float>, ptr %p, align 16
  %shift = shufflevector <4 x float> %x, <4 x float> poison, <4 x i32> <i32 0, i32 0, i32 1, i32 2>
  %j = add i64 %i, -1
  %q = getelementptr float, ptr %in, i64 %j
  %halo = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %q, i32 4, <4 x i1> <i1 false, i1 true, i1 false, i1 false>, <4 x float> poison)
  %left = shufflevector <4 x float> %halo, <4 x float> %shift, <4 x i32> <i32 0, i32 5, i32 6, i32 7>
  store <4 x float> %left, ptr %out
  ret void
}

!0 = !{!"root"}
!1 = !{!2, !2, i64 0}
!2 = !{!"float", !0}
