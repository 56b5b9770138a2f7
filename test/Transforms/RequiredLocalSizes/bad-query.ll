; A __lanes_required_local_size call whose entry or dimension is not a
; constant, or whose dimension is past 3, is an error naming the function
; that makes it: left unfolded, the runtime would answer 0 and the
; kernel's required size would be lost without a word.
; RUN: not lanes-opt -passes=lanes-required-local-sizes %s -S -o /dev/null 2>&1 | FileCheck %s

declare i64 @__lanes_required_local_size(ptr, i32) nounwind memory(none)

define void @entry(ptr %k) "lanes-kernel" "lanes-required-local-size"="16" {
  ret void
}

; CHECK-DAG: error: in kernel 'variable_dim': __lanes_required_local_size takes a kernel entry function and a dimension from 0 to 3, both constants (include/lanes/builtins.h)
define i64 @variable_dim(i32 %dim) {
  %size = call i64 @__lanes_required_local_size(ptr @entry, i32 %dim)
  ret i64 %size
}

; CHECK-DAG: error: in kernel 'variable_entry': __lanes_required_local_size takes
define i64 @variable_entry(ptr %entry) {
  %size = call i64 @__lanes_required_local_size(ptr %entry, i32 0)
  ret i64 %size
}

; CHECK-DAG: error: in kernel 'past_dims': __lanes_required_local_size takes
define i64 @past_dims() {
  %size = call i64 @__lanes_required_local_size(ptr @entry, i32 4)
  ret i64 %size
}
