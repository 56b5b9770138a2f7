; The sub-group size of a sub-group collective or barrier must be a
; constant power of two up to 64, and the same in every sub-group call of a
; kernel; anything else is an error naming the kernel and the call's line.
; RUN: split-file %s %t
; RUN: not lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %t/odd.ll -S -o /dev/null 2>&1 | FileCheck --check-prefix=ODD %s
; RUN: not lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %t/mixed.ll -S -o /dev/null 2>&1 | FileCheck --check-prefix=MIXED %s
; RUN: not lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %t/barrier.ll -S -o /dev/null 2>&1 | FileCheck --check-prefix=BARRIER %s
; RUN: not lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %t/barrier-mixed.ll -S -o /dev/null 2>&1 | FileCheck --check-prefix=BARRIER-MIXED %s

; ODD: error: k.cpp:5: in kernel 'odd': the sub-group size of '__lanes_sub_group_reduce_i32' must be a constant power of two from 1 to 64
; MIXED: error: k.cpp:8: in kernel 'mixed': the sub-group collectives of a kernel must agree on the sub-group size (here 16, before 8)
; BARRIER: error: k.cpp:3: in kernel 'barrier': the sub-group size of '__lanes_sub_group_barrier' must be a constant power of two from 1 to 64
; BARRIER-MIXED: error: k.cpp:4: in kernel 'barrier_mixed': the sub-group collectives of a kernel must agree on the sub-group size (here 4, before 8)

;--- odd.ll
@file = private constant [6 x i8] c"k.cpp\00"
declare i32 @__lanes_sub_group_reduce_i32(i32, i32, i32, ptr, i32) convergent nounwind

define internal void @odd.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="odd" {
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 1, i32 12, ptr @file, i32 5)
  store i32 %r, ptr %k
  ret void
}

;--- mixed.ll
@file = private constant [6 x i8] c"k.cpp\00"
declare i32 @__lanes_sub_group_reduce_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare i32 @__lanes_sub_group_shuffle_i32(i32, i64, i32, ptr, i32) convergent nounwind

define internal void @mixed.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="mixed" {
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 1, i32 8, ptr @file, i32 7)
  %s = call i32 @__lanes_sub_group_shuffle_i32(i32 %r, i64 0, i32 16, ptr @file, i32 8)
  store i32 %s, ptr %k
  ret void
}

;--- barrier.ll
@file = private constant [6 x i8] c"k.cpp\00"
declare void @__lanes_sub_group_barrier(i32, i32, ptr, i32) convergent nounwind

define internal void @barrier.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="barrier" {
  %n = load i32, ptr %k
  call void @__lanes_sub_group_barrier(i32 3, i32 %n, ptr @file, i32 3)
  ret void
}

;--- barrier-mixed.ll
@file = private constant [6 x i8] c"k.cpp\00"
declare i32 @__lanes_sub_group_reduce_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare void @__lanes_sub_group_barrier(i32, i32, ptr, i32) convergent nounwind

define internal void @barrier_mixed.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="barrier_mixed" {
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 1, i32 8, ptr @file, i32 3)
  call void @__lanes_sub_group_barrier(i32 3, i32 4, ptr @file, i32 4)
  store i32 %r, ptr %k
  ret void
}
