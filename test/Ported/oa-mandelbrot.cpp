// Mandelbrot set in the style of the oneAPI Mandelbrot sample: a small
// parameters class (image size, window, iteration limit) captured by
// value, whose member function computes one pixel's escape count with
// std::complex<float> arithmetic and std::abs; a buffer<int, 2> of counts
// filled by h.parallel_for(range<2>, [=](auto index) {...}) (a generic
// lambda receiving an item<2>); the buffer's destructor writing the counts
// back to the host array; and a second run into malloc_shared memory
// through the queue shortcut taking an id<2>. The host runs the same
// member function, so every count must match exactly.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <complex>
#include <vector>

class MandelParameters {
  using ComplexF = std::complex<float>;

  int row_count_;
  int col_count_;
  int max_iterations_;
  float x0_, y0_, scale_;

public:
  MandelParameters(int row_count, int col_count, int max_iterations)
      : row_count_(row_count), col_count_(col_count),
        max_iterations_(max_iterations), x0_(-2.25f), y0_(-1.5f),
        scale_(3.0f / float(row_count)) {}

  int row_count() const { return row_count_; }
  int col_count() const { return col_count_; }

  // Iterations until |z| > 2, or max_iterations_.
  int Point(int row, int col) const {
    ComplexF c(x0_ + float(col) * scale_, y0_ + float(row) * scale_);
    ComplexF z(0.f, 0.f);
    int count = 0;
    for (; count < max_iterations_; ++count) {
      if (std::abs(z) > 2.0f)
        break;
      z = z * z + c;
    }
    return count;
  }
};

int main() {
  sycl::queue q(sycl::default_selector_v);
  ported::Verifier v("oa-mandelbrot");
  const int rows = 192, cols = 256, max_iterations = 100;
  MandelParameters p(rows, cols, max_iterations);

  std::vector<int> data(rows * cols, -1);
  {
    sycl::buffer<int, 2> b(data.data(), sycl::range<2>(rows, cols));
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(b, h, sycl::write_only);
      h.parallel_for(sycl::range<2>(rows, cols), [=](auto index) {
        int i = int(index[0]);
        int j = int(index[1]);
        out[index] = p.Point(i, j);
      });
    });
  } // b writes back to data

  int *usm = sycl::malloc_shared<int>(rows * cols, q);
  q.parallel_for(sycl::range<2>(rows, cols), [=](sycl::id<2> idx) {
     usm[idx[0] * cols + idx[1]] = p.Point(int(idx[0]), int(idx[1]));
   }).wait();

  std::vector<int> ref(rows * cols);
  long inside = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      ref[i * cols + j] = p.Point(i, j);
      inside += ref[i * cols + j] == max_iterations;
    }
  v.equal("buffer counts", data.data(), ref.data(), ref.size());
  v.equal("usm counts", usm, ref.data(), ref.size());
  v.expect(inside > 0 && inside < rows * cols,
           "the window misses the set's boundary");
  sycl::free(usm, q);
  return v.finish(std::to_string(cols) + "x" + std::to_string(rows) + ", " +
                  std::to_string(inside) + " points inside");
}
