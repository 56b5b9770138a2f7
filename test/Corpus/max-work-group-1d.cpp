// The device's maximum work-group size (8192 on the Lanes CPU device) in
// 1-D, two groups: a neighbour exchange, a tree reduction and a private
// value carried across all of it.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  sycl::queue Q;
  const size_t L =
      Q.get_device().get_info<sycl::info::device::max_work_group_size>();
  const size_t Groups = 2, N = L * Groups;
  size_t Pow2 = 1;
  while (Pow2 < L)
    Pow2 *= 2;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 20);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     Loc[Lid] = Val;
                     It.barrier();
                     uint32_t Mine = Val ^ Loc[L - 1 - Lid];
                     It.barrier();
                     Loc[Lid] = Mine;
                     It.barrier();
                     for (size_t Stride = Pow2 / 2; Stride > 0; Stride /= 2) {
                       if (Lid < Stride && Lid + Stride < L)
                         Loc[Lid] += Loc[Lid + Stride];
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Mine + Loc[0];
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    const uint32_t *V = In + G * L;
    uint32_t Sum = 0;
    for (size_t I = 0; I < L; ++I)
      Sum += V[I] ^ V[L - 1 - I];
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = (V[I] ^ V[L - 1 - I]) + Sum;
  }
  std::printf("max work-group size %zu\n", L);
  int Rc = corpus::check("max-work-group-1d", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
