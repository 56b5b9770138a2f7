// Nested loops with barriers at both levels: the outer loop exchanges with
// a rotating neighbour, the inner loop with the mirror item.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 30, Groups = 3, N = L * Groups;
  constexpr unsigned OuterTrips = 3, InnerTrips = 4;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 8);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (unsigned O = 0; O < OuterTrips; ++O) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val += Loc[(Lid + O + 1) % L];
                       for (unsigned I = 0; I < InnerTrips; ++I) {
                         It.barrier();
                         Loc[Lid] = Val ^ I;
                         It.barrier();
                         Val = Val * 3u + Loc[L - 1 - Lid];
                       }
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf(L);
    for (unsigned O = 0; O < OuterTrips; ++O) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + O + 1) % L];
      for (unsigned K = 0; K < InnerTrips; ++K) {
        for (size_t I = 0; I < L; ++I)
          Buf[I] = Val[I] ^ K;
        for (size_t I = 0; I < L; ++I)
          Val[I] = Val[I] * 3u + Buf[L - 1 - I];
      }
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-nested-loops", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
