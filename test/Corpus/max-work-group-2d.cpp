// The maximum work-group size in 2-D (64x128 for 8192): each item reads
// its 2-D neighbours (wrapping inside the tile) from a 2-D local accessor,
// twice, with barriers between the rounds.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  sycl::queue Q;
  const size_t Max =
      Q.get_device().get_info<sycl::info::device::max_work_group_size>();
  const size_t LX = 128, LY = Max / LX; // 64 x 128 when Max is 8192
  const size_t GY = 1, GX = 2, H = LY * GY, W = LX * GX, N = H * W;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 21) & 0xFFFF;

  Q.submit([&](sycl::handler &Hd) {
    sycl::local_accessor<uint32_t, 2> Loc(sycl::range<2>(LY, LX), Hd);
    Hd.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(H, W), sycl::range<2>(LY, LX)),
        [=](sycl::nd_item<2> It) {
          size_t Y = It.get_local_id(0), X = It.get_local_id(1);
          uint32_t Val = In[It.get_global_id(0) * W + It.get_global_id(1)];
          for (int Round = 0; Round < 2; ++Round) {
            Loc[Y][X] = Val;
            It.barrier();
            Val = Val * 4u + Loc[(Y + 1) % LY][X] + Loc[Y][(X + LX - 1) % LX];
            It.barrier();
          }
          Out[It.get_global_linear_id()] = Val;
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t Bx = 0; Bx < GX; ++Bx) {
    std::vector<uint32_t> Val(LY * LX), Old;
    for (size_t Y = 0; Y < LY; ++Y)
      for (size_t X = 0; X < LX; ++X)
        Val[Y * LX + X] = In[Y * W + Bx * LX + X];
    for (int Round = 0; Round < 2; ++Round) {
      Old = Val;
      for (size_t Y = 0; Y < LY; ++Y)
        for (size_t X = 0; X < LX; ++X)
          Val[Y * LX + X] = Old[Y * LX + X] * 4u +
                            Old[((Y + 1) % LY) * LX + X] +
                            Old[Y * LX + (X + LX - 1) % LX];
    }
    for (size_t Y = 0; Y < LY; ++Y)
      for (size_t X = 0; X < LX; ++X)
        Want[Y * W + Bx * LX + X] = Val[Y * LX + X];
  }
  std::printf("work-group %zux%zu\n", LY, LX);
  int Rc = corpus::check("max-work-group-2d", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
