// Odd-even transposition sort of L keys per group (L = 45, odd): L phases,
// each a barrier-separated compare-exchange of neighbouring pairs whose
// parity alternates; the items without a pair in a phase idle.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <algorithm>

int main() {
  constexpr size_t L = 45, Groups = 3, N = L * Groups;
  sycl::queue Q;
  uint32_t *Keys = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Keys[I] = corpus::input(I, 38) % 100;
  std::vector<uint32_t> Want(Keys, Keys + N);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     Loc[Lid] = Keys[It.get_global_id(0)];
                     for (size_t Phase = 0; Phase < L; ++Phase) {
                       It.barrier();
                       if (Lid % 2 == Phase % 2 && Lid + 1 < L) {
                         uint32_t A = Loc[Lid], B = Loc[Lid + 1];
                         if (A > B) {
                           Loc[Lid] = B;
                           Loc[Lid + 1] = A;
                         }
                       }
                     }
                     It.barrier();
                     Keys[It.get_global_id(0)] = Loc[Lid];
                   });
  });
  Q.wait();

  for (size_t G = 0; G < Groups; ++G)
    std::sort(Want.begin() + G * L, Want.begin() + (G + 1) * L);
  int Rc = corpus::check("odd-even-sort-local", Keys, Want);
  sycl::free(Keys, Q);
  return Rc;
}
