// 2-D 5-point stencil on a 2-D local tile with a one-cell halo: edge items
// also load the halo (clamped at the borders of the grid), barrier, then
// compute from local memory. Local size 8x12, 3x2 groups.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t LY = 8, LX = 12, H = 3 * LY, W = 2 * LX, N = H * W;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 33) & 0xFFFF;

  Q.submit([&](sycl::handler &Hd) {
    sycl::local_accessor<uint32_t, 2> Tile(sycl::range<2>(LY + 2, LX + 2), Hd);
    Hd.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(H, W), sycl::range<2>(LY, LX)),
        [=](sycl::nd_item<2> It) {
          size_t Y = It.get_local_id(0), X = It.get_local_id(1);
          long GY = long(It.get_global_id(0)), GX = long(It.get_global_id(1));
          auto At = [&](long Yy, long Xx) {
            Yy = Yy < 0 ? 0 : Yy >= long(H) ? long(H) - 1 : Yy;
            Xx = Xx < 0 ? 0 : Xx >= long(W) ? long(W) - 1 : Xx;
            return In[size_t(Yy) * W + size_t(Xx)];
          };
          Tile[Y + 1][X + 1] = At(GY, GX);
          if (Y == 0)
            Tile[0][X + 1] = At(GY - 1, GX);
          if (Y == LY - 1)
            Tile[LY + 1][X + 1] = At(GY + 1, GX);
          if (X == 0)
            Tile[Y + 1][0] = At(GY, GX - 1);
          if (X == LX - 1)
            Tile[Y + 1][LX + 1] = At(GY, GX + 1);
          It.barrier();
          Out[size_t(GY) * W + size_t(GX)] =
              4u * Tile[Y + 1][X + 1] - Tile[Y][X + 1] - Tile[Y + 2][X + 1] -
              Tile[Y + 1][X] - Tile[Y + 1][X + 2];
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  auto At = [&](long Y, long X) {
    Y = Y < 0 ? 0 : Y >= long(H) ? long(H) - 1 : Y;
    X = X < 0 ? 0 : X >= long(W) ? long(W) - 1 : X;
    return In[size_t(Y) * W + size_t(X)];
  };
  for (long Y = 0; Y < long(H); ++Y)
    for (long X = 0; X < long(W); ++X)
      Want[size_t(Y) * W + size_t(X)] = 4u * At(Y, X) - At(Y - 1, X) -
                                        At(Y + 1, X) - At(Y, X - 1) -
                                        At(Y, X + 1);
  int Rc = corpus::check("stencil-halo-2d", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
