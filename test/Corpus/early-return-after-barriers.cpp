// Returns after the last barrier: a work-item-dependent return is legal
// once no barrier follows, and a group-uniform one may sit between
// barrier phases (group 1 leaves after the first phase).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 26, Groups = 4, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 12);
  Q.fill(Out, 7u, N);
  Q.wait();

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Gid = It.get_global_id(0);
                     uint32_t Val = In[Gid];
                     Loc[Lid] = Val;
                     It.barrier();
                     Val += Loc[(Lid + 4) % L];
                     if (It.get_group(0) == 1) {
                       Out[Gid] = Val;
                       return;
                     }
                     It.barrier();
                     Loc[Lid] = Val;
                     It.barrier();
                     Val ^= Loc[(Lid + 9) % L];
                     if (Lid % 3 == 1)
                       return; // item-dependent, no barrier follows
                     Out[Gid] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    Buf = Val;
    for (size_t I = 0; I < L; ++I)
      Val[I] += Buf[(I + 4) % L];
    if (G != 1) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] ^= Buf[(I + 9) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = G != 1 && I % 3 == 1 ? 7u : Val[I];
  }
  int Rc = corpus::check("early-return-after-barriers", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
