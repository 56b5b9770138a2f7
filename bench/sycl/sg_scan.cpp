// sg-scan: every sub-group's inclusive prefix sum by
// inclusive_scan_over_group; --kernel no-sub-group scans each sub-group's
// run in local memory with barriers (problems/sg_scan.hpp). --cached scans a
// small input by many launches.
#include <sycl/sycl.hpp>

#include "problems/sg_scan.hpp"

using namespace sg_scan;

static void launch(sycl::queue &Q, const Problem &P, const int *In, int *Out) {
  const sycl::nd_range<1> Range(P.N, Local);
  if (P.K == sub_group::Kernel::SubGroup) {
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
       size_t I = It.get_global_id(0);
       Out[I] = sycl::inclusive_scan_over_group(It.get_sub_group(), In[I],
                                                sycl::plus<int>());
     }).wait();
    return;
  }
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(Local), H);
     H.parallel_for(Range, [=](sycl::nd_item<1> It) {
       size_t I = It.get_global_id(0);
       size_t L = It.get_local_id(0), Lane = L % SubGroupSize;
       Tile[L] = In[I];
       for (size_t D = 1; D < SubGroupSize; D *= 2) {
         sycl::group_barrier(It.get_group());
         int Left = Lane >= D ? Tile[L - D] : 0;
         sycl::group_barrier(It.get_group());
         Tile[L] += Left;
       }
       Out[I] = Tile[L];
     });
   }).wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv, /*Cacheable=*/true);
  bench::Reporter Rep("sg-scan", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(P.N, Q);
  int *Out = sycl::malloc_shared<int>(P.N, Q);
  init(In, P);
  int Rc = Rep.measure(
      [&] {
        for (size_t L = 0; L < P.Launches; ++L)
          launch(Q, P, In, Out);
      },
      [&] { return check(In, Out, P); });
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
