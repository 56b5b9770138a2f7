; An entry whose type is not void(ptr) breaks the contract: a clear error
; naming the kernel, and no work-group function.
; RUN: not lanes-opt -passes=lanes-clone-kernels %s -S -o %t.ll 2>&1 | FileCheck %s
; RUN: FileCheck --check-prefix=IR %s < %t.ll

; CHECK: error: in kernel 'two_args': a kernel entry must have type void(ptr), not void (ptr, i32)
; IR-NOT: two_args.lanes.wg
define void @two_args(ptr %k, i32 %n) "lanes-kernel" {
  ret void
}
