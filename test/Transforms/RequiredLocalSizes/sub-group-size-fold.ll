; Each __lanes_required_sub_group_size(@entry) becomes the sub-group size
; the entry requires: that of a function it reaches through direct calls
; (here two levels down, as the SYCL headers' entry reaches the user's
; call operator), from clang's annotation or the attribute itself; 0 for
; an entry that reaches none, also one that requires only a local size.
; A call operator annotated with both sizes requires both. The
; annotations read are dropped from llvm.global.annotations, the others
; (lanes.kernel) kept; the functions keep the attributes.
; RUN: lanes-opt -passes=lanes-required-local-sizes %s -S | FileCheck %s

@.kernel = private unnamed_addr constant [13 x i8] c"lanes.kernel\00", section "llvm.metadata"
@.sub_group = private unnamed_addr constant [28 x i8] c"lanes.reqd_sub_group_size=8\00", section "llvm.metadata"
@.local = private unnamed_addr constant [25 x i8] c"lanes.reqd_local_size=16\00", section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @entry, ptr @.kernel, ptr null, i32 0, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @call_operator, ptr @.sub_group, ptr null, i32 0, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @call_operator, ptr @.local, ptr null, i32 0, ptr null }], section "llvm.metadata"

; CHECK: @llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @entry, ptr @.kernel, ptr null, i32 0, ptr null }], section "llvm.metadata"

declare i32 @__lanes_required_sub_group_size(ptr) nounwind memory(none)
declare i64 @__lanes_required_local_size(ptr, i32) nounwind memory(none)

; CHECK-LABEL: define void @launch(ptr %out, ptr %local)
; CHECK-NEXT: store i32 8, ptr %out
; CHECK-NEXT: %p = getelementptr i32, ptr %out, i64 1
; CHECK-NEXT: store i32 0, ptr %p
; CHECK-NEXT: %d = getelementptr i32, ptr %out, i64 2
; CHECK-NEXT: store i32 4, ptr %d
; CHECK-NEXT: %l = getelementptr i32, ptr %out, i64 3
; CHECK-NEXT: store i32 0, ptr %l
; CHECK-NEXT: store i64 16, ptr %local
; CHECK-NEXT: ret void
define void @launch(ptr %out, ptr %local) {
  %e.size = call i32 @__lanes_required_sub_group_size(ptr @entry)
  store i32 %e.size, ptr %out
  %p.size = call i32 @__lanes_required_sub_group_size(ptr @plain)
  %p = getelementptr i32, ptr %out, i64 1
  store i32 %p.size, ptr %p
  %d.size = call i32 @__lanes_required_sub_group_size(ptr @direct)
  %d = getelementptr i32, ptr %out, i64 2
  store i32 %d.size, ptr %d
  %l.size = call i32 @__lanes_required_sub_group_size(ptr @local_only)
  %l = getelementptr i32, ptr %out, i64 3
  store i32 %l.size, ptr %l
  %e.local = call i64 @__lanes_required_local_size(ptr @entry, i32 0)
  store i64 %e.local, ptr %local
  ret void
}

define void @entry(ptr %k) {
  call void @invoke(ptr %k)
  ret void
}

define void @invoke(ptr %k) {
  call void @call_operator(ptr %k)
  ret void
}

; CHECK: define void @call_operator(ptr %k) #[[SIZED:[0-9]+]]
define void @call_operator(ptr %k) {
  store i64 1, ptr %k
  ret void
}

; An entry without a required size, one that carries the attribute itself
; (hand-written IR, say), and one that requires a local size only.
define void @plain(ptr %k) {
  call void @invoke_plain(ptr %k)
  ret void
}

define void @invoke_plain(ptr %k) {
  ret void
}

define void @direct(ptr %k) "lanes-kernel" "lanes-required-sub-group-size"="4" {
  ret void
}

define void @local_only(ptr %k) "lanes-kernel" "lanes-required-local-size"="32" {
  ret void
}

; CHECK: attributes #[[SIZED]] = { "lanes-required-local-size"="16" "lanes-required-sub-group-size"="8" }
