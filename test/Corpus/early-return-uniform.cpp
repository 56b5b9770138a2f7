// Group-uniform early return before any barrier: group 2 leaves at once,
// group 4 writes a marker and leaves; the others run a barrier loop.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 22, Groups = 6, N = L * Groups;
  constexpr unsigned Steps = 4;
  constexpr uint32_t Untouched = 0xDEADBEEFu;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 11);
  Q.fill(Out, Untouched, N);
  Q.wait();

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Gid = It.get_global_id(0);
                     if (It.get_group(0) == 2)
                       return;
                     if (It.get_group(0) == 4) {
                       Out[Gid] = 4000u + Lid;
                       return;
                     }
                     uint32_t Val = In[Gid];
                     for (unsigned S = 0; S < Steps; ++S) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val += Loc[(Lid + 1) % L] >> 1;
                       It.barrier();
                     }
                     Out[Gid] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    for (unsigned S = 0; S < Steps; ++S) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + 1) % L] >> 1;
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = G == 2 ? Untouched : G == 4 ? 4000u + I : Val[I];
  }
  int Rc = corpus::check("early-return-uniform", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
