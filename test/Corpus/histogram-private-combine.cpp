// Histogram without atomics: each item bins its chunk into its own slice
// of local memory, barrier, then item b sums bin b over all slices; the
// per-group histograms are added on the host.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 32, Groups = 4, Bins = 16, PerItem = 9;
  constexpr size_t N = L * Groups * PerItem;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Partial = sycl::malloc_shared<uint32_t>(Groups * Bins, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 34);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 2> Counts(sycl::range<2>(L, Bins), H);
    H.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(L * Groups), sycl::range<1>(L)),
        [=](sycl::nd_item<1> It) {
          size_t Lid = It.get_local_id(0);
          for (size_t B = 0; B < Bins; ++B)
            Counts[Lid][B] = 0;
          size_t Base = It.get_global_id(0) * PerItem;
          for (size_t K = 0; K < PerItem; ++K) {
            uint32_t V = In[Base + K];
            Counts[Lid][(V >> 7) % Bins] += 1;
          }
          It.barrier();
          // Fewer bins than items: only the first Bins items combine.
          if (Lid < Bins) {
            uint32_t Sum = 0;
            for (size_t Owner = 0; Owner < L; ++Owner)
              Sum += Counts[Owner][Lid];
            Partial[It.get_group(0) * Bins + Lid] = Sum;
          }
        });
  });
  Q.wait();

  std::vector<uint32_t> Got(Bins, 0), Want(Bins, 0), WantPartial(Groups * Bins);
  for (size_t G = 0; G < Groups; ++G)
    for (size_t B = 0; B < Bins; ++B)
      Got[B] += Partial[G * Bins + B];
  for (size_t I = 0; I < N; ++I) {
    Want[(In[I] >> 7) % Bins] += 1;
    WantPartial[I / (L * PerItem) * Bins + (In[I] >> 7) % Bins] += 1;
  }
  int Rc = corpus::check("histogram-private-combine (groups)", Partial,
                         WantPartial) |
           corpus::check("histogram-private-combine (total)", Got.data(), Want);
  sycl::free(In, Q);
  sycl::free(Partial, Q);
  return Rc;
}
