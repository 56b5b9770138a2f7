// Work given to a range of work-items only: `lid < s`, `lid <= s`,
// `lid == k`, `lid > k`, `lid >= k` on the fastest local id, with limits
// captured at run time that fall before, inside and beyond the group (the
// compiler trims such work-item loops to the admitted items), in a 2-D
// nd_range with an odd local size, between barriers.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L0 = 3, L1 = 19, G0 = 2, G1 = 3;
  constexpr size_t N0 = L0 * G0, N1 = L1 * G1, N = N0 * N1;
  constexpr size_t Cases = 6, Outs = 5;
  // Per case: a limit each guard compares the local id with.
  const size_t Limits[Cases] = {0, 1, 7, 18, 19, ~size_t(0)};
  sycl::queue Q;
  uint32_t *Out = sycl::malloc_shared<uint32_t>(Cases * Outs * N, Q);
  for (size_t I = 0; I < Cases * Outs * N; ++I)
    Out[I] = 0;

  for (size_t C = 0; C < Cases; ++C) {
    size_t K = Limits[C];
    Q.submit([&](sycl::handler &H) {
      sycl::local_accessor<uint32_t, 2> Loc(sycl::range<2>(L0, L1), H);
      H.parallel_for(
          sycl::nd_range<2>(sycl::range<2>(N0, N1), sycl::range<2>(L0, L1)),
          [=](sycl::nd_item<2> It) {
            size_t Row = It.get_local_id(0), Lid = It.get_local_id(1);
            size_t Gid = It.get_global_linear_id();
            uint32_t *O = Out + C * Outs * N;
            Loc[Row][Lid] = corpus::input(static_cast<uint32_t>(Gid), 3);
            It.barrier();
            if (Lid < K)
              O[0 * N + Gid] = Loc[Row][(Lid + 1) % L1] + 1;
            It.barrier();
            if (Lid <= K)
              O[1 * N + Gid] = Loc[Row][L1 - 1 - Lid] ^ 2;
            It.barrier();
            if (Lid == K)
              O[2 * N + It.get_group_linear_id() * L0 + Row] = Loc[Row][0] + 7;
            It.barrier();
            if (Lid > K)
              O[3 * N + Gid] = Loc[Row][Lid] * 3;
            It.barrier();
            if (!(Lid < K))
              O[4 * N + Gid] = Loc[Row][Lid] - 5;
          });
    });
  }
  Q.wait();

  std::vector<uint32_t> Want(Cases * Outs * N, 0);
  for (size_t C = 0; C < Cases; ++C) {
    size_t K = Limits[C];
    uint32_t *W = Want.data() + C * Outs * N;
    for (size_t I0 = 0; I0 < N0; ++I0)
      for (size_t I1 = 0; I1 < N1; ++I1) {
        size_t Row = I0 % L0, Lid = I1 % L1, Gid = I0 * N1 + I1;
        size_t Group = (I0 / L0) * G1 + I1 / L1;
        auto Input = [&](size_t L) {
          return corpus::input(
              static_cast<uint32_t>(I0 * N1 + (I1 / L1) * L1 + L), 3);
        };
        if (Lid < K)
          W[0 * N + Gid] = Input((Lid + 1) % L1) + 1;
        if (Lid <= K)
          W[1 * N + Gid] = Input(L1 - 1 - Lid) ^ 2;
        if (Lid == K)
          W[2 * N + Group * L0 + Row] = Input(0) + 7;
        if (Lid > K)
          W[3 * N + Gid] = Input(Lid) * 3;
        if (!(Lid < K))
          W[4 * N + Gid] = Input(Lid) - 5;
      }
  }
  int Rc = corpus::check("item-range-guards", Out, Want);
  sycl::free(Out, Q);
  return Rc;
}
