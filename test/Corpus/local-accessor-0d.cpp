// A 0-D local accessor as a group-shared scalar: item 0 publishes a value,
// every item reads it after a barrier; then a per-group counter that the
// items bump one after another in a uniform loop.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 23, Groups = 4, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 23);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 0> Shared(H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     if (Lid == 0)
                       Shared = Val;
                     It.barrier();
                     uint32_t Leader = Shared;
                     It.barrier();
                     // Items take turns: in round R only item R writes.
                     for (size_t R = 0; R < L; ++R) {
                       if (Lid == R) {
                         uint32_t Cur = Shared;
                         Shared = Cur * 3u + Val;
                       }
                       It.barrier();
                     }
                     uint32_t Total = Shared;
                     Out[It.get_global_id(0)] = (Val ^ Leader) + Total;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    const uint32_t *V = In + G * L;
    uint32_t Acc = V[0];
    for (size_t R = 0; R < L; ++R)
      Acc = Acc * 3u + V[R];
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = (V[I] ^ V[0]) + Acc;
  }
  int Rc = corpus::check("local-accessor-0d", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
