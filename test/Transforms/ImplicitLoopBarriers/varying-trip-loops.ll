; A loop whose work-items leave it after different numbers of
; trips (a grid-stride loop: the exit compares a varying index with the
; bound) is made lockstep when the whole group reaches its guard: the
; group goes round while any work-item wants another trip (a group OR
; reduction at the bottom, which the work-item loops split the loop at),
; and work-items that are done, or that the guard sent past the loop, idle
; through the rest with their values carried. The trips that all of them
; make run first in a copy without the test of `active`.
; RUN: lanes-opt -passes=lanes-implicit-loop-barriers %s -S | FileCheck %s

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare i64 @__lanes_group_id(i32) nounwind memory(none)
declare i64 @__lanes_local_size(i32) nounwind memory(none)

; for (i = gid; i < n; i += stride) sum += a[i]; out[gid] = sum;
; CHECK-LABEL: define void @grid_stride(
; The guard no longer skips the loop: every work-item goes to the join.
; CHECK: entry:
; CHECK: br i1 %enter, label %ph, label %lockstep.join
; CHECK: ph:
; CHECK-NEXT: br label %lockstep.join
; The group votes on the guard: OR of 1 (entered) or 2 (skipped), so a
; result of 1 says that every work-item entered (OR is 7). The exit is
; counted (the index against a bound the group shares), so the group also
; takes the largest start (UMAX is 5), the guard's skipped work-items
; giving 0.
; CHECK: lockstep.join:
; CHECK-NEXT: %entered = phi i1 [ true, %ph ], [ false, %entry ]
; CHECK-NEXT: %[[OWN:.*]] = select i1 %entered, i64 %gid, i64 0
; CHECK-NEXT: %start.max = call i64 @__lanes_group_reduce_i64(i32 5, i64 %[[OWN]], ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: %[[IN:.*]] = zext i1 %entered to i32
; CHECK-NEXT: %[[VOTE0:.*]] = sub i32 2, %[[IN]]
; CHECK-NEXT: %[[VOTES0:.*]] = call i32 @__lanes_group_reduce_i32(i32 7, i32 %[[VOTE0]], ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: %all.entered = icmp eq i32 %[[VOTES0]], 1
; CHECK-NEXT: br i1 %all.entered, label %lockstep.head.all, label %lockstep.head
; The first phase: every work-item runs the body, with neither a test of
; `active` nor its own exit test, under an implicit barrier; the index is
; no loop state: each work-item's i on trip k is gid + k * stride.
; CHECK: lockstep.head.all:
; CHECK-NEXT: %acc.all = phi float [ 0.000000e+00, %lockstep.join ], [ %acc.tail.all, %lockstep.tail.all ]
; CHECK-NEXT: %trips.all = phi i64 [ 0, %lockstep.join ], [ %trips.next.all, %lockstep.tail.all ]
; CHECK-NEXT: %hi = phi i64 [ %start.max, %lockstep.join ], [ %hi.next, %lockstep.tail.all ]
; CHECK-NEXT: call void @__lanes_barrier(i32 0, ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: %[[STEPS1:.*]] = mul i64 %trips.all, %stride
; CHECK-NEXT: %i.all = add i64 %gid, %[[STEPS1]]
; CHECK-NEXT: br label %loop.all
; CHECK: loop.all:
; CHECK: %sum.all = fadd float %acc.all, %x.all
; CHECK-NOT: icmp
; CHECK: br label %lockstep.tail.all
; Every work-item makes the next trip when the largest start, stepped
; without overflow, passes the test.
; CHECK: lockstep.tail.all:
; CHECK-NEXT: %acc.tail.all = phi float [ %sum.all, %loop.all ]
; CHECK-NEXT: %trips.next.all = add i64 %trips.all, 1
; CHECK-NEXT: %[[SUM:.*]] = call { i64, i1 } @llvm.uadd.with.overflow.i64(i64 %hi, i64 %stride)
; CHECK-NEXT: %hi.next = extractvalue { i64, i1 } %[[SUM]], 0
; CHECK-NEXT: %[[OV:.*]] = extractvalue { i64, i1 } %[[SUM]], 1
; CHECK-NEXT: %[[NOV:.*]] = xor i1 %[[OV]], true
; CHECK-NEXT: %[[FITS:.*]] = icmp ult i64 %hi.next, %n
; CHECK-NEXT: %all.active = and i1 %[[NOV]], %[[FITS]]
; CHECK-NEXT: br i1 %all.active, label %lockstep.head.all, label %lockstep.rest
; Otherwise each work-item tests its own next index, after a barrier.
; CHECK: lockstep.rest:
; CHECK-NEXT: call void @__lanes_barrier(i32 0, ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: %[[STEPS2:.*]] = mul i64 %trips.next.all, %stride
; CHECK-NEXT: %[[NEXT:.*]] = add i64 %gid, %[[STEPS2]]
; CHECK-NEXT: %active.next = icmp ult i64 %[[NEXT]], %n
; CHECK-NEXT: br label %lockstep.head
; The second phase takes over the first's values, or the guard's.
; CHECK: lockstep.head:
; CHECK-NEXT: %acc = phi float [ 0.000000e+00, %lockstep.join ], [ %acc.tail, %lockstep.tail ], [ %acc.tail.all, %lockstep.rest ]
; CHECK-NEXT: %active = phi i1 [ %entered, %lockstep.join ], [ %active.tail, %lockstep.tail ], [ %active.next, %lockstep.rest ]
; CHECK-NEXT: %trips = phi i64 [ 0, %lockstep.join ], [ %trips.next, %lockstep.tail ], [ %trips.next.all, %lockstep.rest ]
; CHECK-NEXT: %[[STEPS:.*]] = mul i64 %trips, %stride
; CHECK-NEXT: %i = add i64 %gid, %[[STEPS]]
; CHECK-NEXT: br i1 %active, label %loop, label %lockstep.tail
; CHECK: loop:
; CHECK: %sum = fadd float %acc, %x
; CHECK: %again = icmp ult i64 %i.next, %n
; CHECK-NEXT: br label %lockstep.tail
; The group goes round while any work-item wants another trip: bit 0 of
; the votes.
; CHECK: lockstep.tail:
; CHECK-NEXT: %active.tail = phi i1 [ %again, %loop ], [ false, %lockstep.head ]
; CHECK-NEXT: %acc.tail = phi float [ %sum, %loop ], [ %acc, %lockstep.head ]
; CHECK-NEXT: %trips.next = add i64 %trips, 1
; CHECK-NEXT: %[[MORE:.*]] = zext i1 %active.tail to i32
; CHECK-NEXT: %[[VOTE:.*]] = sub i32 2, %[[MORE]]
; CHECK-NEXT: %votes = call i32 @__lanes_group_reduce_i32(i32 7, i32 %[[VOTE]], ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: %any.active = trunc i32 %votes to i1
; CHECK-NEXT: br i1 %any.active, label %lockstep.head, label %lockstep.done
; What the exit reads: the last trip's sum, or the guard's 0.0.
; CHECK: lockstep.done:
; CHECK-NEXT: %[[OUT:.*]] = select i1 %entered, float %acc.tail, float 0.000000e+00
; CHECK-NEXT: br label %end
; CHECK: end:
; CHECK-NEXT: %total = phi float [ %[[OUT]], %lockstep.done ]
define void @grid_stride(ptr %a, ptr %out, i64 %n, i64 %stride) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %grp = call i64 @__lanes_group_id(i32 0)
  %size = call i64 @__lanes_local_size(i32 0)
  %base = mul i64 %grp, %size
  %gid = add i64 %base, %lid
  %enter = icmp ult i64 %gid, %n
  br i1 %enter, label %ph, label %end
ph:
  br label %loop
loop:
  %i = phi i64 [ %gid, %ph ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %ph ], [ %sum, %loop ]
  %p = getelementptr float, ptr %a, i64 %i
  %x = load float, ptr %p
  %sum = fadd float %acc, %x
  %i.next = add i64 %i, %stride
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %end
end:
  %total = phi float [ 0.0, %entry ], [ %sum, %loop ]
  %q = getelementptr float, ptr %out, i64 %gid
  store float %total, ptr %q
  ret void
}

; A loop under an if on the local id is reached by part of the group only:
; it stays as it is.
; CHECK-LABEL: define void @under_varying_if(
; CHECK-NOT: lockstep
; CHECK: ret void
define void @under_varying_if(ptr %out, i64 %n) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %odd = trunc i64 %lid to i1
  br i1 %odd, label %check, label %end
check:
  %enter = icmp ult i64 %lid, %n
  br i1 %enter, label %ph, label %end
ph:
  br label %loop
loop:
  %i = phi i64 [ %lid, %ph ], [ %i.next, %loop ]
  %q = getelementptr i64, ptr %out, i64 %i
  store i64 %i, ptr %q
  %i.next = add i64 %i, 3
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %end
end:
  ret void
}

; The exit reads the induction variable itself. Its value in `head` is the
; group's trip (gid + trips * stride); what reaches the exit must be the
; work-item's own last value, carried like any other.
; CHECK-LABEL: define void @last_index(
; CHECK: lockstep.tail.all:
; CHECK: %i.last.tail.all = phi i64 [ %i.all, %loop.all ]
; CHECK: lockstep.head:
; CHECK: %i.last = phi i64 [ poison, %lockstep.join ], [ %i.last.tail, %lockstep.tail ], [ %i.last.tail.all, %lockstep.rest ]
; CHECK: %i = add i64 %gid,
; CHECK: lockstep.tail:
; CHECK: %i.last.tail = phi i64 [ %i, %loop ], [ %i.last, %lockstep.head ]
; CHECK: lockstep.done:
; CHECK-NEXT: %[[OUT:.*]] = select i1 %entered, i64 %i.last.tail, i64 -1
; CHECK: end:
; CHECK-NEXT: %final = phi i64 [ %[[OUT]], %lockstep.done ]
define void @last_index(ptr %out, i64 %n, i64 %stride) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_local_id(i32 0)
  %enter = icmp ult i64 %gid, %n
  br i1 %enter, label %ph, label %end
ph:
  br label %loop
loop:
  %i = phi i64 [ %gid, %ph ], [ %i.next, %loop ]
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %gid, ptr %p
  %i.next = add i64 %i, %stride
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %end
end:
  %final = phi i64 [ -1, %entry ], [ %i, %loop ]
  %q = getelementptr i64, ptr %out, i64 %gid
  store i64 %final, ptr %q
  ret void
}

; The grid-stride loop as loop simplification leaves it: the latch goes to
; a dedicated exit of its own (with the sum's LCSSA phi), which branches on
; to where the guard goes. The dedicated exit is folded away, and the loop
; made lockstep as above.
; CHECK-LABEL: define void @dedicated_exit(
; CHECK: br i1 %enter, label %ph, label %lockstep.join
; CHECK: lockstep.join:
; CHECK-NEXT: %entered = phi i1 [ true, %ph ], [ false, %entry ]
; CHECK: lockstep.done:
; CHECK-NEXT: %[[OUT:.*]] = select i1 %entered, float %acc.tail, float 0.000000e+00
; CHECK-NEXT: br label %end
; CHECK: end:
; CHECK-NEXT: %total = phi float [ %[[OUT]], %lockstep.done ]
; CHECK-NOT: loop.exit
define void @dedicated_exit(ptr %a, ptr %out, i64 %n, i64 %stride) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_local_id(i32 0)
  %enter = icmp ult i64 %gid, %n
  br i1 %enter, label %ph, label %end
ph:
  br label %loop
loop:
  %i = phi i64 [ %gid, %ph ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %ph ], [ %sum, %loop ]
  %p = getelementptr float, ptr %a, i64 %i
  %x = load float, ptr %p
  %sum = fadd float %acc, %x
  %i.next = add i64 %i, %stride
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %loop.exit
loop.exit:
  %sum.lcssa = phi float [ %sum, %loop ]
  br label %end
end:
  %total = phi float [ 0.0, %entry ], [ %sum.lcssa, %loop.exit ]
  %q = getelementptr float, ptr %out, i64 %gid
  store float %total, ptr %q
  ret void
}

; A loop without a guard (every work-item makes the first trip) starts in
; the copy with no vote; the second phase is reached only from the copy or
; itself.
; CHECK-LABEL: define void @unguarded(
; CHECK: lockstep.join:
; CHECK-NEXT: %start.max = call i64 @__lanes_group_reduce_i64(i32 5, i64 %gid, ptr null, i32 0), !lanes.implicit
; CHECK-NEXT: br label %lockstep.head.all
; CHECK: lockstep.head:
; CHECK-NEXT: %active = phi i1 [ %active.tail, %lockstep.tail ], [ %active.next, %lockstep.rest ]
define void @unguarded(ptr %out, i64 %n, i64 %stride) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_local_id(i32 0)
  br label %loop
loop:
  %i = phi i64 [ %gid, %entry ], [ %i.next, %loop ]
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %gid, ptr %p
  %i.next = add i64 %i, %stride
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %end
end:
  ret void
}

; The step and the pointers come from the kernel object, loaded in the
; preheader (where the front end puts them): they move up into the guard,
; so that every work-item has them, the step stays one the group shares
; and the index is computed from the trip count, not carried.
; CHECK-LABEL: define void @step_from_kernel_object(
; CHECK: entry:
; CHECK: %step = load i64, ptr %step.field
; CHECK: %a = load ptr, ptr %a.field
; CHECK: br i1 %enter, label %ph, label %lockstep.join
; CHECK: lockstep.head:
; CHECK-NOT: phi i64 {{.*}}%i.next
; CHECK: %[[STEPS:.*]] = mul i64 %trips, %step
; CHECK-NEXT: %i = add i64 %gid, %[[STEPS]]
define void @step_from_kernel_object(ptr noalias %obj) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_local_id(i32 0)
  %n = load i64, ptr %obj, align 8
  %enter = icmp ult i64 %gid, %n
  br i1 %enter, label %ph, label %end
ph:
  %step.field = getelementptr inbounds i8, ptr %obj, i64 8
  %step = load i64, ptr %step.field, align 8
  %a.field = getelementptr inbounds i8, ptr %obj, i64 16
  %a = load ptr, ptr %a.field, align 8
  br label %loop
loop:
  %i = phi i64 [ %gid, %ph ], [ %i.next, %loop ]
  %p = getelementptr float, ptr %a, i64 %i
  store float 1.0, ptr %p
  %i.next = add i64 %i, %step
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %end
end:
  ret void
}

; A signed loop (int i): the largest start is a signed MAX (3), the
; stepping a signed add, and a negative step (the index falling, which
; could wrap below the smallest start's) leaves the first phase.
; CHECK-LABEL: define void @signed_index(
; CHECK: %start.max = call i32 @__lanes_group_reduce_i32(i32 3, i32 %[[OWN32:.*]], ptr null, i32 0), !lanes.implicit
; CHECK: lockstep.tail.all:
; CHECK: %[[SUM:.*]] = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %hi, i32 %stride)
; CHECK: %[[FITS:.*]] = icmp slt i32 %hi.next, %n
; CHECK-NEXT: %[[BOTH:.*]] = and i1 %{{.*}}, %[[FITS]]
; CHECK-NEXT: %[[UP:.*]] = icmp sge i32 %stride, 0
; CHECK-NEXT: %all.active = and i1 %[[BOTH]], %[[UP]]
define void @signed_index(ptr %out, i32 %n, i32 %stride) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %gid = trunc i64 %lid to i32
  %enter = icmp slt i32 %gid, %n
  br i1 %enter, label %ph, label %end
ph:
  br label %loop
loop:
  %i = phi i32 [ %gid, %ph ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %gid, ptr %p
  %i.next = add nsw i32 %i, %stride
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %loop, label %end
end:
  ret void
}

; An exit that is not counted (a loaded value against the bound) keeps
; the vote in the first phase: it goes round while all work-items want
; another trip.
; CHECK-LABEL: define void @data_exit(
; CHECK-NOT: start.max
; CHECK: lockstep.tail.all:
; CHECK-NEXT: %active.tail.all = phi i1 [ %again.all, %loop.all ]
; CHECK: %votes.all = call i32 @__lanes_group_reduce_i32(i32 7,
; CHECK-NEXT: %all.active = icmp eq i32 %votes.all, 1
; CHECK-NEXT: br i1 %all.active, label %lockstep.head.all, label %lockstep.head
define void @data_exit(ptr %a, i64 %n) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_local_id(i32 0)
  br label %loop
loop:
  %i = phi i64 [ %gid, %entry ], [ %i.next, %loop ]
  %p = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %p
  %i.next = add i64 %i, 256
  %again = icmp ult i64 %v, %n
  br i1 %again, label %loop, label %end
end:
  ret void
}

; A varying loop that holds a loop (nested strided loops: the rows of a
; group leave the outer loop a trip apart) is made lockstep as a whole; the
; inner loop stays inside each trip, with no barrier of its own. The inner
; loop's sum, read after both loops without LCSSA phis, leaves through the
; inner loop's exit and is carried through the idle trips: the exit reads
; the work-item's own last sum, not the inner loop's value of the group's
; last trip.
; CHECK-LABEL: define void @nest(
; CHECK: lockstep.head.all:
; CHECK: cols.all:
; CHECK-NOT: __lanes_barrier
; CHECK: br i1 %more.all, label %cols.all, label %row.end.all
; CHECK: lockstep.head:
; CHECK-NEXT: %s = phi float [ %s.tail, %lockstep.tail ], [ %s.tail.all, %lockstep.rest ]
; CHECK: br i1 %active, label %rows, label %lockstep.tail
; CHECK: cols:
; CHECK-NOT: __lanes_barrier
; CHECK: br i1 %more, label %cols, label %row.end
; CHECK: row.end:
; CHECK-NEXT: %[[INNER:.*]] = phi float [ %sum, %cols ]
; CHECK: lockstep.tail:
; CHECK: %s.tail = phi float [ %[[INNER]], %row.end ], [ %s, %lockstep.head ]
; CHECK: end:
; CHECK-NEXT: %[[LAST:.*]] = phi float [ %s.tail, %lockstep.done ]
; CHECK: store float %[[LAST]], ptr %q
define void @nest(ptr %a, ptr %out, i64 %ny) "lanes-work-group"="k" {
entry:
  %x0 = call i64 @__lanes_local_id(i32 0)
  %y0 = call i64 @__lanes_local_id(i32 1)
  br label %rows
rows:
  %y = phi i64 [ %y0, %entry ], [ %y.next, %row.end ]
  %s = phi float [ 0.0, %entry ], [ %sum, %row.end ]
  %row = mul i64 %y, 50
  br label %cols
cols:
  %x = phi i64 [ %x0, %rows ], [ %x.next, %cols ]
  %acc = phi float [ %s, %rows ], [ %sum, %cols ]
  %i = add i64 %row, %x
  %p = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %p
  %sum = fadd float %acc, %v
  %x.next = add i64 %x, 32
  %more = icmp ult i64 %x.next, 50
  br i1 %more, label %cols, label %row.end
row.end:
  %y.next = add i64 %y, 8
  %again = icmp ult i64 %y.next, %ny
  br i1 %again, label %rows, label %end
end:
  %q = getelementptr float, ptr %out, i64 %x0
  store float %sum, ptr %q
  ret void
}

; The grid-stride loop after a CFG simplification folded its empty
; preheader away: the guard branches straight to the header. The pass puts
; a preheader back and makes the loop lockstep as above; here the loop holds
; an escape-time loop with two exits.
; CHECK-LABEL: define void @no_preheader(
; CHECK: entry:
; CHECK: br i1 %enter, label %[[PH:.*]], label %lockstep.join
; CHECK: [[PH]]:
; CHECK-NEXT: br label %lockstep.join
; CHECK: lockstep.join:
; CHECK-NEXT: %entered = phi i1 [ true, %[[PH]] ], [ false, %entry ]
; CHECK: lockstep.head:
; CHECK: br i1 %active, label %pixel, label %lockstep.tail
; CHECK: lockstep.done:
; CHECK-NEXT: br label %end
define void @no_preheader(ptr %out, i64 %n, i64 %stride) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_local_id(i32 0)
  %enter = icmp ult i64 %gid, %n
  br i1 %enter, label %pixel, label %end
pixel:
  %i = phi i64 [ %gid, %entry ], [ %i.next, %store ]
  %c = trunc i64 %i to i32
  br label %escape
escape:
  %k = phi i32 [ 0, %pixel ], [ %k.next, %step ]
  %z = phi i32 [ 0, %pixel ], [ %z.next, %step ]
  %small = icmp ult i32 %z, 1000
  br i1 %small, label %step, label %store
step:
  %sq = mul i32 %z, %z
  %z.next = add i32 %sq, %c
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, 64
  br i1 %more, label %escape, label %store
store:
  %iters = phi i32 [ %k, %escape ], [ 64, %step ]
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %iters, ptr %p
  %i.next = add i64 %i, %stride
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %pixel, label %end
end:
  ret void
}

; A grid-stride loop that holds `for (k = 0; k < m; ++k)`, after loop
; unswitching: between the guard and the loop a branch on `m > 0`, which
; the group takes one way, chooses between the loop and a version of it
; without the inner loop, and both versions' exits meet the guard's at
; `end`. The guard moves past that branch (every work-item may run its
; block: it only loads the kernel object's fields and compares), each
; version gets a guard of its own and a join of its own before `end`, and
; both are made lockstep.
; CHECK-LABEL: define void @unswitched(
; CHECK: entry:
; CHECK: br label %fields
; CHECK: fields:
; CHECK: br i1 %some, label %entry.sunk, label %entry.sunk1
; CHECK: entry.sunk:
; CHECK-NEXT: br i1 %enter, label %ph, label %[[JOIN1:lockstep.join.*]]
; CHECK: [[JOIN1]]:
; CHECK: %start.max{{.*}} = call i64 @__lanes_group_reduce_i64(i32 5,
; CHECK: br i1 %more.all, label %inner.all, label %outer.latch.all
; CHECK: entry.sunk1:
; CHECK-NEXT: br i1 %enter, label %zeros.preheader, label %[[JOIN2:lockstep.join.*]]
; CHECK: [[JOIN2]]:
; CHECK: %start.max{{.*}} = call i64 @__lanes_group_reduce_i64(i32 5,
; CHECK: br label %[[END2:end.lockstep.*]]
; CHECK: [[END2]]:
; CHECK-NEXT: br label %end
; CHECK: br label %[[END1:end.lockstep.*]]
; CHECK: [[END1]]:
; CHECK-NEXT: br label %end
; CHECK: end:
; CHECK-NEXT: ret void
define void @unswitched(ptr noalias %obj, i64 %n, i64 %stride) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_local_id(i32 0)
  %enter = icmp ult i64 %gid, %n
  br i1 %enter, label %fields, label %end
fields:
  %out = load ptr, ptr %obj
  %m.field = getelementptr inbounds i8, ptr %obj, i64 8
  %m = load i64, ptr %m.field
  %some = icmp sgt i64 %m, 0
  br i1 %some, label %ph, label %zeros
ph:
  br label %outer
outer:
  %i = phi i64 [ %gid, %ph ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k.next, %inner ]
  %acc = phi i64 [ 0, %outer ], [ %acc.next, %inner ]
  %t = mul i64 %acc, %i
  %acc.next = add i64 %t, %k
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %m
  br i1 %more, label %inner, label %outer.latch
outer.latch:
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %acc.next, ptr %p
  %i.next = add i64 %i, %stride
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %outer, label %end
zeros:
  %j = phi i64 [ %j.next, %zeros ], [ %gid, %fields ]
  %q = getelementptr i64, ptr %out, i64 %j
  store i64 0, ptr %q
  %j.next = add i64 %j, %stride
  %again2 = icmp ult i64 %j.next, %n
  br i1 %again2, label %zeros, label %end
end:
  ret void
}

; The same, but the block between the guard and the versions loads the
; trip count from memory that only the work-items the guard let through
; may read (not the kernel object): the guard stays where it is, and
; neither version is made lockstep.
; CHECK-LABEL: define void @unswitched_unsafe(
; CHECK: br i1 %enter, label %fields, label %end
; CHECK-NOT: lockstep
; CHECK: ret void
define void @unswitched_unsafe(ptr noalias %obj, ptr %mp, i64 %n, i64 %stride) "lanes-work-group"="k" {
entry:
  %gid = call i64 @__lanes_local_id(i32 0)
  %enter = icmp ult i64 %gid, %n
  br i1 %enter, label %fields, label %end
fields:
  %out = load ptr, ptr %obj
  %m = load i64, ptr %mp
  %some = icmp sgt i64 %m, 0
  br i1 %some, label %ph, label %zeros
ph:
  br label %outer
outer:
  %i = phi i64 [ %gid, %ph ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k.next, %inner ]
  %acc = phi i64 [ 0, %outer ], [ %acc.next, %inner ]
  %t = mul i64 %acc, %i
  %acc.next = add i64 %t, %k
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %m
  br i1 %more, label %inner, label %outer.latch
outer.latch:
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %acc.next, ptr %p
  %i.next = add i64 %i, %stride
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %outer, label %end
zeros:
  %j = phi i64 [ %j.next, %zeros ], [ %gid, %fields ]
  %q = getelementptr i64, ptr %out, i64 %j
  store i64 0, ptr %q
  %j.next = add i64 %j, %stride
  %again2 = icmp ult i64 %j.next, %n
  br i1 %again2, label %zeros, label %end
end:
  ret void
}
