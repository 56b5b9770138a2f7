; The loop gives the body its group id by replacing the loads of
; group_id[0]; a read of part of those bytes, or of the context at an
; offset the pass cannot see, would keep the run's first id: an error
; names the kernel and the function is left as it was.
; RUN: not lanes-opt -passes=lanes-group-ranges %s -S -o %t.ll 2>&1 | FileCheck %s
; RUN: FileCheck --check-prefix=IR %s < %t.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

; CHECK-DAG: error: in kernel 'half': internal compiler error: the work-group function reads its group id in an unexpected way; please report this kernel
; CHECK-DAG: error: in kernel 'indexed': internal compiler error: the work-group function reads its group id in an unexpected way; please report this kernel
; IR: define internal void @half.lanes.wg(ptr %kernel_object, ptr %ctx) #0 {
; IR: define internal void @indexed.lanes.wg(ptr %kernel_object, ptr %ctx) #1 {

define internal void @half.lanes.wg(ptr %kernel_object, ptr %ctx) "lanes-work-group-of"="half" {
  %high.field = getelementptr i8, ptr %ctx, i64 4
  %high = load i32, ptr %high.field
  store i32 %high, ptr %kernel_object
  ret void
}

define internal void @indexed.lanes.wg(ptr %kernel_object, ptr %ctx) "lanes-work-group-of"="indexed" {
  %dim = load i64, ptr %kernel_object
  %field = getelementptr i64, ptr %ctx, i64 %dim
  %id = load i64, ptr %field
  store i64 %id, ptr %kernel_object
  ret void
}
