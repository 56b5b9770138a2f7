// do-while loops with barriers: one whose count is a kernel argument and one
// whose count each group reads from global memory (group-uniform, data-
// dependent, at least one trip by construction of do-while).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 36, Groups = 4, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Counts = sycl::malloc_shared<uint32_t>(Groups, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 7);
  const uint32_t CountsInit[Groups] = {0, 1, 3, 6}; // 0 still runs once
  for (size_t G = 0; G < Groups; ++G)
    Counts[G] = CountsInit[G];
  unsigned Outer = 3;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     unsigned S = 0;
                     do {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val ^= Loc[(Lid + 5) % L] * 3u;
                       It.barrier();
                     } while (++S < Outer);
                     uint32_t C = Counts[It.get_group(0)];
                     uint32_t K = 0;
                     do {
                       It.barrier();
                       Loc[Lid] = Val + K;
                       It.barrier();
                       Val += Loc[L - 1 - Lid];
                       ++K;
                     } while (K < C);
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf(L);
    for (unsigned S = 0; S < Outer; ++S) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] ^= Buf[(I + 5) % L] * 3u;
    }
    uint32_t K = 0;
    do {
      for (size_t I = 0; I < L; ++I)
        Buf[I] = Val[I] + K;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[L - 1 - I];
      ++K;
    } while (K < Counts[G]);
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-do-while-loop", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Counts, Q);
  return Rc;
}
