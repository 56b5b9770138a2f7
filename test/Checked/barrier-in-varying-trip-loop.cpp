// A loop whose trip count is the local id, with a barrier in its body that
// only some work-items reach on later iterations: both modes must report it.
#include "expect-error.hpp"

class UnevenLoop;

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(32, Q);
  int Status = expectRuntimeError("barrier-in-varying-trip-loop", [&] {
    Q.parallel_for<UnevenLoop>(sycl::nd_range<1>(32, 8), [=](sycl::nd_item<1> It) {
       size_t L = It.get_local_id(0);
       int Acc = 0;
       for (size_t I = 0; I < L; ++I) {
         Acc += int(I);
         It.barrier();
       }
       Out[It.get_global_id(0)] = Acc;
     }).wait();
  }, {"UnevenLoop", "barrier-in-varying-trip-loop.cpp:16"});
  sycl::free(Out, Q);
  return Status;
}
