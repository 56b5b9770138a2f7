; lanes-forward-straddling-loads: a load of elements that stores in the
; same block wrote last becomes those stored values: a load across two
; stored vectors one shuffle of them (the stores come last first), a masked
; load the shuffle with its pass-through in the lanes it does not load, a
; load of scalars and vectors stored piecewise a chain of inserts and
; shuffles, a scalar load an extract. Left alone: a load after a store
; that may write the same memory, a call between, a store that covers part
; of an element, another element type, more than 8 stores, a load whose
; elements were not all stored in its block, a masked load of no element,
; and a function that is not a work-group function.
; RUN: lanes-opt -passes=lanes-forward-straddling-loads %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define <4 x i32> @straddle(
; CHECK-NOT: load
; CHECK: %[[S:.*]] = shufflevector <4 x i32> %v1, <4 x i32> %v0, <4 x i32> <i32 5, i32 6, i32 7, i32 0>
; CHECK-NEXT: ret <4 x i32> %[[S]]
define <4 x i32> @straddle(<4 x i32> %v0, <4 x i32> %v1, ptr %tile) "lanes-work-group-of"="k" {
  store <4 x i32> %v0, ptr %tile, align 4
  %p1 = getelementptr i8, ptr %tile, i64 16
  store <4 x i32> %v1, ptr %p1, align 4
  %p = getelementptr i8, ptr %tile, i64 4
  %a = load <4 x i32>, ptr %p, align 4
  ret <4 x i32> %a
}

; The first element below the tile is not loaded: one stored vector does.
; CHECK-LABEL: define <4 x float> @masked(
; CHECK-NOT: masked.load
; CHECK: %[[S:.*]] = shufflevector <4 x float> %v0, <4 x float> poison, <4 x i32> <i32 poison, i32 0, i32 1, i32 2>
; CHECK-NEXT: %[[R:.*]] = select <4 x i1> <i1 false, i1 true, i1 true, i1 true>, <4 x float> %[[S]], <4 x float> zeroinitializer
; CHECK-NEXT: ret <4 x float> %[[R]]
define <4 x float> @masked(<4 x float> %v0, ptr %tile) "lanes-work-group-of"="k" {
  store <4 x float> %v0, ptr %tile, align 4
  %p = getelementptr i8, ptr %tile, i64 -4
  %a = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %p, i32 4, <4 x i1> <i1 false, i1 true, i1 true, i1 true>, <4 x float> zeroinitializer)
  ret <4 x float> %a
}

; Element 0 a scalar, 1 and 2 a pair, 3 the first of a vector stored last.
; CHECK-LABEL: define <4 x i32> @pieces(
; CHECK-NOT: load
; CHECK: %[[V:.*]] = shufflevector <4 x i32> %v, <4 x i32> poison, <4 x i32> <i32 poison, i32 poison, i32 poison, i32 0>
; CHECK-NEXT: %[[P:.*]] = shufflevector <2 x i32> %pair, <2 x i32> poison, <4 x i32> <i32 poison, i32 0, i32 1, i32 poison>
; CHECK-NEXT: %[[VP:.*]] = shufflevector <4 x i32> %[[V]], <4 x i32> %[[P]], <4 x i32> <i32 0, i32 5, i32 6, i32 3>
; CHECK-NEXT: %[[X:.*]] = insertelement <4 x i32> poison, i32 %x, i64 0
; CHECK-NEXT: %[[R:.*]] = shufflevector <4 x i32> %[[VP]], <4 x i32> %[[X]], <4 x i32> <i32 4, i32 1, i32 2, i32 3>
; CHECK-NEXT: ret <4 x i32> %[[R]]
define <4 x i32> @pieces(i32 %x, <2 x i32> %pair, <4 x i32> %v, ptr %tile) "lanes-work-group-of"="k" {
  store i32 %x, ptr %tile, align 4
  %p1 = getelementptr i8, ptr %tile, i64 4
  store <2 x i32> %pair, ptr %p1, align 4
  %p3 = getelementptr i8, ptr %tile, i64 12
  store <4 x i32> %v, ptr %p3, align 4
  %a = load <4 x i32>, ptr %tile, align 4
  ret <4 x i32> %a
}

; CHECK-LABEL: define i32 @scalar(
; CHECK-NOT: load
; CHECK: %[[E:.*]] = extractelement <4 x i32> %v0, i64 2
; CHECK-NEXT: ret i32 %[[E]]
define i32 @scalar(<4 x i32> %v0, ptr %tile) "lanes-work-group-of"="k" {
  store <4 x i32> %v0, ptr %tile, align 4
  %p = getelementptr i8, ptr %tile, i64 8
  %a = load i32, ptr %p, align 4
  ret i32 %a
}

; CHECK-LABEL: define <4 x i32> @clobbered(
; CHECK: %a = load <4 x i32>, ptr %p
define <4 x i32> @clobbered(<4 x i32> %v0, <4 x i32> %v1, ptr %tile, ptr %other) "lanes-work-group-of"="k" {
  store <4 x i32> %v0, ptr %tile, align 4
  %p1 = getelementptr i8, ptr %tile, i64 16
  store <4 x i32> %v1, ptr %p1, align 4
  store i32 7, ptr %other, align 4
  %p = getelementptr i8, ptr %tile, i64 4
  %a = load <4 x i32>, ptr %p, align 4
  ret <4 x i32> %a
}

; CHECK-LABEL: define <4 x i32> @call(
; CHECK: %a = load <4 x i32>, ptr %tile
define <4 x i32> @call(<4 x i32> %v0, ptr %tile) "lanes-work-group-of"="k" {
  store <4 x i32> %v0, ptr %tile, align 4
  call void @opaque()
  %a = load <4 x i32>, ptr %tile, align 4
  ret <4 x i32> %a
}

; CHECK-LABEL: define <4 x i32> @part_of_element(
; CHECK: %a = load <4 x i32>, ptr %tile
define <4 x i32> @part_of_element(<4 x i32> %v0, <4 x i32> %v1, ptr %tile) "lanes-work-group-of"="k" {
  store <4 x i32> %v0, ptr %tile, align 4
  %p = getelementptr i8, ptr %tile, i64 14
  store <4 x i32> %v1, ptr %p, align 2
  %a = load <4 x i32>, ptr %tile, align 4
  ret <4 x i32> %a
}

; CHECK-LABEL: define <4 x i32> @other_type(
; CHECK: %a = load <4 x i32>, ptr %tile
define <4 x i32> @other_type(<4 x float> %v0, ptr %tile) "lanes-work-group-of"="k" {
  store <4 x float> %v0, ptr %tile, align 4
  %a = load <4 x i32>, ptr %tile, align 4
  ret <4 x i32> %a
}

; Nine scalars for nine lanes: the load stays.
; CHECK-LABEL: define <9 x i8> @many(
; CHECK: %a = load <9 x i8>, ptr %tile
define <9 x i8> @many(i8 %x, ptr %tile) "lanes-work-group-of"="k" {
  store i8 %x, ptr %tile, align 1
  %p1 = getelementptr i8, ptr %tile, i64 1
  store i8 %x, ptr %p1, align 1
  %p2 = getelementptr i8, ptr %tile, i64 2
  store i8 %x, ptr %p2, align 1
  %p3 = getelementptr i8, ptr %tile, i64 3
  store i8 %x, ptr %p3, align 1
  %p4 = getelementptr i8, ptr %tile, i64 4
  store i8 %x, ptr %p4, align 1
  %p5 = getelementptr i8, ptr %tile, i64 5
  store i8 %x, ptr %p5, align 1
  %p6 = getelementptr i8, ptr %tile, i64 6
  store i8 %x, ptr %p6, align 1
  %p7 = getelementptr i8, ptr %tile, i64 7
  store i8 %x, ptr %p7, align 1
  %p8 = getelementptr i8, ptr %tile, i64 8
  store i8 %x, ptr %p8, align 1
  %a = load <9 x i8>, ptr %tile, align 1
  ret <9 x i8> %a
}

; Element 3 was stored in another block.
; CHECK-LABEL: define <4 x i32> @other_block(
; CHECK: %a = load <4 x i32>, ptr %p
define <4 x i32> @other_block(<4 x i32> %v0, <4 x i32> %v1, ptr %tile) "lanes-work-group-of"="k" {
  %p1 = getelementptr i8, ptr %tile, i64 16
  store <4 x i32> %v1, ptr %p1, align 4
  br label %next

next:
  store <4 x i32> %v0, ptr %tile, align 4
  %p = getelementptr i8, ptr %tile, i64 4
  %a = load <4 x i32>, ptr %p, align 4
  ret <4 x i32> %a
}

; CHECK-LABEL: define <4 x float> @masked_none(
; CHECK: %a = call <4 x float> @llvm.masked.load
define <4 x float> @masked_none(<4 x float> %v0, ptr %tile) "lanes-work-group-of"="k" {
  store <4 x float> %v0, ptr %tile, align 4
  %a = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %tile, i32 4, <4 x i1> zeroinitializer, <4 x float> zeroinitializer)
  ret <4 x float> %a
}

; CHECK-LABEL: define <4 x i32> @not_work_group(
; CHECK: %a = load <4 x i32>, ptr %p
define <4 x i32> @not_work_group(<4 x i32> %v0, <4 x i32> %v1, ptr %tile) {
  store <4 x i32> %v0, ptr %tile, align 4
  %p1 = getelementptr i8, ptr %tile, i64 16
  store <4 x i32> %v1, ptr %p1, align 4
  %p = getelementptr i8, ptr %tile, i64 4
  %a = load <4 x i32>, ptr %p, align 4
  ret <4 x i32> %a
}

declare void @opaque()
declare <4 x float> @llvm.masked.load.v4f32.p0(ptr, i32, <4 x i1>, <4 x float>)
