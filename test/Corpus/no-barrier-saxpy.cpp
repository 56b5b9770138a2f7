// A kernel without barriers or local memory (integer saxpy), in 1-D with a
// non-power-of-two local size, plus a kernel with an item-dependent loop
// and an item-dependent early exit, which are fine without barriers.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 100, Groups = 10, N = L * Groups;
  sycl::queue Q;
  uint32_t *X = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Y = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Z = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I) {
    X[I] = corpus::input(I, 25);
    Y[I] = corpus::input(I, 26);
  }
  const uint32_t A = 2654435761u;

  Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                 [=](sycl::nd_item<1> It) {
                   size_t I = It.get_global_id(0);
                   Y[I] = A * X[I] + Y[I];
                 });
  Q.wait();
  Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                 [=](sycl::nd_item<1> It) {
                   size_t I = It.get_global_id(0);
                   if (I % 7 == 3) {
                     Z[I] = 0;
                     return;
                   }
                   uint32_t V = X[I];
                   for (size_t K = 0; K < It.get_local_id(0) % 13; ++K)
                     V = V * 5u + static_cast<uint32_t>(K);
                   Z[I] = V;
                 });
  Q.wait();

  std::vector<uint32_t> WantY(N), WantZ(N);
  for (size_t I = 0; I < N; ++I) {
    WantY[I] = A * X[I] + corpus::input(I, 26);
    uint32_t V = X[I];
    for (size_t K = 0; K < (I % L) % 13; ++K)
      V = V * 5u + static_cast<uint32_t>(K);
    WantZ[I] = I % 7 == 3 ? 0 : V;
  }
  int Rc = corpus::check("no-barrier-saxpy (y)", Y, WantY) |
           corpus::check("no-barrier-saxpy (z)", Z, WantZ);
  sycl::free(X, Q);
  sycl::free(Y, Q);
  sycl::free(Z, Q);
  return Rc;
}
