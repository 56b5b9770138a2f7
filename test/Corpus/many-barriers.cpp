// A loop running 2000 barriers per work-item with state carried across
// every one of them (a rotating token plus a private counter).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 16, Groups = 2, N = L * Groups;
  constexpr unsigned Steps = 1000;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 51);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     uint32_t Count = 0;
                     for (unsigned S = 0; S < Steps; ++S) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val = Loc[(Lid + 1) % L] + S;
                       Count += Val & 1u;
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Val ^ (Count << 16);
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Old, Count(L, 0);
    for (unsigned S = 0; S < Steps; ++S) {
      Old = Val;
      for (size_t I = 0; I < L; ++I) {
        Val[I] = Old[(I + 1) % L] + S;
        Count[I] += Val[I] & 1u;
      }
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I] ^ (Count[I] << 16);
  }
  int Rc = corpus::check("many-barriers", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
