// One work-item writes group-shared slots on both sides of the only barrier
// (`if (lid == 0) ...` before and after it, lid computed once and live
// across it); every item reads the first slot after the barrier. Reduced
// from fuzzer seeds 44, 234, 1378, ...: compiled mode (checked) reported a
// divergent barrier here.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <string>

namespace {

int runWithLocalSize(sycl::queue &Q, size_t L, size_t Groups) {
  size_t N = L * Groups;
  uint32_t *In = sycl::malloc_shared<uint32_t>(Groups, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t G = 0; G < Groups; ++G)
    In[G] = corpus::input(static_cast<uint32_t>(G), static_cast<uint32_t>(L));
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 0> Before(H);
    sycl::local_accessor<uint32_t, 0> After(H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     if (Lid == 0)
                       Before = In[It.get_group(0)];
                     It.barrier();
                     if (Lid == 0)
                       After = 0u; // nobody reads it
                     uint32_t Got = Before;
                     Out[It.get_global_id(0)] =
                         Got * 2u + static_cast<uint32_t>(Lid);
                   });
  });
  Q.wait();
  std::vector<uint32_t> Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = In[I / L] * 2u + static_cast<uint32_t>(I % L);
  std::string Name = "single-writer-around-barrier L=" + std::to_string(L);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  try {
    Rc |= runWithLocalSize(Q, 2, 3);
    Rc |= runWithLocalSize(Q, 64, 2);
    Rc |= runWithLocalSize(Q, 13, 4);
  } catch (const sycl::exception &E) {
    std::printf("single-writer-around-barrier: FAIL, exception: %s\n",
                E.what());
    return 1;
  }
  return Rc;
}
