// Only work-group 37 of 64 leaves at different barriers. A compiled kernel
// runs the groups of a row in one call (a loop over a run of groups), so
// the report must name the group of that loop's trip, not the run's first.
#include "expect-error.hpp"

class OneGroup;

int main() {
  sycl::queue Q;
  constexpr size_t Groups = 64, Local = 16;
  int *Out = sycl::malloc_shared<int>(Groups * Local, Q);
  int Status = expectRuntimeError("one-group-diverges", [&] {
    Q.parallel_for<OneGroup>(sycl::nd_range<1>(Groups * Local, Local),
                             [=](sycl::nd_item<1> It) {
       if (It.get_group(0) != 37 || It.get_local_id(0) < 8)
         sycl::group_barrier(It.get_group());
       Out[It.get_global_id(0)] = 1;
     }).wait();
  }, {"OneGroup", "one-group-diverges.cpp:16", "work-group (37)"});
  sycl::free(Out, Q);
  return Status;
}
