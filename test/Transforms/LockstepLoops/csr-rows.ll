; The lane loop of a CSR-vector row sum: lane j of the sub-group sums
; elements start + j, start + j + 16, ... of the row. The inner loop runs in
; lockstep: a loop over the lanes records who enters and the sum's first
; value, the trips run while any lane is active with the index computed
; from lane 0's (j.lead + lane, contiguous for the vectorizer; j.lead goes
; from start by 16 a trip), and the lane loop resumes each lane after the
; loop or after its guard.
; RUN: lanes-opt -passes=lanes-lockstep-loops %s -S | FileCheck %s

define internal void @rows(ptr noalias %val, ptr noalias %rowptr, ptr noalias %out, i64 %row) "lanes-work-group-of"="rows" {
entry:
  %rp = getelementptr i32, ptr %rowptr, i64 %row
  %s32 = load i32, ptr %rp
  %rp1 = getelementptr i32, ptr %rp, i64 1
  %e32 = load i32, ptr %rp1
  %start = sext i32 %s32 to i64
  %end = sext i32 %e32 to i64
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi float [ 0.0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds float, ptr %val, i64 %j
  %x = load float, ptr %p, !llvm.access.group !1
  %acc.next = fadd float %acc, %x
  %j.next = add nsw i64 %j, 16
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %done

done:
  br label %join

join:
  %total = phi float [ 0.0, %lanes ], [ %acc.next, %done ]
  %q = getelementptr inbounds float, ptr %out, i64 %lane
  store float %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @rows(
; CHECK: entry:
; CHECK-NEXT: %resume.items = alloca [16 x i8], align 64
; CHECK-NEXT: %active.items = alloca [16 x i8], align 64
; CHECK-NEXT: %acc.items = alloca [16 x float], align 64
; CHECK: br label %lockstep.first
;
; Loop 1: who enters, where the others resume, the sum's first value.
; CHECK: lockstep.first.latch:
; CHECK-NEXT: %enters = phi i1 [ true, %pre.first ], [ false, %lockstep.skip ]
; CHECK-NEXT: %resume = phi i8 [ 0, %pre.first ], [ 1, %lockstep.skip ]
; CHECK-NEXT: %acc.first = phi float [ 0.000000e+00, %pre.first ], [ poison, %lockstep.skip ]
; CHECK: store i8 %{{.*}}, ptr %{{.*}}, align 1, !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK: store float %acc.first,
; CHECK: br i1 %{{.*}}, label %lockstep.first, label %lockstep.first.done, !llvm.loop ![[LOOP1:[0-9]+]]
; The guard is the loop's test one trip early (start + lane < end): the
; lanes that entered are those below end - start, the first ones. Lane 0's
; first index, which the lanes' indices count from, drops its no-wrap flag:
; lane 0 need not have entered.
; CHECK: lockstep.first.done:
; CHECK-NEXT: %[[LEAD0:.*]] = add i64 0, %start
; CHECK-NEXT: %[[START0:.*]] = add nsw i64 0, %start
; CHECK-NEXT: %[[ENTER_GAP:.*]] = sub i64 %end, %[[START0]]
; CHECK-NEXT: %entered = trunc i64 %[[ENTER_GAP]] to i32
; CHECK-NEXT: br i1 %all.next, label %lockstep.every, label %lockstep.tail.pre
;
; Loop 2: trips without a predicate while every lane is in, then the
; masked trip, the tail, where the lanes in the trip are the first few.
; The trips go by lane 0's index, start at first, 16 more each trip.
; CHECK: lockstep.every:
; CHECK-NEXT: %j.lead = phi i64 [ %[[LEAD0]], %lockstep.first.done ], [ %j.lead.next, %lockstep.every.latch ]
; After a trip every lane made, lane j stays while j.lead + 16 + j < end:
; the lanes below end - (j.lead + 16), at most 16, none when that is not
; positive. The votes do without the count: none stays when lane 0 does
; not, all do when lane 15 does, at index j.lead + 16 + 15.
; CHECK-NEXT: %[[NEXT0:.*]] = add nsw i64 %j.lead, 16
; CHECK-NEXT: %none.below = icmp sle i64 %end, %[[NEXT0]]
; CHECK-NEXT: %last = add i64 %[[NEXT0]], 15
; CHECK-NEXT: %all.below = icmp slt i64 %last, %end
; CHECK-NEXT: %[[GAP:.*]] = sub i64 %end, %[[NEXT0]]
; CHECK-NEXT: %[[AT_MOST:.*]] = call i64 @llvm.umin.i64(i64 %[[GAP]], i64 16)
; CHECK-NEXT: %[[COUNT:.*]] = select i1 %none.below, i64 0, i64 %[[AT_MOST]]
; CHECK-NEXT: %below = trunc i64 %[[COUNT]] to i32
; Where some lanes stay and some not, the count needs no clamp: the gap is
; above 0 and below 16.
; CHECK-NEXT: %some.below = trunc i64 %[[GAP]] to i32
; CHECK-NEXT: %any.below = xor i1 %none.below, true
; CHECK-NEXT: br label %lockstep.all
; CHECK: lockstep.every.latch:
; CHECK-NEXT: %j.lead.next = add i64 %j.lead, 16
; CHECK-NEXT: br i1 %all.below, label %lockstep.every, label %lockstep.tail.pre
;
; A lane's index is lane 0's plus how far its first index is from lane
; 0's (start + lane - start): contiguous.
; CHECK: lockstep.all:
; CHECK: %[[FIRST:.*]] = add nsw i64 %lockstep.all.item, %start
; CHECK: %[[FROM0:.*]] = sub i64 %[[FIRST]], %[[LEAD0]]
; CHECK-NEXT: %[[J:.*]] = add i64 %j.lead, %[[FROM0]]
; CHECK-NEXT: br label %sum.all
; CHECK: lockstep.all.latch:
; CHECK: store float %acc.next.all,
; CHECK: br i1 %{{.*}}, label %lockstep.all, label %lockstep.every.latch, !llvm.loop ![[LOOP2:[0-9]+]]
; The tail: the lanes below the last full trip's count are in, or, when
; not every lane entered, those that did: trip 0. Lane 0's index is the
; next trip's, or its first: not computed from a count of trips, which
; kept a second induction variable in the full trips. Lane 0 is in, so
; its index is exact. It is entered when any lane is in, and it is one
; trip: the index rises by 16 a trip, so after it every lane's index is
; above lane 15's before it, which was not below the end. No trip is left
; to a masked loop whose lanes vote.
; CHECK: lockstep.tail.pre:
; CHECK-NEXT: %j.lead.tail = phi i64 [ %j.lead.next, %lockstep.every.latch ], [ %[[LEAD0]], %lockstep.first.done ]
; CHECK-NEXT: %in.tail = phi i32 [ %some.below, %lockstep.every.latch ], [ %entered, %lockstep.first.done ]
; CHECK-NEXT: %any.tail = phi i1 [ %any.below, %lockstep.every.latch ], [ %any.next, %lockstep.first.done ]
; CHECK-NEXT: br i1 %any.tail, label %lockstep.tail, label %lockstep.last.pre
; A lane of the tail is in when it is below the count: no array of who
; is, no votes, and after the trip the lane loop.
; CHECK: lockstep.tail:
; CHECK-NEXT: %lockstep.tail.item = phi i64 [ 0, %lockstep.tail.pre ], [ %{{.*}}, %lockstep.tail.latch ]
; CHECK-NEXT: %[[TLANE:.*]] = trunc i64 %lockstep.tail.item to i32
; CHECK-NEXT: %[[TIN:.*]] = icmp ult i32 %[[TLANE]], %in.tail
; CHECK-NOT: active.items
; CHECK: %{{.*}} = add i64 %j.lead.tail, %{{.*}}
; CHECK: br i1 %[[TIN]], label %sum.tail, label %lockstep.tail.latch
; CHECK: lockstep.tail.latch:
; CHECK-NOT: active.items
; CHECK-NOT: or i1
; CHECK: br i1 %{{.*}}, label %lockstep.tail, label %lockstep.last.pre
;
; Loop 3: the lane loop, each lane resuming after the loop or its guard.
; CHECK: lanes:
; CHECK-NEXT: %lane = phi i64 [ 0, %lockstep.last.pre ], [ %lane.next, %join ]
; CHECK-NEXT: br label %lockstep.last
; CHECK: lockstep.last:
; CHECK: %acc.next.last = load float
; CHECK: %[[CODE:.*]] = load i8
; CHECK-NEXT: %[[RAN:.*]] = icmp eq i8 %[[CODE]], 0
; CHECK-NEXT: br i1 %[[RAN]], label %done, label %lockstep.resume
; CHECK: join:
; CHECK-NEXT: %total = phi float [ 0.000000e+00, %lockstep.resume ], [ %acc.next.last, %done ]
; CHECK-NOT: sum:
; CHECK-NOT: lockstep.some
; CHECK-NOT: lockstep.rest
; CHECK: ret void
; In a trip every lane makes, lane j stays when j < below: the vectorizer
; compares a narrow induction with one count. In the tail the count
; alone says which lanes are in: a lane tests nothing.
; CHECK: sum.all:
; CHECK: %[[LANE:.*]] = trunc i64 %lockstep.all.item to i32
; CHECK-NEXT: icmp ult i32 %[[LANE]], %below
; CHECK: sum.tail:
; CHECK-NOT: trunc
; CHECK: br label %lockstep.tail.latch

!1 = distinct !{}
!2 = distinct !{!2, !3, !4, !5}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"lanes.work_item_loop", !1}
!5 = !{!"llvm.loop.vectorize.width", i32 16}

; The row's bounds are read in the lane loop, and each lane stores an i32
; that may alias them after the loop, so LICM left the loads there. Items
; do not race between barriers: the loads move to the preheader, and the
; loop runs in lockstep.
define internal void @reread_bound(ptr noalias %val, ptr %rowptr, ptr %endptr, ptr %out) "lanes-work-group-of"="reread_bound" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %s32 = load i32, ptr %rowptr
  %e32 = load i32, ptr %endptr
  %start = sext i32 %s32 to i64
  %end = sext i32 %e32 to i64
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, 32
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @reread_bound(
; CHECK: entry:
; CHECK: %s32 = load i32, ptr %rowptr
; CHECK-NEXT: %e32 = load i32, ptr %endptr
; CHECK-NEXT: br label %lockstep.first
; The row's start, extended in the lane loop, is the same for every lane:
; lane 0's index starts from it, and the lanes that stay are counted from
; that index.
; CHECK: lockstep.first.done:
; CHECK-NEXT: %[[START:.*]] = sext i32 %s32 to i64
; CHECK-NEXT: %[[LEAD0:.*]] = add i64 0, %[[START]]
; CHECK: lockstep.every:
; CHECK-NEXT: %j.lead = phi i64 [ %[[LEAD0]], %lockstep.first.done ], [ %j.lead.next, %lockstep.every.latch ]
; CHECK-NEXT: %[[NEXT0:.*]] = add nsw i64 %j.lead, 32
; CHECK: %[[GAP:.*]] = sub i64 %{{.*}}, %[[NEXT0]]
; CHECK: %below = trunc
; CHECK: lockstep.every.latch:
; CHECK-NEXT: %j.lead.next = add i64 %j.lead, 32
; CHECK: lockstep.all:

; An unsigned test of an index computed without no-wrap flags: lanes 0 and
; 15 need not be the first and last to leave (the index may wrap between
; them), so the lanes vote in every trip.
define internal void @may_wrap(ptr noalias %val, ptr noalias %out, i64 %start, i64 %end) "lanes-work-group-of"="may_wrap" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = add i64 %lane, %start
  %enter = icmp ult i64 %first, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add i64 %j, 16
  %more = icmp ult i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @may_wrap(
; CHECK: lockstep.first.done:
; CHECK-NEXT: %[[LEAD0:.*]] = add i64 0, %start
; CHECK: lockstep.every:
; CHECK-NEXT: %j.lead = phi i64 [ %[[LEAD0]], %lockstep.first.done ], [ %j.lead.next, %lockstep.every.latch ]
; CHECK-NEXT: br label %lockstep.all
; CHECK: lockstep.every.latch:
; CHECK-NEXT: %j.lead.next = add i64 %j.lead, 16
; CHECK-NEXT: br i1 %[[ALL:all.next[0-9]+]], label %lockstep.every, label %lockstep.rest
; CHECK: lockstep.all:
; CHECK-NEXT: %lockstep.all.item = phi i64
; CHECK-NEXT: %{{.*}} = phi i1 [ false, %lockstep.every ], [ %[[ANY:any.next[0-9]+]], %lockstep.all.latch ]
; CHECK-NEXT: %{{.*}} = phi i1 [ true, %lockstep.every ], [ %[[ALL]], %lockstep.all.latch ]
; Then masked trips while any lane is in, in a loop of their own (a lane
; that left never comes back), from loop 1 when not every lane entered.
; CHECK: lockstep.rest:
; CHECK-NEXT: %j.lead.rest = phi i64 [ %[[LEAD0]], %lockstep.first.done ], [ %j.lead.next, %lockstep.every.latch ]
; CHECK-NEXT: %any.in = phi i1 [ %any.next, %lockstep.first.done ], [ %[[ANY]], %lockstep.every.latch ]
; CHECK-NEXT: br i1 %any.in, label %lockstep.some.trip, label %lockstep.last.pre
; CHECK: lockstep.some.trip:
; CHECK-NEXT: %j.lead.some = phi i64 [ %j.lead.rest, %lockstep.rest ], [ %j.lead.some.next, %lockstep.some.trip.latch ]
; CHECK: lockstep.some.trip.latch:
; CHECK-NEXT: %j.lead.some.next = add i64 %j.lead.some, 16
; CHECK-NEXT: br i1 %[[ANY_STAYS:.*]], label %lockstep.some.trip, label %lockstep.last.pre
; A masked trip votes whether any lane goes on, not whether all do: the
; vectorizer gives up on a reduction that nothing reads. Each lane in the
; trip tests its own index.
; CHECK: lockstep.some:
; CHECK-NEXT: %lockstep.some.item = phi i64
; CHECK-NEXT: %[[ANY_SOME:.*]] = phi i1 [ false, %lockstep.some.trip ], [ %[[ANY_STAYS]], %lockstep.some.latch ]
; CHECK-NOT: phi
; CHECK: %active = load i8
; CHECK: br i1 %{{.*}}, label %sum.some, label %lockstep.some.latch
; CHECK: lockstep.some.latch:
; CHECK-NEXT: %stays = phi i1 [ %more.some, %sum.some ], [ false, %lockstep.some ]
; CHECK-NEXT: %[[KEPT:.*]] = phi i32 [ %acc.next.some, %sum.some ], [ %{{.*}}, %lockstep.some ]
; CHECK: store i32 %[[KEPT]],
; CHECK: %[[ANY_STAYS]] = or i1 %[[ANY_SOME]], %stays
; CHECK-NOT: and i1
; CHECK: br i1 %{{.*}}, label %lockstep.some, label %lockstep.some.trip.latch
; CHECK: sum.some:
; CHECK: %more.some = icmp ult i64 %j.next.some, %end
; CHECK-NEXT: br label %lockstep.some.latch

; A row walked backwards: the index falls by 16 a trip and the loop goes on
; while it is above the row's start, so lane 15 leaves last and lane 0
; first: the lanes from the count of those at or below the start on stay.
; Whether any lane stays is whether lane 15 does (the count is below 16),
; whether all do whether lane 0 does (the count is 0).
define internal void @backwards(ptr noalias %val, ptr noalias %out, i64 %top, i64 %start) "lanes-work-group-of"="backwards" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = add nsw i64 %lane, %top
  %enter = icmp sgt i64 %first, %start
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, -16
  %more = icmp sgt i64 %j.next, %start
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @backwards(
; CHECK: lockstep.first.done:
; CHECK-NEXT: %[[LEAD0:.*]] = add i64 0, %top
; CHECK: lockstep.every:
; CHECK-NEXT: %j.lead = phi i64 [ %[[LEAD0]], %lockstep.first.done ], [ %j.lead.next, %lockstep.every.latch ]
; CHECK-NEXT: %[[NEXT0:.*]] = add nsw i64 %j.lead, -16
; CHECK-NEXT: %none.below = icmp slt i64 %start, %[[NEXT0]]
; CHECK-NEXT: %last = add i64 %[[NEXT0]], 15
; CHECK-NEXT: %all.below = icmp sle i64 %last, %start
; CHECK-NEXT: %[[GAP:.*]] = sub i64 %start, %[[NEXT0]]
; CHECK-NEXT: %[[AT_MOST:.*]] = call i64 @llvm.umin.i64(i64 %[[GAP]], i64 15)
; CHECK-NEXT: %[[PLUS1:.*]] = add nuw i64 %[[AT_MOST]], 1
; CHECK-NEXT: %[[COUNT:.*]] = select i1 %none.below, i64 0, i64 %[[PLUS1]]
; CHECK-NEXT: %below = trunc i64 %[[COUNT]] to i32
; CHECK-NEXT: %[[NOT_ALL:.*]] = xor i1 %all.below, true
; CHECK: lockstep.every.latch:
; CHECK: br i1 %none.below, label %lockstep.every, label %lockstep.rest
; CHECK: lockstep.rest:
; CHECK: %any.in = phi i1 [ %any.next, %lockstep.first.done ], [ %[[NOT_ALL]], %lockstep.every.latch ]
; CHECK: sum.all:
; CHECK: %[[LANE:.*]] = trunc i64 %lockstep.all.item to i32
; CHECK-NEXT: icmp uge i32 %[[LANE]], %below

; The row's bounds are i32 and the index i64, as indvars widens a loop on
; `int j`: the guard compares `start + lane` in i32, the loop's test the
; i64 index. With its no-wrap flags the guard's sum is the index one trip
; early, so the lanes that enter are the first end - start, counted in
; i32, and they take the tail.
define internal void @narrow_guard(ptr noalias %val, ptr noalias %out, i32 %s32, i32 %e32) "lanes-work-group-of"="narrow_guard" {
entry:
  %start = sext i32 %s32 to i64
  %end = sext i32 %e32 to i64
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %lane32 = trunc i64 %lane to i32
  %first32 = add nsw i32 %s32, %lane32
  %enter = icmp slt i32 %first32, %e32
  br i1 %enter, label %pre, label %join

pre:
  %first = add nsw i64 %lane, %start
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, 16
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @narrow_guard(
; CHECK: lockstep.first.done:
; CHECK: %[[LANE0:.*]] = trunc i64 0 to i32
; CHECK-NEXT: %[[FIRST0:.*]] = add nsw i32 %s32, %[[LANE0]]
; CHECK-NEXT: %[[GAP:.*]] = sub i32 %e32, %[[FIRST0]]
; CHECK-NEXT: br i1 %all.next, label %lockstep.every, label %lockstep.tail.pre
; CHECK: lockstep.tail.pre:
; CHECK: %in.tail = phi i32 [ %some.below, %lockstep.every.latch ], [ %[[GAP]], %lockstep.first.done ]
; CHECK-NOT: lockstep.some
; CHECK: ret void

; The guard compares the lane's first index with a bound of its own, not
; the loop's: the lanes that enter need not be the first ones, so they
; take the masked loop, whose lanes vote.
define internal void @other_bound(ptr noalias %val, ptr noalias %out, i64 %start, i64 %end, i64 %limit) "lanes-work-group-of"="other_bound" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %limit
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, 16
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @other_bound(
; CHECK: lockstep.first.done:
; CHECK-NEXT: %{{.*}} = add i64 0, %start
; CHECK-NEXT: br i1 %all.next, label %lockstep.every, label %lockstep.rest
; CHECK: lockstep.every.latch:
; CHECK-NEXT: %j.lead.next = add i64 %j.lead, 16
; CHECK-NEXT: br i1 %all.below, label %lockstep.every, label %lockstep.tail.pre
; CHECK: lockstep.tail.pre:
; CHECK-NEXT: br i1 %any.below, label %lockstep.tail, label %lockstep.last.pre
; CHECK: lockstep.rest:
; CHECK-NEXT: %j.lead.rest = phi i64 [ %{{.*}}, %lockstep.first.done ]
; CHECK-NEXT: %any.in = phi i1 [ %any.next, %lockstep.first.done ]
; CHECK-NEXT: br i1 %any.in, label %lockstep.some.trip, label %lockstep.last.pre

; A row of bytes walked by a pointer: the loop and its guard compare
; pointers, which the lanes' count does not take, so the masked loop, whose
; lanes vote, runs the trips after the full ones.
define internal void @ptr_rows(ptr noalias %base, ptr noalias %endp, ptr noalias %out) "lanes-work-group-of"="ptr_rows" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = getelementptr inbounds i8, ptr %base, i64 %lane
  %enter = icmp ult ptr %first, %endp
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %p = phi ptr [ %first, %pre ], [ %p.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %x = load i8, ptr %p, !llvm.access.group !1
  %xw = zext i8 %x to i32
  %acc.next = add i32 %acc, %xw
  %p.next = getelementptr inbounds i8, ptr %p, i64 16
  %more = icmp ult ptr %p.next, %endp
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @ptr_rows(
; CHECK: lockstep.first.done:
; CHECK-NEXT: br i1 %all.next, label %lockstep.every, label %lockstep.rest
; CHECK-NOT: lockstep.tail
; CHECK: ret void

; The index falls by 16 a trip while the loop goes on below the end: a
; lane that enters leaves only when its index wraps, which its no-wrap
; flag makes poison. After the full trips, the trip of the lanes still
; below the end is not the last, so there is no tail: the masked loop,
; whose lanes vote, runs the trips.
define internal void @falling_below(ptr noalias %val, ptr noalias %out, i64 %start, i64 %end) "lanes-work-group-of"="falling_below" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, -16
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @falling_below(
; CHECK: lockstep.every.latch:
; CHECK-NEXT: %j.lead.next = add i64 %j.lead, -16
; CHECK-NEXT: br i1 %all.below, label %lockstep.every, label %lockstep.rest
; CHECK-NOT: lockstep.tail
; CHECK: ret void

; A second stepped value, k, starts at a shift by lane - 1: poison for
; lane 0, which does not enter the loop. Lane 0's first k, which the
; lanes' k count from in the masked loop entered from loop 1, is frozen,
; so that each lane's k, lane 0's plus its distance from it, is its own.
define internal void @poison_lead(ptr noalias %val, ptr noalias %out, i64 %start, i64 %end) "lanes-work-group-of"="poison_lead" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = add nsw i64 %lane, %start
  %shift = sub i64 %lane, 1
  %kfirst = shl i64 %start, %shift
  %enter = icmp ne i64 %lane, 0
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %k = phi i64 [ %kfirst, %pre ], [ %k.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %k
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, 16
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @poison_lead(
; CHECK: lockstep.first.done:
; CHECK-NEXT: %[[J0:.*]] = add i64 0, %start
; CHECK-NEXT: %[[SHIFT0:.*]] = sub i64 0, 1
; CHECK-NEXT: %[[K0:.*]] = shl i64 %start, %[[SHIFT0]]
; CHECK-NEXT: %[[K0_FR:.*]] = freeze i64 %[[K0]]
; CHECK: lockstep.rest:
; CHECK-NEXT: %j.lead.rest = phi i64 [ %[[J0]], %lockstep.first.done ]
; CHECK-NEXT: %k.lead.rest = phi i64 [ %[[K0_FR]], %lockstep.first.done ]
; CHECK: lockstep.some:
; CHECK: %[[K_FIRST:.*]] = shl i64 %start,
; CHECK: %[[FROM0:.*]] = sub i64 %[[K_FIRST]], %[[K0_FR]]
; CHECK-NEXT: %{{.*}} = add i64 %k.lead.some, %[[FROM0]]

; The step (16, but an instruction) is computed in the lane loop's header,
; which the pass splits: it is no invariant, so the index is carried in an
; array like any other PHI, not computed from the trip with a step that is
; gone.
define internal void @header_step(ptr noalias %val, ptr noalias %out, i64 %start, i64 %end, i64 %n) "lanes-work-group-of"="header_step" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %step = shl i64 1, 4
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, %step
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @header_step(
; CHECK: %j.items = alloca [16 x i64], align 64
; CHECK-NOT: poison, %trip
; CHECK: ret void

; GVN merged the lane loop's step with the kernel's own `lane + 1`, which
; it computes on both ways round the inner loop: the latch takes the step
; from a PHI, where scalar evolution sees no counter. The pass gives the
; counter a step of its own in the latch, and the loop runs in lockstep.
define internal void @joined_steps(ptr noalias %val, ptr noalias %out, i64 %start, i64 %end) "lanes-work-group-of"="joined_steps" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %end
  br i1 %enter, label %pre, label %skip

skip:
  %plus.skip = add nuw nsw i64 %lane, 1
  br label %join

pre:
  %plus.pre = add nuw i64 %lane, 1
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i64 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i64, ptr %val, i64 %j
  %x = load i64, ptr %p, !llvm.access.group !1
  %w = mul i64 %x, %plus.pre
  %acc.next = add i64 %acc, %w
  %j.next = add nsw i64 %j, 16
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %done

done:
  br label %join

join:
  %lane.next = phi i64 [ %plus.skip, %skip ], [ %plus.pre, %done ]
  %total = phi i64 [ 0, %skip ], [ %acc.next, %done ]
  %q = getelementptr inbounds i64, ptr %out, i64 %lane
  store i64 %total, ptr %q, !llvm.access.group !1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @joined_steps(
; CHECK: br label %lockstep.first
; CHECK: lanes:
; CHECK-NEXT: %lane = phi i64 [ 0, %lockstep.last.pre ], [ %[[STEP:.*]], %join ]
; CHECK: join:
; CHECK: %[[STEP]] = add nuw i64 %lane, 1
; CHECK-NEXT: br i1 %again, label %lanes, label %exit

; Each lane's own bound (`j < end[lane]`): the trip counts may differ by
; any amount, so the loop is not an interleaved one. Loops of that kind run
; in lockstep a vector's items at a time (divergent.ll), and this module
; names no target, so no vector: the loop is left alone.
define internal void @own_bounds(ptr noalias %val, ptr noalias %ends, ptr noalias %out, i64 %start) "lanes-work-group-of"="own_bounds" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %ep = getelementptr inbounds i64, ptr %ends, i64 %lane
  %end = load i64, ptr %ep, !llvm.access.group !1
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi float [ 0.0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds float, ptr %val, i64 %j
  %x = load float, ptr %p, !llvm.access.group !1
  %acc.next = fadd float %acc, %x
  %j.next = add nsw i64 %j, 16
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi float [ 0.0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds float, ptr %out, i64 %lane
  store float %total, ptr %q, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @own_bounds(
; CHECK-NOT: lockstep
; CHECK: ret void

; The sum both with and without the row's last element: after the loop,
; the carried PHI's value in the last trip and its next value. Each has an
; array of its own; in one array, the PHI's store would overwrite the next
; value that each trip stores.
define internal void @last_and_next(ptr noalias %val, ptr noalias %out, i64 %start, i64 %end) "lanes-work-group-of"="last_and_next" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %join ]
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, 16
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %but.last = phi i32 [ 0, %lanes ], [ %acc, %sum ]
  %q = getelementptr inbounds [2 x i32], ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %r = getelementptr inbounds i32, ptr %q, i64 1
  store i32 %but.last, ptr %r, !llvm.access.group !1
  %lane.next = add nuw nsw i64 %lane, 1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @last_and_next(
; CHECK: %acc.items1 = alloca [16 x i32]
; CHECK-NEXT: %acc.items = alloca [16 x i32]
; CHECK: lockstep.all:
; CHECK: %[[AT:[0-9]+]] = getelementptr inbounds [16 x i32], ptr %acc.items, i64 0, i64 %lockstep.all.item
; CHECK-NEXT: %[[ACC:acc[0-9]+]] = load i32, ptr %[[AT]]
; CHECK: lockstep.all.latch:
; CHECK: %[[NEXT:[0-9]+]] = getelementptr inbounds [16 x i32], ptr %acc.items, i64 0, i64 %lockstep.all.item
; CHECK-NEXT: store i32 %acc.next.all, ptr %[[NEXT]]
; CHECK-NEXT: %[[LAST:[0-9]+]] = getelementptr inbounds [16 x i32], ptr %acc.items1, i64 0, i64 %lockstep.all.item
; CHECK-NEXT: store i32 %[[ACC]], ptr %[[LAST]]
; CHECK: lockstep.last:
; CHECK: getelementptr inbounds [16 x i32], ptr %acc.items1, i64 0, i64 %lane
; CHECK-NEXT: %[[BUT:acc.last[0-9]+]] = load i32
; CHECK-NEXT: getelementptr inbounds [16 x i32], ptr %acc.items, i64 0, i64 %lane
; CHECK-NEXT: %acc.next.last = load i32
; CHECK: %total = phi i32 [ 0, %lockstep.resume ], [ %acc.next.last, %lockstep.last ]
; CHECK-NEXT: %but.last = phi i32 [ 0, %lockstep.resume ], [ %[[BUT]], %lockstep.last ]

; The kernel's `lane + 1` (a weight's index) before the inner loop, which
; GVN made the lane loop's step too: the pass moves that add into its first
; loop, so the counter gets an add of its own in the latch (without it, the
; counter's next value would be poison and the lane loop endless).
define internal void @step_before(ptr noalias %val, ptr noalias %w, ptr noalias %out, i64 %start, i64 %end) "lanes-work-group-of"="step_before" {
entry:
  br label %lanes

lanes:
  %lane = phi i64 [ 0, %entry ], [ %lane.plus, %join ]
  %lane.plus = add nuw nsw i64 %lane, 1
  %wp = getelementptr inbounds i32, ptr %w, i64 %lane.plus
  %weight = load i32, ptr %wp, !llvm.access.group !1
  %first = add nsw i64 %lane, %start
  %enter = icmp slt i64 %first, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %first, %pre ], [ %j.next, %sum ]
  %acc = phi i32 [ %weight, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, 16
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %lanes ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %lane
  store i32 %total, ptr %q, !llvm.access.group !1
  %again = icmp ult i64 %lane, 15
  br i1 %again, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @step_before(
; CHECK: lanes:
; CHECK-NEXT: %lane = phi i64 [ 0, %lockstep.last.pre ], [ %lane.next, %join ]
; CHECK: join:
; CHECK: %again = icmp ult i64 %lane, 15
; CHECK-NEXT: %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT: br i1 %again, label %lanes, label %exit

; A work-item loop without a counter PHI (what optimizations leave of
; unreachable code): no nest, and no crash.
define internal void @no_counter(i1 %c) "lanes-work-group-of"="no_counter" {
entry:
  br label %lanes

lanes:
  br label %spin

spin:
  br i1 %c, label %join, label %spin

join:
  br i1 %c, label %lanes, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @no_counter(
; CHECK-NOT: lockstep
; CHECK: ret void

; Every loop keeps the work-item loop's access group, mark and width.
; CHECK-DAG: ![[LOOP1]] = distinct !{![[LOOP1]], ![[PAR:[0-9]+]], ![[MARK:[0-9]+]], ![[WIDTH:[0-9]+]]}
; CHECK-DAG: ![[LOOP2]] = distinct !{![[LOOP2]], ![[PAR]], ![[MARK]], ![[WIDTH]]}
; CHECK-DAG: ![[PAR]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}
; CHECK-DAG: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 16}
