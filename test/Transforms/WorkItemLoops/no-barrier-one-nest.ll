; A kernel without barriers becomes one work-item loop nest: z, y, then x
; innermost, bottom-tested, with the x loop marked parallel (and as a
; work-item loop, for the vectorization remarks, a mark that names the
; access group and that the function lists) and every memory access in it
; in the loop's access group; the y and z loops carry the mark of a nest's
; outer loops. The local id becomes the x
; counter, the group id a load from the context, and the query for the
; work-group function folds to the new function.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_group_id(i32) nounwind memory(none)
declare ptr @__lanes_work_group_function(ptr, i64, i64, i64, ptr)

define void @entry(ptr %k) "lanes-kernel" {
  ret void
}

define ptr @launch(i64 %n) {
  %wg = call ptr @__lanes_work_group_function(ptr @entry, i64 %n, i64 1, i64 1, ptr null)
  ret ptr %wg
}

define internal void @entry.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="entry" {
  %lid = call i64 @__lanes_local_id(i32 0)
  %gid = call i64 @__lanes_group_id(i32 0)
  %out = load ptr, ptr %k
  %slot = getelementptr i64, ptr %out, i64 %lid
  %v = add i64 %lid, %gid
  store i64 %v, ptr %slot
  ret void
}

; CHECK-LABEL: define ptr @launch(i64 %n)
; CHECK-NEXT: ret ptr @entry.lanes.wg

; The kernel object is as large and aligned as its one load says.
; CHECK: define internal void @entry.lanes.wg(ptr align 8 dereferenceable(8) %k, ptr noalias %ctx) #[[ATTRS:[0-9]+]]
; CHECK: wg.entry:
; CHECK: %local.size.0 = load i64, ptr {{%.*}}, align 8, !invariant.load
; CHECK: %group.id.0 = load i64
; CHECK-NOT: __lanes_loop_state
; CHECK: br label %subcfg.0
; CHECK: wi.header2.0:
; CHECK-NEXT: %lid.2 = phi i64 [ 0, %subcfg.0 ], [ %lid.next{{.*}}, %wi.latch2.0 ]
; CHECK: wi.header1.0:
; CHECK-NEXT: %lid.1 = phi i64 [ 0, %wi.header2.0 ], [ %lid.next{{.*}}, %wi.latch1.0 ]
; CHECK: wi.header0.0:
; CHECK-NEXT: %lid.0 = phi i64 [ 0, %wi.header1.0 ], [ %lid.next{{.*}}, %wi.latch0.0 ]
; CHECK: %out.0 = load ptr, ptr %k, align 8, !noalias ![[LOCAL:[0-9]+]], !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK-NEXT: %slot.0 = getelementptr i64, ptr %out.0, i64 %lid.0
; CHECK-NEXT: %v.0 = add i64 %lid.0, %group.id.0
; CHECK-NEXT: store i64 %v.0, ptr %slot.0, align 8, !noalias ![[LOCAL]], !llvm.access.group ![[GROUP]]
; CHECK: wi.latch0.0:
; CHECK: %[[NEXT:.*]] = add nuw nsw i64 %lid.0, 1
; CHECK-NEXT: %[[MORE:.*]] = icmp ult i64 %[[NEXT]], %local.size.0
; CHECK-NEXT: br i1 %[[MORE]], label %wi.header0.0, label %wi.latch1.0, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK: wi.latch1.0:
; CHECK: br i1 %{{.*}}, label %wi.header1.0, label %wi.latch2.0, !llvm.loop ![[LOOP1:[0-9]+]]
; CHECK: wi.latch2.0:
; CHECK: br i1 %{{.*}}, label %wi.header2.0, label %wi.done.0, !llvm.loop ![[LOOP2:[0-9]+]]
; CHECK: wi.done.0:
; CHECK-NEXT: br label %wg.return
; CHECK: wg.return:
; CHECK-NEXT: ret void
; CHECK-NOT: __lanes_local_id
; CHECK: attributes #[[ATTRS]] = { "lanes-work-group-of"="entry" }
; CHECK-DAG: ![[GROUP]] = distinct !{}
; CHECK-DAG: ![[LOOP]] = distinct !{![[LOOP]], ![[PAR:[0-9]+]], ![[MARK:[0-9]+]]}
; CHECK-DAG: ![[PAR]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}
; CHECK-DAG: ![[MARK]] = distinct !{!"lanes.work_item_loop", ![[GROUP]]}
; CHECK-DAG: ![[LOOP1]] = distinct !{![[LOOP1]], ![[NEST:[0-9]+]]}
; CHECK-DAG: ![[LOOP2]] = distinct !{![[LOOP2]], ![[NEST]]}
; CHECK-DAG: ![[NEST]] = !{!"lanes.work_item_nest"}
; CHECK-DAG: !{![[MARK]]}
