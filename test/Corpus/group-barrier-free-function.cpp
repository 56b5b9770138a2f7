// sycl::group_barrier(it.get_group()) instead of nd_item::barrier, in a
// 2-D kernel: each row of the group shifts its values along the row, then
// along the column, in a loop.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t LY = 5, LX = 6, GY = 2, GX = 3, H = LY * GY, W = LX * GX;
  constexpr size_t N = H * W;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 39);

  Q.submit([&](sycl::handler &Hd) {
    sycl::local_accessor<uint32_t, 2> Loc(sycl::range<2>(LY, LX), Hd);
    Hd.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(H, W), sycl::range<2>(LY, LX)),
        [=](sycl::nd_item<2> It) {
          size_t Y = It.get_local_id(0), X = It.get_local_id(1);
          auto G = It.get_group();
          uint32_t Val = In[It.get_global_linear_id()];
          for (int S = 0; S < 3; ++S) {
            Loc[Y][X] = Val;
            sycl::group_barrier(G);
            Val += Loc[Y][(X + 1) % LX];
            sycl::group_barrier(G);
            Loc[Y][X] = Val;
            sycl::group_barrier(G);
            Val ^= Loc[(Y + 1) % LY][X] << 1;
            sycl::group_barrier(G);
          }
          Out[It.get_global_linear_id()] = Val;
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t By = 0; By < GY; ++By)
    for (size_t Bx = 0; Bx < GX; ++Bx) {
      std::vector<uint32_t> V(LY * LX), Old;
      for (size_t Y = 0; Y < LY; ++Y)
        for (size_t X = 0; X < LX; ++X)
          V[Y * LX + X] = In[(By * LY + Y) * W + Bx * LX + X];
      for (int S = 0; S < 3; ++S) {
        Old = V;
        for (size_t Y = 0; Y < LY; ++Y)
          for (size_t X = 0; X < LX; ++X)
            V[Y * LX + X] += Old[Y * LX + (X + 1) % LX];
        Old = V;
        for (size_t Y = 0; Y < LY; ++Y)
          for (size_t X = 0; X < LX; ++X)
            V[Y * LX + X] ^= Old[((Y + 1) % LY) * LX + X] << 1;
      }
      for (size_t Y = 0; Y < LY; ++Y)
        for (size_t X = 0; X < LX; ++X)
          Want[(By * LY + Y) * W + Bx * LX + X] = V[Y * LX + X];
    }
  int Rc = corpus::check("group-barrier-free-function", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
