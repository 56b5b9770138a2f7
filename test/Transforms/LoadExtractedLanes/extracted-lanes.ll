; A loaded vector of indices whose sign extension is used only by extracts
; of constant lanes (the vectorizer's gather built from scalar loads) has
; each lane loaded on its own, extended, at its offset: the vector load,
; the extension and the extracts go. Also a plain vector of floats, and a
; zero extension. Left alone: a vector also used whole, an extract with a
; variable lane, an extract past the last lane (poison, not a load), a
; store between the load and an extract, an extract in another block, a
; volatile load, and a function that is not a lowered work-group function.
; RUN: lanes-opt -passes=lanes-load-extracted-lanes %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define <4 x float> @gather(
; CHECK-NOT: load <4 x i32>
; CHECK: %[[A0:.*]] = getelementptr inbounds i32, ptr %col, i64 0
; CHECK-NEXT: %[[L0:.*]] = load i32, ptr %[[A0]], align 16, !tbaa ![[TBAA:[0-9]+]]
; CHECK-NEXT: %i0 = sext i32 %[[L0]] to i64
; CHECK: %[[A1:.*]] = getelementptr inbounds i32, ptr %col, i64 1
; CHECK-NEXT: %[[L1:.*]] = load i32, ptr %[[A1]], align 4, !tbaa ![[TBAA]]
; CHECK-NEXT: %i1 = sext i32 %[[L1]] to i64
; CHECK: %[[A2:.*]] = getelementptr inbounds i32, ptr %col, i64 2
; CHECK-NEXT: load i32, ptr %[[A2]], align 8
; CHECK: %[[A3:.*]] = getelementptr inbounds i32, ptr %col, i64 3
; CHECK-NEXT: load i32, ptr %[[A3]], align 4
; CHECK-NOT: extractelement
; CHECK: ret <4 x float>
define <4 x float> @gather(ptr %col, ptr %x) "lanes-work-group-of"="k" {
  %v = load <4 x i32>, ptr %col, align 16, !tbaa !0
  %s = sext <4 x i32> %v to <4 x i64>
  %i0 = extractelement <4 x i64> %s, i64 0
  %p0 = getelementptr inbounds float, ptr %x, i64 %i0
  %i1 = extractelement <4 x i64> %s, i64 1
  %p1 = getelementptr inbounds float, ptr %x, i64 %i1
  %i2 = extractelement <4 x i64> %s, i64 2
  %p2 = getelementptr inbounds float, ptr %x, i64 %i2
  %i3 = extractelement <4 x i64> %s, i64 3
  %p3 = getelementptr inbounds float, ptr %x, i64 %i3
  %x0 = load float, ptr %p0, align 4
  %x1 = load float, ptr %p1, align 4
  %x2 = load float, ptr %p2, align 4
  %x3 = load float, ptr %p3, align 4
  %g0 = insertelement <4 x float> poison, float %x0, i64 0
  %g1 = insertelement <4 x float> %g0, float %x1, i64 1
  %g2 = insertelement <4 x float> %g1, float %x2, i64 2
  %g3 = insertelement <4 x float> %g2, float %x3, i64 3
  ret <4 x float> %g3
}

; CHECK-LABEL: define float @floats(
; CHECK: %[[A:.*]] = getelementptr inbounds float, ptr %p, i64 2
; CHECK-NEXT: %a = load float, ptr %[[A]], align 4
; CHECK: %[[B:.*]] = getelementptr inbounds float, ptr %p, i64 5
; CHECK-NEXT: %b = load float, ptr %[[B]], align 4
define float @floats(ptr %p) "lanes-work-group-of"="k" {
  %v = load <8 x float>, ptr %p, align 4
  %a = extractelement <8 x float> %v, i64 2
  %b = extractelement <8 x float> %v, i64 5
  %s = fadd float %a, %b
  ret float %s
}

; CHECK-LABEL: define i64 @zext(
; CHECK: %[[A:.*]] = getelementptr inbounds i16, ptr %p, i64 1
; CHECK-NEXT: %[[L:.*]] = load i16, ptr %[[A]], align 2
; CHECK-NEXT: %a = zext i16 %[[L]] to i64
define i64 @zext(ptr %p) "lanes-work-group-of"="k" {
  %v = load <4 x i16>, ptr %p, align 8
  %z = zext <4 x i16> %v to <4 x i64>
  %a = extractelement <4 x i64> %z, i64 1
  ret i64 %a
}

; CHECK-LABEL: define <4 x i32> @used_whole(
; CHECK: load <4 x i32>
define <4 x i32> @used_whole(ptr %p, ptr %q) "lanes-work-group-of"="k" {
  %v = load <4 x i32>, ptr %p, align 4
  %a = extractelement <4 x i32> %v, i64 1
  store i32 %a, ptr %q
  ret <4 x i32> %v
}

; CHECK-LABEL: define i32 @variable_lane(
; CHECK: load <4 x i32>
define i32 @variable_lane(ptr %p, i64 %k) "lanes-work-group-of"="k" {
  %v = load <4 x i32>, ptr %p, align 4
  %a = extractelement <4 x i32> %v, i64 %k
  ret i32 %a
}

; CHECK-LABEL: define i32 @past_the_end(
; CHECK: load <4 x i32>
define i32 @past_the_end(ptr %p) "lanes-work-group-of"="k" {
  %v = load <4 x i32>, ptr %p, align 4
  %a = extractelement <4 x i32> %v, i64 4
  ret i32 %a
}

; CHECK-LABEL: define i64 @store_between(
; CHECK: load <4 x i32>
define i64 @store_between(ptr %p) "lanes-work-group-of"="k" {
  %v = load <4 x i32>, ptr %p, align 4
  %s = sext <4 x i32> %v to <4 x i64>
  store i32 0, ptr %p
  %a = extractelement <4 x i64> %s, i64 0
  ret i64 %a
}

; CHECK-LABEL: define i32 @other_block(
; CHECK: load <4 x i32>
define i32 @other_block(ptr %p) "lanes-work-group-of"="k" {
  %v = load <4 x i32>, ptr %p, align 4
  br label %next
next:
  %a = extractelement <4 x i32> %v, i64 0
  ret i32 %a
}

; CHECK-LABEL: define i32 @volatile(
; CHECK: load volatile <4 x i32>
define i32 @volatile(ptr %p) "lanes-work-group-of"="k" {
  %v = load volatile <4 x i32>, ptr %p, align 4
  %a = extractelement <4 x i32> %v, i64 0
  ret i32 %a
}

; CHECK-LABEL: define i32 @not_a_work_group_function(
; CHECK: load <4 x i32>
define i32 @not_a_work_group_function(ptr %p) {
  %v = load <4 x i32>, ptr %p, align 4
  %a = extractelement <4 x i32> %v, i64 0
  ret i32 %a
}

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
