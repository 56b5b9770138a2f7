// Inclusive prefix sum per work-group, Hillis-Steele: log2(L) steps over a
// double buffer in local memory, one barrier per step (L = 128), and a
// single-buffer variant with two barriers per step (L = 100, not a power
// of two).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

namespace {

int runDoubleBuffer(sycl::queue &Q) {
  constexpr size_t L = 128, Groups = 4, N = L * Groups;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 28);
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Buf(sycl::range<1>(2 * L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Src = 0;
                     Buf[Lid] = In[It.get_global_id(0)];
                     It.barrier();
                     for (size_t Off = 1; Off < L; Off *= 2) {
                       size_t Dst = 1 - Src;
                       uint32_t V = Buf[Src * L + Lid];
                       if (Lid >= Off)
                         V += Buf[Src * L + Lid - Off];
                       Buf[Dst * L + Lid] = V;
                       It.barrier();
                       Src = Dst;
                     }
                     Out[It.get_global_id(0)] = Buf[Src * L + Lid];
                   });
  });
  Q.wait();
  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    uint32_t Sum = 0;
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Sum += In[G * L + I];
  }
  int Rc = corpus::check("scan-hillis-steele (double buffer)", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

int runSingleBuffer(sycl::queue &Q) {
  constexpr size_t L = 100, Groups = 3, N = L * Groups;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 29);
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Buf(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     Buf[Lid] = In[It.get_global_id(0)];
                     for (size_t Off = 1; Off < L; Off *= 2) {
                       It.barrier();
                       uint32_t Add = Lid >= Off ? Buf[Lid - Off] : 0u;
                       It.barrier();
                       Buf[Lid] += Add;
                     }
                     It.barrier();
                     // Read another item's result to prove the last barrier.
                     Out[It.get_global_id(0)] = Buf[L - 1 - Lid];
                   });
  });
  Q.wait();
  std::vector<uint32_t> Want(N), Scan(L);
  for (size_t G = 0; G < Groups; ++G) {
    uint32_t Sum = 0;
    for (size_t I = 0; I < L; ++I)
      Scan[I] = Sum += In[G * L + I];
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Scan[L - 1 - I];
  }
  int Rc = corpus::check("scan-hillis-steele (single buffer)", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  return runDoubleBuffer(Q) | runSingleBuffer(Q);
}
