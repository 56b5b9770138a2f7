// transpose: through a padded 16x17 local tile, one barrier
// (problems/transpose.hpp).
#include <sycl/sycl.hpp>

#include "problems/transpose.hpp"

int main(int Argc, char **Argv) {
  using namespace transpose;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("transpose", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  const size_t N = P.N;
  float *In = sycl::malloc_shared<float>(N * N, Q);
  float *Out = sycl::malloc_shared<float>(N * N, Q);
  init(In, P);

  int Rc = Rep.measure(
      [&] {
        Q.submit([&](sycl::handler &H) {
           sycl::local_accessor<float, 2> T(sycl::range<2>(Tile, Tile + 1), H);
           H.parallel_for(sycl::nd_range<2>({N, N}, {Tile, Tile}),
                          [=](sycl::nd_item<2> It) {
                            size_t LR = It.get_local_id(0),
                                   LC = It.get_local_id(1);
                            size_t R0 = It.get_group(0) * Tile,
                                   C0 = It.get_group(1) * Tile;
                            T[LR][LC] = In[(R0 + LR) * N + C0 + LC];
                            sycl::group_barrier(It.get_group());
                            Out[(C0 + LR) * N + R0 + LC] = T[LC][LR];
                          });
         }).wait();
      },
      [&] { return check(In, Out, P); });
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
