// wallace, reference variant: one OpenMP task per work-group; the gather
// and the transform of each round are SIMD loops over the work-items, the
// four gathered values live in arrays across the barrier.
#include "problems/wallace.hpp"

using namespace wallace;

static void run(const float *Seed, float *Out, const Problem &P) {
  const size_t Groups = P.Groups;
#pragma omp parallel for schedule(guided)
  for (size_t G = 0; G < Groups; ++G) {
    alignas(64) float Pool[PoolSize], X[4][Local];
#pragma omp simd
    for (size_t J = 0; J < PoolSize; ++J)
      Pool[J] = Seed[G * PoolSize + J];
    for (uint32_t R = 0; R < P.Rounds; ++R) {
      uint32_t H = hashOf(R, uint32_t(G));
      uint32_t A = multiplierOf(H), B = offsetOf(H);
#pragma omp simd
      for (uint32_t L = 0; L < Local; ++L)
        for (uint32_t K = 0; K < 4; ++K)
          X[K][L] = Pool[(A * (L + K * Local) + B) & (PoolSize - 1)];
      float *O = Out + (R * Groups + G) * Local;
#pragma omp simd
      for (uint32_t L = 0; L < Local; ++L) {
        float T = 0.5f * ((X[0][L] + X[1][L]) + (X[2][L] + X[3][L]));
        for (uint32_t K = 0; K < 4; ++K)
          Pool[L + K * Local] = T - X[K][L];
        O[L] = T - X[0][L];
      }
    }
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("wallace", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  float *Seed = bench::alignedAlloc<float>(P.Groups * PoolSize);
  float *Out = bench::alignedAlloc<float>(P.outputs());
  init(Seed, P);
  int Rc = Rep.measure([&] { run(Seed, Out, P); },
                       [&] { return check(Seed, Out, P); });
  std::free(Seed);
  std::free(Out);
  return Rc;
}
