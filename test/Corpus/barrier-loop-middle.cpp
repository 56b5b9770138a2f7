// Barrier in the middle of a loop body: write, barrier, read. Buffers
// alternate so the next iteration's writes cannot race with this one's reads.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 40, Groups = 5, N = L * Groups;
  constexpr unsigned Steps = 9;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 3);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(2 * L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (unsigned S = 0; S < Steps; ++S) {
                       Val = (Val << 1) ^ (Val >> 3) ^ S;
                       Loc[(S % 2) * L + Lid] = Val;
                       It.barrier();
                       Val += Loc[(S % 2) * L + (Lid + S + 1) % L];
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(L), Buf(L);
    for (size_t I = 0; I < L; ++I)
      Val[I] = In[G * L + I];
    for (unsigned S = 0; S < Steps; ++S) {
      for (size_t I = 0; I < L; ++I) {
        Val[I] = (Val[I] << 1) ^ (Val[I] >> 3) ^ S;
        Buf[I] = Val[I];
      }
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + S + 1) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-loop-middle", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
