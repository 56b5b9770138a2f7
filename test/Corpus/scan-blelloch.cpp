// Exclusive prefix sum per work-group, Blelloch (work-efficient): an
// up-sweep and a down-sweep over 2*L elements, each level separated by a
// barrier; every item owns two elements. The group total goes to a second
// array.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 64, M = 2 * L, Groups = 5, N = M * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Totals = sycl::malloc_shared<uint32_t>(Groups, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 30) % 1000;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> T(sycl::range<1>(M), H);
    H.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(Groups * L), sycl::range<1>(L)),
        [=](sycl::nd_item<1> It) {
          size_t Lid = It.get_local_id(0);
          size_t Base = It.get_group(0) * M;
          T[2 * Lid] = In[Base + 2 * Lid];
          T[2 * Lid + 1] = In[Base + 2 * Lid + 1];
          size_t Off = 1;
          for (size_t D = M / 2; D > 0; D /= 2) {
            It.barrier();
            if (Lid < D) {
              size_t A = Off * (2 * Lid + 1) - 1, B = Off * (2 * Lid + 2) - 1;
              T[B] += T[A];
            }
            Off *= 2;
          }
          It.barrier();
          if (Lid == 0) {
            Totals[It.get_group(0)] = T[M - 1];
            T[M - 1] = 0;
          }
          for (size_t D = 1; D < M; D *= 2) {
            Off /= 2;
            It.barrier();
            if (Lid < D) {
              size_t A = Off * (2 * Lid + 1) - 1, B = Off * (2 * Lid + 2) - 1;
              uint32_t Tmp = T[A];
              T[A] = T[B];
              T[B] += Tmp;
            }
          }
          It.barrier();
          Out[Base + 2 * Lid] = T[2 * Lid];
          Out[Base + 2 * Lid + 1] = T[2 * Lid + 1];
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(N), WantTotals(Groups);
  for (size_t G = 0; G < Groups; ++G) {
    uint32_t Sum = 0;
    for (size_t I = 0; I < M; ++I) {
      Want[G * M + I] = Sum;
      Sum += In[G * M + I];
    }
    WantTotals[G] = Sum;
  }
  int Rc = corpus::check("scan-blelloch", Out, Want) |
           corpus::check("scan-blelloch (totals)", Totals, WantTotals);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Totals, Q);
  return Rc;
}
