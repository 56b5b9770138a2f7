// matmul: C = A * B with 16x16 tiles of A and B in local memory, two
// barriers per tile (problems/matmul.hpp).
#include <sycl/sycl.hpp>

#include "problems/matmul.hpp"

int main(int Argc, char **Argv) {
  using namespace matmul;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("matmul", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  const size_t N = P.N;
  float *A = sycl::malloc_shared<float>(N * N, Q);
  float *B = sycl::malloc_shared<float>(N * N, Q);
  float *C = sycl::malloc_shared<float>(N * N, Q);
  init(A, B, P);

  int Rc = Rep.measure(
      [&] {
        Q.submit([&](sycl::handler &H) {
           sycl::local_accessor<float, 2> TA(sycl::range<2>(Tile, Tile), H);
           sycl::local_accessor<float, 2> TB(sycl::range<2>(Tile, Tile), H);
           H.parallel_for(sycl::nd_range<2>({N, N}, {Tile, Tile}),
                          [=](sycl::nd_item<2> It) {
                            size_t Row = It.get_global_id(0),
                                   Col = It.get_global_id(1);
                            size_t LR = It.get_local_id(0),
                                   LC = It.get_local_id(1);
                            float Sum = 0.0f;
                            for (size_t K0 = 0; K0 < N; K0 += Tile) {
                              TA[LR][LC] = A[Row * N + K0 + LC];
                              TB[LR][LC] = B[(K0 + LR) * N + Col];
                              sycl::group_barrier(It.get_group());
                              for (size_t K = 0; K < Tile; ++K)
                                Sum += TA[LR][K] * TB[K][LC];
                              sycl::group_barrier(It.get_group());
                            }
                            C[Row * N + Col] = Sum;
                          });
         }).wait();
      },
      [&] { return check(A, B, C, P); });
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return Rc;
}
