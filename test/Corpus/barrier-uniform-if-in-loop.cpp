// A barrier inside a uniform if inside a loop: whether an iteration
// synchronizes depends on the loop counter and the group id.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 28, Groups = 3, N = L * Groups;
  constexpr unsigned Steps = 10;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 10);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Grp = It.get_group(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (unsigned S = 0; S < Steps; ++S) {
                       Val = Val * 9u + S;
                       if (S % 3 == Grp % 3) {
                         Loc[Lid] = Val;
                         It.barrier();
                         Val ^= Loc[(Lid + S) % L];
                         It.barrier();
                       }
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf(L);
    for (unsigned S = 0; S < Steps; ++S) {
      for (size_t I = 0; I < L; ++I)
        Val[I] = Val[I] * 9u + S;
      if (S % 3 == G % 3) {
        Buf = Val;
        for (size_t I = 0; I < L; ++I)
          Val[I] ^= Buf[(I + S) % L];
      }
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-uniform-if-in-loop", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
