// Even work-items wait in a group broadcast while odd ones wait at a
// barrier: every work-item arrives somewhere, but not at the same place.
// Both modes must report both positions.
#include "expect-error.hpp"

class CollectiveOrBarrier;

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(16, Q);
  int Status = expectRuntimeError("collective-and-barrier", [&] {
    Q.parallel_for<CollectiveOrBarrier>(sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> It) {
       int X = int(It.get_local_id(0));
       if (X % 2 == 0)
         X = sycl::group_broadcast(It.get_group(), X);
       else
         It.barrier();
       Out[It.get_global_id(0)] = X;
     }).wait();
  }, {"CollectiveOrBarrier", "collective-and-barrier.cpp:15",
      "collective-and-barrier.cpp:17"});
  sycl::free(Out, Q);
  return Status;
}
