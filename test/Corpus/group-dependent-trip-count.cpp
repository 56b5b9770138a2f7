// A barrier loop whose trip count is the group id (0 for group 0, so one
// group never enters it) and one bounded by a kernel argument that is 0,
// followed by a barrier after each loop.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 10, Groups = 5, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 55);
  unsigned Zero = 0;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (size_t T = 0; T < It.get_group(0); ++T) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val += Loc[(Lid + T + 1) % L] >> 2;
                       It.barrier();
                     }
                     It.barrier();
                     for (unsigned T = 0; T < Zero; ++T) {
                       It.barrier();
                       Val = 0;
                     }
                     Loc[Lid] = Val;
                     It.barrier();
                     Out[It.get_global_id(0)] = Val - Loc[0];
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    for (size_t T = 0; T < G; ++T) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + T + 1) % L] >> 2;
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I] - Val[0];
  }
  int Rc = corpus::check("group-dependent-trip-count", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
