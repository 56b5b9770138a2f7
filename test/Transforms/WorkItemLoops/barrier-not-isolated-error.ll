; lanes-work-item-loops needs barriers isolated first; given a barrier in
; the middle of a block it stops with an error instead of leaving the
; barrier call in a work-item loop.
; RUN: not lanes-opt -passes=lanes-work-item-loops %s -disable-output 2>&1 | FileCheck %s

; CHECK: error: k.cpp:9: in kernel 'k': internal compiler error: barrier not isolated (run lanes-isolate-barriers before lanes-work-item-loops)

@file = private constant [6 x i8] c"k.cpp\00"

declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
  store i32 1, ptr %k
  call void @__lanes_barrier(i32 1, ptr @file, i32 9)
  store i32 2, ptr %k
  ret void
}
