// sg-reduction: each sub-group sums its work-items' ints with
// reduce_over_group and its leader adds the sum to one total with an atomic;
// --kernel no-sub-group sums each sub-group through a local-memory tree
// (problems/sg_reduction.hpp). --cached reads a small input many times.
#include <sycl/sycl.hpp>

#include "problems/sg_reduction.hpp"

using namespace sg_reduction;

using TotalRef = sycl::atomic_ref<int, sycl::memory_order::relaxed,
                                  sycl::memory_scope::device,
                                  sycl::access::address_space::global_space>;

static void launch(sycl::queue &Q, const Problem &P, const int *In,
                   int *Total) {
  const sycl::nd_range<1> Range(P.globalSize(), Local);
  const size_t InputGroups = P.InputGroups;
  if (P.K == sub_group::Kernel::SubGroup) {
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
       sycl::sub_group SG = It.get_sub_group();
       size_t G = bench::inputGroup(It.get_group(0), InputGroups);
       int Sum = sycl::reduce_over_group(SG, In[G * Local + It.get_local_id(0)],
                                         sycl::plus<int>());
       if (SG.leader())
         TotalRef(*Total).fetch_add(Sum);
     }).wait();
    return;
  }
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(Local), H);
     H.parallel_for(Range, [=](sycl::nd_item<1> It) {
       size_t L = It.get_local_id(0), Lane = L % SubGroupSize;
       size_t G = bench::inputGroup(It.get_group(0), InputGroups);
       Tile[L] = In[G * Local + L];
       for (size_t S = SubGroupSize / 2; S > 0; S /= 2) {
         sycl::group_barrier(It.get_group());
         if (Lane < S)
           Tile[L] += Tile[L + S];
       }
       if (Lane == 0)
         TotalRef(*Total).fetch_add(Tile[L]);
     });
   }).wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv, /*Cacheable=*/true);
  bench::Reporter Rep("sg-reduction", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(P.inputSize(), Q);
  int *Total = sycl::malloc_shared<int>(1, Q);
  init(In, P);
  int Rc = Rep.measure(
      [&] {
        *Total = 0;
        launch(Q, P, In, Total);
      },
      [&] { return check(In, *Total, P); });
  sycl::free(In, Q);
  sycl::free(Total, Q);
  return Rc;
}
