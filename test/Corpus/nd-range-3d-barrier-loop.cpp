// A 3-D nd_range with an odd, prime-sided local size (3x5x7 = 105 items)
// and a 3-D local accessor: a barrier loop rotating values along each
// dimension in turn, with 2x1x2 groups.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L0 = 3, L1 = 5, L2 = 7, G0 = 2, G1 = 1, G2 = 2;
  constexpr size_t W0 = L0 * G0, W1 = L1 * G1, W2 = L2 * G2;
  constexpr size_t N = W0 * W1 * W2;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 47);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 3> Loc(sycl::range<3>(L0, L1, L2), H);
    H.parallel_for(sycl::nd_range<3>(sycl::range<3>(W0, W1, W2),
                                     sycl::range<3>(L0, L1, L2)),
                   [=](sycl::nd_item<3> It) {
                     size_t A = It.get_local_id(0), B = It.get_local_id(1),
                            C = It.get_local_id(2);
                     uint32_t Val = In[It.get_global_linear_id()];
                     for (unsigned S = 0; S < 6; ++S) {
                       Loc[A][B][C] = Val;
                       It.barrier();
                       uint32_t Got;
                       if (S % 3 == 0)
                         Got = Loc[(A + 1) % L0][B][C];
                       else if (S % 3 == 1)
                         Got = Loc[A][(B + 1) % L1][C];
                       else
                         Got = Loc[A][B][(C + 1) % L2];
                       It.barrier();
                       Val = Val * 3u + Got;
                     }
                     Out[It.get_global_linear_id()] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  auto Index = [](size_t A, size_t B, size_t C) {
    return (A * W1 + B) * W2 + C;
  };
  std::vector<uint32_t> Val(In, In + N), Old;
  for (unsigned S = 0; S < 6; ++S) {
    Old = Val;
    for (size_t A = 0; A < W0; ++A)
      for (size_t B = 0; B < W1; ++B)
        for (size_t C = 0; C < W2; ++C) {
          size_t Na = A, Nb = B, Nc = C; // neighbour inside the same group
          if (S % 3 == 0)
            Na = A / L0 * L0 + (A % L0 + 1) % L0;
          else if (S % 3 == 1)
            Nb = B / L1 * L1 + (B % L1 + 1) % L1;
          else
            Nc = C / L2 * L2 + (C % L2 + 1) % L2;
          Val[Index(A, B, C)] =
              Old[Index(A, B, C)] * 3u + Old[Index(Na, Nb, Nc)];
        }
  }
  Want = Val;
  int Rc = corpus::check("nd-range-3d-barrier-loop", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
