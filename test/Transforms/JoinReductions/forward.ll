; lanes-forward-joined: a load of what a joined store (!lanes.joined)
; wrote is that store's vector, however far back the store is, when
; nothing between may have written the memory (here the other joined store
; writes the next 16 bytes). Left alone: the load of a store that
; lanes-join-reductions did not make, a load after a store that may write
; the same memory, a load of part of the vector, and a function that is
; not a work-group function.
; RUN: lanes-opt -passes=lanes-forward-joined %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define <4 x i32> @forward(
; CHECK-NOT: load
; CHECK: %sum = add <4 x i32> %j0, %j1
; CHECK-NEXT: ret <4 x i32> %sum
define <4 x i32> @forward(<4 x i32> %j0, <4 x i32> %j1, ptr %local) "lanes-work-group-of"="k" {
  store <4 x i32> %j0, ptr %local, align 4, !lanes.joined !0
  %p1 = getelementptr i8, ptr %local, i64 16
  store <4 x i32> %j1, ptr %p1, align 4, !lanes.joined !0
  %a = load <4 x i32>, ptr %local, align 4
  %b = load <4 x i32>, ptr %p1, align 4
  %sum = add <4 x i32> %a, %b
  ret <4 x i32> %sum
}

; CHECK-LABEL: define <4 x i32> @unmarked(
; CHECK: %a = load <4 x i32>, ptr %local
define <4 x i32> @unmarked(<4 x i32> %j0, ptr %local) "lanes-work-group-of"="k" {
  store <4 x i32> %j0, ptr %local, align 4
  %a = load <4 x i32>, ptr %local, align 4
  ret <4 x i32> %a
}

; CHECK-LABEL: define <4 x i32> @clobbered(
; CHECK: %a = load <4 x i32>, ptr %local
define <4 x i32> @clobbered(<4 x i32> %j0, ptr %local, ptr %other) "lanes-work-group-of"="k" {
  store <4 x i32> %j0, ptr %local, align 4, !lanes.joined !0
  store i32 7, ptr %other, align 4
  %a = load <4 x i32>, ptr %local, align 4
  ret <4 x i32> %a
}

; CHECK-LABEL: define <2 x i32> @part(
; CHECK: %a = load <2 x i32>, ptr %local
define <2 x i32> @part(<4 x i32> %j0, ptr %local) "lanes-work-group-of"="k" {
  store <4 x i32> %j0, ptr %local, align 4, !lanes.joined !0
  %a = load <2 x i32>, ptr %local, align 4
  ret <2 x i32> %a
}

; CHECK-LABEL: define <4 x i32> @not_a_work_group_function(
; CHECK: %a = load <4 x i32>, ptr %local
define <4 x i32> @not_a_work_group_function(<4 x i32> %j0, ptr %local) {
  store <4 x i32> %j0, ptr %local, align 4, !lanes.joined !0
  %a = load <4 x i32>, ptr %local, align 4
  ret <4 x i32> %a
}

!0 = !{}
