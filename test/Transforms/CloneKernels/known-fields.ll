; The integer fields a launch stores as constants into its kernel object,
; right before asking for the work-group function, are folded into the
; function it gets: a load of the field, of the stored width, becomes the
; constant. Stores to another identified object (an alloca) in between do
; not matter. What is not known stays a load: a field stored a run-time
; value, one stored before something else that may write the object (a
; call, a store through an unknown pointer), a load of another width, and
; a field two launches of the same function store differently.
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S | FileCheck %s

declare ptr @__lanes_work_group_function(ptr, i64, i64, i64, ptr)
declare noalias ptr @_Znwm(i64)
declare void @opaque()

@sink = global [8 x i64] zeroinitializer

; Reads the fields at offsets 0, 8, 16 and 32 as i64, 24 as i32, and the low
; half of offset 0 as i32.
define void @tile(ptr %k) "lanes-kernel" {
  %p8 = getelementptr inbounds i8, ptr %k, i64 8
  %p16 = getelementptr inbounds i8, ptr %k, i64 16
  %p24 = getelementptr inbounds i8, ptr %k, i64 24
  %p32 = getelementptr inbounds i8, ptr %k, i64 32
  %f0 = load i64, ptr %k
  %f8 = load i64, ptr %p8
  %f16 = load i64, ptr %p16
  %f24 = load i32, ptr %p24
  %f32 = load i64, ptr %p32
  %low = load i32, ptr %k
  %w24 = zext i32 %f24 to i64
  %wlow = zext i32 %low to i64
  store i64 %f0, ptr @sink
  store i64 %f8, ptr getelementptr (i64, ptr @sink, i64 1)
  store i64 %f16, ptr getelementptr (i64, ptr @sink, i64 2)
  store i64 %w24, ptr getelementptr (i64, ptr @sink, i64 3)
  store i64 %f32, ptr getelementptr (i64, ptr @sink, i64 4)
  store i64 %wlow, ptr getelementptr (i64, ptr @sink, i64 5)
  ret void
}

; CHECK-LABEL: define internal void @tile.lanes.wg.16x16x1(
; CHECK-NEXT:    %p8 = getelementptr inbounds i8, ptr %kernel_object, i64 8
; CHECK:         %f8 = load i64, ptr %p8
; CHECK-NEXT:    %f32 = load i64, ptr %p32
; CHECK-NEXT:    %low = load i32, ptr %kernel_object
; CHECK-NEXT:    %w24 = zext i32 7 to i64
; CHECK:         store i64 16, ptr @sink
; CHECK-NEXT:    store i64 %f8, ptr getelementptr (i64, ptr @sink, i64 1)
; CHECK-NEXT:    store i64 1024, ptr getelementptr (i64, ptr @sink, i64 2)
; CHECK-NEXT:    store i64 %w24, ptr getelementptr (i64, ptr @sink, i64 3)
; CHECK-NEXT:    store i64 %f32, ptr getelementptr (i64, ptr @sink, i64 4)

; The generic function: its only launch stores 5 then 6 at offset 0, and a
; run-time value after a constant at offset 16.
; CHECK-LABEL: define internal void @tile.lanes.wg(
; CHECK:         %f16 = load i64, ptr %p16
; CHECK:         store i64 6, ptr @sink
; CHECK-NEXT:    store i64 %f8, ptr getelementptr (i64, ptr @sink, i64 1)
; CHECK-NEXT:    store i64 %f16, ptr getelementptr (i64, ptr @sink, i64 2)

; A launch that stores through an unknown pointer after the field.
define void @first(ptr %k) "lanes-kernel" {
  %f0 = load i64, ptr %k
  store i64 %f0, ptr @sink
  ret void
}

; CHECK-LABEL: define internal void @first.lanes.wg.8x1x1(
; CHECK-NEXT:    %f0 = load i64, ptr %kernel_object
; CHECK-NEXT:    store i64 %f0, ptr @sink

define void @launch(i64 %n, i64 %m, ptr %unknown) {
  %tmp = alloca ptr
  ; Two launches of local size 16x16 that agree on offsets 0, 16 and 24; the
  ; first stores offset 32 before a call that may write the object, then
  ; offset 8 as 2.
  %a = call ptr @_Znwm(i64 56)
  %ak = getelementptr inbounds i8, ptr %a, i64 16
  %a32 = getelementptr inbounds i8, ptr %a, i64 48
  store i64 99, ptr %a32
  call void @opaque()
  store i64 16, ptr %ak
  %a8 = getelementptr inbounds i8, ptr %a, i64 24
  store i64 2, ptr %a8
  %a16 = getelementptr inbounds i8, ptr %a, i64 32
  store i64 1024, ptr %a16
  %a24 = getelementptr inbounds i8, ptr %a, i64 40
  store i32 7, ptr %a24
  %wa = call ptr @__lanes_work_group_function(ptr @tile, i64 16, i64 16, i64 1, ptr %ak)

  ; The second agrees with the first but on offset 8, which it stores as 3.
  %b = call ptr @_Znwm(i64 40)
  store i64 16, ptr %b
  store ptr %b, ptr %tmp
  %b8 = getelementptr inbounds i8, ptr %b, i64 8
  store i64 3, ptr %b8
  %b16 = getelementptr inbounds i8, ptr %b, i64 16
  store i64 1024, ptr %b16
  %b24 = getelementptr inbounds i8, ptr %b, i64 24
  store i32 7, ptr %b24
  %b32 = getelementptr inbounds i8, ptr %b, i64 32
  store i64 99, ptr %b32
  %wb = call ptr @__lanes_work_group_function(ptr @tile, i64 16, i64 16, i64 1, ptr %b)

  ; A launch of run-time local size: the later store to a byte decides it.
  %c = call ptr @_Znwm(i64 40)
  store i64 5, ptr %c
  %c16 = getelementptr inbounds i8, ptr %c, i64 16
  store i64 1024, ptr %c16
  store i64 6, ptr %c
  store i64 %m, ptr %c16
  %wc = call ptr @__lanes_work_group_function(ptr @tile, i64 %n, i64 1, i64 1, ptr %c)

  %d = call ptr @_Znwm(i64 8)
  store i64 16, ptr %d
  store i64 0, ptr %unknown
  %wd = call ptr @__lanes_work_group_function(ptr @first, i64 8, i64 1, i64 1, ptr %d)
  ret void
}
