; On the Intel cores whose gathers the Gather Data Sampling microcode fix
; made slow (Skylake to Tiger Lake and Rocket Lake), and on AMD's Zen 5,
; a work-group function asks for no gathers (+prefer-no-gather, what clang's -mno-gather adds),
; by its tune-cpu where there is one, else its target-cpu. Left alone:
; other cores, a tune-cpu that is not such a core, features that name
; the choice already, and the entry itself. Zen 4 was never measured.
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S | FileCheck %s

; CHECK-LABEL: define void @skx(
; CHECK-SAME: #[[ENTRY:[0-9]+]]
define void @skx(ptr %k) #0 {
  ret void
}

; CHECK-LABEL: define void @tuned_icx(
; CHECK-LABEL: define void @zen4(
; CHECK-LABEL: define void @zen5(
; CHECK-LABEL: define void @tuned_generic(
; CHECK-LABEL: define void @chosen(
define void @tuned_icx(ptr %k) #1 {
  ret void
}

define void @zen4(ptr %k) #2 {
  ret void
}

define void @zen5(ptr %k) #5 {
  ret void
}

define void @tuned_generic(ptr %k) #3 {
  ret void
}

define void @chosen(ptr %k) #4 {
  ret void
}

; CHECK: define internal void @skx.lanes.wg({{.*}}) #[[SKX:[0-9]+]]
; CHECK: define internal void @tuned_icx.lanes.wg({{.*}}) #[[ICX:[0-9]+]]
; CHECK: define internal void @zen4.lanes.wg({{.*}}) #[[ZEN4:[0-9]+]]
; CHECK: define internal void @zen5.lanes.wg({{.*}}) #[[ZEN5:[0-9]+]]
; CHECK: define internal void @tuned_generic.lanes.wg({{.*}}) #[[GENERIC:[0-9]+]]
; CHECK: define internal void @chosen.lanes.wg({{.*}}) #[[CHOSEN:[0-9]+]]

; CHECK: attributes #[[ENTRY]] = { "lanes-kernel" "target-cpu"="skylake-avx512" "target-features"="+avx512f" }
; CHECK: attributes #[[SKX]] = { {{.*}}"target-features"="+avx512f,+prefer-no-gather" }
; CHECK: attributes #[[ICX]] = { {{.*}}"target-features"="+prefer-no-gather" "tune-cpu"="icelake-server" }
; CHECK: attributes #[[ZEN4]] = { {{.*}}"target-features"="+avx512f" }
; CHECK: attributes #[[ZEN5]] = { {{.*}}"target-cpu"="znver5" "target-features"="+avx512f,+prefer-no-gather" }
; CHECK: attributes #[[GENERIC]] = { {{.*}}"target-features"="+avx512f" "tune-cpu"="generic" }
; CHECK: attributes #[[CHOSEN]] = { {{.*}}"target-features"="+avx512f,-prefer-no-gather" }

attributes #0 = { "lanes-kernel" "target-cpu"="skylake-avx512" "target-features"="+avx512f" }
attributes #1 = { "lanes-kernel" "target-cpu"="x86-64" "tune-cpu"="icelake-server" }
attributes #2 = { "lanes-kernel" "target-cpu"="znver4" "target-features"="+avx512f" }
attributes #3 = { "lanes-kernel" "target-cpu"="skylake-avx512" "target-features"="+avx512f" "tune-cpu"="generic" }
attributes #4 = { "lanes-kernel" "target-cpu"="skylake-avx512" "target-features"="+avx512f,-prefer-no-gather" }
attributes #5 = { "lanes-kernel" "target-cpu"="znver5" "target-features"="+avx512f" }
