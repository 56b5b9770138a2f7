// Row-wise softmax and layer normalization in the style of HeCBench's
// softmax and layernorm benchmarks (ports of the CUDA "one warp per row"
// kernels) and of their one-block-per-row variants:
// - softmax with one sub-group per row in a 1-D nd_range of 4 sub-groups
//   per work-group: the lanes stride along a row longer than the
//   sub-group, sycl::reduce_over_group(sg, x, sycl::maximum<>()) gives the
//   row's maximum and reduce_over_group(sg, e, sycl::plus<>()) the sum of
//   sycl::exp(x - max); the sub-groups past the last row return early;
// - layernorm with one sub-group per row in a 2-D nd_range of 4 rows of
//   SG work-items (sub-groups run along the last dimension): mean, then
//   the variance of the centred values, sycl::rsqrt, a per-column scale
//   and shift; lane 0 stores the row's mean and 1/stddev;
// - softmax with one work-group per row and reduce_over_group(group, ...)
//   on long rows.
// The sub-group size SG comes from info::device::sub_group_sizes. Inputs
// are multiples of 1/8 in [-8, 8], so the row maxima, x - max and the row
// sums of the layernorm are exact, and the maxima are compared exactly.
// The rest is compared with a serial double-precision host version within
// a relative tolerance of 1e-5 (about 80 float ulps: exp within 4 ulp,
// sums of up to 1500 positive terms in a tree or in lane order), of
// max(|want|, 1) for layernorm, whose outputs cross zero; the errors seen
// are below a fiftieth of it.
// As in HeCBench, the queue is in-order, on the CPU selector unless
// USE_GPU is defined.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

constexpr int ROWS_PER_BLOCK = 4;
constexpr int GROUP_BLOCK = 128;

std::vector<float> make_matrix(int rows, int cols, uint32_t salt) {
  std::vector<float> m(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    m[i] = float(int(ported::input(uint32_t(i), salt) % 129) - 64) * 0.125f;
  return m;
}

// The serial softmax of each row, in double, and the rows' maxima.
void softmax_reference(const std::vector<float> &x, int rows, int cols,
                       std::vector<float> &y, std::vector<float> &row_max) {
  y.resize(rows * cols);
  row_max.resize(rows);
  for (int r = 0; r < rows; ++r) {
    const float *in = &x[r * cols];
    float m = *std::max_element(in, in + cols);
    double sum = 0;
    for (int c = 0; c < cols; ++c)
      sum += std::exp(double(in[c] - m));
    for (int c = 0; c < cols; ++c)
      y[r * cols + c] = float(std::exp(double(in[c] - m)) / sum);
    row_max[r] = m;
  }
}

void softmax_warp(sycl::queue &q, ported::Verifier &v, int warp) {
  const int rows = 1001, cols = 100;
  std::vector<float> h_x = make_matrix(rows, cols, 61);
  float *d_x = sycl::malloc_device<float>(rows * cols, q);
  float *d_y = sycl::malloc_device<float>(rows * cols, q);
  float *d_max = sycl::malloc_device<float>(rows, q);
  q.memcpy(d_x, h_x.data(), rows * cols * sizeof(float));

  const int blocks = (rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK;
  const int block = ROWS_PER_BLOCK * warp;
  q.parallel_for<class softmax_warp_per_row>(
      sycl::nd_range<1>(sycl::range<1>(blocks * block), sycl::range<1>(block)),
      [=](sycl::nd_item<1> item) {
        sycl::sub_group sg = item.get_sub_group();
        const int row =
            int(item.get_group(0)) * ROWS_PER_BLOCK + int(sg.get_group_id()[0]);
        if (row >= rows)
          return;
        const int lane = int(sg.get_local_id()[0]);
        const int width = int(sg.get_local_range()[0]);
        const float *x = d_x + row * cols;
        float *y = d_y + row * cols;

        float m = -INFINITY;
        for (int c = lane; c < cols; c += width)
          m = sycl::max(m, x[c]);
        m = sycl::reduce_over_group(sg, m, sycl::maximum<>());
        float sum = 0.f;
        for (int c = lane; c < cols; c += width)
          sum += sycl::exp(x[c] - m);
        sum = sycl::reduce_over_group(sg, sum, sycl::plus<>());
        for (int c = lane; c < cols; c += width)
          y[c] = sycl::exp(x[c] - m) / sum;
        if (lane == 0)
          d_max[row] = m;
      });

  std::vector<float> y(rows * cols), row_max(rows), ref_y, ref_max;
  q.memcpy(y.data(), d_y, rows * cols * sizeof(float));
  q.memcpy(row_max.data(), d_max, rows * sizeof(float)).wait();
  softmax_reference(h_x, rows, cols, ref_y, ref_max);
  v.equal("softmax sub-group per row: maxima", row_max.data(), ref_max.data(),
          size_t(rows));
  v.close("softmax sub-group per row", y.data(), ref_y.data(),
          size_t(rows * cols), 1e-5, 1e-30);
  sycl::free(d_x, q);
  sycl::free(d_y, q);
  sycl::free(d_max, q);
}

void layernorm_warp(sycl::queue &q, ported::Verifier &v, int warp) {
  const int rows = 777, cols = 77;
  const float eps = 1e-5f;
  std::vector<float> h_x = make_matrix(rows, cols, 62);
  std::vector<float> h_gamma(cols), h_beta(cols);
  for (int c = 0; c < cols; ++c) {
    h_gamma[c] = 1.f + float(c % 5) * 0.25f;
    h_beta[c] = float(c % 3 - 1) * 0.5f;
  }
  float *d_x = sycl::malloc_device<float>(rows * cols, q);
  float *d_y = sycl::malloc_device<float>(rows * cols, q);
  float *d_gamma = sycl::malloc_device<float>(cols, q);
  float *d_beta = sycl::malloc_device<float>(cols, q);
  float *d_mean = sycl::malloc_device<float>(rows, q);
  float *d_rstd = sycl::malloc_device<float>(rows, q);
  q.memcpy(d_x, h_x.data(), rows * cols * sizeof(float));
  q.memcpy(d_gamma, h_gamma.data(), cols * sizeof(float));
  q.memcpy(d_beta, h_beta.data(), cols * sizeof(float));

  const int padded_rows =
      (rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK * ROWS_PER_BLOCK;
  q.parallel_for<class layernorm_warp_per_row>(
      sycl::nd_range<2>(sycl::range<2>(padded_rows, warp),
                        sycl::range<2>(ROWS_PER_BLOCK, warp)),
      [=](sycl::nd_item<2> item) {
        sycl::sub_group sg = item.get_sub_group();
        const int row = int(item.get_global_id(0));
        const int lane = int(item.get_local_id(1));
        if (row >= rows)
          return;
        const float *x = d_x + row * cols;
        float *y = d_y + row * cols;

        float sum = 0.f;
        for (int c = lane; c < cols; c += warp)
          sum += x[c];
        const float mean =
            sycl::reduce_over_group(sg, sum, sycl::plus<>()) / float(cols);
        float sq = 0.f;
        for (int c = lane; c < cols; c += warp) {
          float d = x[c] - mean;
          sq += d * d;
        }
        const float var =
            sycl::reduce_over_group(sg, sq, sycl::plus<>()) / float(cols);
        const float rstd = sycl::rsqrt(var + eps);
        for (int c = lane; c < cols; c += warp)
          y[c] = (x[c] - mean) * rstd * d_gamma[c] + d_beta[c];
        if (lane == 0) {
          d_mean[row] = mean;
          d_rstd[row] = rstd;
        }
      });

  std::vector<float> y(rows * cols), mean(rows), rstd(rows);
  q.memcpy(y.data(), d_y, rows * cols * sizeof(float));
  q.memcpy(mean.data(), d_mean, rows * sizeof(float));
  q.memcpy(rstd.data(), d_rstd, rows * sizeof(float)).wait();
  std::vector<float> ref_y(rows * cols), ref_mean(rows), ref_rstd(rows);
  for (int r = 0; r < rows; ++r) {
    const float *x = &h_x[r * cols];
    double m = 0, var = 0;
    for (int c = 0; c < cols; ++c)
      m += x[c];
    m /= cols;
    for (int c = 0; c < cols; ++c)
      var += (x[c] - m) * (x[c] - m);
    var /= cols;
    double rs = 1.0 / std::sqrt(var + double(eps));
    for (int c = 0; c < cols; ++c)
      ref_y[r * cols + c] = float((x[c] - m) * rs * h_gamma[c] + h_beta[c]);
    ref_mean[r] = float(m);
    ref_rstd[r] = float(rs);
  }
  v.close("layernorm means", mean.data(), ref_mean.data(), size_t(rows), 1e-5);
  v.close("layernorm 1/stddev", rstd.data(), ref_rstd.data(), size_t(rows),
          1e-5);
  v.close("layernorm", y.data(), ref_y.data(), size_t(rows * cols), 1e-5);
  for (float *p : {d_x, d_y, d_gamma, d_beta, d_mean, d_rstd})
    sycl::free(p, q);
}

void softmax_block(sycl::queue &q, ported::Verifier &v) {
  const int rows = 48, cols = 1500;
  std::vector<float> h_x = make_matrix(rows, cols, 63);
  float *d_x = sycl::malloc_device<float>(rows * cols, q);
  float *d_y = sycl::malloc_device<float>(rows * cols, q);
  q.memcpy(d_x, h_x.data(), rows * cols * sizeof(float));

  q.parallel_for<class softmax_block_per_row>(
      sycl::nd_range<1>(sycl::range<1>(rows * GROUP_BLOCK),
                        sycl::range<1>(GROUP_BLOCK)),
      [=](sycl::nd_item<1> item) {
        sycl::group<1> g = item.get_group();
        const int row = int(item.get_group(0));
        const int tid = int(item.get_local_id(0));
        const float *x = d_x + row * cols;
        float *y = d_y + row * cols;

        float m = -INFINITY;
        for (int c = tid; c < cols; c += GROUP_BLOCK)
          m = sycl::max(m, x[c]);
        m = sycl::reduce_over_group(g, m, sycl::maximum<>());
        float sum = 0.f;
        for (int c = tid; c < cols; c += GROUP_BLOCK)
          sum += sycl::exp(x[c] - m);
        sum = sycl::reduce_over_group(g, sum, sycl::plus<>());
        for (int c = tid; c < cols; c += GROUP_BLOCK)
          y[c] = sycl::exp(x[c] - m) / sum;
      });

  std::vector<float> y(rows * cols), ref_y, ref_max;
  q.memcpy(y.data(), d_y, rows * cols * sizeof(float)).wait();
  softmax_reference(h_x, rows, cols, ref_y, ref_max);
  v.close("softmax group per row", y.data(), ref_y.data(), size_t(rows * cols),
          1e-5, 1e-30);
  sycl::free(d_x, q);
  sycl::free(d_y, q);
}

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-softmax");
  std::vector<size_t> sizes =
      q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  const int warp = int(*std::max_element(sizes.begin(), sizes.end()));

  softmax_warp(q, v, warp);
  layernorm_warp(q, v, warp);
  softmax_block(q, v);
  return v.finish("sub-group size " + std::to_string(warp));
}
