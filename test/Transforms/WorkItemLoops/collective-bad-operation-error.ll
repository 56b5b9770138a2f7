; A collective's operation must be a constant the type has: an operation
; chosen at run time, or a bitwise one on floats, is an error naming the
; kernel and the collective's source line.
; RUN: split-file %s %t
; RUN: not lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %t/variable.ll -S -o /dev/null 2>&1 | FileCheck --check-prefix=VAR %s
; RUN: not lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %t/float-and.ll -S -o /dev/null 2>&1 | FileCheck --check-prefix=AND %s

; VAR: error: k.cpp:7: in kernel 'var': the operation of a group collective must be a constant
; AND: error: k.cpp:9: in kernel 'fand': group collective operation 6 is not defined for its type

;--- variable.ll
@file = private constant [6 x i8] c"k.cpp\00"
declare i32 @__lanes_group_reduce_i32(i32, i32, ptr, i32) convergent nounwind

define internal void @var.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="var" {
  %op = load i32, ptr %k
  %r = call i32 @__lanes_group_reduce_i32(i32 %op, i32 1, ptr @file, i32 7)
  store i32 %r, ptr %k
  ret void
}

;--- float-and.ll
@file = private constant [6 x i8] c"k.cpp\00"
declare float @__lanes_group_reduce_f32(i32, float, ptr, i32) convergent nounwind

define internal void @fand.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="fand" {
  %r = call float @__lanes_group_reduce_f32(i32 6, float 1.0, ptr @file, i32 9)
  store float %r, ptr %k
  ret void
}
