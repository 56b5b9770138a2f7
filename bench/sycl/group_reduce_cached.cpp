// group-reduce-cached: work-group sums of a cache-resident input by
// reduce_over_group, or with --kernel tree by the local-memory tree of
// `reduction`, or with --kernel sub-groups by sub-group sums that sub-group
// 0 adds up (problems/group_reduce_cached.hpp).
#include <sycl/sycl.hpp>

#include "problems/group_reduce_cached.hpp"

using namespace group_reduce_cached;

static void launch(sycl::queue &Q, const Problem &P, const int *In, int *Sums) {
  const sycl::nd_range<1> Range(P.globalSize(), Local);
  const size_t InputGroups = P.InputGroups;
  if (P.K == Kernel::Collective) {
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
       size_t G = It.get_group(0);
       int X = In[inputGroup(G, InputGroups) * Local + It.get_local_id(0)];
       int Sum = sycl::reduce_over_group(It.get_group(), X, sycl::plus<int>());
       if (It.get_local_id(0) == 0)
         Sums[G] = Sum;
     }).wait();
    return;
  }
  if (P.K == Kernel::SubGroups) {
    Q.submit([&](sycl::handler &H) {
       sycl::local_accessor<int, 1> Partials(sycl::range<1>(Local), H);
       H.parallel_for(Range, [=](sycl::nd_item<1> It) {
         size_t G = It.get_group(0);
         sycl::sub_group SG = It.get_sub_group();
         size_t Lane = SG.get_local_linear_id();
         size_t Lanes = SG.get_max_local_range()[0];
         int X = In[inputGroup(G, InputGroups) * Local + It.get_local_id(0)];
         int Sum = sycl::reduce_over_group(SG, X, sycl::plus<int>());
         if (SG.leader())
           Partials[SG.get_group_linear_id()] = Sum;
         sycl::group_barrier(It.get_group());
         if (SG.get_group_linear_id() != 0)
           return;
         int Part = 0;
         for (size_t I = Lane; I < SG.get_group_linear_range(); I += Lanes)
           Part += Partials[I];
         Sum = sycl::reduce_over_group(SG, Part, sycl::plus<int>());
         if (SG.leader())
           Sums[G] = Sum;
       });
     }).wait();
    return;
  }
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(Local), H);
     H.parallel_for(Range, [=](sycl::nd_item<1> It) {
       size_t G = It.get_group(0), L = It.get_local_id(0);
       Tile[L] = In[inputGroup(G, InputGroups) * Local + L];
       for (size_t S = Local / 2; S > 0; S /= 2) {
         sycl::group_barrier(It.get_group());
         if (L < S)
           Tile[L] += Tile[L + S];
       }
       if (L == 0)
         Sums[G] = Tile[0];
     });
   }).wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("group-reduce-cached", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(P.inputSize(), Q);
  int *Sums = sycl::malloc_shared<int>(P.groups(), Q);
  init(In, P);
  int Rc = Rep.measure([&] { launch(Q, P, In, Sums); },
                       [&] { return check(In, Sums, P); });
  sycl::free(In, Q);
  sycl::free(Sums, Q);
  return Rc;
}
