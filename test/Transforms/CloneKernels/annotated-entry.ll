; A function that clang's LANES_KERNEL annotated gets the lanes-kernel
; attribute and a work-group function of type void(ptr, ptr); the entry
; itself stays as it was (the library-only fallback runs it). An annotated
; entry that nothing else refers to (its launch was dead code) cannot run
; and gets no work-group function.
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S | FileCheck %s
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S | FileCheck --check-prefix=NONE %s
; NONE-NOT: @unlaunched.lanes.wg

@.note = private unnamed_addr constant [13 x i8] c"lanes.kernel\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @entry, ptr @.note, ptr null, i32 0, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @unlaunched, ptr @.note, ptr null, i32 0, ptr null }], section "llvm.metadata"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare ptr @__lanes_work_group_function(ptr, i64, i64, i64, ptr)

define ptr @launch(i64 %n) {
  %wg = call ptr @__lanes_work_group_function(ptr @entry, i64 %n, i64 1, i64 1, ptr null)
  ret ptr %wg
}


; CHECK: define void @entry(ptr %k) #[[ENTRY:[0-9]+]] {
; CHECK-NEXT: %id = call i64 @__lanes_local_id(i32 0)
define void @entry(ptr %k) {
  %id = call i64 @__lanes_local_id(i32 0)
  %out = load ptr, ptr %k
  %slot = getelementptr i64, ptr %out, i64 %id
  store i64 %id, ptr %slot
  ret void
}

; CHECK: define void @unlaunched(ptr %k) #[[ENTRY]] {
define void @unlaunched(ptr %k) {
  ret void
}

; CHECK: define internal void @entry.lanes.wg(ptr noalias %kernel_object, ptr noalias %ctx) #[[WG:[0-9]+]] {
; CHECK-NEXT: %id = call i64 @__lanes_local_id(i32 0)
; CHECK-NEXT: %out = load ptr, ptr %kernel_object
; CHECK: attributes #[[ENTRY]] = { "lanes-kernel" }
; CHECK: attributes #[[WG]] = { "lanes-work-group"="entry" }
