// sg-shuffle: the 9-point stencil of stencil-1d, each work-item's
// neighbours taken from its sub-group by shift_group_left/right and only
// the halos at the sub-group's edges read from memory; --kernel
// no-sub-group exchanges the same values through a local tile and one
// barrier (problems/sg_shuffle.hpp). --cached runs a small input by many
// launches.
#include <sycl/sycl.hpp>

#include "problems/sg_shuffle.hpp"

using namespace sg_shuffle;

static void launch(sycl::queue &Q, const Problem &P, const float *In,
                   float *Out) {
  const size_t N = P.n();
  const sycl::nd_range<1> Range(N, Local);
  if (P.K == sub_group::Kernel::SubGroup) {
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
       sycl::sub_group SG = It.get_sub_group();
       const long I = long(It.get_global_id(0)), Last = long(N) - 1;
       const unsigned Lane = SG.get_local_linear_id();
       const unsigned Size = SG.get_local_linear_range();
       const float X = In[I];
       float Sum = Weights[Radius] * X;
       for (unsigned K = 1; K <= Radius; ++K) {
         float Left = sycl::shift_group_right(SG, X, K);
         float Right = sycl::shift_group_left(SG, X, K);
         if (Lane < K)
           Left = In[std::max(I - long(K), 0L)];
         if (Lane + K >= Size)
           Right = In[std::min(I + long(K), Last)];
         Sum += Weights[Radius - K] * Left + Weights[Radius + K] * Right;
       }
       Out[I] = Sum;
     }).wait();
    return;
  }
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<float, 1> Tile(sycl::range<1>(Local), H);
     H.parallel_for(Range, [=](sycl::nd_item<1> It) {
       const long I = long(It.get_global_id(0)), Last = long(N) - 1;
       const size_t L = It.get_local_id(0), Lane = L % SubGroupSize;
       const float X = In[I];
       Tile[L] = X;
       sycl::group_barrier(It.get_group());
       float Sum = Weights[Radius] * X;
       for (size_t K = 1; K <= Radius; ++K) {
         float Left = Lane >= K ? Tile[L - K] : In[std::max(I - long(K), 0L)];
         float Right = Lane + K < SubGroupSize
                           ? Tile[L + K]
                           : In[std::min(I + long(K), Last)];
         Sum += Weights[Radius - K] * Left + Weights[Radius + K] * Right;
       }
       Out[I] = Sum;
     });
   }).wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv, /*Cacheable=*/true);
  bench::Reporter Rep("sg-shuffle", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  float *In = sycl::malloc_shared<float>(P.n(), Q);
  float *Out = sycl::malloc_shared<float>(P.n(), Q);
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
