; The report points at the kernel the user wrote: the outermost function
; of the main source file (app.cpp) that the kernel's code was inlined
; from, not the entry in a header around it nor a header function it
; calls; with no code from the main file, at the function's own
; definition. Clang names the main file by its whole path in the compile
; unit and by a directory and a name in the functions, as here.
; RUN: lanes-opt -passes=lanes-report -pass-remarks-analysis=lanes-report %s -disable-output 2>&1 | FileCheck %s

; CHECK: remark: app.cpp:25:0: kernel 'inlined()': 1 barrier
; CHECK-NEXT: remark: /include/kernel.hpp:61:0: kernel 'library()': 0 barriers
; CHECK-NOT: remark

; The lambda (app.cpp:25) was inlined into the invoker (kernel.hpp:113),
; inlined into the entry (kernel.hpp:61); the load comes from an accessor
; (accessor.hpp:23) the lambda calls.
define internal void @_Z7inlinedv.lanes.wg(ptr %p) "lanes-work-group-of"="_Z7inlinedv" !lanes.work_group_summary !0 !dbg !10 {
  %x = load float, ptr %p, !dbg !20
  store float %x, ptr %p, !dbg !23
  ret void
}

; Only header code: the entry's own definition.
define internal void @_Z7libraryv.lanes.wg(ptr %p) "lanes-work-group-of"="_Z7libraryv" !lanes.work_group_summary !1 !dbg !30 {
  %x = load float, ptr %p, !dbg !31
  ret void
}

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!9}

!0 = !{!"barriers", i64 1, !"group_collectives", i64 0, !"sub_group_collectives", i64 0, !"implicit_syncs", i64 0, !"sub_cfgs", i64 2, !"state_bytes_per_item", i64 4, !"uniform_state_bytes", i64 0}
!1 = !{!"barriers", i64 0, !"group_collectives", i64 0, !"sub_group_collectives", i64 0, !"implicit_syncs", i64 0, !"sub_cfgs", i64 1, !"state_bytes_per_item", i64 0, !"uniform_state_bytes", i64 0}
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, emissionKind: NoDebug)
!3 = !DIFile(filename: "/src/app.cpp", directory: "/build")
!4 = !DIFile(filename: "app.cpp", directory: "/src")
!5 = !DIFile(filename: "/include/kernel.hpp", directory: "")
!6 = !DIFile(filename: "/include/accessor.hpp", directory: "")
!7 = !DISubroutineType(types: !{})
!9 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "entry", scope: !5, file: !5, line: 61, scopeLine: 61, type: !7, spFlags: DISPFlagDefinition, unit: !2)
!11 = distinct !DISubprogram(name: "invoke", scope: !5, file: !5, line: 113, scopeLine: 113, type: !7, spFlags: DISPFlagDefinition, unit: !2)
!12 = distinct !DISubprogram(name: "operator()", scope: !4, file: !4, line: 25, scopeLine: 25, type: !7, spFlags: DISPFlagDefinition, unit: !2)
!13 = distinct !DISubprogram(name: "operator[]", scope: !6, file: !6, line: 23, scopeLine: 23, type: !7, spFlags: DISPFlagDefinition, unit: !2)
!20 = !DILocation(line: 23, column: 42, scope: !13, inlinedAt: !21)
!21 = !DILocation(line: 27, column: 12, scope: !12, inlinedAt: !22)
!22 = !DILocation(line: 115, column: 30, scope: !11, inlinedAt: !24)
!23 = !DILocation(line: 28, column: 5, scope: !12, inlinedAt: !22)
!24 = !DILocation(line: 62, column: 3, scope: !10)
!30 = distinct !DISubprogram(name: "entry", scope: !5, file: !5, line: 61, scopeLine: 61, type: !7, spFlags: DISPFlagDefinition, unit: !2)
!31 = !DILocation(line: 62, column: 3, scope: !30)
