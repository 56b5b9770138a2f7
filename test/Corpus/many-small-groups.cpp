// Many small work-groups (600 groups of 8): each group reverses its slice
// through local memory; exercises the scheduler and the per-thread
// local-memory arenas more than any single group.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 8, Groups = 600, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 50);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     Loc[Lid] = In[It.get_global_id(0)] + It.get_group(0);
                     It.barrier();
                     Out[It.get_global_id(0)] = Loc[L - 1 - Lid];
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t I = 0; I < N; ++I) {
    size_t G = I / L;
    Want[I] = In[G * L + L - 1 - I % L] + static_cast<uint32_t>(G);
  }
  int Rc = corpus::check("many-small-groups", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
