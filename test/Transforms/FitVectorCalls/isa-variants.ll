; A libmvec call whose instruction set the function's target features lack
; becomes calls of the widest variant they allow, on parts of the vector.
; RUN: lanes-opt -passes=lanes-fit-vector-calls %s -S | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

declare <8 x float> @_ZGVdN8v_expf(<8 x float>) nounwind memory(none)
declare <4 x double> @_ZGVdN4v_sin(<4 x double>) nounwind memory(none)
declare <8 x float> @_ZGVdN8vv_powf(<8 x float>, <8 x float>) nounwind memory(none)
declare <16 x float> @_ZGVeN16v_logf(<16 x float>) nounwind memory(none)

; Plain x86-64 (SSE2): two SSE calls, joined.
; CHECK-LABEL: define <8 x float> @sse(
; CHECK-NEXT: %[[LO:.*]] = shufflevector <8 x float> %x, <8 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT: %[[A:.*]] = call <4 x float> @_ZGVbN4v_expf(<4 x float> %[[LO]])
; CHECK-NEXT: %[[HI:.*]] = shufflevector <8 x float> %x, <8 x float> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: %[[B:.*]] = call <4 x float> @_ZGVbN4v_expf(<4 x float> %[[HI]])
; CHECK-NEXT: %y = shufflevector <4 x float> %[[A]], <4 x float> %[[B]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: ret <8 x float> %y
define <8 x float> @sse(<8 x float> %x) "target-features"="+sse,+sse2" {
  %y = call <8 x float> @_ZGVdN8v_expf(<8 x float> %x)
  ret <8 x float> %y
}

; Doubles: two lanes a part; two operands each split.
; CHECK-LABEL: define <4 x double> @sse_double(
; CHECK-COUNT-2: call <2 x double> @_ZGVbN2v_sin(<2 x double>
; CHECK-LABEL: define <8 x float> @sse_pow(
; CHECK-COUNT-2: call <4 x float> @_ZGVbN4vv_powf(<4 x float> %{{.*}}, <4 x float> %{{.*}})
define <4 x double> @sse_double(<4 x double> %x) "target-features"="+sse2" {
  %y = call <4 x double> @_ZGVdN4v_sin(<4 x double> %x)
  ret <4 x double> %y
}
define <8 x float> @sse_pow(<8 x float> %x, <8 x float> %e) "target-features"="+sse2" {
  %y = call <8 x float> @_ZGVdN8vv_powf(<8 x float> %x, <8 x float> %e)
  ret <8 x float> %y
}

; AVX without AVX2: the AVX variant of the same width, one call.
; CHECK-LABEL: define <8 x float> @avx(
; CHECK-NEXT: %y = call <8 x float> @_ZGVcN8v_expf(<8 x float>
define <8 x float> @avx(<8 x float> %x) "target-features"="+avx,+sse2" {
  %y = call <8 x float> @_ZGVdN8v_expf(<8 x float> %x)
  ret <8 x float> %y
}

; AVX-512 variant on an AVX2 target: two AVX2 calls.
; CHECK-LABEL: define <16 x float> @avx2(
; CHECK-COUNT-2: call <8 x float> @_ZGVdN8v_logf(<8 x float>
define <16 x float> @avx2(<16 x float> %x) "target-features"="+avx,+avx2" {
  %y = call <16 x float> @_ZGVeN16v_logf(<16 x float> %x)
  ret <16 x float> %y
}

; A target that has the instruction set keeps the call.
; CHECK-LABEL: define <8 x float> @native(
; CHECK-NEXT: %y = call <8 x float> @_ZGVdN8v_expf(<8 x float> %x)
define <8 x float> @native(<8 x float> %x) "target-features"="+avx,+avx2,+fma" {
  %y = call <8 x float> @_ZGVdN8v_expf(<8 x float> %x)
  ret <8 x float> %y
}

; AVX-512 on a target that prefers 256-bit vectors, as most AVX-512 CPUs'
; tuning does (said here by prefer-vector-width): the function passes a
; <16 x float> as two ymm halves, where the variant reads zmm0, so two AVX2
; calls. One whose min-legal-vector-width asks for 512 bits, or that
; prefers them, passes it in zmm0 and keeps the call.
; CHECK-LABEL: define <16 x float> @avx512_prefers_256(
; CHECK-COUNT-2: call <8 x float> @_ZGVdN8v_logf(<8 x float>
; CHECK-LABEL: define <16 x float> @avx512_legal_512(
; CHECK-NEXT: %y = call <16 x float> @_ZGVeN16v_logf(<16 x float> %x)
; CHECK-LABEL: define <16 x float> @avx512_prefers_512(
; CHECK-NEXT: %y = call <16 x float> @_ZGVeN16v_logf(<16 x float> %x)
define <16 x float> @avx512_prefers_256(<16 x float> %x) "target-features"="+avx,+avx2,+avx512f,+evex512" "prefer-vector-width"="256" {
  %y = call <16 x float> @_ZGVeN16v_logf(<16 x float> %x)
  ret <16 x float> %y
}
define <16 x float> @avx512_legal_512(<16 x float> %x) "target-features"="+avx,+avx2,+avx512f,+evex512" "prefer-vector-width"="256" "min-legal-vector-width"="512" {
  %y = call <16 x float> @_ZGVeN16v_logf(<16 x float> %x)
  ret <16 x float> %y
}
define <16 x float> @avx512_prefers_512(<16 x float> %x) "target-features"="+avx,+avx2,+avx512f,+evex512" "prefer-vector-width"="512" {
  %y = call <16 x float> @_ZGVeN16v_logf(<16 x float> %x)
  ret <16 x float> %y
}
