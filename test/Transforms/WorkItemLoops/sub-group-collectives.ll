; A sub-group collective ends the work-item loop before it like a barrier.
; Every work-item saves its operand (and a shuffle's source lane) in a
; loop-state array; between the nests, a loop over the sub-groups loads
; each sub-group's operands as one vector of sg_size lanes, combines them
; with vector operations (a reduction intrinsic, log2(sg_size) shuffle
; steps for a scan, a gather for a shuffle) and stores every lane's result
; for the next nest. A full sub-group takes a path without masks; the
; partial one (the last of a row may be) masks the loads and stores to its
; size and gives the lanes past it the operation's identity.
; (Each collective here reads the one before, so none share an exchange.) No barrier dispatch, no carried accumulator. The
; work-item loops are given the sub-group size as their vector width, so
; lane i of a sub-group runs in SIMD lane i.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i32 @__lanes_sub_group_reduce_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare float @__lanes_sub_group_scan_inclusive_f32(i32, float, i32, ptr, i32) convergent nounwind
declare i32 @__lanes_sub_group_scan_exclusive_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare i32 @__lanes_sub_group_shuffle_i32(i32, i64, i32, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %src
  %sum = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %x, i32 4, ptr null, i32 1)
  %f = sitofp i32 %sum to float
  %scan = call float @__lanes_sub_group_scan_inclusive_f32(i32 0, float %f, i32 4, ptr null, i32 2)
  %si = fptosi float %scan to i32
  %ex = call i32 @__lanes_sub_group_scan_exclusive_i32(i32 3, i32 %si, i32 4, ptr null, i32 3)
  %next = add i64 %lid, 1
  %sh = call i32 @__lanes_sub_group_shuffle_i32(i32 %ex, i64 %next, i32 4, ptr null, i32 4)
  store i32 %sh, ptr %src
  ret void
}

; CHECK-LABEL: define internal void @k.lanes.wg(
; CHECK-NOT: call {{.*}}@__lanes_sub_group_
; The first nest saves each work-item's x at its linear id.
; CHECK: exit1.0:
; CHECK-NEXT: %[[OFF:.*]] = mul nuw i64 %item, 4
; CHECK-NEXT: %[[AT:.*]] = getelementptr inbounds i8, ptr %[[X:.*]], i64 %[[OFF]]
; CHECK-NEXT: store i32 %x.0, ptr %[[AT]]
; CHECK: wi.latch0.0:
; CHECK: br i1 %{{.*}}, label %wi.header0.0, label %wi.latch1.0, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK: wi.done.0:
; CHECK-NEXT: br label %sg.exchange
; The next nest reads its work-item's result.
; CHECK: subcfg.1:
; CHECK: wi.header0.1:
; CHECK: load i32, ptr
; Sub-groups of 4 along dimension 0, ceil(local size 0 / 4) per row.
; CHECK: sg.exchange:
; CHECK-NEXT: %[[ROUND:.*]] = add i64 %local.size.0, 3
; CHECK-NEXT: %sg.per.row = lshr i64 %[[ROUND]], 2
; CHECK: %sg.count = mul i64 %{{.*}}, %local.size.2
; CHECK: sg.loop:
; CHECK: %sg.size = call i64 @llvm.umin.i64(i64 %{{.*}}, i64 4)
; CHECK-NEXT: %[[FULL:.*]] = icmp eq i64 %sg.size, 4
; CHECK-NEXT: br i1 %[[FULL]], label %sg.full, label %sg.partial
; CHECK: sg.full:
; CHECK: %sg.x = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr %{{.*}}, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i32> poison)
; CHECK-NEXT: call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %sg.x)
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> %sg.reduce.splat, ptr %{{.*}}, i32 4, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
; CHECK-NEXT: br label %sg.latch
; CHECK: sg.partial:
; CHECK: %sg.active = icmp ult <4 x i64> <i64 0, i64 1, i64 2, i64 3>, %{{.*}}
; CHECK: %[[PX:.*]] = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr %{{.*}}, i32 4, <4 x i1> %sg.active, <4 x i32> poison)
; CHECK-NEXT: %sg.active.x = select <4 x i1> %sg.active, <4 x i32> %[[PX]], <4 x i32> zeroinitializer
; CHECK-NEXT: call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %sg.active.x)
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> %{{.*}}, ptr %{{.*}}, i32 4, <4 x i1> %sg.active)
; CHECK: sg.latch:
; CHECK: br i1 %{{.*}}, label %sg.loop, label %subcfg.1
; The float inclusive scan: two shift-and-add steps, -0.0 (x + -0.0 is x)
; shifted in.
; CHECK: sg.full{{[0-9]+}}:
; CHECK: %[[FX:.*]] = call <4 x float> @llvm.masked.load.v4f32.p0(
; CHECK-NEXT: %[[S1:.*]] = shufflevector <4 x float> <float -0.000000e+00, float -0.000000e+00, float -0.000000e+00, float -0.000000e+00>, <4 x float> %[[FX]], <4 x i32> <i32 0, i32 4, i32 5, i32 6>
; CHECK-NEXT: %[[A1:.*]] = fadd <4 x float> %[[S1]], %[[FX]]
; CHECK-NEXT: %[[S2:.*]] = shufflevector <4 x float> <float -0.000000e+00, float -0.000000e+00, float -0.000000e+00, float -0.000000e+00>, <4 x float> %[[A1]], <4 x i32> <i32 0, i32 0, i32 4, i32 5>
; CHECK-NEXT: %[[A2:.*]] = fadd <4 x float> %[[S2]], %[[A1]]
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %[[A2]],
; The exclusive MAX scan: INT_MIN below lane 0 (and in a partial
; sub-group's missing lanes), the inclusive result shifted up by one lane.
; CHECK: sg.full{{[0-9]+}}:
; CHECK: call <4 x i32> @llvm.smax.v4i32(
; CHECK: %[[M2:.*]] = call <4 x i32> @llvm.smax.v4i32(
; CHECK-NEXT: %[[EX:.*]] = shufflevector <4 x i32> <i32 -2147483648, {{.*}}>, <4 x i32> %[[M2]], <4 x i32> <i32 0, i32 4, i32 5, i32 6>
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> %[[EX]],
; CHECK: sg.partial{{[0-9]+}}:
; CHECK: select <4 x i1> %{{.*}}, <4 x i32> %{{.*}}, <4 x i32> <i32 -2147483648,
; The shuffle: its source lane is not a constant per lane (lid + 1 is not
; the lane id plus one), so it gathers; a source lane beyond the sub-group
; reads the lane itself.
; CHECK: sg.partial{{[0-9]+}}:
; CHECK: %[[LANE:sg.src.*]] = call <4 x i64> @llvm.masked.load.v4i64.p0(ptr %{{.*}}, i32 8, <4 x i1> %[[ACT:.*]], <4 x i64> poison)
; CHECK: %[[IN:.*]] = icmp ult <4 x i64> %[[LANE]],
; CHECK-NEXT: %[[SRC:.*]] = select <4 x i1> %[[IN]], <4 x i64> %[[LANE]], <4 x i64> <i64 0, i64 1, i64 2, i64 3>
; CHECK-NEXT: %[[PTRS:.*]] = getelementptr i32, ptr %{{.*}}, <4 x i64> %[[SRC]]
; CHECK-NEXT: %{{sg.shuffle.*}} = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %[[PTRS]], i32 4, <4 x i1> %[[ACT]], <4 x i32> poison)
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], !{{[0-9]+}}, !{{[0-9]+}}, ![[WIDTH:[0-9]+]]}
; CHECK: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 4}
