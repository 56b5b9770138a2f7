// wallace: Wallace-style generator, a 1024-entry pool per work-group in
// local memory, two barriers per round (problems/wallace.hpp).
#include <sycl/sycl.hpp>

#include "problems/wallace.hpp"

int main(int Argc, char **Argv) {
  using namespace wallace;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("wallace", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  float *Seed = sycl::malloc_shared<float>(P.Groups * PoolSize, Q);
  float *Out = sycl::malloc_shared<float>(P.outputs(), Q);
  init(Seed, P);
  const size_t Groups = P.Groups, Rounds = P.Rounds;

  int Rc = Rep.measure(
      [&] {
        Q.submit([&](sycl::handler &H) {
           sycl::local_accessor<float, 1> Pool(sycl::range<1>(PoolSize), H);
           H.parallel_for(
               sycl::nd_range<1>(Groups * Local, Local),
               [=](sycl::nd_item<1> It) {
                 uint32_t L = uint32_t(It.get_local_id(0));
                 uint32_t G = uint32_t(It.get_group(0));
                 for (uint32_t K = 0; K < 4; ++K)
                   Pool[L + K * Local] = Seed[G * PoolSize + L + K * Local];
                 for (uint32_t R = 0; R < Rounds; ++R) {
                   sycl::group_barrier(It.get_group());
                   uint32_t Hash = hashOf(R, G);
                   uint32_t A = multiplierOf(Hash), B = offsetOf(Hash);
                   float X[4];
                   for (uint32_t K = 0; K < 4; ++K)
                     X[K] = Pool[(A * (L + K * Local) + B) & (PoolSize - 1)];
                   sycl::group_barrier(It.get_group());
                   float T = 0.5f * ((X[0] + X[1]) + (X[2] + X[3]));
                   for (uint32_t K = 0; K < 4; ++K)
                     Pool[L + K * Local] = T - X[K];
                   Out[(R * Groups + G) * Local + L] = T - X[0];
                 }
               });
         }).wait();
      },
      [&] { return check(Seed, Out, P); });
  sycl::free(Seed, Q);
  sycl::free(Out, Q);
  return Rc;
}
