; Local memory is apart from what the host's pointers reach: accesses
; through __lanes_local_memory() get a scope of their own, and accesses
; through a pointer the kernel captured, a private array or loop state are
; noalias with it. A pointer of unknown origin (read from global memory,
; where the kernel might have stored a local address) gets neither, and
; neither does an access that may reach both (a select of the two).
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare ptr @__lanes_local_memory() nounwind memory(none)

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %priv = alloca [4 x i32], align 4
  %lid = call i64 @__lanes_local_id(i32 0)
  %local = call ptr @__lanes_local_memory()
  %in = load ptr, ptr %k
  %src = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %src
  %tile = getelementptr i32, ptr %local, i64 %lid
  store i32 %x, ptr %tile
  %slot = getelementptr [4 x i32], ptr %priv, i64 0, i64 1
  store i32 %x, ptr %slot
  %table = getelementptr i8, ptr %k, i64 8
  %tableptr = load ptr, ptr %table
  %chased = load ptr, ptr %tableptr
  %y = load i32, ptr %chased
  %odd = trunc i64 %lid to i1
  %either = select i1 %odd, ptr %tile, ptr %src
  store i32 %y, ptr %either
  ret void
}

; CHECK: %x.0 = load i32, ptr %src.0, align 4, !noalias ![[LOCAL:[0-9]+]]
; CHECK: store i32 %x.0, ptr %tile.0, align 4, !alias.scope ![[LOCAL]]
; CHECK: store i32 %x.0, ptr %slot.0, align 4, !noalias ![[LOCAL]]
; CHECK: %tableptr.0 = load ptr, ptr %table.0, align 8, !noalias ![[LOCAL]]
; CHECK: %chased.0 = load ptr, ptr %tableptr.0, align 8, !noalias ![[LOCAL]]
; CHECK: %y.0 = load i32, ptr %chased.0, align 4, !llvm.access.group
; CHECK: store i32 %y.0, ptr %either.0, align 4, !llvm.access.group
; CHECK: ![[LOCAL]] = !{![[SCOPE:[0-9]+]]}
; CHECK: ![[SCOPE]] = distinct !{![[SCOPE]], ![[DOMAIN:[0-9]+]], !"lanes.local.memory"}
; CHECK: ![[DOMAIN]] = distinct !{![[DOMAIN]], !"lanes.local.memory"}
