// An in-order queue running fill, memcpy and three dependent barrier
// kernels back to back without waiting in between; only the final wait.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 16, Groups = 8, N = L * Groups;
  sycl::queue Q{sycl::cpu_selector_v,
                sycl::property_list{sycl::property::queue::in_order{}}};
  uint32_t *Src = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *A = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *B = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Src[I] = corpus::input(I, 44);

  Q.fill(B, 5u, N);
  Q.memcpy(A, Src, N * sizeof(uint32_t));
  for (int Pass = 0; Pass < 3; ++Pass) {
    uint32_t *From = Pass % 2 == 0 ? A : B, *To = Pass % 2 == 0 ? B : A;
    Q.submit([&](sycl::handler &H) {
      sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
      H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                     [=](sycl::nd_item<1> It) {
                       size_t Lid = It.get_local_id(0);
                       size_t Gid = It.get_global_id(0);
                       Loc[Lid] = From[Gid];
                       It.barrier();
                       To[Gid] += Loc[(Lid + 1) % L] * 3u;
                     });
    });
  }
  Q.wait();

  std::vector<uint32_t> WantA(Src, Src + N), WantB(N, 5u);
  for (int Pass = 0; Pass < 3; ++Pass) {
    auto &From = Pass % 2 == 0 ? WantA : WantB;
    auto &To = Pass % 2 == 0 ? WantB : WantA;
    for (size_t I = 0; I < N; ++I)
      To[I] += From[I / L * L + (I + 1) % L] * 3u;
  }
  int Rc = corpus::check("queue-in-order-pipeline (a)", A, WantA) |
           corpus::check("queue-in-order-pipeline (b)", B, WantB);
  sycl::free(Src, Q);
  sycl::free(A, Q);
  sycl::free(B, Q);
  return Rc;
}
