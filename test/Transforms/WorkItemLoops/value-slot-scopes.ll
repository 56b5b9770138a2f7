; Only the pass's own code reaches the loop-state slots of live values: the
; block comes from a noalias call, the slot accesses carry a scope of
; their own, and every other access of the kernel (global memory, a
; private array, which has a loop-state slot too, a call) is marked
; noalias with that scope. LICM can then keep a load of local or global
; memory out of a work-item loop that stores loop state, however many
; uses the block has (capture tracking gives up past a hundred).
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind
declare void @opaque(ptr)

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %priv = alloca [16 x float], align 4
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %src
  %at = getelementptr [16 x float], ptr %priv, i64 0, i64 %lid
  store float %x, ptr %at
  br label %barrier
barrier:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %after
after:
  %y = load float, ptr %at
  %sum = fadd float %x, %y
  store float %sum, ptr %src
  call void @opaque(ptr %src)
  ret void
}

; CHECK: %loop.state = call noalias align 64 ptr @__lanes_loop_state(
; CHECK: subcfg.0:
; CHECK: %x.0 = load float, ptr %src.0, align 4, !noalias ![[BOTH:[0-9]+]]
; CHECK: store float %x.0, ptr %{{.*}}, !alias.scope ![[SLOTS:[0-9]+]], !noalias ![[LOCAL:[0-9]+]]
; CHECK: store float %x.0, ptr %at.0, align 4, !noalias ![[BOTH]]
; CHECK: subcfg.1:
; CHECK: %x.reload = load float, ptr %{{.*}}, !alias.scope ![[SLOTS]], !noalias ![[LOCAL]]
; The private array's address came back from loop state: of unknown origin
; to lanes-local-memory scoping (local-memory-scopes.ll).
; CHECK: %y.1 = load float, ptr %at.{{.*}}, !noalias ![[SLOTS]]
; CHECK: store float %sum.1, ptr %src.{{.*}}, !noalias ![[BOTH]]
; CHECK: call void @opaque(ptr %src.{{.*}}), !noalias ![[SLOTS]]
; CHECK: ![[BOTH]] = !{![[SCOPE:[0-9]+]], ![[LSCOPE:[0-9]+]]}
; CHECK: ![[SCOPE]] = distinct !{![[SCOPE]], ![[DOMAIN:[0-9]+]], !"lanes.value.slots"}
; CHECK: ![[DOMAIN]] = distinct !{![[DOMAIN]], !"lanes.loop.state"}
; CHECK: ![[SLOTS]] = !{![[SCOPE]]}
; CHECK: ![[LOCAL]] = !{![[LSCOPE]]}
