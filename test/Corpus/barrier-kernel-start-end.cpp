// Barriers as the very first and very last statements of a kernel, and
// back-to-back barriers with nothing between them.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 31, Groups = 3, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 49);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     It.barrier();
                     size_t Lid = It.get_local_id(0);
                     Loc[Lid] = In[It.get_global_id(0)];
                     It.barrier();
                     It.barrier();
                     It.barrier(sycl::access::fence_space::local_space);
                     Out[It.get_global_id(0)] = Loc[(Lid + 7) % L] + 1u;
                     It.barrier();
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = In[I / L * L + (I % L + 7) % L] + 1u;
  int Rc = corpus::check("barrier-kernel-start-end", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
