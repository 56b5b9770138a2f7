// reduction: work-group tree reduction, barrier at the top of the halving
// loop, or the same sum by reduce_over_group, or the whole sum by
// sycl::reduction (problems/reduction.hpp).
#include <sycl/sycl.hpp>

#include "problems/reduction.hpp"

int main(int Argc, char **Argv) {
  using namespace reduction;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("reduction", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  const size_t N = P.N;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Partial = sycl::malloc_shared<int>(P.groups(), Q);
  int *Total = sycl::malloc_shared<int>(1, Q);
  init(In, P);
  const sycl::property_list FromIdentity{
      sycl::property::reduction::initialize_to_identity()};

  if (P.K == Kernel::SyclReduction) {
    int Rc = Rep.measure(
        [&] {
          Q.parallel_for(sycl::nd_range<1>(N, Local),
                         sycl::reduction(Total, sycl::plus<int>(),
                                         FromIdentity),
                         [=](sycl::nd_item<1> It, auto &Sum) {
                           Sum += In[It.get_global_id(0)];
                         })
              .wait();
        },
        [&] { return checkTotal(In, *Total, P); });
    sycl::free(In, Q);
    sycl::free(Partial, Q);
    sycl::free(Total, Q);
    return Rc;
  }

  int Rc = Rep.measure(
      [&] {
        if (P.K == Kernel::Group) {
          Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
             int Sum = sycl::reduce_over_group(
                 It.get_group(), In[It.get_global_id(0)], sycl::plus<int>());
             if (It.get_local_id(0) == 0)
               Partial[It.get_group(0)] = Sum;
           }).wait();
          return;
        }
        Q.submit([&](sycl::handler &H) {
           sycl::local_accessor<int, 1> Tile(sycl::range<1>(Local), H);
           H.parallel_for(sycl::nd_range<1>(N, Local),
                          [=](sycl::nd_item<1> It) {
                            size_t L = It.get_local_id(0);
                            Tile[L] = In[It.get_global_id(0)];
                            for (size_t S = Local / 2; S > 0; S /= 2) {
                              sycl::group_barrier(It.get_group());
                              if (L < S)
                                Tile[L] += Tile[L + S];
                            }
                            if (L == 0)
                              Partial[It.get_group(0)] = Tile[0];
                          });
         }).wait();
      },
      [&] { return check(In, Partial, P); });
  sycl::free(In, Q);
  sycl::free(Partial, Q);
  sycl::free(Total, Q);
  return Rc;
}
