; lanes-join-reductions on the trips of a loop over the sub-groups that the
; optimizer unrolled in part: each trip stores its sums at its own index
; plus constants, and the sums of a trip become one vector. Where the loop
; runs a constant number of trips, at most 16, the pass also asks for it
; to be unrolled whole, so that the vectors can be forwarded to their
; readers; a loop of more trips, or of more than one block, is joined but
; not unrolled.
; RUN: lanes-opt -passes=lanes-join-reductions %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @four_trips(
; CHECK-NOT: @llvm.vector.reduce
; CHECK: store <2 x i32> %{{.*}}, ptr %p0, align 4, !lanes.joined
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop ![[LOOP:[0-9]+]]
define void @four_trips(ptr %in, ptr %local) "lanes-work-group-of"="four_trips" {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %in0 = getelementptr <2 x i32>, ptr %in, i64 %i
  %v0 = load <2 x i32>, ptr %in0, align 4
  %in1 = getelementptr <2 x i32>, ptr %in0, i64 4
  %v1 = load <2 x i32>, ptr %in1, align 4
  %j = shl i64 %i, 1
  %s0 = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %v0)
  %p0 = getelementptr i32, ptr %local, i64 %j
  store i32 %s0, ptr %p0, align 4
  %j1 = or disjoint i64 %j, 1
  %s1 = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %v1)
  %p1 = getelementptr i32, ptr %local, i64 %j1
  store i32 %s1, ptr %p1, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 4
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; CHECK-LABEL: define void @many_trips(
; CHECK-NOT: @llvm.vector.reduce
; CHECK: store <2 x i32> %{{.*}}, ptr %p0, align 4, !lanes.joined
; CHECK: br i1 %done, label %exit, label %loop{{$}}
define void @many_trips(ptr %in, ptr %local) "lanes-work-group-of"="many_trips" {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %in0 = getelementptr <2 x i32>, ptr %in, i64 %i
  %v0 = load <2 x i32>, ptr %in0, align 4
  %in1 = getelementptr <2 x i32>, ptr %in0, i64 4
  %v1 = load <2 x i32>, ptr %in1, align 4
  %j = shl i64 %i, 1
  %s0 = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %v0)
  %p0 = getelementptr i32, ptr %local, i64 %j
  store i32 %s0, ptr %p0, align 4
  %j1 = or disjoint i64 %j, 1
  %s1 = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %v1)
  %p1 = getelementptr i32, ptr %local, i64 %j1
  store i32 %s1, ptr %p1, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 64
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; CHECK-LABEL: define void @two_blocks(
; CHECK-NOT: @llvm.vector.reduce
; CHECK: store <2 x i32> %{{.*}}, ptr %p0, align 4, !lanes.joined
; CHECK: br i1 %done, label %exit, label %loop{{$}}
define void @two_blocks(ptr %in, ptr %local, i1 %c) "lanes-work-group-of"="two_blocks" {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %in0 = getelementptr <2 x i32>, ptr %in, i64 %i
  %v0 = load <2 x i32>, ptr %in0, align 4
  %in1 = getelementptr <2 x i32>, ptr %in0, i64 4
  %v1 = load <2 x i32>, ptr %in1, align 4
  %j = shl i64 %i, 1
  %s0 = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %v0)
  %p0 = getelementptr i32, ptr %local, i64 %j
  store i32 %s0, ptr %p0, align 4
  %j1 = or disjoint i64 %j, 1
  %s1 = call i32 @llvm.vector.reduce.add.v2i32(<2 x i32> %v1)
  %p1 = getelementptr i32, ptr %local, i64 %j1
  store i32 %s1, ptr %p1, align 4
  br i1 %c, label %latch, label %side

side:
  store i32 0, ptr %in, align 4
  br label %latch

latch:
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 4
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.vector.reduce.add.v2i32(<2 x i32>)

; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[FULL:[0-9]+]]}
; CHECK: ![[FULL]] = !{!"llvm.loop.unroll.full"
