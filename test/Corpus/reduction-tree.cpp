// Classic local-memory tree reduction: halving strides with a barrier per
// level, then item 0 writes the group's partial sum; a second kernel does
// the same for the maximum with a sequential-addressing variant.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <algorithm>

int main() {
  constexpr size_t L = 256, Groups = 8, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Sums = sycl::malloc_shared<uint32_t>(Groups, Q);
  uint32_t *Maxes = sycl::malloc_shared<uint32_t>(Groups, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 27);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     Loc[Lid] = In[It.get_global_id(0)];
                     It.barrier(sycl::access::fence_space::local_space);
                     for (size_t S = L / 2; S > 0; S >>= 1) {
                       if (Lid < S)
                         Loc[Lid] += Loc[Lid + S];
                       It.barrier(sycl::access::fence_space::local_space);
                     }
                     if (Lid == 0)
                       Sums[It.get_group(0)] = Loc[0];
                   });
  });
  Q.wait();
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     Loc[Lid] = In[It.get_global_id(0)];
                     // Interleaved addressing: stride doubles.
                     for (size_t S = 1; S < L; S *= 2) {
                       It.barrier();
                       if (Lid % (2 * S) == 0) {
                         uint32_t A = Loc[Lid], B = Loc[Lid + S];
                         Loc[Lid] = A > B ? A : B;
                       }
                     }
                     It.barrier();
                     if (Lid == 0)
                       Maxes[It.get_group(0)] = Loc[0];
                   });
  });
  Q.wait();

  std::vector<uint32_t> WantSums(Groups), WantMaxes(Groups);
  for (size_t G = 0; G < Groups; ++G) {
    uint32_t Sum = 0, Max = 0;
    for (size_t I = 0; I < L; ++I) {
      Sum += In[G * L + I];
      Max = std::max(Max, In[G * L + I]);
    }
    WantSums[G] = Sum;
    WantMaxes[G] = Max;
  }
  int Rc = corpus::check("reduction-tree (sum)", Sums, WantSums) |
           corpus::check("reduction-tree (max)", Maxes, WantMaxes);
  sycl::free(In, Q);
  sycl::free(Sums, Q);
  sycl::free(Maxes, Q);
  return Rc;
}
