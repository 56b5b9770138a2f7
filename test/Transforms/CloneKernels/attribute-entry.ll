; Hand-written IR may mark an entry with the "lanes-kernel" attribute
; instead of an annotation. Functions without either are left alone.
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S | FileCheck %s

; CHECK-DAG: define internal void @marked.lanes.wg(ptr noalias %kernel_object, ptr noalias %ctx)
; CHECK-NOT: @unmarked.lanes.wg
define void @marked(ptr %k) "lanes-kernel" {
  ret void
}

define void @unmarked(ptr %k) {
  ret void
}
