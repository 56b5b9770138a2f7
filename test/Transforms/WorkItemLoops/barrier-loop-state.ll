; A barrier splits the kernel into two sub-CFGs, each its own nest. The
; varying value %x, live across the barrier, is stored to its loop-state
; array (indexed by the linear local id) and reloaded after; the uniform %n
; goes to a scalar slot that is loaded once, before the second nest.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %n = load i64, ptr %k
  %x = mul i64 %lid, 3
  br label %barrier
barrier:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %after
after:
  %p = getelementptr i64, ptr %k, i64 1
  %out = load ptr, ptr %p
  %slot = getelementptr i64, ptr %out, i64 %x
  store i64 %n, ptr %slot
  ret void
}

; CHECK: wg.entry:
; CHECK: %num.items = mul nuw i64
; CHECK: %n.uniform = alloca i64
; CHECK: %[[BYTES:.*]] = mul i64 %num.items, 8
; CHECK: %[[STATE:.*]] = call align 64 ptr @__lanes_loop_state(ptr %ctx, i64
; CHECK: %[[XBASE:.*]] = getelementptr inbounds i8, ptr %[[STATE]], i64 0
; CHECK: subcfg.0:
; CHECK: %item = add i64
; CHECK: %x.0 = mul i64 %lid.0, 3
; CHECK-NEXT: %[[OFF:.*]] = mul nuw i64 %item, 8
; CHECK-NEXT: %[[XSLOT:.*]] = getelementptr inbounds i8, ptr %[[XBASE]], i64 %[[OFF]]
; CHECK-NEXT: store i64 %x.0, ptr %[[XSLOT]]
; CHECK: wi.done.0:
; CHECK-NEXT: br label %subcfg.1
; CHECK: subcfg.1:
; CHECK-NEXT: %n.reload = load i64, ptr %n.uniform
; CHECK-NEXT: br label %wi.header2.1
; CHECK: wi.header0.1:
; CHECK: %[[OFF1:.*]] = mul nuw i64 %item{{.*}}, 8
; CHECK-NEXT: %[[XSLOT1:.*]] = getelementptr inbounds i8, ptr %[[XBASE]], i64 %[[OFF1]]
; CHECK-NEXT: %x.reload = load i64, ptr %[[XSLOT1]]
; CHECK: %slot.1 = getelementptr i64, ptr %out.1, i64 %x.reload
; CHECK-NEXT: store i64 %n.reload, ptr %slot.1
