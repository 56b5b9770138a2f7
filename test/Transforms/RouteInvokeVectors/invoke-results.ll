; The vector an invoke returns goes through an integer of its size and back
; in a new block on the normal edge, where the scalarizer then splits it:
; without that, the scalarizer puts the extracts after the invoke, past the
; end of its block. Uses in a phi of the normal destination and further on
; take the routed value. A vector of pointers (no integer bitcast; C++
; code does not return one) and a result nobody uses stay as they are.
; RUN: lanes-opt -passes=lanes-route-invoke-vectors %s -S | FileCheck %s
; RUN: lanes-opt -passes='lanes-route-invoke-vectors,scalarizer,verify' -scalarize-load-store %s -S | FileCheck %s --check-prefix=SCALAR
; Without the routing, the scalarizer breaks the function.
; RUN: not lanes-opt -passes='scalarizer,verify' -scalarize-load-store %s -disable-output 2>&1 | FileCheck %s --check-prefix=BROKEN

declare <4 x half> @twice(<4 x half>)
declare <2 x ptr> @pointers()
declare void @use(<2 x ptr>)
declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define void @k(
; CHECK: %r = invoke <4 x half> @twice(<4 x half> %x)
; CHECK-NEXT: to label %[[EDGE:.*]] unwind label %lp
; CHECK: [[EDGE]]:
; CHECK-NEXT: %r.bits = bitcast <4 x half> %r to i64
; CHECK-NEXT: %[[R:.*]] = bitcast i64 %r.bits to <4 x half>
; CHECK-NEXT: br label %ok
; CHECK: ok:
; CHECK-NEXT: %v = phi <4 x half> [ %[[R]], %[[EDGE]] ], [ %w, %ok ]
; CHECK: %w = fadd <4 x half> %v, %[[R]]
; CHECK: %p = invoke <2 x ptr> @pointers()
; CHECK-NEXT: to label %done unwind label %lp
; CHECK: %unused = invoke <4 x half> @twice(<4 x half> %x)
; CHECK-NEXT: to label %ret unwind label %lp

; SCALAR-LABEL: define void @k(
; SCALAR: %r = invoke <4 x half> @twice(<4 x half> %x)
; SCALAR-NEXT: to label %[[EDGE:.*]] unwind label %lp
; SCALAR: [[EDGE]]:
; SCALAR-NEXT: %r.bits = bitcast <4 x half> %r to i64
; SCALAR-NEXT: %[[R:.*]] = bitcast i64 %r.bits to <4 x half>
; SCALAR-NEXT: %[[R]].i0 = extractelement <4 x half> %[[R]], i64 0

; BROKEN: Basic Block in function 'k' does not have terminator!
define void @k(<4 x half> %x, ptr %out, i1 %again) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke <4 x half> @twice(<4 x half> %x) to label %ok unwind label %lp
ok:
  %v = phi <4 x half> [ %r, %entry ], [ %w, %ok ]
  %w = fadd <4 x half> %v, %r
  br i1 %again, label %ok, label %more
more:
  store <4 x half> %w, ptr %out
  %p = invoke <2 x ptr> @pointers() to label %done unwind label %lp
done:
  call void @use(<2 x ptr> %p)
  %unused = invoke <4 x half> @twice(<4 x half> %x) to label %ret unwind label %lp
ret:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
