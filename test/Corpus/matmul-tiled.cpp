// Tiled integer matrix multiply C = A * B with two 2-D local tiles: the
// k-loop over tiles loads both tiles, barrier, accumulates, barrier. The
// private accumulator lives across every barrier. Tile 8x8, 24x40 = 24x16
// * 16x40.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t T = 8, M = 24, K = 16, Nc = 40;
  sycl::queue Q;
  uint32_t *A = sycl::malloc_shared<uint32_t>(M * K, Q);
  uint32_t *B = sycl::malloc_shared<uint32_t>(K * Nc, Q);
  uint32_t *C = sycl::malloc_shared<uint32_t>(M * Nc, Q);
  for (size_t I = 0; I < M * K; ++I)
    A[I] = corpus::input(I, 35) % 1000;
  for (size_t I = 0; I < K * Nc; ++I)
    B[I] = corpus::input(I, 36) % 1000;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 2> TA(sycl::range<2>(T, T), H);
    sycl::local_accessor<uint32_t, 2> TB(sycl::range<2>(T, T), H);
    H.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(M, Nc), sycl::range<2>(T, T)),
        [=](sycl::nd_item<2> It) {
          size_t Ty = It.get_local_id(0), Tx = It.get_local_id(1);
          size_t Row = It.get_global_id(0), Col = It.get_global_id(1);
          uint32_t Acc = 0;
          for (size_t Kt = 0; Kt < K; Kt += T) {
            TA[Ty][Tx] = A[Row * K + Kt + Tx];
            TB[Ty][Tx] = B[(Kt + Ty) * Nc + Col];
            It.barrier(sycl::access::fence_space::local_space);
            for (size_t Kk = 0; Kk < T; ++Kk)
              Acc += TA[Ty][Kk] * TB[Kk][Tx];
            It.barrier(sycl::access::fence_space::local_space);
          }
          C[Row * Nc + Col] = Acc;
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(M * Nc);
  for (size_t R = 0; R < M; ++R)
    for (size_t Cc = 0; Cc < Nc; ++Cc) {
      uint32_t Acc = 0;
      for (size_t Kk = 0; Kk < K; ++Kk)
        Acc += A[R * K + Kk] * B[Kk * Nc + Cc];
      Want[R * Nc + Cc] = Acc;
    }
  int Rc = corpus::check("matmul-tiled", C, Want);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return Rc;
}
