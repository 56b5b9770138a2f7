; A private array that survives SROA (indexed dynamically) becomes a
; per-work-item loop-state array: every work-item gets its own 64 bytes.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare i64 @__lanes_local_id(i32) nounwind memory(none)

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
  %priv = alloca [16 x i32], align 4
  %lid = call i64 @__lanes_local_id(i32 0)
  %at = getelementptr [16 x i32], ptr %priv, i64 0, i64 %lid
  store i32 1, ptr %at
  ret void
}

; CHECK-NOT: alloca
; CHECK: %[[BYTES:.*]] = mul i64 %num.items, 64
; CHECK: %loop.state = call noalias align 64 ptr @__lanes_loop_state(ptr %ctx, i64
; CHECK: %[[BASE:.*]] = getelementptr inbounds i8, ptr %loop.state, i64 0
; CHECK: %item = add i64
; CHECK-NEXT: %[[OFF:.*]] = mul nuw i64 %item, 64
; CHECK-NEXT: %[[MINE:.*]] = getelementptr inbounds i8, ptr %[[BASE]], i64 %[[OFF]]
; CHECK: %at.0 = getelementptr [16 x i32], ptr %[[MINE]], i64 0, i64 %lid.0
; CHECK-NEXT: store i32 1, ptr %at.0
