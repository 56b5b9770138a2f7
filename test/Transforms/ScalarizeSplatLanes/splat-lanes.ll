; Extracts of constant lanes of a splat combined with a constant vector
; (the lanes' indices `j + <0, 1, ...>` a gather built from scalar loads
; takes apart) become scalar operations on the splatted value, with the
; vector operator's flags; the vector and its splat go when nothing else
; uses them. Also with the constant first, a float operator, a splat whose
; mask leaves lanes undefined, and a vector that keeps another user (only
; the extracts change). Left alone: an extract with a variable lane, an
; extract past the last lane, a vector that is not a splat, and a function
; that is not a lowered work-group function. A PHI of such vectors from
; its predecessors is one of the splatted values' PHI (@joined).
; RUN: lanes-opt -passes=lanes-scalarize-splat-lanes,verify %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define float @row_lanes(
; CHECK-NEXT: %i1 = add nsw i64 %j, 1
; CHECK-NEXT: %p1 = getelementptr inbounds float, ptr %x, i64 %i1
; CHECK-NEXT: %i3 = add nsw i64 %j, 3
; CHECK-NEXT: %p3 = getelementptr inbounds float, ptr %x, i64 %i3
; CHECK-NOT: extractelement
; CHECK-NOT: shufflevector
; CHECK: ret float
define float @row_lanes(i64 %j, ptr %x) "lanes-work-group-of"="k" {
  %ins = insertelement <4 x i64> poison, i64 %j, i64 0
  %splat = shufflevector <4 x i64> %ins, <4 x i64> poison, <4 x i32> <i32 poison, i32 0, i32 0, i32 0>
  %idx = add nsw <4 x i64> %splat, <i64 poison, i64 1, i64 2, i64 3>
  %i1 = extractelement <4 x i64> %idx, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %i3 = extractelement <4 x i64> %idx, i64 3
  %p3 = getelementptr inbounds float, ptr %x, i64 %i3
  %a = load float, ptr %p1, align 4
  %b = load float, ptr %p3, align 4
  %s = fadd float %a, %b
  ret float %s
}

; CHECK-LABEL: define i32 @constant_first(
; CHECK: %e2 = sub i32 10, %s
; CHECK-NEXT: ret i32 %e2
define i32 @constant_first(i32 %s) "lanes-work-group-of"="k" {
  %ins = insertelement <4 x i32> poison, i32 %s, i64 0
  %splat = shufflevector <4 x i32> %ins, <4 x i32> poison, <4 x i32> zeroinitializer
  %v = sub <4 x i32> <i32 7, i32 8, i32 10, i32 9>, %splat
  %e2 = extractelement <4 x i32> %v, i64 2
  ret i32 %e2
}

; CHECK-LABEL: define float @float_lanes(
; CHECK: %e0 = fmul fast float %s, 5.000000e-01
; CHECK: %e1 = fmul fast float %s, 2.000000e+00
define float @float_lanes(float %s) "lanes-work-group-of"="k" {
  %ins = insertelement <2 x float> poison, float %s, i64 0
  %splat = shufflevector <2 x float> %ins, <2 x float> poison, <2 x i32> zeroinitializer
  %v = fmul fast <2 x float> %splat, <float 0.5, float 2.0>
  %e0 = extractelement <2 x float> %v, i64 0
  %e1 = extractelement <2 x float> %v, i64 1
  %r = fadd float %e0, %e1
  ret float %r
}

; CHECK-LABEL: define <4 x i64> @kept_vector(
; CHECK: %v = add <4 x i64> %splat, <i64 0, i64 1, i64 2, i64 3>
; CHECK-NEXT: %e1 = add i64 %s, 1
; CHECK-NEXT: store i64 %e1, ptr %p
; CHECK-NEXT: ret <4 x i64> %v
define <4 x i64> @kept_vector(i64 %s, ptr %p) "lanes-work-group-of"="k" {
  %ins = insertelement <4 x i64> poison, i64 %s, i64 0
  %splat = shufflevector <4 x i64> %ins, <4 x i64> poison, <4 x i32> zeroinitializer
  %v = add <4 x i64> %splat, <i64 0, i64 1, i64 2, i64 3>
  %e1 = extractelement <4 x i64> %v, i64 1
  store i64 %e1, ptr %p
  ret <4 x i64> %v
}

; CHECK-LABEL: define i64 @left_alone(
; CHECK: %e = extractelement <4 x i64> %v, i32 %k
; CHECK: %past = extractelement <4 x i64> %v, i64 4
; CHECK: %w = add <4 x i64> %any, <i64 0, i64 1, i64 2, i64 3>
; CHECK: %f = extractelement <4 x i64> %w, i64 1
define i64 @left_alone(i64 %s, i32 %k, <4 x i64> %any) "lanes-work-group-of"="k" {
  %ins = insertelement <4 x i64> poison, i64 %s, i64 0
  %splat = shufflevector <4 x i64> %ins, <4 x i64> poison, <4 x i32> zeroinitializer
  %v = add <4 x i64> %splat, <i64 0, i64 1, i64 2, i64 3>
  %e = extractelement <4 x i64> %v, i32 %k
  %past = extractelement <4 x i64> %v, i64 4
  %w = add <4 x i64> %any, <i64 0, i64 1, i64 2, i64 3>
  %f = extractelement <4 x i64> %w, i64 1
  %r1 = add i64 %e, %past
  %r = add i64 %r1, %f
  ret i64 %r
}

; CHECK-LABEL: define i64 @not_a_work_group_function(
; CHECK: %e1 = extractelement <4 x i64> %v, i64 1
define i64 @not_a_work_group_function(i64 %s) {
  %ins = insertelement <4 x i64> poison, i64 %s, i64 0
  %splat = shufflevector <4 x i64> %ins, <4 x i64> poison, <4 x i32> zeroinitializer
  %v = add <4 x i64> %splat, <i64 0, i64 1, i64 2, i64 3>
  %e1 = extractelement <4 x i64> %v, i64 1
  ret i64 %e1
}

; A PHI of `splat(s_i) + C` with the same C from each predecessor (GVN's
; PRE leaves the lanes' indices so where a block has two entries) is
; `splat(phi(s_i)) + C`: its extracted lanes are scalar too, with the
; flags both adds have, and the adds in the predecessors go.
; CHECK-LABEL: define i64 @joined(
; CHECK: join:
; CHECK-NEXT: %idx.splat = phi i64 [ %a, %left ], [ %b, %right ]
; CHECK-NEXT: %e1 = add nsw i64 %idx.splat, 1
; CHECK-NEXT: %e3 = add nsw i64 %idx.splat, 3
; CHECK-NOT: extractelement
; CHECK-NOT: <4 x i64>
; CHECK: ret i64
define i64 @joined(i1 %c, i64 %a, i64 %b) "lanes-work-group-of"="k" {
entry:
  br i1 %c, label %left, label %right

left:
  %ia = insertelement <4 x i64> poison, i64 %a, i64 0
  %sa = shufflevector <4 x i64> %ia, <4 x i64> poison, <4 x i32> zeroinitializer
  %va = add nuw nsw <4 x i64> %sa, <i64 0, i64 1, i64 2, i64 3>
  br label %join

right:
  %ib = insertelement <4 x i64> poison, i64 %b, i64 0
  %sb = shufflevector <4 x i64> %ib, <4 x i64> poison, <4 x i32> zeroinitializer
  %vb = add nsw <4 x i64> %sb, <i64 0, i64 1, i64 2, i64 3>
  br label %join

join:
  %idx = phi <4 x i64> [ %va, %left ], [ %vb, %right ]
  %e1 = extractelement <4 x i64> %idx, i64 1
  %e3 = extractelement <4 x i64> %idx, i64 3
  %r = add i64 %e1, %e3
  ret i64 %r
}

; Left alone: PHIs of different constants or operators, of a loop's
; vector, and of lanes nothing extracts.
; CHECK-LABEL: define i64 @not_joined(
; CHECK: %consts = phi <4 x i64> [ %va, %left ], [ %vb, %right ]
; CHECK: %ops = phi <4 x i64> [ %va, %left ], [ %vc, %right ]
; CHECK: %unread = phi <4 x i64> [ %va, %left ], [ %va, %right ]
; CHECK: %loop = phi <4 x i64> [ %va, %join ], [ %loop.next, %loop.body ]
define i64 @not_joined(i1 %c, i64 %a, i64 %b, ptr %p) "lanes-work-group-of"="k" {
entry:
  %ia = insertelement <4 x i64> poison, i64 %a, i64 0
  %sa = shufflevector <4 x i64> %ia, <4 x i64> poison, <4 x i32> zeroinitializer
  %va = add <4 x i64> %sa, <i64 0, i64 1, i64 2, i64 3>
  br i1 %c, label %left, label %right

left:
  br label %join

right:
  %ib = insertelement <4 x i64> poison, i64 %b, i64 0
  %sb = shufflevector <4 x i64> %ib, <4 x i64> poison, <4 x i32> zeroinitializer
  %vb = add <4 x i64> %sb, <i64 0, i64 2, i64 4, i64 6>
  %vc = sub <4 x i64> %sb, <i64 0, i64 1, i64 2, i64 3>
  br label %join

join:
  %consts = phi <4 x i64> [ %va, %left ], [ %vb, %right ]
  %ops = phi <4 x i64> [ %va, %left ], [ %vc, %right ]
  %unread = phi <4 x i64> [ %va, %left ], [ %va, %right ]
  store <4 x i64> %unread, ptr %p
  %e1 = extractelement <4 x i64> %consts, i64 1
  %e2 = extractelement <4 x i64> %ops, i64 2
  br label %loop.body

loop.body:
  %loop = phi <4 x i64> [ %va, %join ], [ %loop.next, %loop.body ]
  %loop.next = add <4 x i64> %loop, <i64 4, i64 4, i64 4, i64 4>
  %e3 = extractelement <4 x i64> %loop, i64 3
  %more = icmp ult i64 %e3, 100
  br i1 %more, label %loop.body, label %done

done:
  %r1 = add i64 %e1, %e2
  %r = add i64 %r1, %e3
  ret i64 %r
}
