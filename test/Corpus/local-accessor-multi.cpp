// Several local accessors of different element types and dimensions in one
// kernel (1-D uint32_t, 2-D uint16_t, 3-D uint8_t, 1-D uint64_t), each
// written by its owner and read by another item after one barrier.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L0 = 2, L1 = 3, L2 = 4, L = L0 * L1 * L2; // 24 items
  constexpr size_t G0 = 2, G1 = 1, G2 = 3, N = L * G0 * G1 * G2;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint64_t *Out = sycl::malloc_shared<uint64_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 24);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> A(sycl::range<1>(L), H);
    sycl::local_accessor<uint16_t, 2> B(sycl::range<2>(L0 * L1, L2), H);
    sycl::local_accessor<uint8_t, 3> C(sycl::range<3>(L0, L1, L2), H);
    sycl::local_accessor<uint64_t, 1> D(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<3>(sycl::range<3>(L0 * G0, L1 * G1, L2 * G2),
                                     sycl::range<3>(L0, L1, L2)),
                   [=](sycl::nd_item<3> It) {
                     size_t I0 = It.get_local_id(0), I1 = It.get_local_id(1),
                            I2 = It.get_local_id(2);
                     size_t Lin = It.get_local_linear_id();
                     uint32_t V = In[It.get_global_linear_id()];
                     A[Lin] = V;
                     B[I0 * L1 + I1][I2] = static_cast<uint16_t>(V >> 7);
                     C[I0][I1][I2] = static_cast<uint8_t>(V >> 20);
                     D[Lin] = static_cast<uint64_t>(V) << 20;
                     It.barrier(sycl::access::fence_space::local_space);
                     size_t M = L - 1 - Lin;
                     uint64_t R = A[M] +
                                  static_cast<uint64_t>(B[M / L2][M % L2]) +
                                  C[L0 - 1 - I0][L1 - 1 - I1][L2 - 1 - I2] +
                                  D[(Lin + 1) % L];
                     Out[It.get_global_linear_id()] = R;
                   });
  });
  Q.wait();

  std::vector<uint64_t> Want(N);
  const size_t W2 = L2 * G2, W1 = L1 * G1;
  for (size_t X = 0; X < L0 * G0; ++X)
    for (size_t Y = 0; Y < W1; ++Y)
      for (size_t Z = 0; Z < W2; ++Z) {
        size_t BX = X / L0 * L0, BY = Y / L1 * L1, BZ = Z / L2 * L2;
        auto Val = [&](size_t Lin) {
          size_t A0 = Lin / (L1 * L2), A1 = Lin / L2 % L1, A2 = Lin % L2;
          return In[((BX + A0) * W1 + BY + A1) * W2 + BZ + A2];
        };
        size_t Lin = ((X - BX) * L1 + (Y - BY)) * L2 + (Z - BZ);
        size_t M = L - 1 - Lin;
        // The mirrored 3-D coordinate is also linear index M.
        Want[(X * W1 + Y) * W2 + Z] =
            Val(M) + static_cast<uint16_t>(Val(M) >> 7) +
            static_cast<uint8_t>(Val(M) >> 20) +
            (static_cast<uint64_t>(Val((Lin + 1) % L)) << 20);
      }
  int Rc = corpus::check("local-accessor-multi", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
