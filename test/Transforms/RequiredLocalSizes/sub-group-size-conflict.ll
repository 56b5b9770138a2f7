; An entry that reaches two functions requiring different sub-group sizes
; is an error naming the kernel and both functions; so is an annotation
; that does not give one size of at least 1. Reaching one sub-group size
; twice, or a sub-group size and a local size, is not.
; RUN: not lanes-opt -passes=lanes-required-local-sizes %s -S -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=error:

@.two = private unnamed_addr constant [30 x i8] c"lanes.reqd_sub_group_size=8,8\00", section "llvm.metadata"
@.zero = private unnamed_addr constant [28 x i8] c"lanes.reqd_sub_group_size=0\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @two_sizes, ptr @.two, ptr null, i32 0, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @zero, ptr @.zero, ptr null, i32 0, ptr null }], section "llvm.metadata"

declare i32 @__lanes_required_sub_group_size(ptr) nounwind memory(none)

; CHECK-DAG: error: in kernel 'two_sizes': annotation "lanes.reqd_sub_group_size=8,8" must give one size of at least 1, N
; CHECK-DAG: error: in kernel 'zero': annotation "lanes.reqd_sub_group_size=0" must give one size of at least 1, N
; CHECK-DAG: error: in kernel 'entry': it requires two different sub-group sizes, through {{eight|four}} and {{four|eight}}
define i32 @launch() {
  %size = call i32 @__lanes_required_sub_group_size(ptr @entry)
  %same = call i32 @__lanes_required_sub_group_size(ptr @same_entry)
  %sum = add i32 %size, %same
  ret i32 %sum
}

define void @entry(ptr %k) "lanes-kernel" {
  call void @eight(ptr %k)
  call void @four(ptr %k)
  ret void
}

define void @same_entry(ptr %k) "lanes-kernel" "lanes-required-sub-group-size"="8" "lanes-required-local-size"="16" {
  call void @eight(ptr %k)
  call void @also_eight(ptr %k)
  ret void
}

define void @eight(ptr %k) "lanes-required-sub-group-size"="8" {
  ret void
}

define void @also_eight(ptr %k) "lanes-required-sub-group-size"="8" "lanes-required-local-size"="32" {
  ret void
}

define void @four(ptr %k) "lanes-required-sub-group-size"="4" {
  ret void
}

define void @two_sizes(ptr %k) {
  ret void
}

define void @zero(ptr %k) {
  ret void
}
