; Values joined by PHIs share a loop-state array where their live ranges
; allow. A loop with a barrier at its top carries %sum across it; %next,
; the sum after this trip, goes back to %sum and, after the last trip, to
; %final, which waits at a second barrier. %sum and %final are never live
; at once: both live in one array, so every path out of the loop stores
; %next at the same address. %before (the sum before the last trip) is
; live after the second barrier together with %final: it gets an array of
; its own. So does the sub-group collective's result %r, though %res, the
; PHI of it that waits at a third barrier, is never live with it: the
; exchange writes the results of a whole sub-group at once, not where %r
; stands.
; RUN: lanes-opt -passes=lanes-work-item-loops %s -S | FileCheck %s
; RUN: lanes-opt -passes=lanes-work-item-loops,function(lanes-report) -pass-remarks-analysis=lanes-report %s -disable-output 2>&1 | FileCheck %s --check-prefix=REPORT

; REPORT: kernel 'k': 3 barriers, 1 sub-group collective, 5 sub-CFGs, loop state 20 bytes per work-item (+8 bytes uniform)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind
declare float @__lanes_sub_group_reduce_f32(i32, float, i32, ptr, i32) convergent nounwind

define void @k(ptr %k) "lanes-kernel" {
  ret void
}

define internal void @k.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="k" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  br label %header
header:
  %sum = phi float [ 0.0, %entry ], [ %next, %header.back ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %header.back ]
  br label %top
top:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %body
body:
  %row = mul i64 %i, 256
  %idx = add i64 %row, %lid
  %src = getelementptr float, ptr %in, i64 %idx
  %x = load float, ptr %src
  %next = fadd float %sum, %x
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 4
  br i1 %done, label %exit, label %header.back
header.back:
  br label %header
exit:
  %final = phi float [ %next, %body ]
  %before = phi float [ %sum, %body ]
  br label %bottom
bottom:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %after
after:
  %both = fadd float %final, %before
  br label %reduce
reduce:
  %r = call float @__lanes_sub_group_reduce_f32(i32 0, float %both, i32 16, ptr null, i32 0)
  br label %reduced
reduced:
  br label %join
join:
  %res = phi float [ %r, %reduced ]
  br label %last
last:
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  br label %store
store:
  %out = getelementptr float, ptr %in, i64 %lid
  store float %res, ptr %out
  ret void
}

; %sum and %final share the first array, %before has the second, %res and
; %r the next two; %both, the collective's operand, has one for the
; exchange.
; CHECK: wg.entry:
; CHECK: %[[STATE:.*]] = call noalias align 64 ptr @__lanes_loop_state(
; CHECK-NEXT: %[[SHARED:.*]] = getelementptr inbounds i8, ptr %[[STATE]], i64 0
; CHECK-NEXT: %[[BEFORE:.*]] = getelementptr inbounds i8, ptr %[[STATE]], i64 %
; CHECK-NEXT: %[[RES:.*]] = getelementptr inbounds i8, ptr %[[STATE]], i64 %
; CHECK-NEXT: %[[R:.*]] = getelementptr inbounds i8, ptr %[[STATE]], i64 %
; CHECK-NEXT: %[[BOTH:.*]] = getelementptr inbounds i8, ptr %[[STATE]], i64 %
; CHECK-NEXT: br label %subcfg.0
; The trips after the first barrier: %sum comes from the shared array, and
; %next goes back to it whether the loop goes on or ends.
; CHECK: wi.header0.1:
; CHECK: %[[AT:.*]] = getelementptr inbounds i8, ptr %[[SHARED]], i64 %
; CHECK-NEXT: %sum.reload = load float, ptr %[[AT]]
; CHECK: %next.1 = fadd float %sum.reload, %x.1
; CHECK: header.1:
; CHECK-NEXT: %sum.1 = phi float [ %next.1, %header.back.1 ]
; CHECK: getelementptr inbounds i8, ptr %[[SHARED]], i64 %
; CHECK-NEXT: store float %sum.1
; CHECK: exit.1:
; CHECK-NEXT: %final.1 = phi float [ %next.1, %body.1 ]
; CHECK-NEXT: %before.1 = phi float [ %sum.reload, %body.1 ]
; CHECK: getelementptr inbounds i8, ptr %[[BEFORE]], i64 %
; CHECK-NEXT: store float %before.1
; CHECK: getelementptr inbounds i8, ptr %[[SHARED]], i64 %
; CHECK-NEXT: store float %final.1
; After the second barrier, %final and %before from their arrays.
; CHECK: wi.header0.2:
; CHECK: getelementptr inbounds i8, ptr %[[SHARED]], i64 %
; CHECK-NEXT: %final.reload = load float
; CHECK: getelementptr inbounds i8, ptr %[[BEFORE]], i64 %
; CHECK-NEXT: %before.reload = load float
; %res goes to its own array, and the exchange stores the sums in %r's.
; CHECK: join.3:
; CHECK-NEXT: %res.3 = phi float [ %r.reload, %reduced.3 ]
; CHECK-NEXT: %[[AT3:.*]] = mul nuw i64
; CHECK-NEXT: getelementptr inbounds i8, ptr %[[RES]], i64 %[[AT3]]
; CHECK: sg.full:
; CHECK: @llvm.vector.reduce.fadd
; CHECK: %[[SG:.*]] = getelementptr inbounds i8, ptr %[[R]], i64 %
; CHECK-NEXT: call void @llvm.masked.store.v16f32.p0(<16 x float> %{{.*}}, ptr %[[SG]]
