; lanes-kernel-names gives each kernel entry the SYCL name its kernel object
; was launched under, from the records the SYCL headers instantiate
; (lanes::detail::NamedKernelType<Name, KernelT>::Set): a name with
; template arguments of its own, and for a kernel object launched under two
; names (main::$_0 as First and Second), the first. Both forms of a range
; kernel's entry get it; an unnamed kernel (main::$_2) and other functions
; get nothing. Work-group functions inherit the attribute from their entry.
; RUN: lanes-opt -passes=lanes-kernel-names %s -S | FileCheck %s
; RUN: lanes-opt -passes=lanes-kernel-names,lanes-clone-kernels %s -S | FileCheck %s --check-prefix=WG

; lanes::detail::NamedKernelType<Named<int, 2>, main::$_1>::Set
@"_ZN5lanes6detail15NamedKernelTypeI5NamedIiLi2EEZ4mainE3$_1E3SetE" = internal global i1 false
; lanes::detail::NamedKernelType<main::First, main::$_0>::Set
@"_ZN5lanes6detail15NamedKernelTypeIZ4mainE5FirstZ4mainE3$_0E3SetE" = internal global i1 false
; lanes::detail::NamedKernelType<main::Second, main::$_0>::Set
@"_ZN5lanes6detail15NamedKernelTypeIZ4mainE6SecondZ4mainE3$_0E3SetE" = internal global i1 false

; CHECK: define void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_0Li1ELb0EEEEEvPKv"(ptr %k) #[[FIRST:[0-9]+]]
define void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_0Li1ELb0EEEEEvPKv"(ptr %k) {
  ret void
}

; CHECK: define void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_0Li1ELb1EEEEEvPKv"(ptr %k) #[[FIRST]]
define void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_0Li1ELb1EEEEEvPKv"(ptr %k) {
  ret void
}

; CHECK: define void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_1Li1ELb0EEEEEvPKv"(ptr %k) #[[NAMED:[0-9]+]]
; WG: define internal void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_1Li1ELb0EEEEEvPKv.lanes.wg"({{.*}}) #[[WGATTRS:[0-9]+]]
define void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_1Li1ELb0EEEEEvPKv"(ptr %k) #0 {
  ret void
}

; CHECK: define void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_2Li1ELb0EEEEEvPKv"(ptr %k) {
define void @"_ZN5lanes6detail11kernelEntryINS0_12RangeInvokerIZ4mainE3$_2Li1ELb0EEEEEvPKv"(ptr %k) {
  ret void
}

; CHECK: define void @helper() {
define void @helper() {
  ret void
}

; CHECK-DAG: attributes #[[FIRST]] = { "lanes-kernel-name"="main::First" }
; CHECK-DAG: attributes #[[NAMED]] = { "lanes-kernel" "lanes-kernel-name"="Named<int, 2>" }
; WG: attributes #[[WGATTRS]] = { {{.*}}"lanes-kernel-name"="Named<int, 2>"

attributes #0 = { "lanes-kernel" }
