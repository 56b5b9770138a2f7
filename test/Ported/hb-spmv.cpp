// Sparse matrix-vector product y = A * x on a CSR matrix, in the style of
// HeCBench's spmv benchmarks: malloc_device arrays copied in with
// q.memcpy, a "scalar" kernel with one row per work-item
// (q.parallel_for(nd_range) rounded up to the block size, with a row
// check), and a "vector" kernel with one work-group per row whose
// work-items take strided shares of the row and combine them with
// sycl::reduce_over_group. Several products run back to back as in a
// power iteration, a third kernel turning each output into the next input
// with sycl::floor; every result is copied back with q.memcpy. Values
// are small integers in double, so every sum is exact: both kernels must
// equal the serial product exactly.
// As in HeCBench, the queue is in-order, on the CPU selector unless
// USE_GPU is defined.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <vector>

constexpr int BLOCK = 128;
constexpr int VECTOR_WG = 32;

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-spmv");
  const int num_rows = 4000, num_cols = 4000, repeat = 4;

  // Rows of 0 to 40 entries, some long rows, at sorted random columns.
  std::vector<int> row_ptr(num_rows + 1, 0), col_idx;
  std::vector<double> vals;
  for (int r = 0; r < num_rows; ++r) {
    uint32_t h = ported::input(uint32_t(r), 37);
    int len = int(h % 21) + (r % 50 == 0 ? 200 : 0);
    int c = int(h >> 20) % 8;
    for (int k = 0; k < len && c < num_cols; ++k) {
      col_idx.push_back(c);
      vals.push_back(
          double(int(ported::input(uint32_t(col_idx.size()), 38) % 7) - 3));
      c += 1 + int(ported::input(uint32_t(r * 256 + k), 39) % 40);
    }
    row_ptr[r + 1] = int(col_idx.size());
  }
  const int nnz = int(col_idx.size());
  std::vector<double> x(num_cols);
  for (int i = 0; i < num_cols; ++i)
    x[i] = double(int(i % 5) - 2);

  int *d_row_ptr = sycl::malloc_device<int>(num_rows + 1, q);
  int *d_col_idx = sycl::malloc_device<int>(nnz, q);
  double *d_vals = sycl::malloc_device<double>(nnz, q);
  double *d_x = sycl::malloc_device<double>(num_cols, q);
  double *d_y = sycl::malloc_device<double>(num_rows, q);
  double *d_y_vec = sycl::malloc_device<double>(num_rows, q);
  q.memcpy(d_row_ptr, row_ptr.data(), (num_rows + 1) * sizeof(int));
  q.memcpy(d_col_idx, col_idx.data(), nnz * sizeof(int));
  q.memcpy(d_vals, vals.data(), nnz * sizeof(double));
  q.memcpy(d_x, x.data(), num_cols * sizeof(double));
  q.wait();

  const int blocks = (num_rows + BLOCK - 1) / BLOCK;
  std::vector<double> ref_x = x, ref_y(num_rows);
  for (int iter = 0; iter < repeat; ++iter) {
    q.parallel_for<class spmv_csr_scalar>(
        sycl::nd_range<1>(sycl::range<1>(blocks * BLOCK),
                          sycl::range<1>(BLOCK)),
        [=](sycl::nd_item<1> item) {
          int row = int(item.get_global_id(0));
          if (row < num_rows) {
            double dot = 0;
            for (int j = d_row_ptr[row]; j < d_row_ptr[row + 1]; j++)
              dot += d_vals[j] * d_x[d_col_idx[j]];
            d_y[row] = dot;
          }
        });
    q.parallel_for<class spmv_csr_vector>(
        sycl::nd_range<1>(sycl::range<1>(num_rows * VECTOR_WG),
                          sycl::range<1>(VECTOR_WG)),
        [=](sycl::nd_item<1> item) {
          int row = int(item.get_group(0));
          int lane = int(item.get_local_id(0));
          double sum = 0;
          for (int j = d_row_ptr[row] + lane; j < d_row_ptr[row + 1];
               j += VECTOR_WG)
            sum += d_vals[j] * d_x[d_col_idx[j]];
          sum = sycl::reduce_over_group(item.get_group(), sum,
                                        sycl::plus<double>());
          if (lane == 0)
            d_y_vec[row] = sum;
        });

    std::vector<double> y(num_rows), y_vec(num_rows);
    q.memcpy(y.data(), d_y, num_rows * sizeof(double));
    q.memcpy(y_vec.data(), d_y_vec, num_rows * sizeof(double)).wait();
    for (int r = 0; r < num_rows; ++r) {
      double dot = 0;
      for (int j = row_ptr[r]; j < row_ptr[r + 1]; j++)
        dot += vals[j] * ref_x[col_idx[j]];
      ref_y[r] = dot;
    }
    std::string it = "iteration " + std::to_string(iter);
    v.equal((it + " scalar").c_str(), y.data(), ref_y.data(), size_t(num_rows));
    v.equal((it + " vector").c_str(), y_vec.data(), ref_y.data(),
            size_t(num_rows));

    // Next input: y reduced mod 7 to keep values small and exact.
    q.parallel_for(sycl::range<1>(num_cols), [=](sycl::id<1> i) {
      double t = d_y[i];
      d_x[i] = t - 7.0 * sycl::floor(t / 7.0) - 3.0;
    });
    for (int i = 0; i < num_cols; ++i)
      ref_x[i] = ref_y[i] - 7.0 * std::floor(ref_y[i] / 7.0) - 3.0;
  }
  q.wait();

  for (void *p : {(void *)d_row_ptr, (void *)d_col_idx, (void *)d_vals,
                  (void *)d_x, (void *)d_y, (void *)d_y_vec})
    sycl::free(p, q);
  return v.finish(std::to_string(num_rows) + " rows, " + std::to_string(nnz) +
                  " nonzeros");
}
