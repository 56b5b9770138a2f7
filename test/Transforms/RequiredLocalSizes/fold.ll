; Each __lanes_required_local_size(@entry, dim) becomes the size the entry
; requires in dim: that of a function it reaches through direct calls
; (here two levels down, as the SYCL headers' entry reaches the user's
; call operator), from clang's annotation or the attribute itself, 1 in
; the dimensions past the sizes given, and the number of sizes for dim 3;
; 0 for an entry that reaches none. The annotations read are dropped from
; llvm.global.annotations, the others (lanes.kernel) kept; the functions
; keep the attribute.
; RUN: lanes-opt -passes=lanes-required-local-sizes %s -S | FileCheck %s

@.kernel = private unnamed_addr constant [13 x i8] c"lanes.kernel\00", section "llvm.metadata"
@.size = private unnamed_addr constant [27 x i8] c"lanes.reqd_local_size=16,4\00", section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @entry, ptr @.kernel, ptr null, i32 0, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @call_operator, ptr @.size, ptr null, i32 0, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @plain, ptr @.kernel, ptr null, i32 0, ptr null }], section "llvm.metadata"

; CHECK: @llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @entry, ptr @.kernel, ptr null, i32 0, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @plain, ptr @.kernel, ptr null, i32 0, ptr null }], section "llvm.metadata"

declare i64 @__lanes_required_local_size(ptr, i32) nounwind memory(none)

; CHECK-LABEL: define void @launch(ptr %out)
; CHECK-NEXT: store i64 16, ptr %out
; CHECK-NEXT: %y = getelementptr i64, ptr %out, i64 1
; CHECK-NEXT: store i64 4, ptr %y
; CHECK-NEXT: %z = getelementptr i64, ptr %out, i64 2
; CHECK-NEXT: store i64 1, ptr %z
; CHECK-NEXT: %p = getelementptr i64, ptr %out, i64 3
; CHECK-NEXT: store i64 0, ptr %p
; CHECK-NEXT: %d = getelementptr i64, ptr %out, i64 4
; CHECK-NEXT: store i64 8, ptr %d
; CHECK-NEXT: %dims = getelementptr i64, ptr %out, i64 5
; CHECK-NEXT: store i64 2, ptr %dims
; CHECK-NEXT: %p.dims = getelementptr i64, ptr %out, i64 6
; CHECK-NEXT: store i64 0, ptr %p.dims
; CHECK-NEXT: %d.dims = getelementptr i64, ptr %out, i64 7
; CHECK-NEXT: store i64 1, ptr %d.dims
; CHECK-NEXT: ret void
define void @launch(ptr %out) {
  %x.size = call i64 @__lanes_required_local_size(ptr @entry, i32 0)
  store i64 %x.size, ptr %out
  %y.size = call i64 @__lanes_required_local_size(ptr @entry, i32 1)
  %y = getelementptr i64, ptr %out, i64 1
  store i64 %y.size, ptr %y
  %z.size = call i64 @__lanes_required_local_size(ptr @entry, i32 2)
  %z = getelementptr i64, ptr %out, i64 2
  store i64 %z.size, ptr %z
  %p.size = call i64 @__lanes_required_local_size(ptr @plain, i32 0)
  %p = getelementptr i64, ptr %out, i64 3
  store i64 %p.size, ptr %p
  %d.size = call i64 @__lanes_required_local_size(ptr @direct, i32 0)
  %d = getelementptr i64, ptr %out, i64 4
  store i64 %d.size, ptr %d
  %dims.n = call i64 @__lanes_required_local_size(ptr @entry, i32 3)
  %dims = getelementptr i64, ptr %out, i64 5
  store i64 %dims.n, ptr %dims
  %p.dims.n = call i64 @__lanes_required_local_size(ptr @plain, i32 3)
  %p.dims = getelementptr i64, ptr %out, i64 6
  store i64 %p.dims.n, ptr %p.dims
  %d.dims.n = call i64 @__lanes_required_local_size(ptr @direct, i32 3)
  %d.dims = getelementptr i64, ptr %out, i64 7
  store i64 %d.dims.n, ptr %d.dims
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

; An entry without a required size, and one that carries the attribute
; itself (hand-written IR, say).
define void @plain(ptr %k) {
  call void @invoke_plain(ptr %k)
  ret void
}

define void @invoke_plain(ptr %k) {
  ret void
}

define void @direct(ptr %k) "lanes-kernel" "lanes-required-local-size"="8" {
  ret void
}

; CHECK: attributes #[[SIZED]] = { "lanes-required-local-size"="16,4" }
