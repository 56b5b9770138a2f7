; A work-item loop whose header only decides, by comparing the counter with
; an invariant limit, whether an item runs the body is trimmed to the items
; that do: the guard goes away, the counter runs over the admitted range
; clamped to the loop's own [start, max(bound, start + 1)), and the loop is
; skipped when that range is empty.
; RUN: lanes-opt -passes=lanes-trim-work-item-loops %s -S | FileCheck %s

define internal void @stage(ptr %tile, i64 %size, i64 %s) "lanes-work-group-of"="stage" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %active = icmp ult i64 %lid, %s
  br i1 %active, label %body, label %latch
body:
  %p = getelementptr i32, ptr %tile, i64 %lid
  %q = getelementptr i32, ptr %p, i64 %s
  %a = load i32, ptr %p
  %b = load i32, ptr %q
  %sum = add i32 %a, %b
  store i32 %sum, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; `lid < s`: items [0, min(end, s)).
; CHECK-LABEL: define internal void @stage(
; CHECK: pre:
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[HI:.*]] = call i64 @llvm.umin.i64(i64 %end, i64 %s)
; CHECK-NEXT: %trimmed.runs = icmp ult i64 0, %[[HI]]
; CHECK-NEXT: br i1 %trimmed.runs, label %trimmed.ph, label %exit
; CHECK: trimmed.ph:
; CHECK-NEXT: br label %header
; CHECK: header:
; CHECK-NEXT: %lid = phi i64 [ 0, %trimmed.ph ], [ %next, %latch ]
; CHECK-NEXT: br label %body
; CHECK: latch:
; CHECK: %more = icmp ult i64 %next, %[[HI]]

define internal void @leader(ptr %out, i64 %size, i32 %v) "lanes-work-group-of"="leader" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %body, label %latch
body:
  store i32 %v, ptr %out
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; `lid == 0`: the one item 0, if the loop reaches it.
; CHECK-LABEL: define internal void @leader(
; CHECK: %end = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[IN:.*]] = icmp ult i64 0, %end
; CHECK-NEXT: %[[AFTER:.*]] = select i1 %[[IN]], i64 1, i64 %end
; CHECK-NEXT: %trimmed.runs = icmp ult i64 0, %[[AFTER]]
; CHECK: %lid = phi i64 [ 0, %trimmed.ph ], [ %next, %latch ]
; CHECK-NEXT: br label %body
; CHECK: %more = icmp ult i64 %next, %[[AFTER]]

; `gid == k` with gid = base + lid, as in a range kernel's `if (it[0] ==
; k)`: the one item k - base; the subtraction wraps as the add does.
define internal void @global_one(ptr %out, i64 %size, i64 %base, i64 %k, i32 %v) "lanes-work-group-of"="global_one" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %gid = add i64 %lid, %base
  %hit = icmp eq i64 %gid, %k
  br i1 %hit, label %body, label %latch
body:
  store i32 %v, ptr %out
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @global_one(
; CHECK: pre:
; CHECK-NEXT: %limit = sub i64 %k, %base
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[IN:.*]] = icmp ult i64 %limit, %end
; CHECK-NEXT: %[[K1:.*]] = add i64 %limit, 1
; CHECK-NEXT: %[[AFTER:.*]] = select i1 %[[IN]], i64 %[[K1]], i64 %end
; CHECK-NEXT: %trimmed.runs = icmp ult i64 %limit, %[[AFTER]]
; CHECK: %lid = phi i64 [ %limit, %trimmed.ph ], [ %next, %latch ]
; CHECK-NEXT: br label %body
; CHECK: %more = icmp ult i64 %next, %[[AFTER]]

; `gid < n` with gid = base + lid that does not wrap (nuw): a global
; bounds check, items [0, min(end, n - base)), the difference saturating
; at 0 for the groups past n.
define internal void @bounded(ptr %out, i64 %size, i64 %base, i64 %n) "lanes-work-group-of"="bounded" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %gid = add nuw i64 %base, %lid
  %in = icmp ult i64 %gid, %n
  br i1 %in, label %body, label %latch
body:
  %p = getelementptr i32, ptr %out, i64 %gid
  store i32 1, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @bounded(
; CHECK: pre:
; CHECK-NEXT: %limit = call i64 @llvm.usub.sat.i64(i64 %n, i64 %base)
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[HI:.*]] = call i64 @llvm.umin.i64(i64 %end, i64 %limit)
; CHECK-NEXT: %trimmed.runs = icmp ult i64 0, %[[HI]]
; CHECK: %lid = phi i64 [ 0, %trimmed.ph ], [ %next, %latch ]
; CHECK-NEXT: %gid = add nuw i64 %base, %lid
; CHECK-NEXT: br label %body

; The same bounds check written `n > gid`, the limit first.
define internal void @reversed(ptr %out, i64 %size, i64 %base, i64 %n) "lanes-work-group-of"="reversed" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %gid = add nuw i64 %base, %lid
  %in = icmp ugt i64 %n, %gid
  br i1 %in, label %body, label %latch
body:
  %p = getelementptr i32, ptr %out, i64 %gid
  store i32 1, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @reversed(
; CHECK: pre:
; CHECK-NEXT: %limit = call i64 @llvm.usub.sat.i64(i64 %n, i64 %base)
; CHECK-NEXT: %end = call i64 @llvm.umax.i64(i64 %size, i64 1)
; CHECK-NEXT: %[[HI:.*]] = call i64 @llvm.umin.i64(i64 %end, i64 %limit)
; CHECK-NEXT: %trimmed.runs = icmp ult i64 0, %[[HI]]
; CHECK: %lid = phi i64 [ 0, %trimmed.ph ], [ %next, %latch ]
; CHECK-NEXT: %gid = add nuw i64 %base, %lid
; CHECK-NEXT: br label %body

define internal void @tail(ptr %out, i64 %size, i64 %k) "lanes-work-group-of"="tail" {
pre:
  br label %header
header:
  %lid = phi i64 [ 0, %pre ], [ %next, %latch ]
  %low = icmp ule i64 %lid, %k
  br i1 %low, label %latch, label %body
body:
  %p = getelementptr i64, ptr %out, i64 %lid
  store i64 %lid, ptr %p
  br label %latch
latch:
  %next = add nuw nsw i64 %lid, 1
  %more = icmp ult i64 %next, %size
  br i1 %more, label %header, label %exit
exit:
  %done = phi i64 [ %size, %latch ]
  store i64 %done, ptr %out
  ret void
}

; `!(lid <= k)` is `lid > k`: items [k + 1, end), k + 1 clamped to the
; end; the exit's PHI gets the same value on the new edge.
; CHECK-LABEL: define internal void @tail(
; CHECK: %[[IN:.*]] = icmp ult i64 %k, %end
; CHECK-NEXT: %[[K1:.*]] = add i64 %k, 1
; CHECK-NEXT: %[[AFTER:.*]] = select i1 %[[IN]], i64 %[[K1]], i64 %end
; CHECK-NEXT: %trimmed.runs = icmp ult i64 %[[AFTER]], %end
; CHECK: %lid = phi i64 [ %[[AFTER]], %trimmed.ph ], [ %next, %latch ]
; CHECK: %more = icmp ult i64 %next, %end
; CHECK: exit:
; CHECK-NEXT: %done = phi i64 [ %size, %latch ], [ %size, %pre ]

; Not trimmed: the skipping path does something (a store in the header,
; a store in the latch), a second value is carried around the loop, and
; a varying limit. (The first is split instead, see split-guards.ll: its
; copy for the items below `s` comes last.)
define internal void @kept(ptr %out, ptr %lims, i64 %size, i64 %s) "lanes-work-group-of"="kept" {
pre:
  br label %h1
h1:
  %i1 = phi i64 [ 0, %pre ], [ %n1, %l1 ]
  store i64 %i1, ptr %out
  %c1 = icmp ult i64 %i1, %s
  br i1 %c1, label %b1, label %l1
b1:
  store i64 0, ptr %out
  br label %l1
l1:
  %n1 = add nuw nsw i64 %i1, 1
  %m1 = icmp ult i64 %n1, %size
  br i1 %m1, label %h1, label %pre2
pre2:
  br label %h2
h2:
  %i2 = phi i64 [ 0, %pre2 ], [ %n2, %l2 ]
  %acc = phi i64 [ 0, %pre2 ], [ %acc.next, %l2 ]
  %c2 = icmp ult i64 %i2, %s
  br i1 %c2, label %b2, label %l2
b2:
  br label %l2
l2:
  %acc.next = phi i64 [ %acc, %h2 ], [ %i2, %b2 ]
  %n2 = add nuw nsw i64 %i2, 1
  %m2 = icmp ult i64 %n2, %size
  br i1 %m2, label %h2, label %pre3
pre3:
  store i64 %acc.next, ptr %out
  br label %h3
h3:
  %i3 = phi i64 [ 0, %pre3 ], [ %n3, %l3 ]
  %lp = getelementptr i64, ptr %lims, i64 %i3
  %lim = load i64, ptr %lp
  %c3 = icmp ult i64 %i3, %lim
  br i1 %c3, label %b3, label %l3
b3:
  store i64 1, ptr %out
  br label %l3
l3:
  %n3 = add nuw nsw i64 %i3, 1
  %m3 = icmp ult i64 %n3, %size
  br i1 %m3, label %h3, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @kept(
; CHECK-NOT: trimmed.runs
; CHECK: h1:
; CHECK: br i1 false, label %b1, label %l1
; CHECK: %c2 = icmp ult i64 %i2, %s
; CHECK: %c3 = icmp ult i64 %i3, %lim
; CHECK-NOT: trimmed.runs
; CHECK: h1.first:
; CHECK: br i1 true, label %b1.first, label %l1.first
