; Clang copied one source barrier (line 9) into both arms of an if on the
; local id. The copies become one barrier block: each arm enters it with its
; number and a switch resumes it where its copy went on. %v, defined in one
; arm and used after its copy, gets a PHI (poison from the other arm).
; The barrier at line 7, copied under a uniform if, stays as it is.
; RUN: lanes-opt -passes=lanes-merge-barrier-copies %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind readnone
declare i64 @__lanes_group_id(i32) nounwind readnone
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define void @wg(ptr %k, ptr %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %then, label %else
then:
  %v = add i64 %lid, 7
  call void @__lanes_barrier(i32 1, ptr null, i32 9)
  store i64 %v, ptr %k
  br label %join
else:
  call void @__lanes_barrier(i32 1, ptr null, i32 9)
  br label %join
join:
  %gid = call i64 @__lanes_group_id(i32 0)
  %odd = icmp eq i64 %gid, 1
  br i1 %odd, label %u.then, label %u.else
u.then:
  call void @__lanes_barrier(i32 1, ptr null, i32 7)
  br label %end
u.else:
  call void @__lanes_barrier(i32 1, ptr null, i32 7)
  br label %end
end:
  ret void
}

; CHECK-LABEL: define void @wg(
; CHECK: then:
; CHECK-NEXT: %v = add i64 %lid, 7
; CHECK-NEXT: br label %barrier.merged
; CHECK: barrier.merged:
; CHECK-DAG: %barrier.copy = phi i32 [ 0, %then ], [ 1, %else ]
; CHECK-DAG: %[[V:.*]] = phi i64 [ %v, %then ], [ poison, %else ]
; CHECK: call void @__lanes_barrier(i32 1, ptr null, i32 9)
; CHECK-NEXT: switch i32 %barrier.copy, label %after.barrier.merged [
; CHECK-NEXT: i32 1, label %after.barrier.copy
; CHECK-NEXT: ]
; CHECK: after.barrier.merged:
; CHECK-NEXT: store i64 %[[V]], ptr %k
; CHECK: else:
; CHECK-NEXT: br label %barrier.merged
; CHECK: after.barrier.copy:
; CHECK-NEXT: br label %join
; CHECK: u.then:
; CHECK-NEXT: call void @__lanes_barrier(i32 1, ptr null, i32 7)
; CHECK: u.else:
; CHECK-NEXT: call void @__lanes_barrier(i32 1, ptr null, i32 7)
; CHECK-NOT: __lanes_barrier

; The halving loop of a tree reduction, unrolled by clang: copies of one
; barrier (line 5), each at the join of an if on the local id. Every
; work-item reaches each of them, so they stay apart.
define void @unrolled(ptr %tile) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  call void @__lanes_barrier(i32 1, ptr null, i32 5)
  %lo2 = icmp ult i64 %lid, 2
  br i1 %lo2, label %add2, label %join2
add2:
  store i64 2, ptr %tile
  br label %join2
join2:
  call void @__lanes_barrier(i32 1, ptr null, i32 5)
  %lo1 = icmp ult i64 %lid, 1
  br i1 %lo1, label %add1, label %join1
add1:
  store i64 1, ptr %tile
  br label %join1
join1:
  ret void
}

; CHECK-LABEL: define void @unrolled(
; CHECK-NOT: barrier.merged
; CHECK: call void @__lanes_barrier(i32 1, ptr null, i32 5)
; CHECK: join2:
; CHECK-NEXT: call void @__lanes_barrier(i32 1, ptr null, i32 5)
; CHECK-NOT: barrier.merged

; Copies of a collective (line 12) merge the same way; their operands, which
; differ, arrive through a PHI, and each arm's uses read the one result.
declare i32 @__lanes_group_reduce_i32(i32, i32, ptr, i32) convergent nounwind

define void @collective(ptr %k, ptr %ctx) "lanes-work-group"="c" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %then, label %else
then:
  %a = call i32 @__lanes_group_reduce_i32(i32 0, i32 5, ptr null, i32 12)
  store i32 %a, ptr %k
  br label %join
else:
  %b = call i32 @__lanes_group_reduce_i32(i32 0, i32 7, ptr null, i32 12)
  %b1 = add i32 %b, 1
  store i32 %b1, ptr %k
  br label %join
join:
  ret void
}

; CHECK-LABEL: define void @collective(
; CHECK: barrier.merged:
; CHECK-DAG: %barrier.copy = phi i32 [ 0, %then ], [ 1, %else ]
; CHECK-DAG: %merged.arg = phi i32 [ 5, %then ], [ 7, %else ]
; CHECK: %a = call i32 @__lanes_group_reduce_i32(i32 0, i32 %merged.arg, ptr null, i32 12)
; CHECK: after.barrier.merged:
; CHECK-NEXT: store i32 %a, ptr %k
; CHECK: after.barrier.copy:
; CHECK-NEXT: %b1 = add i32 %a, 1
; CHECK-NOT: __lanes_group_reduce
