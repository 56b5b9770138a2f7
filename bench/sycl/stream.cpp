// stream: the BabelStream kernels plus copy with one barrier; --kernel picks
// one (problems/stream.hpp).
#include <sycl/sycl.hpp>

#include "problems/stream.hpp"

using namespace stream;

static void launch(sycl::queue &Q, const Problem &P, float *A, float *B,
                   float *C, float *Partial) {
  const size_t N = P.N;
  const sycl::nd_range<1> Range(N, Local);
  switch (P.K) {
  case Kernel::Copy:
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
      size_t I = It.get_global_id(0);
      C[I] = A[I];
    });
    break;
  case Kernel::Mul:
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
      size_t I = It.get_global_id(0);
      B[I] = Scalar * C[I];
    });
    break;
  case Kernel::Add:
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
      size_t I = It.get_global_id(0);
      C[I] = A[I] + B[I];
    });
    break;
  case Kernel::Triad:
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
      size_t I = It.get_global_id(0);
      A[I] = B[I] + Scalar * C[I];
    });
    break;
  case Kernel::CopyBarrier:
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
      size_t I = It.get_global_id(0);
      float V = A[I];
      sycl::group_barrier(It.get_group());
      C[I] = V;
    });
    break;
  case Kernel::Dot:
    Q.submit([&](sycl::handler &H) {
      sycl::local_accessor<float, 1> Tile(sycl::range<1>(Local), H);
      const size_t Global = P.DotGroups * Local;
      H.parallel_for(sycl::nd_range<1>(Global, Local),
                     [=](sycl::nd_item<1> It) {
                       size_t L = It.get_local_id(0);
                       float Sum = 0.0f;
                       for (size_t I = It.get_global_id(0); I < N; I += Global)
                         Sum += A[I] * B[I];
                       Tile[L] = Sum;
                       for (size_t S = Local / 2; S > 0; S /= 2) {
                         sycl::group_barrier(It.get_group());
                         if (L < S)
                           Tile[L] += Tile[L + S];
                       }
                       if (L == 0)
                         Partial[It.get_group(0)] = Tile[0];
                     });
    });
    break;
  }
  Q.wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("stream", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  float *A = sycl::malloc_shared<float>(P.N, Q);
  float *B = sycl::malloc_shared<float>(P.N, Q);
  float *C = sycl::malloc_shared<float>(P.N, Q);
  float *Partial = sycl::malloc_shared<float>(P.DotGroups, Q);
  init(A, B, C, P);

  int Rc = Rep.measure([&] { launch(Q, P, A, B, C, Partial); },
                       [&] { return check(A, B, C, Partial, P); });
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  sycl::free(Partial, Q);
  return Rc;
}
