; A masked gather's off lanes get a defined index: the vector index of a
; one-base address is selected with the mask (before its extension, so that
; the back end still sees a 32-bit index), a vector of addresses is selected
; with null, and one loaded by a masked load under the gather's mask gets a
; zero pass-through instead. Left alone: gathers whose mask is all true, whose address is
; one pointer for all lanes, on a target without gathers (plain x86-64,
; where they become scalar loads), and in functions that are not lowered
; work-group functions.
; RUN: lanes-opt -passes=lanes-define-gather-indices %s -S | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

define internal void @wg(ptr %base, <32 x i32> %idx, ptr %table, <32 x i1> %m, <32 x i1> %other, ptr %out) #0 {
entry:
  %wide = zext nneg <32 x i32> %idx to <32 x i64>
  %addr = getelementptr inbounds float, ptr %base, <32 x i64> %wide
  br label %body
body:
  %a = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %addr, i32 4, <32 x i1> %m, <32 x float> poison)
  %ptrs = call <32 x ptr> @llvm.masked.load.v32p0.p0(ptr %table, i32 8, <32 x i1> %m, <32 x ptr> poison)
  %b = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %ptrs, i32 4, <32 x i1> %m, <32 x float> poison)
  %ptrs2 = call <32 x ptr> @llvm.masked.load.v32p0.p0(ptr %table, i32 8, <32 x i1> %other, <32 x ptr> poison)
  %b2 = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %ptrs2, i32 4, <32 x i1> %m, <32 x float> poison)
  %c = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %addr, i32 4, <32 x i1> splat (i1 true), <32 x float> poison)
  %one = insertelement <32 x ptr> poison, ptr %base, i64 0
  %splat = shufflevector <32 x ptr> %one, <32 x ptr> poison, <32 x i32> zeroinitializer
  %d = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %splat, i32 4, <32 x i1> %m, <32 x float> poison)
  %ab1 = fadd <32 x float> %a, %b
  %ab = fadd <32 x float> %ab1, %b2
  %cd = fadd <32 x float> %c, %d
  %s = fadd <32 x float> %ab, %cd
  store <32 x float> %s, ptr %out
  ret void
}

; CHECK-LABEL: define internal void @wg(
; CHECK: entry:
; CHECK-NEXT: %wide = zext nneg <32 x i32> %idx to <32 x i64>
; CHECK-NEXT: %addr = getelementptr inbounds float, ptr %base, <32 x i64> %wide
; CHECK: body:
; CHECK-NEXT: %[[I:.*]] = select <32 x i1> %m, <32 x i32> %idx, <32 x i32> zeroinitializer
; CHECK-NEXT: %[[W:.*]] = zext nneg <32 x i32> %[[I]] to <32 x i64>
; CHECK-NEXT: %[[A:.*]] = getelementptr inbounds float, ptr %base, <32 x i64> %[[W]]
; CHECK-NEXT: %a = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %[[A]], i32 4, <32 x i1> %m,
; CHECK-NEXT: %ptrs = call <32 x ptr> @llvm.masked.load.v32p0.p0(ptr %table, i32 8, <32 x i1> %m, <32 x ptr> zeroinitializer)
; CHECK-NEXT: %b = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %ptrs, i32 4, <32 x i1> %m,
; CHECK-NEXT: %ptrs2 = call <32 x ptr> @llvm.masked.load.v32p0.p0(ptr %table, i32 8, <32 x i1> %other, <32 x ptr> poison)
; CHECK-NEXT: %[[P:.*]] = select <32 x i1> %m, <32 x ptr> %ptrs2, <32 x ptr> zeroinitializer
; CHECK-NEXT: %b2 = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %[[P]], i32 4, <32 x i1> %m,
; CHECK-NEXT: %c = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %addr, i32 4, <32 x i1> <i1 true,
; CHECK: %d = call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %splat, i32 4, <32 x i1> %m,

; Plain x86-64 has no gather instruction: untouched.
define internal void @wg_sse(ptr %base, <4 x i64> %idx, <4 x i1> %m, ptr %out) #1 {
  %addr = getelementptr inbounds float, ptr %base, <4 x i64> %idx
  %a = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %addr, i32 4, <4 x i1> %m, <4 x float> poison)
  store <4 x float> %a, ptr %out
  ret void
}

; CHECK-LABEL: define internal void @wg_sse(
; CHECK-NEXT: %addr = getelementptr inbounds float, ptr %base, <4 x i64> %idx
; CHECK-NEXT: %a = call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> %addr,

; Not a lowered work-group function: untouched.
define void @host(ptr %base, <16 x i64> %idx, <16 x i1> %m, ptr %out) #2 {
  %addr = getelementptr inbounds float, ptr %base, <16 x i64> %idx
  %a = call <16 x float> @llvm.masked.gather.v16f32.v16p0(<16 x ptr> %addr, i32 4, <16 x i1> %m, <16 x float> poison)
  store <16 x float> %a, ptr %out
  ret void
}

; CHECK-LABEL: define void @host(
; CHECK-NEXT: %addr = getelementptr inbounds float, ptr %base, <16 x i64> %idx
; CHECK-NEXT: %a = call <16 x float> @llvm.masked.gather.v16f32.v16p0(<16 x ptr> %addr,

attributes #0 = { "lanes-work-group-of"="k" "target-cpu"="znver4" }
attributes #1 = { "lanes-work-group-of"="k" "target-cpu"="x86-64" }
attributes #2 = { "target-cpu"="znver4" }
