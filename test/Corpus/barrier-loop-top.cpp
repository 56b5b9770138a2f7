// Barrier as the first statement of a loop body. Double-buffered local
// memory: iteration S writes buffer S%2 and reads the other buffer, which
// the barrier at the top of S separates from its writers.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 64, Groups = 4, N = L * Groups;
  constexpr unsigned Steps = 6;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(2 * L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (unsigned S = 0; S < Steps; ++S) {
                       It.barrier(sycl::access::fence_space::local_space);
                       if (S > 0)
                         Val += Loc[((S - 1) % 2) * L + (Lid + 1) % L];
                       Loc[(S % 2) * L + Lid] = Val * 3u + S;
                     }
                     It.barrier(sycl::access::fence_space::local_space);
                     Out[It.get_global_id(0)] =
                         Val + Loc[((Steps - 1) % 2) * L + (L - 1 - Lid)];
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(L), Buf(2 * L);
    for (size_t I = 0; I < L; ++I)
      Val[I] = In[G * L + I];
    for (unsigned S = 0; S < Steps; ++S)
      for (size_t I = 0; I < L; ++I) {
        if (S > 0)
          Val[I] += Buf[((S - 1) % 2) * L + (I + 1) % L];
        Buf[(S % 2) * L + I] = Val[I] * 3u + S;
      }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I] + Buf[((Steps - 1) % 2) * L + (L - 1 - I)];
  }
  int Rc = corpus::check("barrier-loop-top", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
