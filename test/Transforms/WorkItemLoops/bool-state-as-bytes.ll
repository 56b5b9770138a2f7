; A boolean live across a barrier is kept in its loop-state array as a byte
; (zext before the store, trunc after the load): the loop vectorizer moves
; vectors of i1 through memory one element at a time, and a byte array
; vectorizes like any other.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@name = private constant [7 x i8] c"b.cpp\00\00"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %odd = trunc i32 %x to i1
  br label %sync
sync:
  call void @__lanes_barrier(i32 1, ptr @name, i32 3)
  br label %after
after:
  %v = select i1 %odd, i32 1, i32 2
  store i32 %v, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @k.lanes.wg(
; CHECK: %odd.0 = trunc i32 %{{.*}} to i1
; CHECK: %[[BYTE:.*]] = zext i1 %odd.0 to i8
; CHECK-NEXT: store i8 %[[BYTE]], ptr %{{.*}}, align 1
; CHECK: %odd.reload = load i8, ptr %{{.*}}, align 1
; CHECK-NEXT: %[[BACK:.*]] = trunc i8 %odd.reload to i1
; CHECK: select i1 %[[BACK]], i32 1, i32 2
