; Sub-group sums stored to consecutive elements of local memory, as the
; unrolled first level of a block reduction leaves them: one vector of
; results (lane k the sum of the k-th vector, by two shuffles and one add a
; pair) and one store in place of four reductions and four stores. The
; loads between the stores read other memory (the scopes say so). Also a
; float sum that may be reassociated, and a maximum. Left alone: a store
; between that may write the elements, elements with a gap, a float sum
; in order, and reductions of another width. The elements may be found at
; constant distances from an index rather than from a base (a trip of a
; partly unrolled loop over the sub-groups); elements at a distance that
; is not a constant are left alone.
; RUN: lanes-opt -passes=lanes-join-reductions %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @sums(
; CHECK-NOT: @llvm.vector.reduce
; CHECK: %[[L0:.*]] = shufflevector <4 x i32> %v0, <4 x i32> %v1, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
; CHECK-NEXT: %[[H0:.*]] = shufflevector <4 x i32> %v0, <4 x i32> %v1, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
; CHECK-NEXT: %[[R0:.*]] = add <4 x i32> %[[L0]], %[[H0]]
; CHECK-NEXT: %[[L1:.*]] = shufflevector <4 x i32> %v2, <4 x i32> %v3, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
; CHECK-NEXT: %[[H1:.*]] = shufflevector <4 x i32> %v2, <4 x i32> %v3, <4 x i32> <i32 2, i32 3, i32 6, i32 7>
; CHECK-NEXT: %[[R1:.*]] = add <4 x i32> %[[L1]], %[[H1]]
; CHECK-NEXT: %[[L2:.*]] = shufflevector <4 x i32> %[[R0]], <4 x i32> %[[R1]], <4 x i32> <i32 0, i32 2, i32 4, i32 6>
; CHECK-NEXT: %[[H2:.*]] = shufflevector <4 x i32> %[[R0]], <4 x i32> %[[R1]], <4 x i32> <i32 1, i32 3, i32 5, i32 7>
; CHECK-NEXT: %[[R2:.*]] = add <4 x i32> %[[L2]], %[[H2]]
; CHECK-NEXT: store <4 x i32> %[[R2]], ptr %local, align 4, !alias.scope !0, !noalias !3
; CHECK-NEXT: ret void
define void @sums(ptr %in, ptr %local) "lanes-work-group-of"="sums" {
  %v0 = load <4 x i32>, ptr %in, align 4, !noalias !0
  %s0 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v0)
  store i32 %s0, ptr %local, align 4, !alias.scope !0, !noalias !3
  %in1 = getelementptr i8, ptr %in, i64 16
  %v1 = load <4 x i32>, ptr %in1, align 4, !noalias !0
  %s1 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v1)
  %p1 = getelementptr i8, ptr %local, i64 4
  store i32 %s1, ptr %p1, align 4, !alias.scope !0, !noalias !3
  %in2 = getelementptr i8, ptr %in, i64 32
  %v2 = load <4 x i32>, ptr %in2, align 4, !noalias !0
  %s2 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v2)
  %p2 = getelementptr i8, ptr %local, i64 8
  store i32 %s2, ptr %p2, align 4, !alias.scope !0, !noalias !3
  %in3 = getelementptr i8, ptr %in, i64 48
  %v3 = load <4 x i32>, ptr %in3, align 4, !noalias !0
  %s3 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v3)
  %p3 = getelementptr i8, ptr %local, i64 12
  store i32 %s3, ptr %p3, align 4, !alias.scope !0, !noalias !3
  ret void
}

; Stored out of order; the float operations keep the reductions' flags.
; CHECK-LABEL: define void @fsums(
; CHECK-NOT: @llvm.vector.reduce
; CHECK: fadd reassoc <2 x float>
; CHECK-NEXT: store <2 x float> %{{.*}}, ptr %out, align 8
define void @fsums(<2 x float> %a, <2 x float> %b, ptr %out) "lanes-work-group-of"="fsums" {
  %sb = call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %b)
  %p1 = getelementptr float, ptr %out, i64 1
  store float %sb, ptr %p1, align 4
  %sa = call reassoc float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %a)
  store float %sa, ptr %out, align 8
  ret void
}

; Stored at %i + 1, %i, %i + 3 and %i + 2 elements of %local.
; CHECK-LABEL: define void @indexed(
; CHECK-NOT: @llvm.vector.reduce
; CHECK: %[[P:.*]] = getelementptr i32, ptr %local, i64 %i{{$}}
; CHECK-NOT: store
; CHECK: store <4 x i32> %{{.*}}, ptr %[[P]], align 4
; CHECK-NEXT: ret void
define void @indexed(<4 x i32> %a, <4 x i32> %b, <4 x i32> %c, <4 x i32> %d, ptr %local, i64 %i) "lanes-work-group-of"="indexed" {
  %i1 = or disjoint i64 %i, 1
  %sb = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %b)
  %p1 = getelementptr i32, ptr %local, i64 %i1
  store i32 %sb, ptr %p1, align 4
  %sa = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %a)
  %p0 = getelementptr i32, ptr %local, i64 %i
  store i32 %sa, ptr %p0, align 4
  %i3 = add nuw i64 %i, 3
  %sd = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %d)
  %p3 = getelementptr i32, ptr %local, i64 %i3
  store i32 %sd, ptr %p3, align 4
  %i2 = add nuw i64 %i, 2
  %sc = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %c)
  %p2 = getelementptr i32, ptr %local, i64 %i2
  store i32 %sc, ptr %p2, align 4
  ret void
}

; %j is not a constant distance from %i.
; CHECK-LABEL: define void @two_indices(
; CHECK-COUNT-2: call i32 @llvm.vector.reduce.add.v2i32(
define void @two_indices(<2 x i32> %a, <2 x i32> %b, ptr %local, i64 %i, i64 %j) "lanes-work-group-of"="two_indices" {
  %sa = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %a)
  %p0 = getelementptr i32, ptr %local, i64 %i
  store i32 %sa, ptr %p0, align 4
  %j1 = add i64 %j, 1
  %sb = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %b)
  %p1 = getelementptr i32, ptr %local, i64 %j1
  store i32 %sb, ptr %p1, align 4
  ret void
}

; CHECK-LABEL: define void @maxima(
; CHECK: call <2 x i32> @llvm.smax.v2i32(
; CHECK-NEXT: store <2 x i32>
define void @maxima(<2 x i32> %a, <2 x i32> %b, ptr %out) "lanes-work-group-of"="maxima" {
  %sa = call i32 @llvm.vector.reduce.smax.v2i32(<2 x i32> %a)
  store i32 %sa, ptr %out, align 4
  %sb = call i32 @llvm.vector.reduce.smax.v2i32(<2 x i32> %b)
  %p1 = getelementptr i32, ptr %out, i64 1
  store i32 %sb, ptr %p1, align 4
  ret void
}

; %other may be %out + 4: the first sum must be in memory before it.
; CHECK-LABEL: define void @clobber(
; CHECK-COUNT-2: call i32 @llvm.vector.reduce.add.v2i32(
define void @clobber(<2 x i32> %a, <2 x i32> %b, ptr %out, ptr %other) "lanes-work-group-of"="clobber" {
  %sa = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %a)
  store i32 %sa, ptr %out, align 4
  store i32 7, ptr %other, align 4
  %sb = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %b)
  %p1 = getelementptr i32, ptr %out, i64 1
  store i32 %sb, ptr %p1, align 4
  ret void
}

; CHECK-LABEL: define void @gap(
; CHECK-COUNT-2: call i32 @llvm.vector.reduce.add.v2i32(
define void @gap(<2 x i32> %a, <2 x i32> %b, ptr %out) "lanes-work-group-of"="gap" {
  %sa = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %a)
  store i32 %sa, ptr %out, align 4
  %sb = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %b)
  %p2 = getelementptr i32, ptr %out, i64 2
  store i32 %sb, ptr %p2, align 4
  ret void
}

; CHECK-LABEL: define void @ordered(
; CHECK-COUNT-2: call float @llvm.vector.reduce.fadd.v2f32(
define void @ordered(<2 x float> %a, <2 x float> %b, ptr %out) "lanes-work-group-of"="ordered" {
  %sa = call float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %a)
  store float %sa, ptr %out, align 4
  %sb = call float @llvm.vector.reduce.fadd.v2f32(float -0.0, <2 x float> %b)
  %p1 = getelementptr float, ptr %out, i64 1
  store float %sb, ptr %p1, align 4
  ret void
}

; Four lanes each, but only two sums: no vector of results to fill.
; CHECK-LABEL: define void @short(
; CHECK-COUNT-2: call i32 @llvm.vector.reduce.add.v4i32(
define void @short(<4 x i32> %a, <4 x i32> %b, ptr %out) "lanes-work-group-of"="short" {
  %sa = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %a)
  store i32 %sa, ptr %out, align 4
  %sb = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %b)
  %p1 = getelementptr i32, ptr %out, i64 1
  store i32 %sb, ptr %p1, align 4
  ret void
}

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.add.v2i32(<2 x i32>)
declare i32 @llvm.vector.reduce.smax.v2i32(<2 x i32>)
declare float @llvm.vector.reduce.fadd.v2f32(float, <2 x float>)

!0 = !{!1}
!1 = distinct !{!1, !2, !"local"}
!2 = distinct !{!2, !"domain"}
!3 = !{!4}
!4 = distinct !{!4, !2, !"slots"}
