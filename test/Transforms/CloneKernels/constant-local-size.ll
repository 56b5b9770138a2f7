; A kernel whose work-group function is asked for with constant local sizes
; gets one work-group function per distinct size, specialized for it
; (attribute lanes-local-size), and no generic one when no query needs it.
; A kernel also asked for with a size known only at run time gets the
; generic function too; one asked for with more than four distinct sizes
; gets four specialized ones and the generic one for the rest.
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S | FileCheck %s
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S \
; RUN:   | grep -c "define internal void @many.lanes.wg\." \
; RUN:   | FileCheck --check-prefix=MANY %s

declare ptr @__lanes_work_group_function(ptr, i64, i64, i64, ptr)

define void @fixed(ptr %k) "lanes-kernel" {
  ret void
}

define void @mixed(ptr %k) "lanes-kernel" {
  ret void
}

define void @many(ptr %k) "lanes-kernel" {
  ret void
}

define void @launch(i64 %n) {
  %a = call ptr @__lanes_work_group_function(ptr @fixed, i64 16, i64 16, i64 1, ptr null)
  %b = call ptr @__lanes_work_group_function(ptr @fixed, i64 16, i64 16, i64 1, ptr null)
  %c = call ptr @__lanes_work_group_function(ptr @fixed, i64 256, i64 1, i64 1, ptr null)
  %d = call ptr @__lanes_work_group_function(ptr @mixed, i64 64, i64 1, i64 1, ptr null)
  %e = call ptr @__lanes_work_group_function(ptr @mixed, i64 %n, i64 1, i64 1, ptr null)
  %f = call ptr @__lanes_work_group_function(ptr @many, i64 1, i64 1, i64 1, ptr null)
  %g = call ptr @__lanes_work_group_function(ptr @many, i64 2, i64 1, i64 1, ptr null)
  %h = call ptr @__lanes_work_group_function(ptr @many, i64 3, i64 1, i64 1, ptr null)
  %i = call ptr @__lanes_work_group_function(ptr @many, i64 4, i64 1, i64 1, ptr null)
  %j = call ptr @__lanes_work_group_function(ptr @many, i64 5, i64 1, i64 1, ptr null)
  ret void
}

; CHECK-NOT: define internal void @fixed.lanes.wg(
; CHECK-DAG: define internal void @fixed.lanes.wg.16x16x1(ptr noalias %kernel_object, ptr noalias %ctx) #[[F16:[0-9]+]]
; CHECK-DAG: define internal void @fixed.lanes.wg.256x1x1(ptr noalias %kernel_object, ptr noalias %ctx) #[[F256:[0-9]+]]
; CHECK-DAG: define internal void @mixed.lanes.wg(ptr noalias %kernel_object, ptr noalias %ctx) #[[MIXED:[0-9]+]]
; CHECK-DAG: define internal void @mixed.lanes.wg.64x1x1(
; CHECK-DAG: define internal void @many.lanes.wg(
; CHECK-DAG: attributes #[[F16]] = { "lanes-local-size"="16,16,1" "lanes-work-group"="fixed" }
; CHECK-DAG: attributes #[[F256]] = { "lanes-local-size"="256,1,1" "lanes-work-group"="fixed" }
; CHECK-DAG: attributes #[[MIXED]] = { "lanes-work-group"="mixed" }
; MANY: {{^}}4{{$}}
