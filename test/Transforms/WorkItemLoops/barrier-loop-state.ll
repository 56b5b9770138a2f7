; A barrier splits the kernel into two sub-CFGs, each its own nest. Of the
; values live across the barrier, %x (varying: loaded from global memory)
; is stored to its loop-state array, indexed by the linear local id, and
; reloaded after; %n (uniform, but a division that may not be speculated)
; goes to a scalar slot loaded once before the second nest; %g (a cheap
; chain over the local id and the kernel object) is recomputed, not stored.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %a = load i64, ptr %k
  %bp = getelementptr i64, ptr %k, i64 1
  %b = load i64, ptr %bp
  %n = udiv i64 %a, %b
  %in = load ptr, ptr %k
  %src = getelementptr i64, ptr %in, i64 %lid
  %x = load i64, ptr %src
  %g = mul i64 %lid, 3
  br label %barrier
barrier:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %after
after:
  %p = getelementptr i64, ptr %k, i64 2
  %out = load ptr, ptr %p
  %slot = getelementptr i64, ptr %out, i64 %g
  %sum = add i64 %n, %x
  store i64 %sum, ptr %slot
  ret void
}

; CHECK: wg.entry:
; CHECK: %num.items = mul nuw i64
; CHECK: %n.uniform = alloca i64
; CHECK: %[[BYTES:.*]] = mul i64 %num.items, 8
; CHECK: %[[STATE:.*]] = call noalias align 64 ptr @__lanes_loop_state(ptr %ctx, i64
; CHECK: %[[XBASE:.*]] = getelementptr inbounds i8, ptr %[[STATE]], i64 0
; CHECK: subcfg.0:
; CHECK: %item = add i64
; CHECK: %n.0 = udiv i64 %a.0, %b.0
; CHECK-NEXT: store i64 %n.0, ptr %n.uniform
; CHECK: %x.0 = load i64, ptr %src.0
; CHECK-NEXT: %[[OFF:.*]] = mul nuw i64 %item, 8
; CHECK-NEXT: %[[XSLOT:.*]] = getelementptr inbounds i8, ptr %[[XBASE]], i64 %[[OFF]]
; CHECK-NEXT: store i64 %x.0, ptr %[[XSLOT]]
; CHECK-NOT: store
; CHECK: wi.done.0:
; CHECK-NEXT: br label %subcfg.1
; CHECK: subcfg.1:
; CHECK-NEXT: %n.reload = load i64, ptr %n.uniform
; CHECK-NEXT: br label %wi.header2.1
; CHECK: wi.header0.1:
; CHECK: %[[OFF1:.*]] = mul nuw i64 %item{{.*}}, 8
; CHECK-NEXT: %[[XSLOT1:.*]] = getelementptr inbounds i8, ptr %[[XBASE]], i64 %[[OFF1]]
; CHECK-NEXT: %x.reload = load i64, ptr %[[XSLOT1]]
; CHECK-NEXT: %g.remat = mul i64 %lid.0{{.*}}, 3
; CHECK: %slot.1 = getelementptr i64, ptr %out.1, i64 %g.remat
; CHECK-NEXT: %sum.1 = add i64 %n.reload, %x.reload
; CHECK-NEXT: store i64 %sum.1, ptr %slot.1
