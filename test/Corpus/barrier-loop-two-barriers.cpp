// Two barriers in one loop body over a single buffer: write, barrier,
// read, barrier (the second keeps the next write from racing the reads).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 32, Groups = 6, N = L * Groups;
  constexpr unsigned Steps = 8;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 4);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (unsigned S = 0; S < Steps; ++S) {
                       Loc[Lid] = Val + S;
                       It.barrier(sycl::access::fence_space::local_space);
                       Val = Val * 31u + Loc[(Lid ^ (S + 1)) % L];
                       It.barrier(sycl::access::fence_space::local_space);
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
      for (size_t I = 0; I < L; ++I)
        Buf[I] = Val[I] + S;
      for (size_t I = 0; I < L; ++I)
        Val[I] = Val[I] * 31u + Buf[(I ^ (S + 1)) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-loop-two-barriers", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
