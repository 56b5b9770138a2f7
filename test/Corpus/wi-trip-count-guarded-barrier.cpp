// The pathological case: the trip count depends on the work-item
// (2 + lid) and the barrier inside is guarded by i < 2, so every item
// still reaches exactly two barriers. Variant A has the guarded barrier
// in the middle of the body, variant B at its end.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 19, Groups = 3, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *OutA = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *OutB = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 17);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(2 * L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Acc = In[It.get_global_id(0)];
                     for (size_t I = 0; I < 2 + Lid; I++) {
                       if (I < 2)
                         Loc[I * L + Lid] = Acc;
                       if (I < 2)
                         It.barrier();
                       Acc = Acc * 3u + Loc[(I % 2) * L + (Lid + I) % L];
                     }
                     OutA[It.get_global_id(0)] = Acc;
                   });
  });
  Q.wait();
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Acc = In[It.get_global_id(0)];
                     Loc[Lid] = Acc;
                     for (size_t I = 0; I < 2 + Lid; I++) {
                       Acc ^= Acc << 5;
                       Acc += static_cast<uint32_t>(I);
                       if (I < 2)
                         It.barrier();
                     }
                     // Everyone's first write is two barriers old now.
                     OutB[It.get_global_id(0)] = Acc + Loc[L - 1 - Lid];
                   });
  });
  Q.wait();

  std::vector<uint32_t> WantA(N), WantB(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Acc(In + G * L, In + G * L + L), Buf(2 * L);
    for (size_t I = 0; I < L; ++I)
      Buf[I] = Acc[I];
    for (size_t I = 0; I < L; ++I)
      Acc[I] = Acc[I] * 3u + Buf[I];
    for (size_t I = 0; I < L; ++I)
      Buf[L + I] = Acc[I];
    for (size_t I = 0; I < L; ++I) {
      for (size_t K = 1; K < 2 + I; ++K)
        Acc[I] = Acc[I] * 3u + Buf[(K % 2) * L + (I + K) % L];
      WantA[G * L + I] = Acc[I];
      uint32_t B = In[G * L + I];
      for (size_t K = 0; K < 2 + I; ++K) {
        B ^= B << 5;
        B += static_cast<uint32_t>(K);
      }
      WantB[G * L + I] = B + In[G * L + L - 1 - I];
    }
  }
  int Rc = corpus::check("wi-trip-count-guarded-barrier (A)", OutA, WantA) |
           corpus::check("wi-trip-count-guarded-barrier (B)", OutB, WantB);
  sycl::free(In, Q);
  sycl::free(OutA, Q);
  sycl::free(OutB, Q);
  return Rc;
}
