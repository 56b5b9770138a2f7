; lanes-tidy-kernels on what the vectorizer leaves of a loop over the
; sub-groups that go on alone after a barrier (WorkItemLoops.h): sub-group
; 0 adds up what the others stored in local memory, the others return.
; Each sub-group's exit code is a constant on every path, but only jump
; threading sees it; then the check that the sub-groups agree, and its
; report, fold away, the loop left is peeled and deleted, and sub-group
; 0's load takes the vector stored before the loop. A function that is not a
; work-group function is left to the normal pipeline.
; RUN: lanes-opt -passes=lanes-tidy-kernels %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @__lanes_divergent_barrier(ptr, ptr, ptr)
declare i32 @llvm.vector.reduce.add.v16i32(<16 x i32>)

; CHECK-LABEL: define void @alone(
; CHECK-NEXT: entry:
; CHECK-NEXT: store <16 x i32> %sums, ptr %local
; CHECK-NEXT: [[SUM:%.*]] = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %sums)
; CHECK-NEXT: store i32 [[SUM]], ptr %out
; CHECK-NOT: load
; CHECK-NOT: __lanes_divergent_barrier
; CHECK: ret void
; CHECK-NEXT: }
define void @alone(ptr %ctx, ptr noalias %local, ptr noalias %out, <16 x i32> %sums, i1 %checks.on) "lanes-work-group-of"="kernel" {
entry:
  store <16 x i32> %sums, ptr %local, align 64
  br label %sg

sg:
  %agreed = phi i32 [ -1, %entry ], [ %left, %next ]
  %start = phi i64 [ 0, %entry ], [ %start.next, %next ]
  %first = icmp eq i64 %start, 0
  br i1 %first, label %reached, label %returned

reached:
  %v = load <16 x i32>, ptr %local, align 64
  br label %lanes.done

returned:
  br label %lanes.done

lanes.done:
  %code = phi i32 [ 3, %reached ], [ 0, %returned ]
  %val = phi <16 x i32> [ %v, %reached ], [ poison, %returned ]
  br i1 %first, label %run.3, label %stop

run.3:
  %sum = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %val)
  store i32 %sum, ptr %out, align 4
  br label %stop

stop:
  %left = phi i32 [ 0, %run.3 ], [ %code, %lanes.done ]
  %seen = icmp ne i32 %agreed, -1
  %differs = icmp ne i32 %agreed, %left
  %both = and i1 %seen, %differs
  %report = and i1 %checks.on, %both
  br i1 %report, label %diverged, label %next

next:
  %start.next = add nuw nsw i64 %start, 16
  %more = icmp ult i64 %start.next, 256
  br i1 %more, label %sg, label %done

diverged:
  call void @__lanes_divergent_barrier(ptr %ctx, ptr null, ptr null)
  br label %done

done:
  ret void
}

; CHECK-LABEL: define void @host(
; CHECK: call void @__lanes_divergent_barrier(
define void @host(ptr %ctx, ptr noalias %local, ptr noalias %out, <16 x i32> %sums, i1 %checks.on) {
entry:
  store <16 x i32> %sums, ptr %local, align 64
  br label %sg

sg:
  %agreed = phi i32 [ -1, %entry ], [ %left, %next ]
  %start = phi i64 [ 0, %entry ], [ %start.next, %next ]
  %first = icmp eq i64 %start, 0
  br i1 %first, label %reached, label %returned

reached:
  %v = load <16 x i32>, ptr %local, align 64
  br label %lanes.done

returned:
  br label %lanes.done

lanes.done:
  %code = phi i32 [ 3, %reached ], [ 0, %returned ]
  %val = phi <16 x i32> [ %v, %reached ], [ poison, %returned ]
  br i1 %first, label %run.3, label %stop

run.3:
  %sum = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %val)
  store i32 %sum, ptr %out, align 4
  br label %stop

stop:
  %left = phi i32 [ 0, %run.3 ], [ %code, %lanes.done ]
  %seen = icmp ne i32 %agreed, -1
  %differs = icmp ne i32 %agreed, %left
  %both = and i1 %seen, %differs
  %report = and i1 %checks.on, %both
  br i1 %report, label %diverged, label %next

next:
  %start.next = add nuw nsw i64 %start, 16
  %more = icmp ult i64 %start.next, 256
  br i1 %more, label %sg, label %done

diverged:
  call void @__lanes_divergent_barrier(ptr %ctx, ptr null, ptr null)
  br label %done

done:
  ret void
}
