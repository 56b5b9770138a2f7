; A __lanes_private_mem_size call names its entry in metadata from the
; start of the pipeline on, not in its argument, so that the query alone
; does not keep alive, to be compiled, an entry that nothing launches.
; Once such an entry is dropped, lanes-work-item-loops folds the query to 0.
; RUN: lanes-opt -passes=lanes-required-local-sizes %s -S | FileCheck %s
; RUN: lanes-opt -passes=lanes-required-local-sizes,globaldce,lanes-work-item-loops %s -S \
; RUN:   | FileCheck %s --check-prefix=DROPPED

declare i64 @__lanes_private_mem_size(ptr) nounwind memory(none)

define linkonce_odr void @never_launched(ptr %k) "lanes-kernel" {
  ret void
}

; CHECK-LABEL: define i64 @query()
; CHECK-NEXT: %bytes = call i64 @__lanes_private_mem_size(ptr null), !lanes.private_mem_size.entry ![[ENTRY:[0-9]+]]
; CHECK: ![[ENTRY]] = !{ptr @never_launched}

; DROPPED-NOT: @never_launched
; DROPPED-LABEL: define i64 @query()
; DROPPED-NEXT: ret i64 0
define i64 @query() {
  %bytes = call i64 @__lanes_private_mem_size(ptr @never_launched)
  ret i64 %bytes
}
