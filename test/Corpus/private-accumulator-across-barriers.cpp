// Private accumulators live across barrier loops: Acc and Mix are carried
// through two consecutive barrier loops and a barrier between them.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 50, Groups = 3, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(2 * N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 13);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Gid = It.get_global_id(0);
                     uint32_t Acc = 0,
                              Mix = 0x12345u + static_cast<uint32_t>(Lid);
                     Loc[Lid] = In[Gid];
                     It.barrier();
                     for (size_t K = 0; K < 5; ++K) {
                       Acc += Loc[(Lid + K) % L];
                       Mix = Mix * 33u ^ Acc;
                       It.barrier();
                     }
                     uint32_t Mid = Acc;
                     It.barrier();
                     Loc[Lid] = Mix;
                     It.barrier();
                     for (size_t K = 0; K < 3; ++K) {
                       Acc = Acc * 7u + Loc[(Lid + L - K - 1) % L];
                       It.barrier();
                       Mix += Acc >> K;
                     }
                     Out[Gid] = Acc ^ Mid;
                     Out[N + Gid] = Mix;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(2 * N);
  for (size_t G = 0; G < Groups; ++G) {
    for (size_t I = 0; I < L; ++I) {
      const uint32_t *Loc = In + G * L;
      uint32_t Acc = 0, Mix = 0x12345u + static_cast<uint32_t>(I);
      for (size_t K = 0; K < 5; ++K) {
        Acc += Loc[(I + K) % L];
        Mix = Mix * 33u ^ Acc;
      }
      Want[G * L + I] = Acc;
      Want[N + G * L + I] = Mix;
    }
    std::vector<uint32_t> Buf(Want.begin() + N + G * L,
                              Want.begin() + N + G * L + L);
    for (size_t I = 0; I < L; ++I) {
      uint32_t Acc = Want[G * L + I], Mid = Acc, Mix = Buf[I];
      for (size_t K = 0; K < 3; ++K) {
        Acc = Acc * 7u + Buf[(I + L - K - 1) % L];
        Mix += Acc >> K;
      }
      Want[G * L + I] = Acc ^ Mid;
      Want[N + G * L + I] = Mix;
    }
  }
  int Rc = corpus::check("private-accumulator-across-barriers", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
