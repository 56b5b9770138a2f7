// Tiled matrix multiply C = A * B in the style of SYCL-Bench's local-memory
// kernels: 2-D buffers, get_access<access::mode::...>(cgh) accessors
// indexed as acc[row][col], two SYCL 1.2.1 local accessors
// accessor<T, 2, access::mode::read_write, access::target::local> as
// tiles, an nd_range<2> with a barrier after loading each tile and after
// using it, and a kernel name given as a template argument. The matrices
// are no multiples of the tile: the global range is rounded up and the
// edge work-items load zeros and skip their store. Values are small
// integers held in float, so every sum is exact and the check is exact.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <vector>

using namespace sycl;

template <typename T, size_t TILE> class MatmulTiled;

template <typename T, size_t TILE>
void matmul(queue &q, buffer<T, 2> &a_buf, buffer<T, 2> &b_buf,
            buffer<T, 2> &c_buf) {
  const size_t M = a_buf.get_range()[0], K = a_buf.get_range()[1];
  const size_t N = b_buf.get_range()[1];
  range<2> global((M + TILE - 1) / TILE * TILE, (N + TILE - 1) / TILE * TILE);

  q.submit([&](handler &cgh) {
    auto a = a_buf.template get_access<access::mode::read>(cgh);
    auto b = b_buf.template get_access<access::mode::read>(cgh);
    auto c = c_buf.template get_access<access::mode::discard_write>(cgh);
    accessor<T, 2, access::mode::read_write, access::target::local> tile_a(
        range<2>(TILE, TILE), cgh);
    accessor<T, 2, access::mode::read_write, access::target::local> tile_b(
        range<2>(TILE, TILE), cgh);

    cgh.parallel_for<MatmulTiled<T, TILE>>(
        nd_range<2>(global, range<2>(TILE, TILE)), [=](nd_item<2> item) {
          const size_t row = item.get_global_id(0);
          const size_t col = item.get_global_id(1);
          const size_t lr = item.get_local_id(0);
          const size_t lc = item.get_local_id(1);
          T sum = 0;
          for (size_t t = 0; t < K; t += TILE) {
            tile_a[lr][lc] = (row < M && t + lc < K) ? a[row][t + lc] : T(0);
            tile_b[lr][lc] = (t + lr < K && col < N) ? b[t + lr][col] : T(0);
            item.barrier(access::fence_space::local_space);
            for (size_t k = 0; k < TILE; ++k)
              sum += tile_a[lr][k] * tile_b[k][lc];
            item.barrier(access::fence_space::local_space);
          }
          if (row < M && col < N)
            c[row][col] = sum;
        });
  });
}

template <typename T, size_t TILE>
void runCase(queue &q, ported::Verifier &v, size_t M, size_t K, size_t N) {
  std::vector<T> a(M * K), b(K * N), c(M * N, T(-1)), ref(M * N, T(0));
  for (size_t i = 0; i < M * K; ++i)
    a[i] = T(int(ported::input(uint32_t(i), 3) % 17) - 8);
  for (size_t i = 0; i < K * N; ++i)
    b[i] = T(int(ported::input(uint32_t(i), 4) % 17) - 8);
  {
    buffer<T, 2> a_buf(a.data(), range<2>(M, K));
    buffer<T, 2> b_buf(b.data(), range<2>(K, N));
    buffer<T, 2> c_buf(c.data(), range<2>(M, N));
    matmul<T, TILE>(q, a_buf, b_buf, c_buf);
  }
  for (size_t i = 0; i < M; ++i)
    for (size_t k = 0; k < K; ++k)
      for (size_t j = 0; j < N; ++j)
        ref[i * N + j] += a[i * K + k] * b[k * N + j];
  std::string what = std::to_string(M) + "x" + std::to_string(K) + " * " +
                     std::to_string(K) + "x" + std::to_string(N) + " tile " +
                     std::to_string(TILE);
  v.equal(what.c_str(), c.data(), ref.data(), M * N);
}

int main() {
  queue q;
  ported::Verifier v("sb-matmul-tiled");
  runCase<float, 16>(q, v, 128, 96, 160);
  runCase<float, 16>(q, v, 77, 50, 91);
  runCase<int, 8>(q, v, 45, 33, 29);
  runCase<double, 4>(q, v, 1, 7, 1);
  return v.finish("float, int and double tiles");
}
