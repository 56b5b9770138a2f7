// Collectives where the compiler must keep them in step: in a uniform loop,
// under a group-uniform if/else (a different collective in each branch),
// mixed with barriers and local memory, a reduction whose result is used
// after a later barrier, and a loop whose exit is decided by any_of_group
// while each work-item has its own amount of work. Several collectives per
// kernel; 1-D and 2-D groups.
#include "groups.hpp"

namespace {

template <int Dims>
int runControlFlow(sycl::queue &Q, const std::string &Name,
                   sycl::range<Dims> Global, sycl::range<Dims> Local) {
  const size_t N = Global.size(), L = Local.size();
  unsigned *In = sycl::malloc_shared<unsigned>(N, Q);
  unsigned *Out = sycl::malloc_shared<unsigned>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(uint32_t(I), 11);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<unsigned, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                                It) {
      sycl::group<Dims> G = It.get_group();
      size_t Lid = G.get_local_linear_id(), Size = G.get_local_linear_range();
      size_t Slot = G.get_group_linear_id() * Size + Lid;
      unsigned X = In[Slot] % 1000, Steps = In[Slot] / 1000 % 9;
      unsigned Acc = 0;
      for (unsigned R = 0; R < 4; ++R) {
        unsigned Sum = sycl::reduce_over_group(G, X + R, sycl::plus<>());
        if (G.get_group_linear_id() % 2 == 0)
          Acc += sycl::exclusive_scan_over_group(G, X * R, sycl::plus<>());
        else
          Acc ^= sycl::inclusive_scan_over_group(G, X, sycl::bit_xor<>());
        Loc[Lid] = Sum + Acc;
        sycl::group_barrier(G);
        Acc += Loc[(Lid + 1) % Size];
        sycl::group_barrier(G);
      }
      unsigned Count = 0;
      while (sycl::any_of_group(G, Count < Steps)) {
        if (Count < Steps)
          ++Count;
        Acc += sycl::group_broadcast(G, Count, Size - 1);
      }
      unsigned MaxSteps = sycl::reduce_over_group(G, Steps, sycl::maximum<>());
      Loc[Lid] = Acc;
      It.barrier();
      Out[Slot] = Loc[Size - 1 - Lid] * 7 + MaxSteps * 1000 + Count;
    });
  });
  Q.wait();

  std::vector<unsigned> Want(N);
  for (size_t Base = 0; Base < N; Base += L) {
    std::vector<unsigned> X(L), Steps(L), Acc(L, 0), Loc(L);
    for (size_t I = 0; I < L; ++I) {
      X[I] = In[Base + I] % 1000;
      Steps[I] = In[Base + I] / 1000 % 9;
    }
    for (unsigned R = 0; R < 4; ++R) {
      unsigned Sum = 0, Prefix = 0, XorPrefix = 0;
      for (size_t I = 0; I < L; ++I)
        Sum += X[I] + R;
      for (size_t I = 0; I < L; ++I) {
        XorPrefix ^= X[I];
        if ((Base / L) % 2 == 0)
          Acc[I] += Prefix;
        else
          Acc[I] ^= XorPrefix;
        Prefix += X[I] * R;
        Loc[I] = Sum + Acc[I];
      }
      for (size_t I = 0; I < L; ++I)
        Acc[I] += Loc[(I + 1) % L];
    }
    unsigned MaxSteps = 0, Extra = 0;
    for (size_t I = 0; I < L; ++I)
      MaxSteps = std::max(MaxSteps, Steps[I]);
    for (unsigned K = 1; K <= MaxSteps; ++K)
      Extra += std::min(K, Steps[L - 1]);
    for (size_t I = 0; I < L; ++I)
      Want[Base + I] = (Acc[L - 1 - I] + Extra) * 7 + MaxSteps * 1000 + Steps[I];
  }
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runControlFlow<1>(Q, "control flow 1-D local 1", {4}, {1});
  Rc |= runControlFlow<1>(Q, "control flow 1-D local 7", {28}, {7});
  Rc |= runControlFlow<1>(Q, "control flow 1-D local 256", {1024}, {256});
  Rc |= runControlFlow<2>(Q, "control flow 2-D local 3x5", {6, 10}, {3, 5});
  return Rc;
}
