// while (true) with barriers and a break whose condition every work-item
// reads from the same local slot (a group sum computed by item 0): uniform
// but data-dependent, and different for every group.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 20, Groups = 5, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Rounds = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 6) % 64;
  const uint32_t Threshold = 4000;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L + 1), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     uint32_t Count = 0;
                     while (true) {
                       Loc[Lid] = Val;
                       It.barrier();
                       if (Lid == 0) {
                         uint32_t Sum = 0;
                         for (size_t K = 0; K < L; ++K)
                           Sum += Loc[K];
                         Loc[L] = Sum;
                       }
                       It.barrier();
                       if (Loc[L] > Threshold)
                         break;
                       Val += Loc[(Lid + 1) % L] % 7u + 1u;
                       ++Count;
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Val;
                     Rounds[It.get_global_id(0)] = Count;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N), WantRounds(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Old;
    uint32_t Count = 0;
    for (;;) {
      uint32_t Sum = 0;
      for (uint32_t V : Val)
        Sum += V;
      if (Sum > Threshold)
        break;
      Old = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Old[(I + 1) % L] % 7u + 1u;
      ++Count;
    }
    for (size_t I = 0; I < L; ++I) {
      Want[G * L + I] = Val[I];
      WantRounds[G * L + I] = Count;
    }
  }
  int Rc =
      corpus::check("barrier-while-data-exit (values)", Out, Want) |
      corpus::check("barrier-while-data-exit (rounds)", Rounds, WantRounds);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Rounds, Q);
  return Rc;
}
