// A while loop whose condition is a kernel argument (uniform), with a
// barrier in the middle of its body and one after it.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 24, Groups = 4, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 5);
  unsigned Limit = 5;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     unsigned S = 0;
                     while (S < Limit) {
                       Loc[Lid] = Val;
                       It.barrier();
                       uint32_t Left = Loc[(Lid + L - 1) % L];
                       uint32_t Right = Loc[(Lid + 1) % L];
                       It.barrier();
                       Val = Left + 2u * Val + Right;
                       ++S;
                     }
                     Out[It.get_global_id(0)] = Val ^ S;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Old;
    for (unsigned S = 0; S < Limit; ++S) {
      Old = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] = Old[(I + L - 1) % L] + 2u * Old[I] + Old[(I + 1) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I] ^ Limit;
  }
  int Rc = corpus::check("barrier-while-loop", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
