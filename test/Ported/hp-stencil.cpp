// 1-D convolution with a halo, written with hierarchical parallelism and
// the flexible work-item ranges of the SYCL specification's examples:
// each work-group handles a block of outputs larger than its physical
// size, loads the block plus its halo into a local_accessor with
// parallel_for_work_item(range<1>(BLOCK + 2 * RADIUS), ...), computes the
// block with parallel_for_work_item(range<1>(BLOCK), ...) reading the
// weights from a constant_buffer accessor, and the last group's block is
// cut short by the array's end. Both logical ranges differ from the
// group size (32), so each physical work-item runs several logical ones.
// The host sums the same taps in the same order: tolerance 1e-5.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <vector>

constexpr int RADIUS = 3;
constexpr size_t BLOCK = 100;
constexpr size_t GROUP = 32;

class Conv1D;

int main() {
  sycl::queue q;
  ported::Verifier v("hp-stencil");
  const size_t n = 20011;
  const size_t groups = (n + BLOCK - 1) / BLOCK;

  std::vector<float> in(n), out(n, -1.f), want(n);
  std::vector<float> weights(2 * RADIUS + 1);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(ported::input(uint32_t(i), 36) % 512) / 64.f;
  for (int k = -RADIUS; k <= RADIUS; ++k)
    weights[k + RADIUS] = float(RADIUS + 1 - (k < 0 ? -k : k)) / 16.f;

  {
    sycl::buffer<float> in_buf(in.data(), sycl::range<1>(n));
    sycl::buffer<float> out_buf(out.data(), sycl::range<1>(n));
    sycl::buffer<float> w_buf(weights.data(), sycl::range<1>(weights.size()));
    q.submit([&](sycl::handler &cgh) {
      auto src = in_buf.get_access<sycl::access::mode::read>(cgh);
      auto dst = out_buf.get_access<sycl::access::mode::write>(cgh);
      auto w = w_buf.get_access<sycl::access::mode::read,
                                sycl::access::target::constant_buffer>(cgh);
      sycl::local_accessor<float, 1> block(sycl::range<1>(BLOCK + 2 * RADIUS),
                                           cgh);
      cgh.parallel_for_work_group<Conv1D>(
          sycl::range<1>(groups), sycl::range<1>(GROUP),
          [=](sycl::group<1> grp) {
            const long start = long(grp.get_group_id(0) * BLOCK);
            grp.parallel_for_work_item(
                sycl::range<1>(BLOCK + 2 * RADIUS), [&](sycl::h_item<1> it) {
                  long i = start - RADIUS + long(it.get_logical_local_id(0));
                  block[it.get_logical_local_id(0)] =
                      i >= 0 && i < long(n) ? src[size_t(i)] : 0.f;
                });
            grp.parallel_for_work_item(sycl::range<1>(BLOCK),
                                       [&](sycl::h_item<1> it) {
                                         size_t l = it.get_logical_local_id(0);
                                         if (size_t(start) + l >= n)
                                           return;
                                         float sum = 0.f;
                                         for (int k = 0; k <= 2 * RADIUS; ++k)
                                           sum += w[k] * block[l + k];
                                         dst[size_t(start) + l] = sum;
                                       });
          });
    });
  }

  for (size_t i = 0; i < n; ++i) {
    float sum = 0.f;
    for (int k = 0; k <= 2 * RADIUS; ++k) {
      long j = long(i) - RADIUS + k;
      sum += weights[k] * (j >= 0 && j < long(n) ? in[size_t(j)] : 0.f);
    }
    want[i] = sum;
  }
  v.close("convolution", out.data(), want.data(), n, 1e-5);
  return v.finish(std::to_string(n) + " points, radius " +
                  std::to_string(RADIUS));
}
