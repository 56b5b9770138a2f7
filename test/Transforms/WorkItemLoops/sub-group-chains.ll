; Chained nests: when the one sub-CFG that reaches a run of sub-group
; collectives has no other exit, and the kernel is specialized for a local
; size whose dimension 0 is a multiple of the sub-group size, the nest after
; the run continues the nest before it, one sub-group at a time. Inside one
; trip of the loop over the sub-groups: the lanes of the first nest save
; their operands, the sub-group's exchange computes the results, and the
; lanes of the next nest read them; here three nests in a chain. What is
; read only within the chain waits in stack arrays of one sub-group's lanes
; (a reduction's sum in one element), never in loop state: once the lane
; loops are vectors, SROA makes them registers. A sub-CFG with two exits
; keeps the exchange loop over the whole group between two nests.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i32 @__lanes_sub_group_reduce_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare i32 @__lanes_sub_group_scan_inclusive_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare i32 @__lanes_sub_group_shuffle_i32(i32, i64, i32, ptr, i32) convergent nounwind
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind
declare void @__lanes_sub_group_barrier(i32, i32, ptr, i32) convergent nounwind

define internal void @chain.lanes.wg.64x1x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="chain" "lanes-local-size"="64,1,1" {
  %lid = call i64 @__lanes_local_id(i32 0)
  %lane = and i64 %lid, 15
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %next = add i64 %lane, 1
  %s = call i32 @__lanes_sub_group_shuffle_i32(i32 %x, i64 %next, i32 16, ptr null, i32 1)
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %x, i32 16, ptr null, i32 2)
  %u = add i32 %s, %r
  %t = call i32 @__lanes_sub_group_scan_inclusive_i32(i32 0, i32 %u, i32 16, ptr null, i32 3)
  %v = add i32 %t, %x
  %w = add i32 %v, %r
  store i32 %w, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @chain.lanes.wg.64x1x1(
; CHECK-NOT: __lanes_loop_state
; CHECK: %x.sg = alloca [64 x i8], align 64
; CHECK-NEXT: %r.sg = alloca [4 x i8], align 4
; CHECK-NEXT: %s.sg = alloca [64 x i8], align 64
; CHECK-NEXT: %t.sg = alloca [64 x i8], align 64
; CHECK-NEXT: %u.sg = alloca [64 x i8], align 64
; CHECK-NOT: __lanes_loop_state
; CHECK: wi.headersg.0:
; CHECK-NEXT: %sg.start = phi i64 [ 0, %wi.header1.0 ], [ %sg.start.next, %wi.latchsg.0 ]
; CHECK: wi.header0.0:
; CHECK-NEXT: %[[LANE0:.*]] = phi i64 [ 0, %wi.headersg.0 ], [ %lane.next, %wi.latch0.0 ]
; Each lane saves x at its lane.
; CHECK: %x.0 = load i32
; CHECK-NEXT: %[[OFF:.*]] = mul nuw i64 %[[LANE0]], 4
; CHECK-NEXT: %[[AT:.*]] = getelementptr inbounds i8, ptr %x.sg, i64 %[[OFF]]
; CHECK-NEXT: store i32 %x.0, ptr %[[AT]]
; CHECK: wi.latch0.0:
; CHECK: br i1 %{{.*}}, label %wi.header0.0, label %sg.exchange.1
; The end of the chain goes back to the loop over the sub-groups.
; CHECK: wi.latchsg.0:
; CHECK-NEXT: %sg.start.next = add nuw nsw i64 %sg.start, 16
; The shuffle and the reduction of the first run, for one sub-group.
; CHECK: sg.exchange.1:
; CHECK: %sg.x = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %x.sg,
; CHECK-NEXT: %sg.shift = shufflevector <16 x i32> %sg.x, <16 x i32> poison, <16 x i32> <i32 1, i32 2,
; CHECK-NEXT: call void @llvm.masked.store.v16i32.p0(<16 x i32> %sg.shift, ptr %s.sg,
; CHECK-NEXT: %[[SUM:.*]] = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %sg.x)
; CHECK: store i32 %{{.*}}, ptr %r.sg
; CHECK-NEXT: br label %wi.header0.1
; CHECK: wi.header0.1:
; CHECK-NEXT: %[[LANE1:.*]] = phi i64 [ 0, %sg.exchange.1 ], [ %lane.next{{[0-9]+}}, %wi.latch0.1 ]
; CHECK-NEXT: %lid.0{{[0-9]+}} = add nuw nsw i64 %sg.start, %[[LANE1]]
; CHECK: %r.reload = load i32, ptr %r.sg
; CHECK: %[[SAT:.*]] = getelementptr inbounds i8, ptr %s.sg,
; CHECK-NEXT: %s.reload = load i32, ptr %[[SAT]]
; CHECK: %u.1 = add i32 %s.reload, %r.reload
; CHECK: store i32 %u.1, ptr
; CHECK: wi.latch0.1:
; CHECK: br i1 %{{.*}}, label %wi.header0.1, label %sg.exchange.2
; The scan of the second run.
; CHECK: sg.exchange.2:
; CHECK: %[[U:.*]] = call <16 x i32> @llvm.masked.load.v16i32.p0(ptr %u.sg,
; CHECK: call void @llvm.masked.store.v16i32.p0(<16 x i32> %{{.*}}, ptr %t.sg,
; CHECK-NEXT: br label %wi.header0.2
; CHECK: wi.header0.2:
; CHECK: %x.reload{{[0-9]+}} = load i32
; CHECK: %r.reload{{[0-9]+}} = load i32, ptr %r.sg
; CHECK: %t.reload = load i32
; CHECK: wi.latch0.2:
; CHECK: br i1 %{{.*}}, label %wi.header0.2, label %wi.latchsg.0
; CHECK-NOT: sg.loop
; CHECK: ret void

define internal void @branches.lanes.wg.64x1x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="branches" "lanes-local-size"="64,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %c = load i1, ptr %in
  br i1 %c, label %sg, label %wg
sg:
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %x, i32 16, ptr null, i32 1)
  br label %done
wg:
  call void @__lanes_barrier(i32 1, ptr null, i32 2)
  br label %done
done:
  %y = phi i32 [ %r, %sg ], [ %x, %wg ]
  store i32 %y, ptr %p
  ret void
}

; Sub-CFG 0 has another exit, so its nest is continued by none: whole
; sub-groups may part ways there, and each goes on alone right after its
; lanes (sub-group-divergence.ll). Loop state: 256 bytes of x, live across
; the barrier, and 64 of the reductions, one per sub-group; no exit codes.
; CHECK-LABEL: define internal void @branches.lanes.wg.64x1x1(
; CHECK: %loop.state = call noalias align 64 ptr @__lanes_loop_state(ptr %ctx, i64 320)
; CHECK-NOT: sg.exchange.1:
; CHECK: wi.done.0:
; CHECK: solo.run.1:
; CHECK: call i32 @llvm.vector.reduce.add.v16i32(

; A sub-group barrier chains like a run of collectives with nothing to
; exchange: the lanes of one sub-group meet there, not the work-group. The
; value each lane stored before it waits in one sub-group's stack array.
define internal void @barrier.lanes.wg.64x1x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="barrier" "lanes-local-size"="64,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %next = xor i64 %lid, 1
  %q = getelementptr i32, ptr %in, i64 %next
  store i32 %x, ptr %p
  call void @__lanes_sub_group_barrier(i32 3, i32 16, ptr null, i32 1)
  %y = load i32, ptr %q
  %z = add i32 %y, %x
  store i32 %z, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @barrier.lanes.wg.64x1x1(
; CHECK: %x.sg = alloca [64 x i8], align 64
; CHECK-NOT: __lanes_loop_state
; CHECK: wi.latch0.0:
; CHECK: br i1 %{{[0-9]+}}, label %wi.header0.0, label %sg.exchange.1
; CHECK: sg.exchange.1:
; CHECK-NEXT: br label %wi.header0.1
; CHECK: wi.latch0.1:
; CHECK: br i1 %{{[0-9]+}}, label %wi.header0.1, label %wi.latchsg.0
; CHECK: ret void
