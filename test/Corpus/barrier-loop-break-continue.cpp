// Uniform break and continue in loops with barriers: continue skips the
// barriers of some iterations (decided by the loop counter and group id),
// break leaves at an iteration read from memory.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 17, Groups = 4, N = L * Groups;
  constexpr unsigned Steps = 12;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *StopAt = sycl::malloc_shared<uint32_t>(Groups, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 40);
  const uint32_t StopInit[Groups] = {5, 100, 0, 9};
  for (size_t G = 0; G < Groups; ++G)
    StopAt[G] = StopInit[G];

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Grp = It.get_group(0);
                     uint32_t Stop = StopAt[Grp];
                     uint32_t Val = In[It.get_global_id(0)];
                     for (unsigned S = 0; S < Steps; ++S) {
                       Val += S;
                       if ((S + Grp) % 3 == 0)
                         continue;
                       if (S == Stop)
                         break;
                       Loc[Lid] = Val;
                       It.barrier();
                       Val = Val * 7u + Loc[(Lid + S) % L];
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    for (unsigned S = 0; S < Steps; ++S) {
      for (uint32_t &V : Val)
        V += S;
      if ((S + G) % 3 == 0)
        continue;
      if (S == StopAt[G])
        break;
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] = Val[I] * 7u + Buf[(I + S) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-loop-break-continue", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(StopAt, Q);
  return Rc;
}
