; A __lanes_private_mem_size call whose entry is not a constant function is
; an error naming the function that makes it: left unfolded, the runtime
; would answer 0, as if the kernel kept no loop state.
; RUN: not lanes-opt -passes=lanes-work-item-loops %s -S -o /dev/null 2>&1 | FileCheck %s

declare i64 @__lanes_private_mem_size(ptr) nounwind memory(none)

; CHECK: error: in kernel 'variable_entry': __lanes_private_mem_size takes a constant kernel entry function (include/lanes/builtins.h)
define i64 @variable_entry(ptr %entry) {
  %bytes = call i64 @__lanes_private_mem_size(ptr %entry)
  ret i64 %bytes
}
