// Kernels that call SYCL_EXTERNAL functions of another translation unit
// (this file again, with -DEXTERNAL_TU), which ask for their work-item: the
// ids, sizes and group of nd_item, its sub-group's, and a free function
// query. With lanes++
// the work-group function names the calling work-item to the runtime
// before each such call; library-only, the fibers know it. A barrier or a
// group function there cannot wait for the rest of a compiled group: that
// stops the program with an error naming it, where library-only runs it.
// RUN: lanes++ -O2 -c -DEXTERNAL_TU %s -o %t-tu.o
// RUN: lanes++ -O2 %s %t-tu.o -o %t
// RUN: %t | FileCheck %s --check-prefix=QUERIES
// RUN: not --crash %t barrier 2>&1 | FileCheck %s --check-prefix=BARRIER
// RUN: not --crash %t reduce 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: %library-only -c -DEXTERNAL_TU -o %t-lib-tu.o
// RUN: %library-only %t-lib-tu.o -o %t.lib
// RUN: %t.lib | FileCheck %s --check-prefix=QUERIES
// RUN: %t.lib barrier | FileCheck %s --check-prefix=LIB-BARRIER
// RUN: %t.lib reduce | FileCheck %s --check-prefix=LIB-REDUCE
// QUERIES: external queries: OK
// BARRIER: lanes: error: __lanes_barrier (at {{.*}}sycl-external.cpp:{{[0-9]+}}) reached in compiled kernel 'main::Barrier' from code the compiler cannot see from the kernel (a function of another translation unit, or one called through a function pointer or a virtual call): barriers and group functions work only in functions the kernel calls directly in its translation unit
// REDUCE: lanes: error: __lanes_group_reduce_i32 (at {{.*}}) reached in compiled kernel 'main::Reduce' from code the compiler cannot see from the kernel (a function of another translation unit,
// LIB-BARRIER: barrier: OK
// LIB-REDUCE: reduce: OK
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>

SYCL_EXTERNAL size_t describe(sycl::nd_item<2> It);
SYCL_EXTERNAL size_t freeQuery();
SYCL_EXTERNAL size_t subGroup(sycl::nd_item<1> It);
SYCL_EXTERNAL void waitForGroup(sycl::nd_item<1> It);
SYCL_EXTERNAL int groupSum(sycl::nd_item<1> It, int X);

#ifdef EXTERNAL_TU
size_t describe(sycl::nd_item<2> It) {
  return It.get_global_id(0) * 1000000 + It.get_global_id(1) * 10000 +
         It.get_local_id(1) * 100 + It.get_group(1) * 10 +
         It.get_local_range(1) + It.get_group_range(0);
}
size_t freeQuery() {
  return sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
}
size_t subGroup(sycl::nd_item<1> It) {
  sycl::sub_group SG = It.get_sub_group();
  return SG.get_local_id()[0] * 10000 + SG.get_group_linear_id() * 100 +
         SG.get_local_range()[0];
}
void waitForGroup(sycl::nd_item<1> It) { sycl::group_barrier(It.get_group()); }
int groupSum(sycl::nd_item<1> It, int X) {
  return sycl::reduce_over_group(It.get_group(), X, sycl::plus<int>());
}
#else
int main(int Argc, char **Argv) {
  sycl::queue Q;
  const char *Mode = Argc > 1 ? Argv[1] : "";
  constexpr size_t Rows = 4, Cols = 24;
  size_t *Out = sycl::malloc_shared<size_t>(Rows * Cols, Q);
  size_t *Free = sycl::malloc_shared<size_t>(Rows * Cols, Q);
  size_t *SubGroups = sycl::malloc_shared<size_t>(2 * Rows * Cols, Q);
  int *Sums = sycl::malloc_shared<int>(Rows * Cols, Q);
  int Bad = 0;
  if (!std::strcmp(Mode, "barrier")) {
    Q.parallel_for<class Barrier>(sycl::nd_range<1>(64, 16),
                                  [=](sycl::nd_item<1> It) { waitForGroup(It); })
        .wait();
  } else if (!std::strcmp(Mode, "reduce")) {
    Q.parallel_for<class Reduce>(
         sycl::nd_range<1>(Rows * Cols, 8), [=](sycl::nd_item<1> It) {
           Sums[It.get_global_id(0)] = groupSum(It, int(It.get_local_id(0)));
         })
        .wait();
    for (size_t I = 0; I < Rows * Cols; ++I)
      Bad += Sums[I] != 28;
  } else {
    Q.parallel_for(sycl::nd_range<2>({Rows, Cols}, {2, 8}),
                   [=](sycl::nd_item<2> It) {
                     Out[It.get_global_linear_id()] = describe(It);
                   })
        .wait();
    Q.parallel_for(sycl::nd_range<1>(Rows * Cols, 24), [=](sycl::nd_item<1> It) {
       size_t I = It.get_global_id(0);
       Free[I] = freeQuery();
       sycl::sub_group SG = It.get_sub_group();
       SubGroups[2 * I] = subGroup(It);
       SubGroups[2 * I + 1] = SG.get_local_id()[0] * 10000 +
                              SG.get_group_linear_id() * 100 +
                              SG.get_local_range()[0];
     }).wait();
    for (size_t R = 0; R < Rows; ++R)
      for (size_t C = 0; C < Cols; ++C) {
        size_t Want = R * 1000000 + C * 10000 + C % 8 * 100 + C / 8 * 10 + 8 + 2;
        Bad += Out[R * Cols + C] != Want;
        Bad += Free[R * Cols + C] != R * Cols + C;
      }
    for (size_t I = 0; I < Rows * Cols; ++I)
      Bad += SubGroups[2 * I] != SubGroups[2 * I + 1];
    Mode = "external queries";
  }
  std::printf("%s: %s\n", Mode, Bad ? "FAIL" : "OK");
  sycl::free(Out, Q);
  sycl::free(Free, Q);
  sycl::free(SubGroups, Q);
  sycl::free(Sums, Q);
  return Bad ? 1 : 0;
}
#endif
