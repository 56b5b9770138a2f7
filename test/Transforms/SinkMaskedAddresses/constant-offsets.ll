; An address at a constant offset from its base, computed outside the loop
; (where LICM leaves it), is recomputed right before each masked load or
; store that uses it: one copy per block, the hoisted one deleted when
; nothing else uses it. A plain load's address, an address with a variable
; index, and an address already in the access's block are left alone, as
; are functions that are not lowered work-group functions.
; RUN: lanes-opt -passes=lanes-sink-masked-addresses %s -S | FileCheck %s

define internal void @wg(ptr %base, i64 %n, <16 x i1> %m) "lanes-work-group-of"="k" {
entry:
  %row1 = getelementptr inbounds i8, ptr %base, i64 64
  %row2 = getelementptr inbounds i8, ptr %base, i64 128
  %var = getelementptr inbounds i32, ptr %base, i64 %n
  %plain = getelementptr inbounds i8, ptr %base, i64 192
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %tail ]
  %a = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %row1, i32 4, <16 x i1> %m, <16 x i32> zeroinitializer)
  %b = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %var, i32 4, <16 x i1> %m, <16 x i32> zeroinitializer)
  %c = load <16 x i32>, ptr %plain
  %s = add <16 x i32> %a, %b
  %t = add <16 x i32> %s, %c
  call void @llvm.masked.store.v16i32.p0(<16 x i32> %t, ptr %row2, i32 4, <16 x i1> %m)
  br label %tail
tail:
  call void @llvm.masked.store.v16i32.p0(<16 x i32> %a, ptr %row1, i32 4, <16 x i1> %m)
  call void @llvm.masked.store.v16i32.p0(<16 x i32> %b, ptr %row1, i32 4, <16 x i1> %m)
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @wg(
; CHECK: entry:
; CHECK-NEXT: %var = getelementptr inbounds i32, ptr %base, i64 %n
; CHECK-NEXT: %plain = getelementptr inbounds i8, ptr %base, i64 192
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK: %[[R1:.*]] = getelementptr inbounds i8, ptr %base, i64 64
; CHECK-NEXT: %a = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %[[R1]],
; CHECK-NEXT: %b = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %var,
; CHECK-NEXT: %c = load <16 x i32>, ptr %plain
; CHECK: %[[R2:.*]] = getelementptr inbounds i8, ptr %base, i64 128
; CHECK-NEXT: call void @llvm.masked.store.v16i32.p0(<16 x i32> %t, ptr %[[R2]],
; CHECK: tail:
; CHECK-NEXT: %[[T1:.*]] = getelementptr inbounds i8, ptr %base, i64 64
; CHECK-NEXT: call void @llvm.masked.store.v16i32.p0(<16 x i32> %a, ptr %[[T1]],
; CHECK-NEXT: call void @llvm.masked.store.v16i32.p0(<16 x i32> %b, ptr %[[T1]],

; Not a lowered work-group function: untouched.
define void @host(ptr %base, <16 x i1> %m) {
entry:
  %row1 = getelementptr inbounds i8, ptr %base, i64 64
  br label %next
next:
  %a = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %row1, i32 4, <16 x i1> %m, <16 x i32> zeroinitializer)
  ret void
}

; CHECK-LABEL: define void @host(
; CHECK: entry:
; CHECK-NEXT: %row1 = getelementptr inbounds i8, ptr %base, i64 64

declare <16 x i32> @llvm.masked.load.v16i32.p0(ptr, i32, <16 x i1>, <16 x i32>)
declare void @llvm.masked.store.v16i32.p0(<16 x i32>, ptr, i32, <16 x i1>)
