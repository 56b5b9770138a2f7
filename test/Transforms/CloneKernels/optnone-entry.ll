; At -O0 clang marks the entry optnone and noinline. The work-group function
; drops both, or the simplification and barrier passes would skip it.
; RUN: lanes-opt -passes=lanes-clone-kernels %s -S | FileCheck %s

; CHECK: define void @entry(ptr %k) #[[ENTRY:[0-9]+]]
; CHECK: define internal void @entry.lanes.wg(ptr noalias %kernel_object, ptr noalias %ctx) #[[WG:[0-9]+]]
; CHECK: attributes #[[ENTRY]] = { noinline optnone "lanes-kernel" }
; CHECK: attributes #[[WG]] = { "lanes-work-group"="entry" }
define void @entry(ptr %k) noinline optnone "lanes-kernel" {
  ret void
}
