; In a kernel specialized for a local size that is a multiple of the
; sub-group size, and that computes something from its sub-group id
; (x >> log2(SG)), dimension 0 takes two loops: one over the sub-groups of
; a row (sg.start steps by SG) and, inside it, one over the lanes with
; exactly SG trips, the loop that vectorizes at width SG. The sub-group id
; becomes sg.start >> log2(SG), the lane (x & (SG - 1), also truncated) the
; lane counter, and x | (SG - 1) sg.start | (SG - 1): what depends on the
; sub-group only no longer depends on the lane, so it is hoisted out of the
; lane loop, and a row's address plus the lane is a contiguous access.
; So does a kernel with chained nests (sub-group-chains.ll) or where
; sub-groups may part ways (sub-group-divergence.ll); any other keeps one
; loop over dimension 0.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_local_size(i32) nounwind memory(none)
declare i32 @__lanes_sub_group_reduce_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

; A row per sub-group: lane j of sub-group s reads row[s][j].
define internal void @rows.lanes.wg.64x2x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="rows" "lanes-local-size"="64,2,1" {
  %lid = call i64 @__lanes_local_id(i32 0)
  %sg = lshr i64 %lid, 4
  %lane = and i64 %lid, 15
  %t = trunc i64 %lid to i32
  %lane32 = and i32 %t, 15
  %last = or i64 %lid, 15
  %in = load ptr, ptr %k
  %row = getelementptr [16 x i32], ptr %in, i64 %sg
  %p = getelementptr i32, ptr %row, i64 %lane
  %x = load i32, ptr %p
  %y = add i32 %x, %lane32
  %sum = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %y, i32 16, ptr null, i32 1)
  %q = getelementptr i32, ptr %in, i64 %last
  store i32 %sum, ptr %q
  call void @__lanes_barrier(i32 1, ptr null, i32 2)
  %q2 = getelementptr i32, ptr %q, i64 64
  store i32 %sum, ptr %q2
  ret void
}

; CHECK-LABEL: define internal void @rows.lanes.wg.64x2x1(
; The nest after the reduction continues the nest before it
; (sub-group-chains.ll), so the reduction's operands wait in a stack array
; of one sub-group. The sum, read after the barrier too, waits in loop
; state, once per sub-group: 8 x 4 bytes for 128 items, rounded up to 64.
; CHECK: %y.sg = alloca [64 x i8], align 64
; CHECK: %loop.state = call noalias align 64 ptr @__lanes_loop_state(ptr %ctx, i64 64)
; CHECK-NEXT: %[[SUMS:[0-9]+]] = getelementptr inbounds i8, ptr %loop.state, i64 0
; CHECK: wi.header1.0:
; CHECK-NEXT: %lid.1 = phi i64
; CHECK: wi.headersg.0:
; CHECK-NEXT: %sg.start = phi i64 [ 0, %wi.header1.0 ], [ %sg.start.next, %wi.latchsg.0 ]
; CHECK: wi.header0.0:
; CHECK-NEXT: %[[LANE:lane[0-9]*]] = phi i64 [ 0, %wi.headersg.0 ], [ %lane.next, %wi.latch0.0 ]
; CHECK-NEXT: %lid.0 = add nuw nsw i64 %sg.start, %[[LANE]]
; CHECK: %sg.0 = lshr i64 %sg.start, 4
; CHECK: %lane32.0 = trunc i64 %[[LANE]] to i32
; CHECK-NEXT: %last.0 = or i64 %sg.start, 15
; CHECK: %row.0 = getelementptr [16 x i32], ptr %in.0, i64 %sg.0
; CHECK-NEXT: %p.0 = getelementptr i32, ptr %row.0, i64 %[[LANE]]
; CHECK: %y.0 = add i32 %x.0, %lane32.0
; The lanes: exactly 16 trips, at vector width 16, then the exchange of
; their sub-group.
; CHECK: wi.latch0.0:
; CHECK: %lane.next = add nuw nsw i64 %[[LANE]], 1
; CHECK-NEXT: %[[MORE:.*]] = icmp ult i64 %lane.next, 16
; CHECK-NEXT: br i1 %[[MORE]], label %wi.header0.0, label %sg.exchange.1, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK: wi.latchsg.0:
; CHECK-NEXT: %sg.start.next = add nuw nsw i64 %sg.start, 16
; CHECK-NEXT: %[[SGMORE:.*]] = icmp ult i64 %sg.start.next, 64
; CHECK-NEXT: br i1 %[[SGMORE]], label %wi.headersg.0, label %wi.latch1.0
; The exchange stores lane 0's sum, one scalar per sub-group.
; CHECK: sg.exchange.1:
; CHECK: %sg.base = add i64 %{{.*}}, %sg.start
; CHECK-NEXT: %sg.x = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %y.sg,
; CHECK-NEXT: %[[SUM:.*]] = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %sg.x)
; CHECK: %[[LANE0:.*]] = extractelement <16 x i32> %{{.*}}, i64 0
; CHECK-NEXT: %[[INDEX:.*]] = lshr i64 %sg.base, 4
; CHECK-NEXT: %[[BYTES:.*]] = mul i64 %[[INDEX]], 4
; CHECK-NEXT: %[[SLOT:.*]] = getelementptr inbounds i8, ptr %[[SUMS]], i64 %[[BYTES]]
; CHECK-NEXT: store i32 %[[LANE0]], ptr %[[SLOT]]
; The nest after the collective: the sub-group's last lane from its start.
; CHECK: wi.header0.1:
; CHECK-NEXT: %[[LANE1:.*]] = phi i64 [ 0, %sg.exchange.1 ]
; CHECK-NEXT: %lid.0{{.*}} = add nuw nsw i64 %sg.start, %[[LANE1]]
; CHECK: %last.remat = or i64 %sg.start, 15
; Every lane of a sub-group loads its sum from one address.
; CHECK: %[[FIRST_ITEM:.*]] = sub i64 %item{{[0-9]*}}, %[[LANE1]]
; CHECK-NEXT: %sg.linear = lshr i64 %[[FIRST_ITEM]], 4
; CHECK-NEXT: %[[OFFSET:.*]] = mul nuw i64 %sg.linear, 4
; CHECK-NEXT: %[[AT:.*]] = getelementptr inbounds i8, ptr %[[SUMS]], i64 %[[OFFSET]]
; CHECK-NEXT: %sum.reload = load i32, ptr %[[AT]]
; CHECK: wi.latch0.1:
; CHECK: br i1 %{{.*}}, label %wi.header0.1, label %wi.latchsg.0
; After the barrier, a nest of its own reads the sums again.
; CHECK: wi.headersg.2:
; CHECK: getelementptr inbounds i8, ptr %[[SUMS]]
; CHECK-NEXT: %sum.reload{{[0-9]+}} = load i32

; No sub-group id, no nest to continue (two sub-CFGs reach the reduction)
; and no sub-groups that may part ways (the one sub-CFG with two exits
; leaves for two barriers): one loop over dimension 0.
define internal void @flat.lanes.wg.64x1x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="flat" "lanes-local-size"="64,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %c = load i1, ptr %in
  br i1 %c, label %a, label %b
a:
  call void @__lanes_barrier(i32 1, ptr null, i32 1)
  br label %join
b:
  call void @__lanes_barrier(i32 1, ptr null, i32 2)
  br label %join
join:
  %sum = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %x, i32 16, ptr null, i32 1)
  store i32 %sum, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @flat.lanes.wg.64x1x1(
; CHECK-NOT: sg.start
; CHECK: %lid.0 = phi i64
; CHECK-NOT: sg.start
; CHECK: ret void
; The lane loop's metadata.
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], !{{[0-9]+}}, !{{[0-9]+}}, ![[WIDTH:[0-9]+]]}
; CHECK: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 16}
