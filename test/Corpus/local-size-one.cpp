// Local size 1 in 1-D, 2-D and 3-D: every barrier is trivially reached, and
// local memory is a single slot per group.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  sycl::queue Q;
  constexpr size_t N = 60; // 60 groups of one item, then 3x4x5 of them
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(3 * N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 19);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(1), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(1)),
                   [=](sycl::nd_item<1> It) {
                     uint32_t Val = In[It.get_global_id(0)];
                     for (int S = 0; S < 4; ++S) {
                       Loc[It.get_local_id(0)] = Val + S;
                       It.barrier();
                       Val = Val * 3u + Loc[0];
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] =
                         Val + static_cast<uint32_t>(It.get_local_range(0));
                   });
  });
  Q.wait();
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 2> Loc(sycl::range<2>(1, 1), H);
    H.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(6, 10), sycl::range<2>(1, 1)),
        [=](sycl::nd_item<2> It) {
          size_t Gid = It.get_global_linear_id();
          Loc[0][0] = In[Gid];
          sycl::group_barrier(It.get_group());
          Out[N + Gid] = Loc[0][0] ^ It.get_group_linear_id();
        });
  });
  Q.wait();
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 3> Loc(sycl::range<3>(1, 1, 1), H);
    H.parallel_for(
        sycl::nd_range<3>(sycl::range<3>(3, 4, 5), sycl::range<3>(1, 1, 1)),
        [=](sycl::nd_item<3> It) {
          size_t Gid = It.get_global_linear_id();
          Loc[It.get_local_id()] = In[Gid] * 5u;
          It.barrier();
          Out[2 * N + Gid] = Loc[0][0][0] + It.get_group(2);
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(3 * N);
  for (size_t I = 0; I < N; ++I) {
    uint32_t Val = In[I];
    for (int S = 0; S < 4; ++S)
      Val = Val * 3u + (Val + S);
    Want[I] = Val + 1;
    Want[N + I] = In[I] ^ static_cast<uint32_t>(I);
    Want[2 * N + I] = In[I] * 5u + static_cast<uint32_t>(I % 5);
  }
  int Rc = corpus::check("local-size-one", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
