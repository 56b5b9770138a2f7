// histogram: bytes counted into a local histogram with work-group atomics,
// merged into the global one with one atomic per bin and group
// (problems/histogram.hpp).
#include <sycl/sycl.hpp>

#include "problems/histogram.hpp"

using namespace histogram;

static void launch(sycl::queue &Q, const Problem &P, const unsigned char *In,
                   unsigned *Out) {
  std::fill(Out, Out + Bins, 0u);
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<unsigned, 1> Hist(sycl::range<1>(Bins), H);
     H.parallel_for(
         sycl::nd_range<1>(P.groups() * Local, Local),
         [=](sycl::nd_item<1> It) {
           size_t L = It.get_local_id(0);
           const unsigned char *Mine =
               In + It.get_group(0) * Local * PerItem + L;
           Hist[L] = 0;
           sycl::group_barrier(It.get_group());
           for (size_t K = 0; K < PerItem; ++K) {
             sycl::atomic_ref<unsigned, sycl::memory_order::relaxed,
                              sycl::memory_scope::work_group,
                              sycl::access::address_space::local_space>
                 Bin(Hist[Mine[K * Local]]);
             Bin.fetch_add(1u);
           }
           sycl::group_barrier(It.get_group());
           if (unsigned Count = Hist[L])
             sycl::atomic_ref<unsigned, sycl::memory_order::relaxed,
                              sycl::memory_scope::device,
                              sycl::access::address_space::global_space>(
                 Out[L])
                 .fetch_add(Count);
         });
   }).wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("histogram", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  unsigned char *In = sycl::malloc_shared<unsigned char>(P.N, Q);
  unsigned *Out = sycl::malloc_shared<unsigned>(Bins, Q);
  init(In, P);
  int Rc = Rep.measure([&] { launch(Q, P, In, Out); },
                       [&] { return check(In, Out, P); });
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
