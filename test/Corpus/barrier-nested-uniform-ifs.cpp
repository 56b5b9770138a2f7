// Nested group-uniform ifs with barriers at each depth, an if without an
// else, and a condition read from local memory that item 0 wrote before a
// barrier (uniform because every item reads the same slot).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 15, Groups = 8, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 54);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    sycl::local_accessor<uint32_t, 0> Flag(H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Grp = It.get_group(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     if (Lid == 0)
                       Flag = Val % 3u;
                     It.barrier();
                     uint32_t F = Flag;
                     if (Grp & 1) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val += Loc[(Lid + 1) % L];
                       It.barrier();
                       if (Grp & 2) {
                         Loc[Lid] = Val;
                         It.barrier();
                         Val ^= Loc[(Lid + 2) % L];
                         It.barrier();
                       }
                     } else if (F == 0) {
                       Val = Val * 3u;
                     } else {
                       Loc[Lid] = Val;
                       It.barrier();
                       if (F == 1)
                         Val -= Loc[L - 1 - Lid];
                       else
                         Val += Loc[L - 1 - Lid] << 2;
                       It.barrier();
                     }
                     if (Grp >= 4) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val = Val * 9u + Loc[(Lid + 5) % L];
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    uint32_t F = Val[0] % 3u;
    if (G & 1) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + 1) % L];
      if (G & 2) {
        Buf = Val;
        for (size_t I = 0; I < L; ++I)
          Val[I] ^= Buf[(I + 2) % L];
      }
    } else if (F == 0) {
      for (uint32_t &V : Val)
        V *= 3u;
    } else {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] =
            F == 1 ? Val[I] - Buf[L - 1 - I] : Val[I] + (Buf[L - 1 - I] << 2);
    }
    if (G >= 4) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] = Val[I] * 9u + Buf[(I + 5) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-nested-uniform-ifs", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
