// 2-D Jacobi relaxation in the style of SYCL-Bench's stencil kernels
// written against SYCL 2020: two buffer<float, 2> swapped between
// iterations, accessors made with the deduction tags
// (accessor in{buf, cgh, read_only}, accessor out{buf, cgh, write_only,
// no_init}), a range<2> kernel that takes an item<2> and reads the four
// neighbours through id<2> arithmetic, and a host_accessor for the result.
// A 1-D three-point smoothing over a range<1> with a size_t index follows.
// The kernels evaluate the same expressions in the same order as the
// host, so results agree to rounding: tolerance 1e-5 relative.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <utility>
#include <vector>

class Jacobi2D;
class Smooth1D;

static void jacobiHost(std::vector<float> &a, std::vector<float> &b,
                       size_t rows, size_t cols, int iterations) {
  for (int it = 0; it < iterations; ++it) {
    for (size_t i = 0; i < rows; ++i)
      for (size_t j = 0; j < cols; ++j) {
        size_t c = i * cols + j;
        if (i == 0 || j == 0 || i == rows - 1 || j == cols - 1)
          b[c] = a[c];
        else
          b[c] =
              0.2f * (a[c] + a[c - cols] + a[c + cols] + a[c - 1] + a[c + 1]);
      }
    std::swap(a, b);
  }
}

static void runJacobi(sycl::queue &q, ported::Verifier &v, size_t rows,
                      size_t cols, int iterations) {
  std::vector<float> init(rows * cols);
  for (size_t i = 0; i < init.size(); ++i)
    init[i] = float(ported::input(uint32_t(i), 5) % 1000) * 0.01f;

  sycl::buffer<float, 2> buf_a(init.data(), sycl::range<2>(rows, cols));
  sycl::buffer<float, 2> buf_b(sycl::range<2>(rows, cols));
  buf_a.set_final_data(nullptr);
  sycl::buffer<float, 2> *src = &buf_a, *dst = &buf_b;

  for (int it = 0; it < iterations; ++it) {
    q.submit([&](sycl::handler &cgh) {
      sycl::accessor in{*src, cgh, sycl::read_only};
      sycl::accessor out{*dst, cgh, sycl::write_only, sycl::no_init};
      cgh.parallel_for<Jacobi2D>(
          sycl::range<2>(rows, cols), [=](sycl::item<2> item) {
            sycl::id<2> idx = item.get_id();
            size_t i = idx[0], j = idx[1];
            if (i == 0 || j == 0 || i == rows - 1 || j == cols - 1) {
              out[idx] = in[idx];
              return;
            }
            out[idx] = 0.2f * (in[idx] + in[idx - sycl::id<2>(1, 0)] +
                               in[idx + sycl::id<2>(1, 0)] +
                               in[idx - sycl::id<2>(0, 1)] +
                               in[idx + sycl::id<2>(0, 1)]);
          });
    });
    std::swap(src, dst);
  }

  std::vector<float> ref_a(init), ref_b(init.size());
  jacobiHost(ref_a, ref_b, rows, cols, iterations);
  sycl::host_accessor result{*src, sycl::read_only};
  std::vector<float> got(rows * cols);
  for (size_t i = 0; i < rows; ++i)
    for (size_t j = 0; j < cols; ++j)
      got[i * cols + j] = result[i][j];
  std::string what = "jacobi " + std::to_string(rows) + "x" +
                     std::to_string(cols) + " x" + std::to_string(iterations);
  v.close(what.c_str(), got.data(), ref_a.data(), got.size(), 1e-5);
}

static void runSmooth(sycl::queue &q, ported::Verifier &v, size_t n) {
  std::vector<double> x(n), y(n, -1.0), ref(n);
  for (size_t i = 0; i < n; ++i)
    x[i] = double(ported::input(uint32_t(i), 6) % 256) / 8.0;
  {
    sycl::buffer<double> in_buf(x.data(), sycl::range<1>(n));
    sycl::buffer<double> out_buf(y.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &cgh) {
      sycl::accessor in(in_buf, cgh, sycl::read_only);
      sycl::accessor out(out_buf, cgh, sycl::write_only);
      cgh.parallel_for<Smooth1D>(sycl::range<1>(n), [=](size_t i) {
        double left = i > 0 ? in[i - 1] : in[i];
        double right = i + 1 < n ? in[i + 1] : in[i];
        out[i] = 0.25 * left + 0.5 * in[i] + 0.25 * right;
      });
    });
  }
  for (size_t i = 0; i < n; ++i) {
    double left = i > 0 ? x[i - 1] : x[i];
    double right = i + 1 < n ? x[i + 1] : x[i];
    ref[i] = 0.25 * left + 0.5 * x[i] + 0.25 * right;
  }
  std::string what = "smooth-1d " + std::to_string(n);
  v.close(what.c_str(), y.data(), ref.data(), n, 1e-12);
}

int main() {
  sycl::queue q;
  ported::Verifier v("sb-jacobi2d");
  runJacobi(q, v, 130, 200, 10);
  runJacobi(q, v, 3, 3, 2);
  runSmooth(q, v, 40001);
  return v.finish();
}
