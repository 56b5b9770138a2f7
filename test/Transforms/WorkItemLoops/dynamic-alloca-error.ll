; A variable-length array has no fixed per-work-item size, so it cannot
; become loop state: an error names the kernel and the function is left
; valid and untouched.
; RUN: not lanes-opt -passes=lanes-work-item-loops %s -S -o %t.ll 2>&1 | FileCheck %s
; RUN: FileCheck --check-prefix=IR %s < %t.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

; CHECK: error: in kernel 'vla': variable-length arrays and dynamic alloca are not supported in kernels
; IR: define internal void @vla.lanes.wg(ptr %k, ptr noalias %ctx) #0 {
; IR-NEXT: %n = load i64, ptr %k
; IR: attributes #0 = { "lanes-work-group"="vla" }

define internal void @vla.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="vla" {
  %n = load i64, ptr %k
  %buf = alloca i32, i64 %n
  store i32 0, ptr %buf
  ret void
}
