; Each lowered work-group function records what it became, for
; lanes-report: its barriers (the user's apart from the implicit ones the
; pipeline adds), group and sub-group collectives, sub-CFGs, and the bytes
; of loop state per work-item and in uniform slots; lanes-report says the
; same (with no vectorizer run, no loop is vectorized). Each
; __lanes_private_mem_size query folds to its entry's loop state per
; work-item, 0 for an entry no work-group function was lowered from.
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops' %s -S | FileCheck %s
; RUN: lanes-opt -passes='function(lanes-isolate-barriers),lanes-work-item-loops,function(lanes-report)' -pass-remarks-analysis=lanes-report %s -disable-output 2>&1 | FileCheck %s --check-prefix=REPORT

; REPORT: kernel 'barriers': 2 barriers, 1 implicit loop barrier, 4 sub-CFGs, loop state 24 bytes per work-item (+8 bytes uniform), 0 of 4 work-item loops vectorized
; REPORT-NEXT: kernel 'collectives': 0 barriers, 1 group collective, 2 sub-group collectives, 3 sub-CFGs, loop state 16 bytes per work-item (+4 bytes uniform), 0 of 3 work-item loops vectorized
; REPORT-NEXT: kernel 'plain': 0 barriers, 1 sub-CFG, loop state 0 bytes per work-item (+0 bytes uniform), 0 of 1 work-item loop vectorized

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__lanes_local_id(i32) nounwind memory(none)
declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind
declare float @__lanes_group_reduce_f32(i32, float, ptr, i32) convergent nounwind
declare i32 @__lanes_sub_group_reduce_i32(i32, i32, i32, ptr, i32) convergent nounwind
declare i32 @__lanes_sub_group_shuffle_i32(i32, i64, i32, ptr, i32) convergent nounwind

define void @barriers(ptr %k) "lanes-kernel" {
  ret void
}

define void @collectives(ptr %k) "lanes-kernel" {
  ret void
}

define void @plain(ptr %k) "lanes-kernel" {
  ret void
}

define void @never_lowered(ptr %k) "lanes-kernel" {
  ret void
}

declare i64 @__lanes_private_mem_size(ptr) nounwind memory(none)

; CHECK-LABEL: define void @private_mem_sizes(ptr %out)
; CHECK-NEXT: store i64 24, ptr %out
; CHECK-NEXT: %p1 = getelementptr i64, ptr %out, i64 1
; CHECK-NEXT: store i64 16, ptr %p1
; CHECK-NEXT: %p2 = getelementptr i64, ptr %out, i64 2
; CHECK-NEXT: store i64 0, ptr %p2
; CHECK-NEXT: %p3 = getelementptr i64, ptr %out, i64 3
; CHECK-NEXT: store i64 0, ptr %p3
define void @private_mem_sizes(ptr %out) {
  %b = call i64 @__lanes_private_mem_size(ptr @barriers)
  store i64 %b, ptr %out
  %c = call i64 @__lanes_private_mem_size(ptr @collectives)
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %c, ptr %p1
  %p = call i64 @__lanes_private_mem_size(ptr @plain)
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %p, ptr %p2
  %n = call i64 @__lanes_private_mem_size(ptr @never_lowered)
  %p3 = getelementptr i64, ptr %out, i64 3
  store i64 %n, ptr %p3
  ret void
}

; Two barriers and an implicit one make four sub-CFGs. The private array
; (16 bytes) and %x (varying, 8 bytes) are per-work-item loop state; %n
; (uniform, 8 bytes) has a scalar slot; %src is recomputed.
; CHECK-LABEL: define internal void @barriers.lanes.wg(
; CHECK-SAME: !lanes.work_group_summary ![[BARRIERS:[0-9]+]]
define internal void @barriers.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="barriers" {
entry:
  %priv = alloca [4 x i32], align 4
  %lid = call i64 @__lanes_local_id(i32 0)
  %a = load i64, ptr %k
  %bp = getelementptr i64, ptr %k, i64 1
  %b = load i64, ptr %bp
  %n = udiv i64 %a, %b
  %in = load ptr, ptr %k
  %src = getelementptr i64, ptr %in, i64 %lid
  %x = load i64, ptr %src
  %t = trunc i64 %x to i32
  store i32 %t, ptr %priv
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  call void @__lanes_barrier(i32 0, ptr null, i32 0), !lanes.implicit !0
  %y = load i32, ptr %priv
  %w = zext i32 %y to i64
  %sum = add i64 %n, %x
  %all = add i64 %sum, %w
  store i64 %all, ptr %src
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  ret void
}

; A group reduction and a run of two sub-group collectives (one barrier
; block) make three sub-CFGs. The reduction's result is uniform (4 bytes);
; %x (read after the reduction), %xi (the sub-group operand) and the two
; sub-group results are arrays of 4 bytes per work-item.
; CHECK-LABEL: define internal void @collectives.lanes.wg(
; CHECK-SAME: !lanes.work_group_summary ![[COLLECTIVES:[0-9]+]]
define internal void @collectives.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="collectives" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %src
  %total = call float @__lanes_group_reduce_f32(i32 0, float %x, ptr null, i32 1)
  %xi = fptosi float %x to i32
  %r = call i32 @__lanes_sub_group_reduce_i32(i32 0, i32 %xi, i32 4, ptr null, i32 2)
  %s = call i32 @__lanes_sub_group_shuffle_i32(i32 %xi, i64 0, i32 4, ptr null, i32 3)
  %rs = add i32 %r, %s
  %f = sitofp i32 %rs to float
  %out = fadd float %f, %total
  store float %out, ptr %src
  ret void
}

; No barrier: one sub-CFG and no loop state.
; CHECK-LABEL: define internal void @plain.lanes.wg(
; CHECK-SAME: !lanes.work_group_summary ![[PLAIN:[0-9]+]]
define internal void @plain.lanes.wg(ptr %k, ptr noalias %ctx) "lanes-work-group"="plain" {
entry:
  %lid = call i64 @__lanes_local_id(i32 0)
  %in = load ptr, ptr %k
  %src = getelementptr i64, ptr %in, i64 %lid
  %x = load i64, ptr %src
  %y = add i64 %x, 1
  store i64 %y, ptr %src
  ret void
}

!0 = !{}

; CHECK: ![[BARRIERS]] = !{!"barriers", i64 2, !"group_collectives", i64 0, !"sub_group_collectives", i64 0, !"implicit_syncs", i64 1, !"sub_cfgs", i64 4, !"state_bytes_per_item", i64 24, !"uniform_state_bytes", i64 8}
; CHECK: ![[COLLECTIVES]] = !{!"barriers", i64 0, !"group_collectives", i64 1, !"sub_group_collectives", i64 2, !"implicit_syncs", i64 0, !"sub_cfgs", i64 3, !"state_bytes_per_item", i64 16, !"uniform_state_bytes", i64 4}
; CHECK: ![[PLAIN]] = !{!"barriers", i64 0, !"group_collectives", i64 0, !"sub_group_collectives", i64 0, !"implicit_syncs", i64 0, !"sub_cfgs", i64 1, !"state_bytes_per_item", i64 0, !"uniform_state_bytes", i64 0}
