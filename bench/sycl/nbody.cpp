// nbody: all-pairs accelerations, bodies staged through local-memory tiles
// with two barriers per tile (problems/nbody.hpp).
#include <sycl/sycl.hpp>

#include "problems/nbody.hpp"

int main(int Argc, char **Argv) {
  using namespace nbody;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("nbody", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  const size_t N = P.Bodies;
  float *Pos = sycl::malloc_shared<float>(4 * N, Q);
  float *Acc = sycl::malloc_shared<float>(4 * N, Q);
  init(Pos, P);

  int Rc = Rep.measure(
      [&] {
        Q.submit([&](sycl::handler &H) {
           sycl::local_accessor<float, 1> Tile(sycl::range<1>(4 * Local), H);
           H.parallel_for(
               sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
                 size_t I = It.get_global_id(0), L = It.get_local_id(0);
                 float PX = Pos[4 * I], PY = Pos[4 * I + 1],
                       PZ = Pos[4 * I + 2];
                 float AX = 0.0f, AY = 0.0f, AZ = 0.0f;
                 for (size_t T = 0; T < N; T += Local) {
                   for (size_t C = 0; C < 4; ++C)
                     Tile[4 * L + C] = Pos[4 * (T + L) + C];
                   sycl::group_barrier(It.get_group());
                   for (size_t J = 0; J < Local; ++J) {
                     float DX = Tile[4 * J] - PX, DY = Tile[4 * J + 1] - PY,
                           DZ = Tile[4 * J + 2] - PZ;
                     float R2 = DX * DX + DY * DY + DZ * DZ + Softening;
                     float Inv = 1.0f / std::sqrt(R2);
                     float S = Tile[4 * J + 3] * Inv * Inv * Inv;
                     AX += DX * S;
                     AY += DY * S;
                     AZ += DZ * S;
                   }
                   sycl::group_barrier(It.get_group());
                 }
                 Acc[4 * I] = AX;
                 Acc[4 * I + 1] = AY;
                 Acc[4 * I + 2] = AZ;
                 Acc[4 * I + 3] = 0.0f;
               });
         }).wait();
      },
      [&] { return check(Pos, Acc, P); });
  sycl::free(Pos, Q);
  sycl::free(Acc, Q);
  return Rc;
}
