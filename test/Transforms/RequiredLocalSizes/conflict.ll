; An entry that reaches two functions requiring different sizes is an
; error naming the kernel and both functions, also when the sizes differ
; only in their number of dimensions; so is an annotation that does not
; give one to three sizes of at least 1.
; RUN: not lanes-opt -passes=lanes-required-local-sizes %s -S -o /dev/null 2>&1 | FileCheck %s

@.bad = private unnamed_addr constant [27 x i8] c"lanes.reqd_local_size=16,0\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @bad_size, ptr @.bad, ptr null, i32 0, ptr null }], section "llvm.metadata"

declare i64 @__lanes_required_local_size(ptr, i32) nounwind memory(none)

; CHECK-DAG: error: in kernel 'bad_size': annotation "lanes.reqd_local_size=16,0" must give one to three sizes of at least 1, X[,Y[,Z]]
; CHECK-DAG: error: in kernel 'entry': it requires two different work-group sizes, through {{first|second}} and {{second|first}}
; CHECK-DAG: error: in kernel 'flat_entry': it requires two different work-group sizes, through {{first|flat}} and {{flat|first}}
define i64 @launch() {
  %size = call i64 @__lanes_required_local_size(ptr @entry, i32 0)
  %flat = call i64 @__lanes_required_local_size(ptr @flat_entry, i32 3)
  %sum = add i64 %size, %flat
  ret i64 %sum
}

define void @entry(ptr %k) "lanes-kernel" {
  call void @first(ptr %k)
  call void @second(ptr %k)
  ret void
}

define void @flat_entry(ptr %k) "lanes-kernel" {
  call void @first(ptr %k)
  call void @flat(ptr %k)
  ret void
}

define void @first(ptr %k) "lanes-required-local-size"="16" {
  ret void
}

define void @second(ptr %k) "lanes-required-local-size"="8" {
  ret void
}

define void @flat(ptr %k) "lanes-required-local-size"="16,1" {
  ret void
}

define void @bad_size(ptr %k) {
  ret void
}
