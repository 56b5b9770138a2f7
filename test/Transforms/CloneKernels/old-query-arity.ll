; A __lanes_work_group_function call without the local size or without
; the kernel object (the contracts before specialization, hand-written IR)
; is an error naming the kernel, not a silent generic function. Running
; the pass twice makes nothing twice.
; RUN: not lanes-opt -passes=lanes-clone-kernels %s -S -o /dev/null 2>&1 | FileCheck %s
; RUN: lanes-opt -passes=lanes-clone-kernels,lanes-clone-kernels %S/constant-local-size.ll -S \
; RUN:   | grep -c "define internal void @fixed.lanes.wg\." \
; RUN:   | FileCheck --check-prefix=TWICE %s

; CHECK-DAG: error: in kernel 'old': __lanes_work_group_function takes the entry, its local size and the kernel object (5 arguments, include/lanes/builtins.h), not 1
; CHECK-DAG: error: in kernel 'sized': __lanes_work_group_function takes the entry, its local size and the kernel object (5 arguments, include/lanes/builtins.h), not 4
; TWICE: 2

declare ptr @__lanes_work_group_function(ptr, ...)

define void @old(ptr %k) "lanes-kernel" {
  ret void
}

define void @sized(ptr %k) "lanes-kernel" {
  ret void
}

define void @launch() {
  %wg = call ptr (ptr, ...) @__lanes_work_group_function(ptr @old)
  %sized = call ptr (ptr, ...) @__lanes_work_group_function(ptr @sized, i64 1, i64 1, i64 1)
  ret void
}
