; The vectorizer's predicated scalar loads of a masked gather (a branch on
; each lane's mask bit, the lane's load and insert, a phi) become one
; block of loads, skipped when the mask is empty: lanes the mask leaves
; off load at the first kept lane's index, so every address is one the
; program reads. That index is lane 0's unless lane 0 is off; only then
; does a branch look for the first kept lane. A chain that starts from a
; vector other than poison keeps that vector's lanes where the mask is
; off. A mask that keeps a prefix by one scalar, `icmp ugt (splat n), <0,
; 1, ...>` (or sgt/uge/sge with rising constants), is read through scalar
; compares of n, and lane 0 is kept whenever any lane is; a mask compared
; the other way round or against constants out of order is read through
; its bits. Two chains one after the other (the second starting in the first
; one's last block) both become loads, and so do lanes that load through a
; loaded value (CSR's x[col[j]]) with lane 0's index a scalar, not an
; extract. Left alone: a lane missing from the chain, a store or a
; volatile load in a lane's block, lanes none of which takes its index
; from a vector, lanes whose addresses are different functions of their
; indices (lane 0's index would not be safe for lane 1), another
; instruction between two lanes, and a function that is not a lowered
; work-group function.
; RUN: lanes-opt -passes=lanes-speculate-lane-loads,verify %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define <4 x float> @gather(
; CHECK: entry:
; CHECK-NEXT: %lane.bits = bitcast <4 x i1> %m to i4
; CHECK-NEXT: %any.lane = icmp ne i4 %lane.bits, 0
; CHECK-NEXT: br i1 %any.lane, label %lane.loads, label %lane.loads.done
; CHECK: lane.loads:
; CHECK-NEXT: %[[L0I:.*]] = extractelement <4 x i64> %idx, i64 0
; CHECK-NEXT: %[[B0:.*]] = trunc i4 %lane.bits to i1
; CHECK-NEXT: %lane0.off = xor i1 %[[B0]], true
; CHECK-NEXT: br i1 %lane0.off, label %first.lane.find, label %lane.loads.safe
; CHECK: first.lane.find:
; CHECK-NEXT: %first.lane = call i4 @llvm.cttz.i4(i4 %lane.bits, i1 true)
; CHECK-NEXT: %[[F:.*]] = extractelement <4 x i64> %idx, i4 %first.lane
; CHECK-NEXT: br label %lane.loads.safe
; CHECK: lane.loads.safe:
; CHECK-NEXT: %first.index = phi i64 [ %[[L0I]], %lane.loads ], [ %[[F]], %first.lane.find ]
; CHECK-NEXT: %[[P0:.*]] = getelementptr inbounds float, ptr %x, i64 %first.index
; CHECK-NEXT: %[[L0:.*]] = load float, ptr %[[P0]], align 4
; CHECK-NEXT: %[[V0:.*]] = insertelement <4 x float> poison, float %[[L0]], i64 0
; CHECK-NEXT: %[[B1:.*]] = and i4 %lane.bits, 2
; CHECK-NEXT: %lane.kept = icmp ne i4 %[[B1]], 0
; CHECK-NEXT: %[[I1:.*]] = extractelement <4 x i64> %idx, i64 1
; CHECK-NEXT: %safe.index = select i1 %lane.kept, i64 %[[I1]], i64 %first.index
; CHECK-NEXT: %[[P1:.*]] = getelementptr inbounds float, ptr %x, i64 %safe.index
; CHECK: %[[B3:.*]] = and i4 %lane.bits, -8
; CHECK-NEXT: %[[K3:.*]] = icmp ne i4 %[[B3]], 0
; CHECK-NEXT: %[[I3:.*]] = extractelement <4 x i64> %idx, i64 3
; CHECK-NEXT: %[[S3:.*]] = select i1 %[[K3]], i64 %[[I3]], i64 %first.index
; CHECK-NEXT: %[[P3:.*]] = getelementptr inbounds float, ptr %x, i64 %[[S3]]
; CHECK-NEXT: %[[L3:.*]] = load float, ptr %[[P3]], align 4
; CHECK-NEXT: %[[V3:.*]] = insertelement <4 x float> %{{.*}}, float %[[L3]], i64 3
; CHECK-NEXT: br label %lane.loads.done
; CHECK: lane.loads.done:
; CHECK-NEXT: %lanes.loaded = phi <4 x float> [ %[[V3]], %lane.loads.safe ], [ poison, %entry ]
; CHECK-NOT: br i1
; CHECK: %r = fmul <4 x float> %lanes.loaded, %lanes.loaded
; CHECK-NEXT: ret <4 x float> %r
define <4 x float> @gather(<4 x i64> %idx, <4 x i1> %m, ptr %x) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <4 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <4 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <4 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <4 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <4 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <4 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <4 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <4 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  %m2 = extractelement <4 x i1> %m, i64 2
  br i1 %m2, label %if2, label %cont2
if2:
  %i2 = extractelement <4 x i64> %idx, i64 2
  %p2 = getelementptr inbounds float, ptr %x, i64 %i2
  %l2 = load float, ptr %p2, align 4
  %v2 = insertelement <4 x float> %c1, float %l2, i64 2
  br label %cont2
cont2:
  %c2 = phi <4 x float> [ %c1, %cont1 ], [ %v2, %if2 ]
  %m3 = extractelement <4 x i1> %m, i64 3
  br i1 %m3, label %if3, label %cont3
if3:
  %i3 = extractelement <4 x i64> %idx, i64 3
  %p3 = getelementptr inbounds float, ptr %x, i64 %i3
  %l3 = load float, ptr %p3, align 4
  %v3 = insertelement <4 x float> %c2, float %l3, i64 3
  br label %cont3
cont3:
  %c3 = phi <4 x float> [ %c2, %cont2 ], [ %v3, %if3 ]
  %r = fmul <4 x float> %c3, %c3
  ret <4 x float> %r
}

; CHECK-LABEL: define <4 x float> @prefix(
; CHECK: entry:
; CHECK-NOT: bitcast
; CHECK: %any.lane = icmp ugt i32 %n, 0
; CHECK-NEXT: br i1 %any.lane, label %lane.loads, label %lane.loads.done
; CHECK: lane.loads:
; CHECK-NEXT: %[[L0I:.*]] = extractelement <4 x i64> %idx, i64 0
; CHECK-NEXT: %[[P0:.*]] = getelementptr inbounds float, ptr %x, i64 %[[L0I]]
; CHECK-NEXT: %[[L0:.*]] = load float, ptr %[[P0]], align 4
; CHECK-NEXT: %[[V0:.*]] = insertelement <4 x float> poison, float %[[L0]], i64 0
; CHECK-NEXT: %lane.kept = icmp ugt i32 %n, 1
; CHECK-NEXT: %[[I1:.*]] = extractelement <4 x i64> %idx, i64 1
; CHECK-NEXT: %safe.index = select i1 %lane.kept, i64 %[[I1]], i64 %[[L0I]]
; CHECK: %[[K3:.*]] = icmp ugt i32 %n, 3
; CHECK-NEXT: %[[I3:.*]] = extractelement <4 x i64> %idx, i64 3
; CHECK-NEXT: select i1 %[[K3]], i64 %[[I3]], i64 %[[L0I]]
; CHECK-NOT: first.lane
; CHECK: lane.loads.done:
; CHECK-NEXT: %lanes.loaded = phi <4 x float>
; CHECK-NEXT: ret <4 x float> %lanes.loaded
define <4 x float> @prefix(<4 x i64> %idx, i32 %n, ptr %x) "lanes-work-group-of"="k" {
entry:
  %n.ins = insertelement <4 x i32> poison, i32 %n, i64 0
  %n.splat = shufflevector <4 x i32> %n.ins, <4 x i32> poison, <4 x i32> zeroinitializer
  %m = icmp ugt <4 x i32> %n.splat, <i32 0, i32 1, i32 2, i32 3>
  %m0 = extractelement <4 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <4 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <4 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <4 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <4 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <4 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <4 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <4 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  %m2 = extractelement <4 x i1> %m, i64 2
  br i1 %m2, label %if2, label %cont2
if2:
  %i2 = extractelement <4 x i64> %idx, i64 2
  %p2 = getelementptr inbounds float, ptr %x, i64 %i2
  %l2 = load float, ptr %p2, align 4
  %v2 = insertelement <4 x float> %c1, float %l2, i64 2
  br label %cont2
cont2:
  %c2 = phi <4 x float> [ %c1, %cont1 ], [ %v2, %if2 ]
  %m3 = extractelement <4 x i1> %m, i64 3
  br i1 %m3, label %if3, label %cont3
if3:
  %i3 = extractelement <4 x i64> %idx, i64 3
  %p3 = getelementptr inbounds float, ptr %x, i64 %i3
  %l3 = load float, ptr %p3, align 4
  %v3 = insertelement <4 x float> %c2, float %l3, i64 3
  br label %cont3
cont3:
  %c3 = phi <4 x float> [ %c2, %cont2 ], [ %v3, %if3 ]
  ret <4 x float> %c3
}

; CHECK-LABEL: define <2 x float> @prefix_signed_steps(
; CHECK: %any.lane = icmp sge i32 %n, -2
; CHECK: %lane.kept = icmp sge i32 %n, -2
; CHECK-NOT: first.lane
; CHECK: ret
define <2 x float> @prefix_signed_steps(<2 x i64> %idx, i32 %n, ptr %x) "lanes-work-group-of"="k" {
entry:
  %n.ins = insertelement <2 x i32> poison, i32 %n, i64 0
  %n.splat = shufflevector <2 x i32> %n.ins, <2 x i32> poison, <2 x i32> zeroinitializer
  %m = icmp sge <2 x i32> %n.splat, <i32 -2, i32 -2>
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %c1
}

; CHECK-LABEL: define <2 x float> @suffix(
; CHECK: %lane.bits = bitcast <2 x i1> %m to i2
; CHECK: first.lane.find:
; CHECK: ret
define <2 x float> @suffix(<2 x i64> %idx, i32 %n, ptr %x) "lanes-work-group-of"="k" {
entry:
  %n.ins = insertelement <2 x i32> poison, i32 %n, i64 0
  %n.splat = shufflevector <2 x i32> %n.ins, <2 x i32> poison, <2 x i32> zeroinitializer
  %m = icmp ult <2 x i32> %n.splat, <i32 0, i32 1>
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %c1
}

; CHECK-LABEL: define <2 x float> @out_of_order(
; CHECK: %lane.bits = bitcast <2 x i1> %m to i2
; CHECK: first.lane.find:
; CHECK: ret
define <2 x float> @out_of_order(<2 x i64> %idx, i32 %n, ptr %x) "lanes-work-group-of"="k" {
entry:
  %n.ins = insertelement <2 x i32> poison, i32 %n, i64 0
  %n.splat = shufflevector <2 x i32> %n.ins, <2 x i32> poison, <2 x i32> zeroinitializer
  %m = icmp ugt <2 x i32> %n.splat, <i32 1, i32 0>
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %c1
}

; CHECK-LABEL: define <2 x i32> @from_a_vector(
; CHECK: lane.loads:
; CHECK: %[[V:.*]] = insertelement <2 x i32> %{{.*}}, i32 %{{.*}}, i64 1
; CHECK-NEXT: %[[S:.*]] = select <2 x i1> %m, <2 x i32> %[[V]], <2 x i32> %old
; CHECK-NEXT: br label %lane.loads.done
; CHECK: %lanes.loaded = phi <2 x i32> [ %[[S]], %lane.loads.safe ], [ %old, %entry ]
; CHECK: ret <2 x i32> %lanes.loaded
define <2 x i32> @from_a_vector(<2 x i64> %idx, <2 x i1> %m, ptr %x, <2 x i32> %old) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds i32, ptr %x, i64 %i0
  %l0 = load i32, ptr %p0, align 4
  %v0 = insertelement <2 x i32> %old, i32 %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x i32> [ %old, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds i32, ptr %x, i64 %i1
  %l1 = load i32, ptr %p1, align 4
  %v1 = insertelement <2 x i32> %c0, i32 %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x i32> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x i32> %c1
}

; CHECK-LABEL: define <2 x float> @two_gathers(
; CHECK-NOT: br i1 %m
; CHECK: %[[I1:.*]] = extractelement <2 x i64> %idx, i64 1
; CHECK: %safe.index = select i1 %lane.kept, i64 %[[I1]], i64 %first.index
; CHECK-NOT: br i1 %m
; CHECK: %[[J1:.*]] = extractelement <2 x i64> %jdx, i64 1
; CHECK: %safe.index{{.*}} = select i1 %lane.kept{{.*}}, i64 %[[J1]], i64 %first.index
; CHECK-NOT: br i1 %m
; CHECK: %s = fadd <2 x float> %lanes.loaded, %lanes.loaded{{.*}}
define <2 x float> @two_gathers(<2 x i64> %idx, <2 x i64> %jdx, <2 x i1> %m, ptr %x, ptr %y) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  %n0 = extractelement <2 x i1> %m, i64 0
  br i1 %n0, label %jf0, label %jcont0
jf0:
  %j0 = extractelement <2 x i64> %jdx, i64 0
  %q0 = getelementptr inbounds float, ptr %y, i64 %j0
  %k0 = load float, ptr %q0, align 4
  %w0 = insertelement <2 x float> poison, float %k0, i64 0
  br label %jcont0
jcont0:
  %d0 = phi <2 x float> [ poison, %cont1 ], [ %w0, %jf0 ]
  %n1 = extractelement <2 x i1> %m, i64 1
  br i1 %n1, label %jf1, label %jcont1
jf1:
  %j1 = extractelement <2 x i64> %jdx, i64 1
  %q1 = getelementptr inbounds float, ptr %y, i64 %j1
  %k1 = load float, ptr %q1, align 4
  %w1 = insertelement <2 x float> %d0, float %k1, i64 1
  br label %jcont1
jcont1:
  %d1 = phi <2 x float> [ %d0, %jcont0 ], [ %w1, %jf1 ]
  %s = fadd <2 x float> %c1, %d1
  ret <2 x float> %s
}

; CHECK-LABEL: define <4 x float> @lane_missing(
; CHECK-NOT: lane.loads
; CHECK: ret
define <4 x float> @lane_missing(<4 x i64> %idx, <4 x i1> %m, ptr %x) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <4 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <4 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <4 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <4 x float> [ poison, %entry ], [ %v0, %if0 ]
  ret <4 x float> %c0
}

; CHECK-LABEL: define <2 x float> @store_in_lane(
; CHECK-NOT: lane.loads
; CHECK: ret
define <2 x float> @store_in_lane(<2 x i64> %idx, <2 x i1> %m, ptr %x, ptr %y) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  store float 0.0, ptr %y
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %c1
}

; CSR's row loop, as the vectorizer leaves its masked last trip: each
; lane loads its column, then x at that column, and lane 0 takes its index
; from the scalar the vector of indices was splatted from, not from that
; vector. Every lane runs lane 1's block; lane 0's index goes into the
; vector first.
; CHECK-LABEL: define <2 x float> @chained_loads(
; CHECK: first.lane.find:
; CHECK-NEXT: %[[IDX:.*]] = insertelement <2 x i64> %idx, i64 %j, i64 0
; CHECK-NEXT: %first.lane = call i2 @llvm.cttz.i2(i2 %lane.bits, i1 true)
; CHECK-NEXT: extractelement <2 x i64> %[[IDX]], i2 %first.lane
; CHECK: lane.loads.safe:
; CHECK-NEXT: %first.index = phi i64 [ %j, %lane.loads ],
; CHECK-NEXT: %[[P0:.*]] = getelementptr inbounds i32, ptr %col, i64 %first.index
; CHECK-NEXT: %[[C0:.*]] = load i32, ptr %[[P0]], align 4
; CHECK-NEXT: %[[S0:.*]] = sext i32 %[[C0]] to i64
; CHECK-NEXT: %[[Q0:.*]] = getelementptr inbounds float, ptr %x, i64 %[[S0]]
; CHECK-NEXT: %[[L0:.*]] = load float, ptr %[[Q0]], align 4
; CHECK-NEXT: insertelement <2 x float> poison, float %[[L0]], i64 0
; CHECK-NEXT: %[[B1:.*]] = and i2 %lane.bits, -2
; CHECK-NEXT: %lane.kept = icmp ne i2 %[[B1]], 0
; CHECK-NEXT: %[[I1:.*]] = extractelement <2 x i64> %idx, i64 1
; CHECK-NEXT: %safe.index = select i1 %lane.kept, i64 %[[I1]], i64 %first.index
; CHECK-NEXT: %[[P1:.*]] = getelementptr inbounds i32, ptr %col, i64 %safe.index
; CHECK-NOT: br i1 %m
; CHECK: ret <2 x float> %lanes.loaded
define <2 x float> @chained_loads(<2 x i64> %idx, i64 %j, <2 x i1> %m, ptr %col, ptr %x) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %p0 = getelementptr inbounds i32, ptr %col, i64 %j
  %c0 = load i32, ptr %p0, align 4
  %s0 = sext i32 %c0 to i64
  %q0 = getelementptr inbounds float, ptr %x, i64 %s0
  %l0 = load float, ptr %q0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %r0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds i32, ptr %col, i64 %i1
  %c1 = load i32, ptr %p1, align 4
  %s1 = sext i32 %c1 to i64
  %q1 = getelementptr inbounds float, ptr %x, i64 %s1
  %l1 = load float, ptr %q1, align 4
  %v1 = insertelement <2 x float> %r0, float %l1, i64 1
  br label %cont1
cont1:
  %r1 = phi <2 x float> [ %r0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %r1
}

; CHECK-LABEL: define <2 x float> @no_lane_extracts(
; CHECK-NOT: lane.loads
; CHECK: ret
define <2 x float> @no_lane_extracts(i64 %i, i64 %n, <2 x i1> %m, ptr %x) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %p0 = getelementptr inbounds float, ptr %x, i64 %i
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %p1 = getelementptr inbounds float, ptr %x, i64 %n
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %c1
}

; CHECK-LABEL: define <2 x float> @volatile_in_lane(
; CHECK-NOT: lane.loads
; CHECK: ret
define <2 x float> @volatile_in_lane(<2 x i64> %idx, <2 x i1> %m, ptr %col, ptr %x) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds i32, ptr %col, i64 %i0
  %c0 = load volatile i32, ptr %p0, align 4
  %s0 = sext i32 %c0 to i64
  %q0 = getelementptr inbounds float, ptr %x, i64 %s0
  %l0 = load float, ptr %q0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %r0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds i32, ptr %col, i64 %i1
  %c1 = load volatile i32, ptr %p1, align 4
  %s1 = sext i32 %c1 to i64
  %q1 = getelementptr inbounds float, ptr %x, i64 %s1
  %l1 = load float, ptr %q1, align 4
  %v1 = insertelement <2 x float> %r0, float %l1, i64 1
  br label %cont1
cont1:
  %r1 = phi <2 x float> [ %r0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %r1
}

; CHECK-LABEL: define <2 x float> @lane_offsets(
; CHECK-NOT: lane.loads
; CHECK: ret
define <2 x float> @lane_offsets(<2 x i64> %idx, <2 x i1> %m, ptr %x) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %j0 = add i64 %i0, 1
  %p0 = getelementptr inbounds float, ptr %x, i64 %j0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %j1 = add i64 %i1, 2
  %p1 = getelementptr inbounds float, ptr %x, i64 %j1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %c1
}

; CHECK-LABEL: define <2 x float> @work_between_lanes(
; CHECK-NOT: lane.loads
; CHECK: ret
define <2 x float> @work_between_lanes(<2 x i64> %idx, <2 x i1> %m, ptr %x, ptr %y) "lanes-work-group-of"="k" {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  store float 1.0, ptr %y
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %c1
}

; CHECK-LABEL: define <2 x float> @not_a_work_group_function(
; CHECK-NOT: lane.loads
; CHECK: ret
define <2 x float> @not_a_work_group_function(<2 x i64> %idx, <2 x i1> %m, ptr %x) {
entry:
  %m0 = extractelement <2 x i1> %m, i64 0
  br i1 %m0, label %if0, label %cont0
if0:
  %i0 = extractelement <2 x i64> %idx, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %l0 = load float, ptr %p0, align 4
  %v0 = insertelement <2 x float> poison, float %l0, i64 0
  br label %cont0
cont0:
  %c0 = phi <2 x float> [ poison, %entry ], [ %v0, %if0 ]
  %m1 = extractelement <2 x i1> %m, i64 1
  br i1 %m1, label %if1, label %cont1
if1:
  %i1 = extractelement <2 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %l1 = load float, ptr %p1, align 4
  %v1 = insertelement <2 x float> %c0, float %l1, i64 1
  br label %cont1
cont1:
  %c1 = phi <2 x float> [ %c0, %cont0 ], [ %v1, %if1 ]
  ret <2 x float> %c1
}
