// Bitonic sort of 128 keys per work-group in local memory: two nested
// loops (stage, step) with a barrier in the inner one; each of the 64
// items compares and swaps one pair per step.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <algorithm>

int main() {
  constexpr size_t L = 64, M = 2 * L, Groups = 4, N = M * Groups;
  sycl::queue Q;
  uint32_t *Keys = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Keys[I] = corpus::input(I, 37) % 500; // duplicates on purpose
  std::vector<uint32_t> Want(Keys, Keys + N);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(M), H);
    H.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(Groups * L), sycl::range<1>(L)),
        [=](sycl::nd_item<1> It) {
          size_t Lid = It.get_local_id(0);
          size_t Base = It.get_group(0) * M;
          Loc[Lid] = Keys[Base + Lid];
          Loc[Lid + L] = Keys[Base + Lid + L];
          for (size_t Size = 2; Size <= M; Size *= 2) {
            for (size_t Stride = Size / 2; Stride > 0; Stride /= 2) {
              It.barrier();
              // Item Lid handles the pair (I, I + Stride).
              size_t I = 2 * Lid - (Lid & (Stride - 1));
              bool Up = (I & Size) == 0;
              uint32_t A = Loc[I], B = Loc[I + Stride];
              if ((A > B) == Up) {
                Loc[I] = B;
                Loc[I + Stride] = A;
              }
            }
          }
          It.barrier();
          Keys[Base + Lid] = Loc[Lid];
          Keys[Base + Lid + L] = Loc[Lid + L];
        });
  });
  Q.wait();

  for (size_t G = 0; G < Groups; ++G)
    std::sort(Want.begin() + G * M, Want.begin() + (G + 1) * M);
  int Rc = corpus::check("bitonic-sort-local", Keys, Want);
  sycl::free(Keys, Q);
  return Rc;
}
