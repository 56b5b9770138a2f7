// A switch on a group-uniform value with barriers in several cases
// (different counts per case, one fall-through, a default without
// barriers followed by a common barrier).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 14, Groups = 5, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 41);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     switch (It.get_group(0)) {
                     case 0:
                       Loc[Lid] = Val;
                       It.barrier();
                       Val += Loc[(Lid + 1) % L];
                       It.barrier();
                       break;
                     case 1:
                       Val *= 3u;
                       [[fallthrough]];
                     case 2:
                       Loc[Lid] = Val;
                       It.barrier();
                       Val ^= Loc[L - 1 - Lid];
                       It.barrier();
                       Loc[Lid] = Val;
                       It.barrier();
                       Val -= Loc[(Lid + 5) % L];
                       It.barrier();
                       break;
                     default:
                       Val = ~Val;
                       break;
                     }
                     Loc[Lid] = Val;
                     It.barrier();
                     Out[It.get_global_id(0)] = Val + Loc[(Lid + 2) % L];
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    if (G == 0) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + 1) % L];
    } else if (G == 1 || G == 2) {
      if (G == 1)
        for (uint32_t &V : Val)
          V *= 3u;
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] ^= Buf[L - 1 - I];
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] -= Buf[(I + 5) % L];
    } else {
      for (uint32_t &V : Val)
        V = ~V;
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I] + Val[(I + 2) % L];
  }
  int Rc = corpus::check("barrier-switch-uniform", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
