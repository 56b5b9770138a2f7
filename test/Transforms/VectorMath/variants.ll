; With glibc's vector math (-fveclib=libmvec), the libm functions LLVM 19's
; table lacks, and the six it has without AVX-512 (here expf and the
; intrinsic llvm.pow.f64), get their SSE, AVX2 and AVX-512 variants in a
; work-group function, as libm calls (which also become memory(none): a kernel has no
; errno) and as intrinsics; the loop vectorizer then widens them
; (work-item-loop.ll). Other functions, other calls, and every call
; without -fveclib=libmvec stay as they were.
; RUN: lanes-opt -vector-library=LIBMVEC-X86 -passes=lanes-vector-math %s -S | FileCheck %s
; RUN: lanes-opt -passes=lanes-vector-math %s -S | FileCheck %s --check-prefix=NONE

declare float @erff(float)
declare double @atan2(double, double)
declare float @hypotf(float, float)
declare double @llvm.tanh.f64(double)
declare float @llvm.exp2.f32(float)
declare float @llvm.sqrt.f32(float)
declare float @expf(float)
declare double @llvm.pow.f64(double, double)
declare float @erf(float)

; CHECK-LABEL: define void @wg(
; CHECK: call float @erff(float %x) #[[ERFF:[0-9]+]]
; CHECK: call double @atan2(double %d, double %d) #[[ATAN2:[0-9]+]]
; CHECK: call float @hypotf(float %x, float %x) #[[HYPOTF:[0-9]+]]
; CHECK: call double @llvm.tanh.f64(double %d) #[[TANH:[0-9]+]]
; CHECK: call float @llvm.exp2.f32(float %x) #[[EXP2:[0-9]+]]
; Not among them: an exact intrinsic.
; CHECK: call float @llvm.sqrt.f32(float %x){{$}}
; CHECK: call float @expf(float %x) #[[EXPF:[0-9]+]]
; CHECK: call double @llvm.pow.f64(double %d, double %d) #[[POW:[0-9]+]]
; Nor a float `erf`.
; CHECK: call float @erf(float %x){{$}}
; NONE-LABEL: define void @wg(
; NONE-NEXT: call float @erff(float %x){{$}}
; NONE-NEXT: call double @atan2(double %d, double %d){{$}}
; NONE-NEXT: call float @hypotf(float %x, float %x){{$}}
; NONE-NEXT: call double @llvm.tanh.f64(double %d){{$}}
; NONE-NOT: _ZGV
define void @wg(ptr %p, float %x, double %d) "lanes-work-group-of"="k" {
  %a = call float @erff(float %x)
  %b = call double @atan2(double %d, double %d)
  %c = call float @hypotf(float %x, float %x)
  %e = call double @llvm.tanh.f64(double %d)
  %f = call float @llvm.exp2.f32(float %x)
  %g = call float @llvm.sqrt.f32(float %x)
  %h = call float @expf(float %x)
  %j = call double @llvm.pow.f64(double %d, double %d)
  %i = call float @erf(float %x)
  ret void
}

; Host code keeps its errno.
; CHECK-LABEL: define float @host(
; CHECK: call float @erff(float %x){{$}}
define float @host(float %x) {
  %a = call float @erff(float %x)
  ret float %a
}

; CHECK-DAG: declare <4 x float> @_ZGVbN4v_erff(<4 x float>)
; CHECK-DAG: declare <8 x float> @_ZGVdN8v_erff(<8 x float>)
; CHECK-DAG: declare <16 x float> @_ZGVeN16v_erff(<16 x float>)
; CHECK-DAG: declare <8 x double> @_ZGVeN8vv_atan2(<8 x double>, <8 x double>)
; CHECK-DAG: declare <4 x double> @_ZGVdN4v_tanh(<4 x double>)
; CHECK-DAG: declare <16 x float> @_ZGVeN16v_exp2f(<16 x float>)
; CHECK-DAG: attributes #[[ERFF]] = { memory(none) "vector-function-abi-variant"="_ZGV_LLVM_N4v_erff(_ZGVbN4v_erff),_ZGV_LLVM_N8v_erff(_ZGVdN8v_erff),_ZGV_LLVM_N16v_erff(_ZGVeN16v_erff)" }
; CHECK-DAG: attributes #[[ATAN2]] = { memory(none) "vector-function-abi-variant"="_ZGV_LLVM_N2vv_atan2(_ZGVbN2vv_atan2),_ZGV_LLVM_N4vv_atan2(_ZGVdN4vv_atan2),_ZGV_LLVM_N8vv_atan2(_ZGVeN8vv_atan2)" }
; CHECK-DAG: attributes #[[HYPOTF]] = { memory(none) "vector-function-abi-variant"="_ZGV_LLVM_N4vv_hypotf(_ZGVbN4vv_hypotf),_ZGV_LLVM_N8vv_hypotf(_ZGVdN8vv_hypotf),_ZGV_LLVM_N16vv_hypotf(_ZGVeN16vv_hypotf)" }
; CHECK-DAG: attributes #[[TANH]] = { "vector-function-abi-variant"="_ZGV_LLVM_N2v_llvm.tanh.f64(_ZGVbN2v_tanh),_ZGV_LLVM_N4v_llvm.tanh.f64(_ZGVdN4v_tanh),_ZGV_LLVM_N8v_llvm.tanh.f64(_ZGVeN8v_tanh)" }
; CHECK-DAG: attributes #[[EXP2]] = { "vector-function-abi-variant"="_ZGV_LLVM_N4v_llvm.exp2.f32(_ZGVbN4v_exp2f),_ZGV_LLVM_N8v_llvm.exp2.f32(_ZGVdN8v_exp2f),_ZGV_LLVM_N16v_llvm.exp2.f32(_ZGVeN16v_exp2f)" }
; CHECK-DAG: declare <16 x float> @_ZGVeN16v_expf(<16 x float>)
; CHECK-DAG: declare <8 x double> @_ZGVeN8vv_pow(<8 x double>, <8 x double>)
; CHECK-DAG: attributes #[[EXPF]] = { memory(none) "vector-function-abi-variant"="_ZGV_LLVM_N4v_expf(_ZGVbN4v_expf),_ZGV_LLVM_N8v_expf(_ZGVdN8v_expf),_ZGV_LLVM_N16v_expf(_ZGVeN16v_expf)" }
; CHECK-DAG: attributes #[[POW]] = { "vector-function-abi-variant"="_ZGV_LLVM_N2vv_llvm.pow.f64(_ZGVbN2vv_pow),_ZGV_LLVM_N4vv_llvm.pow.f64(_ZGVdN4vv_pow),_ZGV_LLVM_N8vv_llvm.pow.f64(_ZGVeN8vv_pow)" }
