// An error the compiler finds in a kernel names the kernel (its type, here
// main's second lambda, or with -DNAMED its SYCL name) and, when the
// program is compiled with -g, its source line; without -g it says so
// (clang keeps no source locations).
// RUN: not lanes++ -O2 -fno-caret-diagnostics -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not lanes++ -O2 -g -fno-caret-diagnostics -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEBUG
// RUN: not lanes++ -O2 -DNAMED -fno-caret-diagnostics -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: error: in kernel 'main::Descend': recursive call to 'descend(sycl::_V1::nd_item<1>, int*, int)' reaches a barrier or work-item query; kernels may not recurse into them (compile with -g for its source line)
// PLAIN: error: in kernel 'main::$_1': recursive call to 'descend(sycl::_V1::nd_item<1>, int*, int)' reaches a barrier or work-item query; kernels may not recurse into them (compile with -g for its source line)
// DEBUG: error: {{.*}}kernel-error-location.cpp:[[@LINE+14]]: in kernel 'main::$_1': recursive call to 'descend(sycl::_V1::nd_item<1>, int*, int)' reaches a barrier or work-item query; kernels may not recurse into them{{$}}
#include <sycl/sycl.hpp>

#ifdef NAMED
#define PARALLEL_FOR parallel_for<class Descend>
#else
#define PARALLEL_FOR parallel_for
#endif

int descend(sycl::nd_item<1> It, int *Local, int Depth) {
  if (Depth == 0)
    return 0;
  sycl::group_barrier(It.get_group());
  int Value = Local[(It.get_local_id(0) + Depth) % 16];
  return descend(It, Local, Depth - 1) * 2 + Value;
}

int main(int Argc, char **) {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(64, Q);
  Q.parallel_for(sycl::range<1>(64), [=](sycl::item<1> I) { Out[I] = 1; });
  Q.PARALLEL_FOR(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> It) {
    Out[It.get_global_id(0)] = descend(It, Out, Argc);
  });
  return 0;
}
