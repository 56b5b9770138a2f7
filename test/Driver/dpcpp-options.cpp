// Build files written for DPC++ pass its driver options: lanes++ drops
// them (with the argument -Xsycl-target-backend takes, in both spellings)
// with one warning that names them all, keeps clang's own -fsycl, and
// builds a program that runs.
// RUN: lanes++ -fsycl -fsycl-targets=spir64_x86_64 -Xsycl-target-backend "-march=avx512" -Xsycl-target-backend=spir64_x86_64 "-device skx" -fno-sycl-id-queries-fit-in-int -fsycl-unnamed-lambda %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %t | FileCheck %s
// Without such options there is no warning.
// RUN: lanes++ -fsycl -c %s -o %t.o 2>&1 | count 0

// WARN: lanes++: warning: ignoring DPC++ options -fsycl-targets=spir64_x86_64 -Xsycl-target-backend -march=avx512 -Xsycl-target-backend=spir64_x86_64 -device skx -fno-sycl-id-queries-fit-in-int -fsycl-unnamed-lambda: Lanes compiles every kernel for this CPU
// WARN-NOT: warning

// CHECK: sum 4950
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue Q;
  int *Sum = sycl::malloc_shared<int>(1, Q);
  *Sum = 0;
  Q.parallel_for(sycl::range<1>(100), [=](sycl::id<1> I) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed,
                      sycl::memory_scope::device>(*Sum) += int(I[0]);
   }).wait();
  std::printf("sum %d\n", *Sum);
  sycl::free(Sum, Q);
}
