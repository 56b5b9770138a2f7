; Whole sub-groups may part ways at sub-group collectives: SYCL asks every
; work-item of the *sub-group* to reach one, not of the work-group. A
; sub-CFG with several exits, one of them a run of sub-group collectives,
; may see it. The sub-groups that part ways go on alone: a sub-group's
; lanes must agree on their exit, and while the sub-group waits at a run,
; the run is exchanged for it alone and the nest after the run runs for
; its lanes only, until it stops at a work-group barrier or the end.
; Every sub-group must stop at the same one, where the work-group goes on.
; In a kernel that does not split its sub-groups, the nest keeps each
; work-item's exit code, and when they differ a fallback takes the
; sub-groups on alone one after another; when the exits agree, the
; dispatch is the usual one. In a kernel that splits them (specialized for
; whole sub-groups, the last case), each sub-group goes on alone right
; after its own lanes, inside the loop over the sub-groups.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i32 @__lanes_sub_group_reduce_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare i32 @__lanes_group_reduce_i32(i32, i32, ptr, i32) convergent nounwind
declare void @__lanes_sub_group_barrier(i32, i32, ptr, i32) convergent nounwind
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

; Only sub-group 0 reduces (sub-groups of 8).
define internal void @first.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="first" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %sg = lshr i64 %lid, 3
  %c = icmp eq i64 %sg, 0
  br i1 %c, label %reduce, label %done
reduce:
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %x, i32 8, ptr null, i32 1)
  br label %done
done:
  %y = phi i32 [ %r, %reduce ], [ %x, %entry ]
  store i32 %y, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @first.lanes.wg(
; CHECK: %agreed.code = alloca i32
; CHECK-NEXT: store i32 -1, ptr %agreed.code
; CHECK: %loop.state = call
; The nest of the entry stores each work-item's exit code, at an address
; computed in the header (one address for all exits: a contiguous store
; once vectorized).
; CHECK: wi.header0.0:
; CHECK: %item = add i64 %{{[0-9]+}}, %lid.0
; CHECK-NEXT: %[[OFFSET:[0-9]+]] = mul nuw i64 %item, 4
; CHECK-NEXT: %[[SLOT:[0-9]+]] = getelementptr inbounds i8, ptr %[[CODES:[0-9]+]], i64 %[[OFFSET]]
; CHECK: wi.latch0.0:
; CHECK-NEXT: %exit.code = phi i32
; CHECK-NEXT: store i32 %exit.code, ptr %[[SLOT]]
; Exit codes that differ go to the fallback, checked mode or not.
; CHECK: wi.done.0:
; CHECK-NEXT: %code.min = sub i32 1, %[[BELOW:[0-9]+]]
; CHECK-NEXT: %[[DIFF:[0-9]+]] = icmp ne i32 %code.min, %[[MAX:[0-9]+]]
; CHECK-NEXT: br i1 %[[DIFF]], label %solo.fallback, label %dispatch
; CHECK: solo.fallback:
; Each sub-group, partial ones included: its lanes must agree.
; CHECK: solo.header.0:
; CHECK-NEXT: %solo.sg = phi i64
; CHECK: %solo.size = call i64 @llvm.umin.i64(i64 %{{[0-9]+}}, i64 8)
; CHECK: %solo.base = add i64 %{{[0-9]+}}, %solo.sg
; CHECK-NEXT: %[[AT:[0-9]+]] = getelementptr inbounds i32, ptr %[[CODES]], i64 %solo.base
; CHECK-NEXT: %solo.code = load i32, ptr %[[AT]]
; CHECK: %solo.codes = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr %[[AT]],
; CHECK-NEXT: %[[NE:[0-9]+]] = icmp ne <8 x i32> %solo.codes, %.splat{{[0-9]*}}
; CHECK-NEXT: %[[ANY:[0-9]+]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> %[[NE]])
; CHECK-NEXT: %[[REPORT:[0-9]+]] = and i1 %checks.on, %[[ANY]]
; CHECK-NEXT: br i1 %[[REPORT]], label %solo.disagreed, label %solo.step
; After the last sub-group, where they all stopped (reset for the next
; time).
; CHECK: solo.done:
; CHECK-NEXT: %[[AGREED:solo.stopped]] = load i32, ptr %agreed.code
; CHECK-NEXT: store i32 -1, ptr %agreed.code
; CHECK-NEXT: switch i32 %[[AGREED]], label %wg.return [
; CHECK-NEXT: i32 0, label %wg.return
; Only a report needs the two codes it names.
; CHECK: solo.disagreed:
; CHECK-NEXT: %[[LO:[0-9]+]] = call i32 @llvm.vector.reduce.umin.v8i32(<8 x i32> %solo.codes)
; CHECK-NEXT: %[[HI:[0-9]+]] = call i32 @llvm.vector.reduce.umax.v8i32(<8 x i32> %solo.codes)
; CHECK-NEXT: br label %[[DISAGREED:divergent[0-9]*]]
; The sub-group goes through the run of the reduction, or stops.
; CHECK: solo.step:
; CHECK-NEXT: %solo.at = phi i32 [ %solo.code, %solo.header.0 ], [ 0, %wi.done.solo1 ]
; CHECK-NEXT: switch i32 %solo.at, label %solo.stop [
; CHECK-NEXT: i32 1, label %solo.run.1
; CHECK: solo.stop:
; CHECK-NEXT: %solo.agreed = load i32, ptr %agreed.code
; CHECK-NEXT: %[[SEEN:[0-9]+]] = icmp ne i32 %solo.agreed, -1
; CHECK-NEXT: %[[OTHER:[0-9]+]] = icmp ne i32 %solo.agreed, %solo.at
; CHECK-NEXT: %[[DIFFERS:[0-9]+]] = and i1 %[[SEEN]], %[[OTHER]]
; CHECK-NEXT: %[[STOPREPORT:[0-9]+]] = and i1 %checks.on, %[[DIFFERS]]
; CHECK-NEXT: br i1 %[[STOPREPORT]], label %divergent{{[0-9]*}}, label %solo.record
; CHECK: solo.run.1:
; CHECK: %sg.x = call <8 x i32> @llvm.masked.load.v8i32.p0(
; CHECK: call i32 @llvm.vector.reduce.add.v8i32(
; CHECK: call void @llvm.masked.store.v8i32.p0(
; CHECK-NEXT: br label %subcfg.solo1
; The nest after the reduction, for the sub-group's lanes.
; CHECK: wi.header0.solo1:
; CHECK-NEXT: %lane = phi i64 [ 0, %subcfg.solo1 ], [ %lane.next, %wi.latch0.solo1 ]
; CHECK-NEXT: %[[LID:.*]] = add nuw nsw i64 %solo.sg, %lane
; CHECK: wi.latch0.solo1:
; CHECK: %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT: %[[MORE:[0-9]+]] = icmp ult i64 %lane.next, %solo.size
; CHECK-NEXT: br i1 %[[MORE]], label %wi.header0.solo1, label %wi.done.solo1, !llvm.loop
; CHECK: wi.done.solo1:
; CHECK-NEXT: br label %solo.step
; CHECK: solo.record:
; CHECK-NEXT: store i32 %solo.at, ptr %agreed.code
; CHECK: [[DISAGREED]]:
; CHECK: call void @__lanes_divergent_barrier(
; The exit codes agree: the exchange loop over the whole group.
; CHECK: dispatch:
; CHECK-NEXT: switch i32 %[[MAX]], label %wg.return [
; CHECK-NEXT: i32 0, label %wg.return
; CHECK-NEXT: i32 1, label %sg.exchange
; CHECK: sg.loop:

; A loop around a sub-group collective: both sub-CFGs may part the sub-groups
; (its header runs in both). Its counter is the same in every work-item,
; but the fallback runs the nest after the collective once per sub-group,
; each going round the whole loop: no uniform slot, which a later
; sub-group would read after an earlier one had moved it on.
define internal void @loop.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="loop" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %n.p = getelementptr i8, ptr %k, i64 8
  %n = load i32, ptr %n.p
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i32 [ %x, %entry ], [ %acc.next, %body ]
  %more = icmp ult i32 %i, %n
  br i1 %more, label %body, label %exit
body:
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %acc, i32 8, ptr null, i32 1)
  %acc.next = add i32 %r, %i
  %i.next = add i32 %i, 1
  br label %header
exit:
  store i32 %acc, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @loop.lanes.wg(
; CHECK-NOT: .uniform = alloca
; CHECK: wi.done.0:
; CHECK: br i1 %{{[0-9]+}}, label %solo.fallback, label %dispatch
; CHECK: wi.done.1:
; CHECK: br i1 %{{[0-9]+}}, label %solo.fallback, label %dispatch
; CHECK: solo.step:
; CHECK-NEXT: %solo.at = phi i32 [ %solo.code, %solo.header.0 ], [ %{{[0-9]+}}, %solo.agreed.1 ]
; CHECK: wi.done.solo1:
; CHECK-NEXT: %code.min{{[0-9]*}} = sub i32 1, %{{[0-9]+}}
; CHECK: br i1 %{{[0-9]+}}, label %divergent{{[0-9]*}}, label %solo.agreed.1

; A work-group collective after the parting: the nests that may reach it on
; the way save every work-item's operand as well, and the fallback, when
; all sub-groups stop there, computes it over the saved operands in
; linear-id order, then goes on after it.
define internal void @collective.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="collective" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %sg = lshr i64 %lid, 3
  %c = icmp eq i64 %sg, 0
  br i1 %c, label %reduce, label %done
reduce:
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %x, i32 8, ptr null, i32 1)
  br label %done
done:
  %y = phi i32 [ %r, %reduce ], [ %x, %entry ]
  %t = call i32 @__lanes_group_reduce_i32(i32 0, i32 %y, ptr null, i32 2)
  store i32 %t, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @collective.lanes.wg(
; CHECK: exit2.0:
; CHECK-NEXT: %acc{{[0-9]+}} = add i32 %acc{{[0-9]*}}, %y.0
; CHECK: store i32 %y.0, ptr %[[SAVED:[0-9]+]]
; CHECK: wi.done.0:
; CHECK: br i1 %{{[0-9]+}}, label %solo.fallback, label %dispatch
; CHECK: solo.done:
; CHECK-NEXT: %[[AGREED:solo.stopped]] = load i32, ptr %agreed.code
; CHECK-NEXT: store i32 -1, ptr %agreed.code
; CHECK-NEXT: switch i32 %[[AGREED]], label %solo.collective.2 [
; CHECK-NEXT: i32 2, label %solo.collective.2
; CHECK: solo.item.2:
; CHECK-NEXT: %solo.item = phi i64 [ 0, %solo.collective.2 ], [ %[[NEXT:[0-9]+]], %solo.item.2 ]
; CHECK-NEXT: %solo.acc = phi i32 [ 0, %solo.collective.2 ], [ %[[ACC:acc[0-9]+]], %solo.item.2 ]
; CHECK: %solo.x = load i32
; CHECK-NEXT: %[[ACC]] = add i32 %solo.acc, %solo.x
; CHECK-NEXT: %[[NEXT]] = add nuw i64 %solo.item, 1
; CHECK-NEXT: %[[MORE:[0-9]+]] = icmp ult i64 %[[NEXT]], %num.items
; CHECK-NEXT: br i1 %[[MORE]], label %solo.item.2, label %solo.collective.done.2
; CHECK: solo.collective.done.2:
; CHECK-NEXT: store i32 %[[ACC]], ptr %t.uniform
; CHECK-NEXT: br label %subcfg.2

; A sub-group barrier that only sub-group 0 reaches: the fallback takes the
; sub-group through it alone, with nothing to exchange.
define internal void @barrier.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="barrier" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %sg = lshr i64 %lid, 3
  %c = icmp eq i64 %sg, 0
  br i1 %c, label %wait, label %done
wait:
  store i32 1, ptr %p
  call void @__lanes_sub_group_barrier(i32 3, i32 8, ptr null, i32 1)
  %q = getelementptr i32, ptr %in, i64 7
  %v = load i32, ptr %q
  store i32 %v, ptr %p
  br label %done
done:
  ret void
}

; CHECK-LABEL: define internal void @barrier.lanes.wg(
; CHECK: wi.done.0:
; CHECK: br i1 %{{[0-9]+}}, label %solo.fallback, label %dispatch
; CHECK: solo.step:
; CHECK-NEXT: %solo.at = phi i32 [ %solo.code, %solo.header.0 ], [ 0, %wi.done.solo1 ]
; CHECK-NEXT: switch i32 %solo.at, label %solo.stop [
; CHECK-NEXT: i32 1, label %solo.run.1
; CHECK: solo.run.1:
; CHECK-NEXT: br label %subcfg.solo1
; CHECK: wi.header0.solo1:
; CHECK: %v.1{{[0-9]*}} = load i32

; The same parting after a barrier, in a kernel specialized for whole
; sub-groups (local size 32, sub-groups of 8), which splits them: each
; sub-group goes on alone right after its lanes. No exit code waits in
; memory, the operand of the reduction waits in one sub-group's stack
; array, and no nest over the group follows the reduction.
define internal void @whole.lanes.wg.32x1x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="whole" "lanes-local-size"="32,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %sg = lshr i64 %lid, 3
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  %c = icmp eq i64 %sg, 0
  br i1 %c, label %reduce, label %done
reduce:
  %y = add i32 %x, 1
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %y, i32 8, ptr null, i32 1)
  store i32 %r, ptr %p
  br label %done
done:
  ret void
}

; CHECK-LABEL: define internal void @whole.lanes.wg.32x1x1(
; CHECK: %y.sg = alloca [32 x i8], align 32
; CHECK: store i32 -1, ptr %agreed.code
; Loop state: x, and the reductions (one per sub-group).
; CHECK: @__lanes_loop_state(ptr %ctx, i64 192)
; The nest after the barrier: the smallest and largest exit code of each
; sub-group's lanes (the largest of 2 - code for the smallest).
; CHECK: wi.header0.1:
; CHECK-NEXT: %sg.code.below.top = phi i32 [ 0, %wi.headersg.1 ], [ %[[BELOW:[0-9]+]], %wi.latch0.1 ]
; CHECK-NEXT: %sg.code.max = phi i32 [ 0, %wi.headersg.1 ], [ %[[MAX:[0-9]+]], %wi.latch0.1 ]
; CHECK: wi.latch0.1:
; CHECK-NEXT: %exit.code{{[0-9]*}} = phi i32
; CHECK-NEXT: %[[MAX]] = call i32 @llvm.umax.i32(i32 %sg.code.max, i32 %exit.code{{[0-9]*}})
; CHECK: %[[BELOW]] = call i32 @llvm.umax.i32(i32 %sg.code.below.top,
; CHECK-NOT: store
; CHECK: br i1 %{{[0-9]+}}, label %wi.header0.1, label %solo.enter.1
; The sub-groups went on alone: where they stopped decides, unless none
; did, all having left for one other exit.
; CHECK: wi.done.1:
; CHECK-NEXT: %code.min = sub i32 2, %{{[0-9]+}}
; CHECK-NEXT: %[[DIFF:[0-9]+]] = icmp ne i32 %code.min, %[[GMAX:[0-9]+]]
; CHECK-NEXT: %[[ALONE:[0-9]+]] = icmp eq i32 %[[GMAX]], 2
; CHECK-NEXT: %[[EITHER:[0-9]+]] = or i1 %[[DIFF]], %[[ALONE]]
; CHECK-NEXT: br i1 %[[EITHER]], label %solo.done, label %dispatch
; CHECK-NOT: subcfg.2:
; After each sub-group's lanes, inside the loop over the sub-groups.
; CHECK: solo.enter.1:
; CHECK: %solo.base = add i64 %{{[0-9]+}}, %sg.start
; CHECK-NEXT: %sg.code.min = sub i32 2, %[[BELOW]]
; CHECK-NEXT: %[[NE:[0-9]+]] = icmp ne i32 %sg.code.min, %[[MAX]]
; CHECK-NEXT: %[[REPORT:[0-9]+]] = and i1 %checks.on, %[[NE]]
; CHECK-NEXT: br i1 %[[REPORT]], label %divergent, label %solo.step
; CHECK: solo.step:
; CHECK-NEXT: %solo.at = phi i32 [ %[[MAX]], %solo.enter.1 ], [ 0, %wi.done.solo2 ]
; CHECK-NEXT: switch i32 %solo.at, label %solo.stop [
; CHECK-NEXT: i32 2, label %solo.run.2
; CHECK: solo.run.2:
; CHECK-NEXT: %sg.x = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr %y.sg, i32 4, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>,
; CHECK: wi.latch0.solo2:
; CHECK: %[[LANE:lane.next[0-9]*]] = add nuw nsw i64 %lane{{[0-9]*}}, 1
; CHECK-NEXT: %{{[0-9]+}} = icmp ult i64 %[[LANE]], 8
; CHECK: solo.record:
; CHECK-NEXT: store i32 %solo.at, ptr %agreed.code
; CHECK-NEXT: br label %wi.latchsg.1
; CHECK: solo.done:
; CHECK-NEXT: %[[AGREED:solo.stopped]] = load i32, ptr %agreed.code
; CHECK-NEXT: store i32 -1, ptr %agreed.code
; CHECK-NEXT: switch i32 %[[AGREED]], label %wg.return [
; Every sub-group recorded where it stopped, gone on alone or not: the
; dispatch resets that too.
; CHECK: dispatch:
; CHECK-NEXT: store i32 -1, ptr %agreed.code
; CHECK-NEXT: switch i32 %[[GMAX]], label %wg.return [
; CHECK-NEXT: i32 0, label %wg.return
; CHECK-NEXT: ]

; Two places where sub-groups part ways, a work-group barrier between them:
; the sub-groups that leave each go on alone only as far as that barrier,
; or the end, so each place gets a copy of the one nest its sub-groups may
; reach, not of both.
define internal void @regions.lanes.wg.32x1x1(ptr %k, ptr noalias %ctx) "lanes-work-group"="regions" "lanes-local-size"="32,1,1" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %sg = lshr i64 %lid, 3
  %c = icmp eq i64 %sg, 0
  br i1 %c, label %first, label %middle
first:
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %x, i32 8, ptr null, i32 1)
  store i32 %r, ptr %p
  br label %middle
middle:
  call void @__lanes_barrier(i32 1, ptr null, i32 2)
  %d = icmp eq i64 %sg, 1
  br i1 %d, label %second, label %done
second:
  %y = load i32, ptr %p
  %s = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %y, i32 8, ptr null, i32 3)
  store i32 %s, ptr %p
  br label %done
done:
  ret void
}

; CHECK-LABEL: define internal void @regions.lanes.wg.32x1x1(
; CHECK-NOT: {{^}}subcfg.1:
; CHECK-NOT: {{^}}subcfg.3:
; CHECK: {{^}}solo.enter.0:
; CHECK-NOT: {{^}}solo.run.3:
; CHECK: {{^}}solo.run.1:
; CHECK-NOT: {{^}}solo.run.
; CHECK: {{^}}solo.enter.2:
; CHECK-NOT: {{^}}solo.run.1
; CHECK: {{^}}solo.run.3:
; CHECK-NOT: {{^}}solo.run.
