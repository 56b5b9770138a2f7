// stencil-1d: 9-point stencil, the group's points plus halos staged in local
// memory, one barrier (problems/stencil.hpp).
#include <sycl/sycl.hpp>

#include "problems/stencil.hpp"

int main(int Argc, char **Argv) {
  using namespace stencil;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("stencil-1d", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  const size_t N = P.N;
  float *In = sycl::malloc_shared<float>(N, Q);
  float *Out = sycl::malloc_shared<float>(N, Q);
  init(In, P);

  int Rc = Rep.measure(
      [&] {
        Q.submit([&](sycl::handler &H) {
           sycl::local_accessor<float, 1> T(sycl::range<1>(Local + 2 * Radius),
                                            H);
           H.parallel_for(
               sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
                 long I = long(It.get_global_id(0));
                 size_t L = It.get_local_id(0);
                 const long R = long(Radius), Last = long(N) - 1;
                 T[L + Radius] = In[I];
                 if (L < Radius) {
                   T[L] = In[std::max(I - R, 0L)];
                   T[L + Local + Radius] = In[std::min(I + long(Local), Last)];
                 }
                 sycl::group_barrier(It.get_group());
                 float Sum = 0.0f;
                 for (size_t K = 0; K <= 2 * Radius; ++K)
                   Sum += Weights[K] * T[L + K];
                 Out[I] = Sum;
               });
         }).wait();
      },
      [&] { return check(In, Out, P); });
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
