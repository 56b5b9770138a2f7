// Work-items of a group communicate through global memory: each writes its
// slot of a global scratch array, a barrier with the global fence orders
// the writes, then each reads a neighbour's slot (same group).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 30, Groups = 4, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Scratch = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 46);

  Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                 [=](sycl::nd_item<1> It) {
                   size_t Lid = It.get_local_id(0);
                   size_t Base = It.get_group(0) * L;
                   uint32_t Val = In[Base + Lid];
                   for (unsigned S = 0; S < 3; ++S) {
                     Scratch[Base + Lid] = Val;
                     It.barrier(sycl::access::fence_space::global_space);
                     Val = Val * 11u + Scratch[Base + (Lid + S + 2) % L];
                     It.barrier(sycl::access::fence_space::global_and_local);
                   }
                   Out[Base + Lid] = Val;
                 });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    for (unsigned S = 0; S < 3; ++S) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] = Val[I] * 11u + Buf[(I + S + 2) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-global-memory", Out, Want);
  sycl::free(In, Q);
  sycl::free(Scratch, Q);
  sycl::free(Out, Q);
  return Rc;
}
