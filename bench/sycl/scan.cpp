// scan: every work-group's inclusive prefix sum, by a double-buffered
// local-memory tree with a barrier per step, or by
// inclusive_scan_over_group with --kernel group (problems/scan.hpp).
#include <sycl/sycl.hpp>

#include "problems/scan.hpp"

using namespace scan;

static void launch(sycl::queue &Q, const Problem &P, const int *In, int *Out) {
  const sycl::nd_range<1> Range(P.N, Local);
  if (P.K == Kernel::Group) {
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
       size_t I = It.get_global_id(0);
       Out[I] = sycl::inclusive_scan_over_group(It.get_group(), In[I],
                                                sycl::plus<int>());
     }).wait();
    return;
  }
  Q.submit([&](sycl::handler &H) {
     // Two halves: each step reads one and writes the other.
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(2 * Local), H);
     H.parallel_for(Range, [=](sycl::nd_item<1> It) {
       size_t I = It.get_global_id(0), L = It.get_local_id(0);
       size_t From = 0;
       Tile[L] = In[I];
       for (size_t D = 1; D < Local; D *= 2) {
         sycl::group_barrier(It.get_group());
         int Value = Tile[From + L];
         if (L >= D)
           Value += Tile[From + L - D];
         Tile[Local - From + L] = Value;
         From = Local - From;
       }
       // The item's own element of the last step: no barrier needed.
       Out[I] = Tile[From + L];
     });
   }).wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("scan", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(P.N, Q);
  int *Out = sycl::malloc_shared<int>(P.N, Q);
  init(In, P);
  int Rc = Rep.measure([&] { launch(Q, P, In, Out); },
                       [&] { return check(In, Out, P); });
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
