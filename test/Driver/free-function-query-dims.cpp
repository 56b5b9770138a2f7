// A free function query with fewer dimensions than the kernel's range has
// would drop a dimension from every id and size: the program stops with an
// error that names the kernel and the query, in both modes.
// RUN: lanes++ %s -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// RUN: %library-only -o %t.lib
// RUN: not --crash %t.lib 2>&1 | FileCheck %s
// CHECK: lanes: error: kernel 'main::TwoRows' called sycl::ext::oneapi::this_work_item::get_nd_item<1>(), but its range has more than one work-item in a dimension past the first 1: the query must name the kernel's dimensions
#include <sycl/sycl.hpp>

size_t column() {
  return sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
}

int main() {
  sycl::queue Q;
  size_t *Out = sycl::malloc_shared<size_t>(64, Q);
  Q.parallel_for<class TwoRows>(sycl::nd_range<2>({2, 32}, {1, 32}),
                                [=](sycl::nd_item<2> It) {
                                  Out[It.get_global_linear_id()] = column();
                                })
      .wait();
  sycl::free(Out, Q);
  return 0;
}
