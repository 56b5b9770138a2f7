// scalar-product: one work-group per vector pair, strided partial sums, then
// a local-memory tree (problems/scalar_product.hpp).
#include <sycl/sycl.hpp>

#include "problems/scalar_product.hpp"

int main(int Argc, char **Argv) {
  using namespace scalar_product;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("scalar-product", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  float *A = sycl::malloc_shared<float>(P.total(), Q);
  float *B = sycl::malloc_shared<float>(P.total(), Q);
  float *Result = sycl::malloc_shared<float>(P.Pairs, Q);
  init(A, B, P);
  const size_t E = P.Elements;

  int Rc = Rep.measure(
      [&] {
        Q.submit([&](sycl::handler &H) {
           sycl::local_accessor<float, 1> Tile(sycl::range<1>(Local), H);
           H.parallel_for(sycl::nd_range<1>(P.Pairs * Local, Local),
                          [=](sycl::nd_item<1> It) {
                            size_t L = It.get_local_id(0), V = It.get_group(0);
                            float Sum = 0.0f;
                            for (size_t I = L; I < E; I += Local)
                              Sum += A[V * E + I] * B[V * E + I];
                            Tile[L] = Sum;
                            for (size_t S = Local / 2; S > 0; S /= 2) {
                              sycl::group_barrier(It.get_group());
                              if (L < S)
                                Tile[L] += Tile[L + S];
                            }
                            if (L == 0)
                              Result[V] = Tile[0];
                          });
         }).wait();
      },
      [&] { return check(A, B, Result, P); });
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(Result, Q);
  return Rc;
}
