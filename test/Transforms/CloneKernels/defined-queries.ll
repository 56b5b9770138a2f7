; The query builtins return defined values. lanes-clone-kernels says so on
; their declarations, so that InstCombine drops a freeze of one (clang's
; InstCombine freezes an id before folding `lid % 3` into a select), which
; would hide the id from the later passes.
; RUN: lanes-opt -passes=lanes-clone-kernels,instcombine %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32)
declare i64 @__lanes_group_id(i32)

define void @k(ptr %p) "lanes-kernel" {
  %id = call i64 @__lanes_local_id(i32 0)
  %frozen = freeze i64 %id
  store i64 %frozen, ptr %p
  %group = call i64 @__lanes_group_id(i32 0)
  %g = freeze i64 %group
  %q = getelementptr i64, ptr %p, i64 1
  store i64 %g, ptr %q
  ret void
}

; CHECK: declare noundef i64 @__lanes_local_id(i32)
; CHECK: declare noundef i64 @__lanes_group_id(i32)
; CHECK-LABEL: define void @k(
; CHECK-NOT: freeze
; CHECK: ret void
