// Consecutive launches with different local sizes and local-memory
// footprints on one queue: local memory must not leak values between
// kernels that rely on their own writes only, and each launch must size
// its arena correctly (the big one needs 8192 x 8 bytes).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <string>

namespace {

int runOnce(sycl::queue &Q, size_t L, size_t Slots, size_t Groups,
            uint32_t Salt) {
  size_t N = L * Groups;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(static_cast<uint32_t>(I), Salt);
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L * Slots), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     for (size_t S = 0; S < Slots; ++S)
                       Loc[S * L + Lid] = In[It.get_global_id(0)] + S;
                     It.barrier();
                     uint32_t Sum = 0;
                     for (size_t S = 0; S < Slots; ++S)
                       Sum += Loc[S * L + (Lid + S + 1) % L];
                     Out[It.get_global_id(0)] = Sum;
                   });
  });
  Q.wait();
  std::vector<uint32_t> Want(N);
  for (size_t I = 0; I < N; ++I) {
    size_t Base = I / L * L;
    uint32_t Sum = 0;
    for (size_t S = 0; S < Slots; ++S)
      Sum += In[Base + (I % L + S + 1) % L] + static_cast<uint32_t>(S);
    Want[I] = Sum;
  }
  std::string Name = "local-memory-reuse-kernels L=" + std::to_string(L) +
                     " slots=" + std::to_string(Slots);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runOnce(Q, 4, 1, 8, 1);
  Rc |= runOnce(Q, 512, 4, 3, 2);
  Rc |= runOnce(Q, 3, 2, 9, 3);
  Rc |= runOnce(Q, 8192, 2, 1, 4);
  Rc |= runOnce(Q, 1, 5, 7, 5);
  return Rc;
}
