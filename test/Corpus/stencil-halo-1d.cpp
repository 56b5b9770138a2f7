// 1-D 5-point stencil with a halo of 2 on each side: the group loads L +
// 4 values (the edge items also load the halo), barrier, then iterates
// the stencil three times in local memory with two barriers per step.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 37, Groups = 4, N = L * Groups, R = 2;
  constexpr int Steps = 3;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 32) & 0xFFFFF;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L + 2 * R), H);
    H.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
        [=](sycl::nd_item<1> It) {
          size_t Lid = It.get_local_id(0);
          size_t Gid = It.get_global_id(0);
          // Wrap around the whole array at its ends.
          auto Load = [&](long Idx) {
            return In[static_cast<size_t>((Idx + long(N)) % long(N))];
          };
          Loc[Lid + R] = In[Gid];
          if (Lid < R) {
            Loc[Lid] = Load(long(Gid) - long(R));
            Loc[Lid + L + R] = Load(long(Gid) + long(L));
          }
          It.barrier();
          for (int S = 0; S < Steps; ++S) {
            uint32_t V = Loc[Lid] + 2u * Loc[Lid + 1] + 3u * Loc[Lid + 2] +
                         2u * Loc[Lid + 3] + Loc[Lid + 4];
            It.barrier();
            Loc[Lid + R] = V >> 3;
            It.barrier();
          }
          Out[Gid] = Loc[Lid + R];
        });
  });
  Q.wait();

  // The halo is loaded once, so it keeps the original values.
  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Buf(L + 2 * R), Next;
    for (size_t I = 0; I < L + 2 * R; ++I)
      Buf[I] = In[(G * L + I + N - R) % N];
    for (int S = 0; S < Steps; ++S) {
      Next = Buf;
      for (size_t I = 0; I < L; ++I)
        Next[I + R] = (Buf[I] + 2u * Buf[I + 1] + 3u * Buf[I + 2] +
                       2u * Buf[I + 3] + Buf[I + 4]) >>
                      3;
      Buf = Next;
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Buf[I + R];
  }
  int Rc = corpus::check("stencil-halo-1d", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
