; A function that clang's LANES_KERNEL annotated gets the lanes-kernel
; attribute and a work-group function of type void(ptr, ptr); the entry
; itself stays as it was (the library-only fallback runs it).
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S | FileCheck %s

@.note = private unnamed_addr constant [13 x i8] c"lanes.kernel\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @entry, ptr @.note, ptr null, i32 0, ptr null }], section "llvm.metadata"

declare i64 @__lanes_local_id(i32) nounwind memory(none)

; CHECK: define void @entry(ptr %k) #[[ENTRY:[0-9]+]] {
; CHECK-NEXT: %id = call i64 @__lanes_local_id(i32 0)
define void @entry(ptr %k) {
  %id = call i64 @__lanes_local_id(i32 0)
  %out = load ptr, ptr %k
  %slot = getelementptr i64, ptr %out, i64 %id
  store i64 %id, ptr %slot
  ret void
}

; CHECK: define internal void @entry.lanes.wg(ptr noalias %kernel_object, ptr noalias %ctx) #[[WG:[0-9]+]] {
; CHECK-NEXT: %id = call i64 @__lanes_local_id(i32 0)
; CHECK-NEXT: %out = load ptr, ptr %kernel_object
; CHECK: attributes #[[ENTRY]] = { "lanes-kernel" }
; CHECK: attributes #[[WG]] = { "lanes-work-group"="entry" }
