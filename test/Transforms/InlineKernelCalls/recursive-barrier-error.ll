; Recursion that reaches a barrier cannot be inlined: an error names the
; kernel, the function, and the call site the debug location gives.
; RUN: not lanes-opt -passes=lanes-clone-kernels,lanes-inline-kernel-calls %s -disable-output 2>&1 | FileCheck %s

; CHECK: error: rec.cpp:7: in kernel 'kernel': recursive call to 'walk' reaches a barrier or work-item query; kernels may not recurse into them

declare void @__lanes_barrier(i32, ptr, i32) convergent nounwind

define void @walk(i32 %n) {
  call void @__lanes_barrier(i32 1, ptr null, i32 0)
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %again, label %done
again:
  %m = sub i32 %n, 1
  call void @walk(i32 %m), !dbg !9
  br label %done
done:
  ret void
}

define void @kernel(ptr %k) "lanes-kernel" {
  call void @walk(i32 3)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "rec.cpp", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "walk", scope: !1, file: !1, line: 5, unit: !0, spFlags: DISPFlagDefinition)
!9 = !DILocation(line: 7, column: 3, scope: !5)
