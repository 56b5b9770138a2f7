// Barriers in both branches of a group-uniform if/else (the condition is the
// group id); the branches hold different numbers of barriers. A second
// if/else branches on a kernel argument.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 16, Groups = 6, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 9);
  int Mode = 1;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     if (It.get_group(0) % 2 == 0) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val += Loc[(Lid + 1) % L];
                     } else {
                       Loc[Lid] = Val * 7u;
                       It.barrier();
                       uint32_t T = Loc[L - 1 - Lid];
                       It.barrier();
                       Loc[Lid] = T ^ Val;
                       It.barrier();
                       Val = Loc[(Lid + 3) % L];
                     }
                     It.barrier();
                     if (Mode == 1) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val -= Loc[(Lid + 2) % L];
                     } else {
                       Val = 0;
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf(L), T(L);
    if (G % 2 == 0) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + 1) % L];
    } else {
      for (size_t I = 0; I < L; ++I)
        Buf[I] = Val[I] * 7u;
      for (size_t I = 0; I < L; ++I)
        T[I] = Buf[L - 1 - I];
      for (size_t I = 0; I < L; ++I)
        Buf[I] = T[I] ^ Val[I];
      for (size_t I = 0; I < L; ++I)
        Val[I] = Buf[(I + 3) % L];
    }
    Buf = Val;
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I] - Buf[(I + 2) % L];
  }
  int Rc = corpus::check("barrier-uniform-if-else", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
