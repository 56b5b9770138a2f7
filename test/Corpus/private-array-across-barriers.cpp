// A private array lives across barriers and is indexed with loop counters
// (dynamic indices), so it cannot become scalars before barrier lowering.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 18, Groups = 4, N = L * Groups, P = 8;
  constexpr unsigned Steps = 6;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N * P, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 14);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Gid = It.get_global_id(0);
                     uint32_t Priv[P];
                     for (size_t K = 0; K < P; ++K)
                       Priv[K] = In[Gid] + static_cast<uint32_t>(K * Lid);
                     for (unsigned S = 0; S < Steps; ++S) {
                       Loc[Lid] = Priv[S % P];
                       It.barrier();
                       uint32_t From = Loc[(Lid + S + 1) % L];
                       for (size_t K = 0; K < P; ++K)
                         Priv[(K + S) % P] ^= From >> K;
                       It.barrier();
                       Priv[(S * 3) % P] += Priv[(S * 5 + 1) % P];
                     }
                     for (size_t K = 0; K < P; ++K)
                       Out[Gid * P + K] = Priv[K];
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N * P);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<std::vector<uint32_t>> Priv(L, std::vector<uint32_t>(P));
    for (size_t I = 0; I < L; ++I)
      for (size_t K = 0; K < P; ++K)
        Priv[I][K] = In[G * L + I] + static_cast<uint32_t>(K * I);
    std::vector<uint32_t> Buf(L);
    for (unsigned S = 0; S < Steps; ++S) {
      for (size_t I = 0; I < L; ++I)
        Buf[I] = Priv[I][S % P];
      for (size_t I = 0; I < L; ++I) {
        uint32_t From = Buf[(I + S + 1) % L];
        for (size_t K = 0; K < P; ++K)
          Priv[I][(K + S) % P] ^= From >> K;
        Priv[I][(S * 3) % P] += Priv[I][(S * 5 + 1) % P];
      }
    }
    for (size_t I = 0; I < L; ++I)
      for (size_t K = 0; K < P; ++K)
        Want[(G * L + I) * P + K] = Priv[I][K];
  }
  int Rc = corpus::check("private-array-across-barriers", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
