// The maximum work-group size in 3-D (8x32x32 for 8192), one group: a 3-D
// local accessor read at mirrored coordinates after a barrier, then a
// reduction along dimension 2 by the items with local id 0 in it.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  sycl::queue Q;
  const size_t Max =
      Q.get_device().get_info<sycl::info::device::max_work_group_size>();
  const size_t L2 = 32, L1 = 32, L0 = Max / (L2 * L1);
  const size_t N = L0 * L1 * L2;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 22);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 3> Loc(sycl::range<3>(L0, L1, L2), H);
    sycl::local_accessor<uint32_t, 2> Row(sycl::range<2>(L0, L1), H);
    H.parallel_for(sycl::nd_range<3>(sycl::range<3>(L0, L1, L2),
                                     sycl::range<3>(L0, L1, L2)),
                   [=](sycl::nd_item<3> It) {
                     size_t A = It.get_local_id(0), B = It.get_local_id(1),
                            C = It.get_local_id(2);
                     Loc[A][B][C] = In[It.get_global_linear_id()];
                     It.barrier();
                     uint32_t Val =
                         Loc[L0 - 1 - A][B][L2 - 1 - C] + Loc[A][L1 - 1 - B][C];
                     if (C == 0) {
                       uint32_t Sum = 0;
                       for (size_t K = 0; K < L2; ++K)
                         Sum += Loc[A][B][K];
                       Row[A][B] = Sum;
                     }
                     It.barrier();
                     Out[It.get_global_linear_id()] =
                         Val ^ Row[A][(B + 1) % L1];
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  auto At = [&](size_t A, size_t B, size_t C) {
    return In[(A * L1 + B) * L2 + C];
  };
  for (size_t A = 0; A < L0; ++A)
    for (size_t B = 0; B < L1; ++B)
      for (size_t C = 0; C < L2; ++C) {
        uint32_t Sum = 0;
        for (size_t K = 0; K < L2; ++K)
          Sum += At(A, (B + 1) % L1, K);
        Want[(A * L1 + B) * L2 + C] =
            (At(L0 - 1 - A, B, L2 - 1 - C) + At(A, L1 - 1 - B, C)) ^ Sum;
      }
  std::printf("work-group %zux%zux%zu\n", L0, L1, L2);
  int Rc = corpus::check("max-work-group-3d", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
