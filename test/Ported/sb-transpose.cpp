// Matrix transpose through a local tile in the style of the
// transpose kernels of SYCL-Bench and the CUDA/SYCL samples: 2-D buffers,
// get_access<access::mode::...>(cgh), a local_accessor<float, 2> tile
// padded by one column against bank conflicts, an nd_range<2> whose
// groups each read one tile row-wise, barrier, and write it to the
// mirrored tile position, and a naive range<2> transpose as the baseline
// the benchmark compares against. A transpose moves values, so the
// results are compared exactly.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <vector>

namespace s = sycl;

constexpr size_t TILE_DIM = 16;

class TransposeNaive;
class TransposeLocal;

int main() {
  s::queue q;
  ported::Verifier v("sb-transpose");
  const size_t rows = 240, cols = 176;

  std::vector<float> in(rows * cols), out_naive(rows * cols),
      out_tiled(rows * cols), want(rows * cols);
  for (size_t i = 0; i < rows * cols; ++i)
    in[i] = float(ported::input(uint32_t(i), 19) % 100000) * 0.5f;
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c)
      want[c * rows + r] = in[r * cols + c];

  {
    s::buffer<float, 2> in_buf(in.data(), s::range<2>(rows, cols));
    s::buffer<float, 2> naive_buf(out_naive.data(), s::range<2>(cols, rows));
    s::buffer<float, 2> tiled_buf(out_tiled.data(), s::range<2>(cols, rows));

    q.submit([&](s::handler &cgh) {
      auto a = in_buf.get_access<s::access::mode::read>(cgh);
      auto b = naive_buf.get_access<s::access::mode::discard_write>(cgh);
      cgh.parallel_for<TransposeNaive>(
          s::range<2>(rows, cols),
          [=](s::id<2> idx) { b[idx[1]][idx[0]] = a[idx]; });
    });

    q.submit([&](s::handler &cgh) {
      auto a = in_buf.get_access<s::access::mode::read>(cgh);
      auto b = tiled_buf.get_access<s::access::mode::discard_write>(cgh);
      s::local_accessor<float, 2> tile(s::range<2>(TILE_DIM, TILE_DIM + 1),
                                       cgh);
      cgh.parallel_for<TransposeLocal>(
          s::nd_range<2>(s::range<2>(rows, cols),
                         s::range<2>(TILE_DIM, TILE_DIM)),
          [=](s::nd_item<2> item) {
            const size_t ly = item.get_local_id(0);
            const size_t lx = item.get_local_id(1);
            const size_t gy = item.get_group(0);
            const size_t gx = item.get_group(1);
            tile[ly][lx] = a[gy * TILE_DIM + ly][gx * TILE_DIM + lx];
            item.barrier(s::access::fence_space::local_space);
            b[gx * TILE_DIM + ly][gy * TILE_DIM + lx] = tile[lx][ly];
          });
    });
  }

  v.equal("naive", out_naive.data(), want.data(), want.size());
  v.equal("local tile", out_tiled.data(), want.data(), want.size());
  return v.finish(std::to_string(rows) + "x" + std::to_string(cols));
}
