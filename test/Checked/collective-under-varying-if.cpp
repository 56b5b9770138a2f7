// A group reduction that only the first 5 of 16 work-items reach: both
// modes must report it (with the kernel's name and the call's position)
// instead of hanging or answering with a partial sum.
#include "expect-error.hpp"

class PartialReduce;

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(16, Q);
  int Status = expectRuntimeError("collective-under-varying-if", [&] {
    Q.parallel_for<PartialReduce>(sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> It) {
       int X = 1;
       if (It.get_local_id(0) < 5)
         X = sycl::reduce_over_group(It.get_group(), X, sycl::plus<>());
       Out[It.get_global_id(0)] = X;
     }).wait();
  }, {"PartialReduce", "collective-under-varying-if.cpp:15"});
  sycl::free(Out, Q);
  return Status;
}
