// Work-items of one group wait at two different barriers (each branch of a
// work-item-dependent if has its own): both modes must report both.
#include "expect-error.hpp"

class TwoBarriers;

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(16, Q);
  int Status = expectRuntimeError("two-different-barriers", [&] {
    Q.parallel_for<TwoBarriers>(sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> It) {
       if (It.get_local_id(0) % 2 == 0)
         It.barrier();
       else
         It.barrier();
       Out[It.get_global_id(0)] = 1;
     }).wait();
  }, {"TwoBarriers", "two-different-barriers.cpp:13", "two-different-barriers.cpp:15"});
  sycl::free(Out, Q);
  return Status;
}
