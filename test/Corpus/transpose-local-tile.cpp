// Matrix transpose through a padded 2-D local tile (16x17): read a tile
// row-wise, barrier, write it transposed, on a non-square matrix of 3x5
// tiles.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t T = 16, Rows = 3 * T, Cols = 5 * T, N = Rows * Cols;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 31);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 2> Tile(sycl::range<2>(T, T + 1), H);
    H.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(Rows, Cols), sycl::range<2>(T, T)),
        [=](sycl::nd_item<2> It) {
          size_t Ty = It.get_local_id(0), Tx = It.get_local_id(1);
          size_t By = It.get_group(0) * T, Bx = It.get_group(1) * T;
          Tile[Ty][Tx] = In[(By + Ty) * Cols + Bx + Tx];
          It.barrier(sycl::access::fence_space::local_space);
          // Out is Cols x Rows; this item writes row Bx + Ty.
          Out[(Bx + Ty) * Rows + By + Tx] = Tile[Tx][Ty];
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t R = 0; R < Rows; ++R)
    for (size_t C = 0; C < Cols; ++C)
      Want[C * Rows + R] = In[R * Cols + C];
  int Rc = corpus::check("transpose-local-tile", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
