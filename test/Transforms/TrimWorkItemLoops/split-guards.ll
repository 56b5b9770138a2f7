; A work-item loop with a branch on `counter < limit` (or <=, >, >=) whose
; two sides both do work is split where the comparison changes: a copy of
; the loop runs the counter values below that point with the comparison's
; value there, the loop itself runs the rest with the other value, and
; either part is skipped when empty. `==` and `!=` change twice, at the
; limit and after it: two copies and the loop. They may compare a global
; id, `base + counter`, whose limit is then `limit - base`. The iterations
; keep their order. A loop that carries a value, or whose values are used
; after it, is left, and so is a loop that runs as one vector anyway. A
; loop trimmed to a guard around its body is split after the trim.
; RUN: lanes-opt -passes=lanes-trim-work-item-loops %s -S | FileCheck %s

; A scan step: every item loads its element, items from `d` on add the one
; `d` places to their left.
define internal void @step(ptr %src, ptr %dst, i64 %size, i64 %d) "lanes-work-group-of"="step" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %p = getelementptr i32, ptr %src, i64 %lid
  %own = load i32, ptr %p
  %far = icmp uge i64 %lid, %d
  br i1 %far, label %add, label %join
add:
  %q = getelementptr i32, ptr %p, i64 -1
  %left = load i32, ptr %q
  %sum = add i32 %own, %left
  br label %join
join:
  %v = phi i32 [ %sum, %add ], [ %own, %header ]
  %o = getelementptr i32, ptr %dst, i64 %lid
  store i32 %v, ptr %o
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @step(
; CHECK: pre:
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[LOW:.*]] = call i64 @llvm.umax.i64(i64 0, i64 %d)
; CHECK-NEXT: %split.at = call i64 @llvm.umin.i64(i64 %end, i64 %[[LOW]])
; CHECK-NEXT: %[[FIRST:.*]] = icmp ult i64 0, %split.at
; CHECK-NEXT: br i1 %[[FIRST]], label %header.first, label %split.second
; CHECK: split.second:
; CHECK-NEXT: %[[REST:.*]] = icmp ult i64 %split.at, %end
; CHECK-NEXT: br i1 %[[REST]], label %header, label %exit
; CHECK: header:
; CHECK-NEXT: %lid = phi i64 [ %split.at, %split.second ], [ %next, %latch ]
; CHECK: br i1 true, label %add, label %join
; CHECK: latch:
; CHECK: %more = icmp ult i64 %next, %size
; CHECK-NEXT: br i1 %more, label %header, label %exit
; CHECK: header.first:
; CHECK-NEXT: %lid.first = phi i64 [ 0, %pre ], [ %next.first, %latch.first ]
; CHECK: br i1 false, label %add.first, label %join.first
; CHECK: latch.first:
; CHECK: %more.first = icmp ult i64 %next.first, %split.at
; CHECK-NEXT: br i1 %more.first, label %header.first, label %split.second

; `lid <= m` in a loop from 4: the first part holds the comparison, up to
; m + 1 clamped to the end.
define internal void @low(ptr %out, i64 %size, i64 %m) "lanes-work-group-of"="low" {
pre:
  br label %header
header:
  %lid = phi i64 [ 4, %pre ], [ %next, %latch ]
  %o = getelementptr i32, ptr %out, i64 %lid
  %near = icmp ule i64 %lid, %m
  %v = select i1 %near, i32 1, i32 2
  br i1 %near, label %one, label %two
one:
  store i32 %v, ptr %o
  br label %latch
two:
  store i32 0, ptr %o
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @low(
; CHECK: pre:
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 %size, i64 5)
; CHECK-NEXT: %[[IN:.*]] = icmp ult i64 %m, %end
; CHECK-NEXT: %[[AFTER:.*]] = add i64 %m, 1
; CHECK-NEXT: %[[POINT:.*]] = select i1 %[[IN]], i64 %[[AFTER]], i64 %end
; CHECK-NEXT: %[[LOW:.*]] = call i64 @llvm.umax.i64(i64 4, i64 %[[POINT]])
; CHECK-NEXT: %split.at = call i64 @llvm.umin.i64(i64 %end, i64 %[[LOW]])
; CHECK: header:
; CHECK: %v = select i1 false, i32 1, i32 2
; CHECK: header.first:
; CHECK: %v.first = select i1 true, i32 1, i32 2

; Gauss-Jordan elimination's update, all but the pivot's column: `gid !=
; k` over the whole loop, with gid = base + lid. Three parts: below the
; pivot, the pivot (which skips the body), above it.
define internal void @pivot(ptr %row, i64 %size, i64 %base, i64 %k) "lanes-work-group-of"="pivot" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %gid = add i64 %base, %lid
  %on = icmp eq i64 %gid, %k
  br i1 %on, label %latch, label %update
update:
  %p = getelementptr float, ptr %row, i64 %gid
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @pivot(
; CHECK: pre:
; CHECK-NEXT: %limit = sub i64 %k, %base
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[LOW:.*]] = call i64 @llvm.umax.i64(i64 0, i64 %limit)
; CHECK-NEXT: %[[AT:split.at.*]] = call i64 @llvm.umin.i64(i64 %end, i64 %[[LOW]])
; CHECK-NEXT: %[[IN:.*]] = icmp ult i64 %limit, %end
; CHECK-NEXT: %[[K1:.*]] = add i64 %limit, 1
; CHECK-NEXT: %[[AFTER:.*]] = select i1 %[[IN]], i64 %[[K1]], i64 %end
; CHECK-NEXT: %[[LOW2:.*]] = call i64 @llvm.umax.i64(i64 0, i64 %[[AFTER]])
; CHECK-NEXT: %[[AT2:split.at.*]] = call i64 @llvm.umin.i64(i64 %end, i64 %[[LOW2]])
; CHECK-NEXT: %[[FIRST:.*]] = icmp ult i64 0, %[[AT]]
; CHECK-NEXT: br i1 %[[FIRST]], label %header.first, label %split.second
; CHECK: split.second:
; CHECK-NEXT: %[[MID:.*]] = icmp ult i64 %[[AT]], %[[AT2]]
; CHECK-NEXT: br i1 %[[MID]], label %header.second, label %split.third
; CHECK: split.third:
; CHECK-NEXT: %[[REST:.*]] = icmp ult i64 %[[AT2]], %end
; CHECK-NEXT: br i1 %[[REST]], label %header, label %exit
; CHECK: header:
; CHECK-NEXT: %lid = phi i64 [ %[[AT2]], %split.third ], [ %next, %latch ]
; CHECK: br i1 false, label %latch, label %update
; CHECK: header.first:
; CHECK-NEXT: %lid.first = phi i64 [ 0, %pre ], [ %next.first, %latch.first ]
; CHECK: br i1 false, label %latch.first, label %update.first
; CHECK: %more.first = icmp ult i64 %next.first, %[[AT]]
; CHECK-NEXT: br i1 %more.first, label %header.first, label %split.second
; CHECK: header.second:
; CHECK-NEXT: %lid.second = phi i64 [ %[[AT]], %split.second ], [ %next.second, %latch.second ]
; CHECK: br i1 true, label %latch.second, label %update.second
; CHECK: %more.second = icmp ult i64 %next.second, %[[AT2]]
; CHECK-NEXT: br i1 %more.second, label %header.second, label %split.third

; The pivot's update in a range kernel rounded up to whole groups: the
; bounds check `gid < n` around the whole body trims the loop to the items
; below `n - base`, and the trimmed loop, on a preheader of its own, is
; split at the pivot like the one above.
define internal void @bounded_pivot(ptr %row, i64 %size, i64 %base, i64 %n, i64 %k) "lanes-work-group-of"="bounded_pivot" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %gid = add nuw i64 %base, %lid
  %in = icmp ult i64 %gid, %n
  br i1 %in, label %body, label %latch
body:
  %on = icmp ne i64 %gid, %k
  br i1 %on, label %update, label %latch
update:
  %p = getelementptr float, ptr %row, i64 %gid
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @bounded_pivot(
; CHECK: pre:
; CHECK-NEXT: %[[BOUND:.*]] = call i64 @llvm.usub.sat.i64(i64 %n, i64 %base)
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[HI:.*]] = call i64 @llvm.umin.i64(i64 %end, i64 %[[BOUND]])
; CHECK-NEXT: %trimmed.runs = icmp ult i64 0, %[[HI]]
; CHECK-NEXT: br i1 %trimmed.runs, label %trimmed.ph, label %exit
; CHECK: trimmed.ph:
; CHECK-NEXT: %[[PIVOT:.*]] = sub i64 %k, %base
; CHECK-NEXT: %[[END:.*]] = call i64 @llvm.umax.i64(i64 %[[HI]], i64 1)
; CHECK: %[[AT:split.at.*]] = call i64 @llvm.umin.i64(i64 %[[END]],
; CHECK: %[[AT2:split.at.*]] = call i64 @llvm.umin.i64(i64 %[[END]],
; CHECK: br i1 %{{.*}}, label %header.first, label %split.second
; CHECK: split.third:
; CHECK-NEXT: %[[REST:.*]] = icmp ult i64 %[[AT2]], %[[END]]
; CHECK-NEXT: br i1 %[[REST]], label %header, label %exit
; CHECK: header:
; CHECK-NEXT: %lid = phi i64 [ %[[AT2]], %split.third ], [ %next, %latch ]
; CHECK-NEXT: %gid = add nuw i64 %base, %lid
; CHECK-NEXT: br label %body
; CHECK: body:
; CHECK-NEXT: br i1 true, label %update, label %latch
; CHECK: %more = icmp ult i64 %next, %[[HI]]
; CHECK: header.first:
; CHECK-NEXT: %lid.first = phi i64 [ 0, %trimmed.ph ], [ %next.first, %latch.first ]
; CHECK: br i1 true, label %update.first, label %latch.first
; CHECK: header.second:
; CHECK: br i1 false, label %update.second, label %latch.second

; `lid == s` where every item also stores: the one item `s` runs the
; guarded part too.
define internal void @equal(ptr %out, ptr %in, i64 %size, i64 %s) "lanes-work-group-of"="equal" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %v = load i64, ptr %in
  %at = icmp eq i64 %lid, %s
  br i1 %at, label %one, label %latch
one:
  store i64 3, ptr %out
  br label %latch
latch:
  %p = getelementptr i64, ptr %out, i64 %lid
  store i64 %v, ptr %p
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @equal(
; CHECK-NOT: %limit
; CHECK: header:
; CHECK: br i1 false, label %one, label %latch
; CHECK: header.first:
; CHECK: br i1 false, label %one.first, label %latch.first
; CHECK: header.second:
; CHECK: br i1 true, label %one.second, label %latch.second

; `base + lid < k`: the add may wrap, so the comparison of the sum need
; not hold on one range of counter values: left alone.
define internal void @wraps(ptr %out, i64 %size, i64 %base, i64 %k) "lanes-work-group-of"="wraps" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %gid = add i64 %base, %lid
  %o = getelementptr i32, ptr %out, i64 %lid
  %in = icmp ult i64 %gid, %k
  br i1 %in, label %one, label %two
one:
  store i32 1, ptr %o
  br label %latch
two:
  store i32 2, ptr %o
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @wraps(
; CHECK-NOT: split
; CHECK: ret void

; Carries a sum from item to item: left alone.
define internal void @carried(ptr %out, i64 %size, i64 %d) "lanes-work-group-of"="carried" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %latch ]
  %far = icmp uge i64 %lid, %d
  br i1 %far, label %add, label %latch
add:
  %o = getelementptr i32, ptr %out, i64 %lid
  store i32 %acc, ptr %o
  br label %latch
latch:
  %acc.next = add i32 %acc, 1
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @carried(
; CHECK-NOT: split
; CHECK: ret void

; A value of the loop is used after it: left alone.
define internal i32 @escapes(ptr %in, i64 %size, i64 %d) "lanes-work-group-of"="escapes" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %p = getelementptr i32, ptr %in, i64 %lid
  %x = load i32, ptr %p
  %far = icmp ult i64 %lid, %d
  br i1 %far, label %twice, label %latch
twice:
  store i32 %x, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  %last = phi i32 [ %x, %latch ]
  ret i32 %last
}

; CHECK-LABEL: define internal i32 @escapes(
; CHECK-NOT: split
; CHECK: ret i32

; A sub-group's lane loop: 16 trips at vectorization width 16, one vector
; anyway. Split at `lane < 2`, it would be two vectors, both masked: left.
define internal void @lanes(ptr %out) "lanes-work-group-of"="lanes" {
pre:
  br label %header
header:
  %lane = phi i64 [ 0, %pre ], [ %next, %latch ]
  %o = getelementptr i32, ptr %out, i64 %lane
  %halo = icmp ult i64 %lane, 2
  br i1 %halo, label %one, label %two
one:
  store i32 1, ptr %o
  br label %latch
two:
  store i32 2, ptr %o
  br label %latch
latch:
  %next = add nuw nsw i64 %lane, 1
  %more = icmp ult i64 %next, 16
  br i1 %more, label %header, label %exit, !llvm.loop !0
exit:
  ret void
}

; CHECK-LABEL: define internal void @lanes(
; CHECK-NOT: split
; CHECK: ret void

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.vectorize.width", i32 16}
