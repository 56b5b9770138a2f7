// A 2-D nd_range (local 16x8): reductions along rows then columns of a
// 2-D local tile, each level behind a barrier, with every item then
// combining its row sum and column sum.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t LY = 16, LX = 8, GY = 2, GX = 3, H = LY * GY, W = LX * GX;
  constexpr size_t N = H * W;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 48);

  Q.submit([&](sycl::handler &Hd) {
    sycl::local_accessor<uint32_t, 2> Rows(sycl::range<2>(LY, LX), Hd);
    sycl::local_accessor<uint32_t, 2> Cols(sycl::range<2>(LY, LX), Hd);
    Hd.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(H, W), sycl::range<2>(LY, LX)),
        [=](sycl::nd_item<2> It) {
          size_t Y = It.get_local_id(0), X = It.get_local_id(1);
          uint32_t V = In[It.get_global_id(0) * W + It.get_global_id(1)];
          Rows[Y][X] = V;
          Cols[Y][X] = V;
          for (size_t S = LX / 2; S > 0; S /= 2) {
            It.barrier();
            if (X < S)
              Rows[Y][X] += Rows[Y][X + S];
          }
          for (size_t S = LY / 2; S > 0; S /= 2) {
            It.barrier();
            if (Y < S)
              Cols[Y][X] += Cols[Y + S][X];
          }
          It.barrier();
          Out[It.get_global_id(0) * W + It.get_global_id(1)] =
              Rows[Y][0] * 2u + Cols[0][X];
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t Y = 0; Y < H; ++Y)
    for (size_t X = 0; X < W; ++X) {
      uint32_t Row = 0, Col = 0;
      for (size_t K = X / LX * LX; K < X / LX * LX + LX; ++K)
        Row += In[Y * W + K];
      for (size_t K = Y / LY * LY; K < Y / LY * LY + LY; ++K)
        Col += In[K * W + X];
      Want[Y * W + X] = Row * 2u + Col;
    }
  int Rc = corpus::check("nd-range-2d-row-col-reduce", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
