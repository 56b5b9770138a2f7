// A barrier only the first half of each work-group reaches: both modes must
// raise errc::runtime naming the kernel, the group and the barrier, never
// hang or return garbage.
#include "expect-error.hpp"

class HalfBarrier;

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(64, Q);
  int Status = expectRuntimeError("barrier-under-varying-if", [&] {
    Q.parallel_for<HalfBarrier>(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> It) {
       if (It.get_local_id(0) < 8)
         sycl::group_barrier(It.get_group());
       Out[It.get_global_id(0)] = 1;
     }).wait();
  }, {"HalfBarrier", "barrier-under-varying-if.cpp:14", "work-group"});
  sycl::free(Out, Q);
  return Status;
}
