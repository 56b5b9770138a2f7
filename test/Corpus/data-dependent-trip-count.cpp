// Loops with barriers whose trip count is group-uniform but read from
// memory: per group from global memory (zero trips included), and from a
// local slot item 0 fills in.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 27, Groups = 5, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Trips = sycl::malloc_shared<uint32_t>(Groups, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 18);
  const uint32_t TripsInit[Groups] = {3, 0, 1, 7, 2};
  for (size_t G = 0; G < Groups; ++G)
    Trips[G] = TripsInit[G];

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L + 1), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (uint32_t T = 0; T < Trips[It.get_group(0)]; ++T) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val += Loc[(Lid + T + 1) % L] | 1u;
                       It.barrier();
                     }
                     if (Lid == 0)
                       Loc[L] =
                           Val % 5u; // item 0 picks the second loop's count
                     It.barrier();
                     uint32_t Count = Loc[L];
                     for (uint32_t T = 0; T < Count; ++T) {
                       It.barrier();
                       Loc[Lid] = Val ^ T;
                       It.barrier();
                       Val = Val * 5u + Loc[(Lid + 2) % L];
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf(L);
    for (uint32_t T = 0; T < Trips[G]; ++T) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + T + 1) % L] | 1u;
    }
    uint32_t Count = Val[0] % 5u;
    for (uint32_t T = 0; T < Count; ++T) {
      for (size_t I = 0; I < L; ++I)
        Buf[I] = Val[I] ^ T;
      for (size_t I = 0; I < L; ++I)
        Val[I] = Val[I] * 5u + Buf[(I + 2) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("data-dependent-trip-count", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Trips, Q);
  return Rc;
}
