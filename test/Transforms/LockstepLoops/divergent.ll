; Loops whose trip counts differ by any amount from one work-item to the
; next run in lockstep too, in chunks of one vector's items (8 with AVX2):
; then no item waits for more than the slowest of its chunk, and every
; item loop has one vector of items, forced, since the cost model would
; not always take so few.
; RUN: lanes-opt -passes=lanes-lockstep-loops %s -S | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

; Each item sums every other element of its own range [begin, end): 32
; items, in 4 chunks of 8.
define internal void @ranges(ptr noalias %val, ptr noalias %begins, ptr noalias %ends, ptr noalias %out) #0 {
entry:
  br label %items

items:
  %item = phi i64 [ 0, %entry ], [ %item.next, %join ]
  %bp = getelementptr inbounds i64, ptr %begins, i64 %item
  %begin = load i64, ptr %bp, !llvm.access.group !1
  %ep = getelementptr inbounds i64, ptr %ends, i64 %item
  %end = load i64, ptr %ep, !llvm.access.group !1
  %enter = icmp slt i64 %begin, %end
  br i1 %enter, label %pre, label %join

pre:
  br label %sum

sum:
  %j = phi i64 [ %begin, %pre ], [ %j.next, %sum ]
  %acc = phi float [ 0.0, %pre ], [ %acc.next, %sum ]
  %p = getelementptr inbounds float, ptr %val, i64 %j
  %x = load float, ptr %p, !llvm.access.group !1
  %acc.next = fadd float %acc, %x
  %j.next = add nsw i64 %j, 2
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi float [ 0.0, %items ], [ %acc.next, %sum ]
  %q = getelementptr inbounds float, ptr %out, i64 %item
  store float %total, ptr %q, !llvm.access.group !1
  %item.next = add nuw nsw i64 %item, 1
  %again = icmp ult i64 %item, 31
  br i1 %again, label %items, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @ranges(
; The arrays hold one chunk's items.
; CHECK: %acc.items = alloca [8 x float], align 64
; CHECK: chunk:
; CHECK-NEXT: %[[CHUNK:.*]] = phi i64 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
; CHECK-NEXT: %chunk.first = mul nuw nsw i64 %[[CHUNK]], 8
; CHECK-NEXT: br label %lockstep.first
; CHECK: br i1 %{{.*}}, label %lockstep.first, label %lockstep.first.done, !llvm.loop ![[LOOP1:[0-9]+]]
; A trip every item made: each item's own test votes (no count decides).
; No value steps, so the trips are not counted.
; CHECK: lockstep.every:
; CHECK-NEXT: br label %lockstep.all
; CHECK: lockstep.all.latch:
; CHECK: %all.next{{.*}} = and i1 %{{.*}}, %more.all
; CHECK: br i1 %{{.*}}, label %lockstep.all, label %lockstep.every.latch, !llvm.loop ![[LOOP2:[0-9]+]]
; The item's id in the group is the chunk's first plus its own.
; CHECK: lockstep.last:
; CHECK-NEXT: %[[ID:.*]] = add nuw nsw i64 %chunk.first, %item
; CHECK: join:
; CHECK: %q = getelementptr inbounds float, ptr %out, i64 %[[ID]]
; CHECK: br i1 %{{.*}}, label %items, label %chunk.latch, !llvm.loop ![[LOOP3:[0-9]+]]
; CHECK: chunk.latch:
; CHECK-NEXT: %chunk.next = add nuw nsw i64 %[[CHUNK]], 1
; CHECK-NEXT: %[[MORE:.*]] = icmp ult i64 %chunk.next, 4
; CHECK-NEXT: br i1 %[[MORE]], label %chunk, label %exit
; CHECK: items.body.first:
; CHECK-NEXT: %[[FIRST_ID:.*]] = add nuw nsw i64 %chunk.first, %lockstep.first.item
; CHECK-NEXT: %bp.first = getelementptr inbounds i64, ptr %begins, i64 %[[FIRST_ID]]

; An escape-time loop, `while (t < 40 && z < limit)`, rotated: it leaves
; from its header and from its latch. The latch's block can run whatever
; the header decided, so the loop becomes one block that leaves where
; either test would have, with the trips the first exit reports. 8 items:
; one chunk.
define internal void @escape(ptr noalias %seeds, ptr noalias %out) #0 {
entry:
  br label %items

items:
  %item = phi i64 [ 0, %entry ], [ %item.next, %done ]
  %sp = getelementptr inbounds i32, ptr %seeds, i64 %item
  %seed = load i32, ptr %sp, !llvm.access.group !1
  br label %head

head:
  %z = phi i32 [ %seed, %items ], [ %z.next, %step ]
  %t = phi i32 [ 0, %items ], [ %t.next, %step ]
  %inside = icmp ult i32 %z, 1073741824
  br i1 %inside, label %step, label %done

step:
  %z3 = mul i32 %z, 3
  %z.next = add i32 %z3, 1
  %t.next = add nuw nsw i32 %t, 1
  %full = icmp eq i32 %t.next, 40
  br i1 %full, label %done, label %head

done:
  %trips = phi i32 [ %t, %head ], [ 40, %step ]
  %q = getelementptr inbounds i32, ptr %out, i64 %item
  store i32 %trips, ptr %q, !llvm.access.group !1
  %item.next = add nuw nsw i64 %item, 1
  %again = icmp ult i64 %item, 7
  br i1 %again, label %items, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @escape(
; CHECK-NOT: chunk
; CHECK: head.all:
; CHECK-NEXT: %inside.all = icmp ult i32 %[[Z:.*]], 1073741824
; CHECK-NEXT: %inside.not.all = xor i1 %inside.all, true
; CHECK-NEXT: %z3.all = mul i32 %[[Z]], 3
; CHECK-NEXT: %z.next.all = add i32 %z3.all, 1
; CHECK-NEXT: %t.next.all = add nuw nsw i32 %[[T:.*]], 1
; CHECK-NEXT: %full.all = icmp eq i32 %t.next.all, 40
; CHECK-NEXT: %leaves.all = select i1 %inside.not.all, i1 true, i1 %full.all
; CHECK-NEXT: %trips.first.all = select i1 %inside.not.all, i32 %[[T]], i32 40
; CHECK-NEXT: %[[STAYS:.*]] = xor i1 %leaves.all, true
; CHECK-NEXT: br label %lockstep.all.latch

; CSR-vector rows without sub-groups: row = (base + item) >> 3 and lane =
; item & 7 for 8 items a row, base a multiple of 32. In a chunk of 8 the
; row is the chunk's and the lane the item's own, so the row's bounds are
; invariant and its loop is interleaved: it runs as the lanes of a
; sub-group would, its index contiguous.
define internal void @rows(ptr noalias %val, ptr noalias %rowptr, ptr noalias %out, i64 %group) #0 {
entry:
  %base = shl i64 %group, 5
  br label %items

items:
  %item = phi i64 [ 0, %entry ], [ %item.next, %join ]
  %gid = add i64 %base, %item
  %row = lshr i64 %gid, 3
  %lane = and i64 %item, 7
  %rp = getelementptr inbounds i64, ptr %rowptr, i64 %row
  %start = load i64, ptr %rp, !llvm.access.group !1
  %rp1 = getelementptr inbounds i64, ptr %rp, i64 1
  %end = load i64, ptr %rp1, !llvm.access.group !1
  %first = add nsw i64 %start, %lane
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
  %j.next = add nsw i64 %j, 8
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi float [ 0.0, %items ], [ %acc.next, %sum ]
  %q = getelementptr inbounds float, ptr %out, i64 %gid
  store float %total, ptr %q, !llvm.access.group !1
  %item.next = add nuw nsw i64 %item, 1
  %again = icmp ult i64 %item, 31
  br i1 %again, label %items, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @rows(
; CHECK: chunk:
; CHECK: %chunk.first = mul nuw nsw i64 %{{.*}}, 8
; CHECK-NEXT: %gid.chunk = add i64 %chunk.first, %base
; CHECK-NEXT: %row.chunk = lshr i64 %gid.chunk, 3
; CHECK-NEXT: %rp = getelementptr inbounds i64, ptr %rowptr, i64 %row.chunk
; CHECK-NEXT: %start = load i64
; CHECK: %end = load i64
; CHECK: lockstep.first.done:
; CHECK-NEXT: %[[LEAD0:.*]] = add i64 %start, 0
; CHECK: lockstep.every:
; CHECK-NEXT: %j.lead = phi i64 [ %[[LEAD0]], %lockstep.first.done ], [ %j.lead.next, %lockstep.every.latch ]
; CHECK: %below = trunc i64 %{{.*}} to i32
; CHECK: lockstep.all:
; CHECK: %[[FIRST:.*]] = add nsw i64 %start, %lockstep.all.item
; CHECK: %[[FROM0:.*]] = sub i64 %[[FIRST]], %[[LEAD0]]
; CHECK-NEXT: %{{.*}} = add i64 %j.lead, %[[FROM0]]

; Each item reads its range element by element: the vectorizer takes that
; loop as it is, contiguous, where in lockstep it would gather.
define internal void @contiguous(ptr noalias %val, ptr noalias %begins, ptr noalias %out, i64 %n) #0 {
entry:
  br label %items

items:
  %item = phi i64 [ 0, %entry ], [ %item.next, %join ]
  %bp = getelementptr inbounds i64, ptr %begins, i64 %item
  %begin = load i64, ptr %bp, !llvm.access.group !1
  %end = add nsw i64 %begin, %n
  %enter = icmp sgt i64 %n, 0
  br i1 %enter, label %sum, label %join

sum:
  %j = phi i64 [ %begin, %items ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %items ], [ %acc.next, %sum ]
  %p = getelementptr inbounds i32, ptr %val, i64 %j
  %x = load i32, ptr %p, !llvm.access.group !1
  %acc.next = add i32 %acc, %x
  %j.next = add nsw i64 %j, 1
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i32 [ 0, %items ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %out, i64 %item
  store i32 %total, ptr %q, !llvm.access.group !1
  %item.next = add nuw nsw i64 %item, 1
  %again = icmp ult i64 %item, 31
  br i1 %again, label %items, label %exit, !llvm.loop !2

exit:
  ret void
}

; A call the vectorizer cannot widen: lockstep would cost and win nothing.
declare float @opaque(float)

define internal void @calls(ptr noalias %ends, ptr noalias %out) #0 {
entry:
  br label %items

items:
  %item = phi i64 [ 0, %entry ], [ %item.next, %join ]
  %ep = getelementptr inbounds i64, ptr %ends, i64 %item
  %end = load i64, ptr %ep, !llvm.access.group !1
  %enter = icmp sgt i64 %end, 0
  br i1 %enter, label %sum, label %join

sum:
  %j = phi i64 [ 0, %items ], [ %j.next, %sum ]
  %acc = phi float [ 0.0, %items ], [ %acc.next, %sum ]
  %acc.next = call float @opaque(float %acc)
  %j.next = add nsw i64 %j, 1
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi float [ 0.0, %items ], [ %acc.next, %sum ]
  %q = getelementptr inbounds float, ptr %out, i64 %item
  store float %total, ptr %q, !llvm.access.group !1
  %item.next = add nuw nsw i64 %item, 1
  %again = icmp ult i64 %item, 31
  br i1 %again, label %items, label %exit, !llvm.loop !2

exit:
  ret void
}

; 30 items: no chunk of four or more divides them, and a lockstep of all
; of them could make an item wait for 29 others' trips.
define internal void @uneven(ptr noalias %ends, ptr noalias %out) #0 {
entry:
  br label %items

items:
  %item = phi i64 [ 0, %entry ], [ %item.next, %join ]
  %ep = getelementptr inbounds i64, ptr %ends, i64 %item
  %end = load i64, ptr %ep, !llvm.access.group !1
  %enter = icmp sgt i64 %end, 0
  br i1 %enter, label %sum, label %join

sum:
  %j = phi i64 [ 0, %items ], [ %j.next, %sum ]
  %j.next = add nsw i64 %j, 1
  %more = icmp slt i64 %j.next, %end
  br i1 %more, label %sum, label %join

join:
  %total = phi i64 [ 0, %items ], [ %j.next, %sum ]
  %q = getelementptr inbounds i64, ptr %out, i64 %item
  store i64 %total, ptr %q, !llvm.access.group !1
  %item.next = add nuw nsw i64 %item, 1
  %again = icmp ult i64 %item, 29
  br i1 %again, label %items, label %exit, !llvm.loop !2

exit:
  ret void
}

; CHECK-LABEL: define internal void @contiguous(
; CHECK-NOT: lockstep
; CHECK-NOT: chunk
; CHECK: ret void

; CHECK-LABEL: define internal void @calls(
; CHECK-NOT: lockstep
; CHECK-NOT: chunk
; CHECK: ret void

; CHECK-LABEL: define internal void @uneven(
; CHECK-NOT: lockstep
; CHECK-NOT: chunk
; CHECK: ret void

attributes #0 = { "lanes-work-group-of"="k" "target-features"="+avx2" }

!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"lanes.work_item_loop", !1}

; The item loops, the one resuming the items too, take a vector's items
; and one interleaved copy.
; CHECK-DAG: ![[LOOP1]] = distinct !{![[LOOP1]], ![[PAR:[0-9]+]], ![[MARK:[0-9]+]], ![[WIDTH:[0-9]+]], ![[ONE:[0-9]+]]}
; CHECK-DAG: ![[LOOP2]] = distinct !{![[LOOP2]], ![[PAR]], ![[MARK]], ![[WIDTH]], ![[ONE]]}
; CHECK-DAG: ![[LOOP3]] = distinct !{![[LOOP3]], ![[PAR]], ![[MARK]], ![[WIDTH]], ![[ONE]]}
; CHECK-DAG: ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 8}
; CHECK-DAG: ![[ONE]] = !{!"llvm.loop.interleave.count", i32 1}
