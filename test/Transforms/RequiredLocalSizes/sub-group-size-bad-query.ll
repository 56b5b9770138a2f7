; A __lanes_required_sub_group_size call whose entry is not a constant
; function is an error naming the function that makes it: left unfolded,
; the runtime would answer 0 and the kernel's required sub-group size
; would be lost without a word.
; RUN: not lanes-opt -passes=lanes-required-local-sizes %s -S -o /dev/null 2>&1 | FileCheck %s

@data = global i32 0

declare i32 @__lanes_required_sub_group_size(ptr) nounwind memory(none)

define void @entry(ptr %k) "lanes-kernel" "lanes-required-sub-group-size"="8" {
  ret void
}

; CHECK-DAG: error: in kernel 'variable_entry': __lanes_required_sub_group_size takes a constant kernel entry function (include/lanes/builtins.h)
define i32 @variable_entry(ptr %entry) {
  %size = call i32 @__lanes_required_sub_group_size(ptr %entry)
  ret i32 %size
}

; CHECK-DAG: error: in kernel 'not_a_function': __lanes_required_sub_group_size takes
define i32 @not_a_function() {
  %size = call i32 @__lanes_required_sub_group_size(ptr @data)
  ret i32 %size
}
