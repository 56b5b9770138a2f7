// Matrix multiplication in the style of the oneAPI matrix_mul sample: a
// queue built with a selector and an async exception handler, 2-D buffers
// sized with CTAD (buffer<float, 2> a_buf(range(M, N))), initialization
// kernels that fill the matrices on the device through generic lambdas
// (h.parallel_for(range(M, N), [=](auto index) {...})), the product
// computed with accessors made by the deduction tags and indexed as
// a[row][k], the result read through a host_accessor, and everything
// wrapped in try/catch for sycl::exception. The matrices hold small
// integers, so every sum is exact and the comparison with the serial
// product is exact.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <iostream>
#include <vector>

using namespace sycl;

constexpr int m_size = 150 * 2;
constexpr int M = m_size / 3;
constexpr int N = m_size / 2;
constexpr int P = m_size / 4 + 1;

static auto exception_handler = [](exception_list e_list) {
  for (std::exception_ptr const &e : e_list) {
    try {
      std::rethrow_exception(e);
    } catch (std::exception const &e) {
      std::cout << "Failure: " << e.what() << "\n";
      std::terminate();
    }
  }
};

int main() {
  ported::Verifier v("oa-matrix-mul");
  std::vector<float> c_back(M * P);

  try {
    queue q(default_selector_v, exception_handler);
    v.expect(q.get_device().is_cpu(), "the device is not a CPU");

    buffer<float, 2> a_buf(range(M, N));
    buffer<float, 2> b_buf(range(N, P));
    buffer c_buf(reinterpret_cast<float *>(c_back.data()), range(M, P));

    // a[i][j] = (i + j) % 5 - 2, b[i][j] = i % 3 + j % 4 - 2.
    q.submit([&](auto &h) {
      accessor a(a_buf, h, write_only);
      h.parallel_for(range(M, N), [=](auto index) {
        a[index] = float(int((index[0] + index[1]) % 5) - 2);
      });
    });
    q.submit([&](auto &h) {
      accessor b(b_buf, h, write_only);
      h.parallel_for(range(N, P), [=](auto index) {
        b[index] = float(int(index[0] % 3 + index[1] % 4) - 2);
      });
    });

    q.submit([&](auto &h) {
      accessor a(a_buf, h, read_only);
      accessor b(b_buf, h, read_only);
      accessor c(c_buf, h, write_only);
      int width_a = int(a_buf.get_range()[1]);
      h.parallel_for(range(M, P), [=](auto index) {
        int row = int(index[0]);
        int col = int(index[1]);
        float sum = 0.0f;
        for (int i = 0; i < width_a; i++)
          sum += a[row][i] * b[i][col];
        c[index] = sum;
      });
    });

    // Reading a row through a host accessor while the buffer is alive.
    host_accessor c_host(c_buf, read_only);
    float first = 0.f;
    for (int k = 0; k < N; ++k)
      first += float((k % 5) - 2) * float(k % 3 - 2);
    v.expect(c_host[0][0] == first, "c[0][0] through the host accessor");
  } catch (exception const &e) {
    std::cout << "An exception is caught while multiplying matrices: "
              << e.what() << "\n";
    return 1;
  }
  // c_buf is gone: c_back holds the product.

  std::vector<float> want(M * P, 0.f);
  for (int i = 0; i < M; i++)
    for (int k = 0; k < N; k++) {
      float a = float((i + k) % 5 - 2);
      for (int j = 0; j < P; j++)
        want[i * P + j] += a * float(k % 3 + j % 4 - 2);
    }
  v.equal("c", c_back.data(), want.data(), want.size());
  return v.finish(std::to_string(M) + "x" + std::to_string(N) + " * " +
                  std::to_string(N) + "x" + std::to_string(P));
}
