// 3-D heat diffusion with a 7-point stencil, in the style of HeCBench's
// stencil3d and heat benchmarks: an in-order queue, two malloc_device
// grids swapped between time steps, a q.parallel_for over an
// nd_range<3> with work-groups of 1 x 4 x 32 (x fastest, in the last
// dimension) whose global range is rounded up, so work-items outside the
// grid return, and boundary cells copied unchanged; the final grid comes
// back with q.memcpy. A last kernel sums the grid per z-plane with
// sycl::reduce_over_group on 2-D work-groups of an nd_range<2>, one
// group per plane. The host performs the same updates in the same order:
// tolerance 1e-5 relative.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <utility>
#include <vector>

constexpr float C0 = 0.4f; // the centre's weight
constexpr float C1 = 0.1f; // each neighbour's weight

static inline size_t at(size_t z, size_t y, size_t x, size_t ny, size_t nx) {
  return (z * ny + y) * nx + x;
}

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-stencil3d");
  const size_t nz = 30, ny = 42, nx = 50, steps = 4;
  const size_t cells = nz * ny * nx;

  std::vector<float> h_grid(cells);
  for (size_t i = 0; i < cells; ++i)
    h_grid[i] = float(ported::input(uint32_t(i), 43) % 100);

  float *d_a = sycl::malloc_device<float>(cells, q);
  float *d_b = sycl::malloc_device<float>(cells, q);
  q.memcpy(d_a, h_grid.data(), cells * sizeof(float));

  const sycl::range<3> lws(1, 4, 32);
  const sycl::range<3> gws(nz, (ny + 3) / 4 * 4, (nx + 31) / 32 * 32);
  for (size_t t = 0; t < steps; ++t) {
    q.parallel_for<class heat3d>(
        sycl::nd_range<3>(gws, lws), [=](sycl::nd_item<3> item) {
          const size_t z = item.get_global_id(0);
          const size_t y = item.get_global_id(1);
          const size_t x = item.get_global_id(2);
          if (y >= ny || x >= nx)
            return;
          const size_t c = at(z, y, x, ny, nx);
          if (z == 0 || y == 0 || x == 0 || z == nz - 1 || y == ny - 1 ||
              x == nx - 1) {
            d_b[c] = d_a[c];
            return;
          }
          d_b[c] = C0 * d_a[c] +
                   C1 * (d_a[c - 1] + d_a[c + 1] + d_a[c - nx] + d_a[c + nx] +
                         d_a[c - nx * ny] + d_a[c + nx * ny]);
        });
    std::swap(d_a, d_b);
  }

  // Per-plane sums: one 8 x 32 work-group per plane, each work-item
  // summing a strided share of the plane before the group reduction.
  float *d_sums = sycl::malloc_device<float>(nz, q);
  q.parallel_for<class plane_sums>(
      sycl::nd_range<2>(sycl::range<2>(nz * 8, 32), sycl::range<2>(8, 32)),
      [=](sycl::nd_item<2> item) {
        const size_t z = item.get_group(0);
        float s = 0.f;
        for (size_t y = item.get_local_id(0); y < ny; y += 8)
          for (size_t x = item.get_local_id(1); x < nx; x += 32)
            s += d_a[at(z, y, x, ny, nx)];
        float total =
            sycl::reduce_over_group(item.get_group(), s, sycl::plus<float>());
        if (item.get_local_linear_id() == 0)
          d_sums[z] = total;
      });

  std::vector<float> got(cells), got_sums(nz);
  q.memcpy(got.data(), d_a, cells * sizeof(float));
  q.memcpy(got_sums.data(), d_sums, nz * sizeof(float));
  q.wait();

  std::vector<float> a(h_grid), b(cells);
  for (size_t t = 0; t < steps; ++t) {
    for (size_t z = 0; z < nz; ++z)
      for (size_t y = 0; y < ny; ++y)
        for (size_t x = 0; x < nx; ++x) {
          size_t c = at(z, y, x, ny, nx);
          if (z == 0 || y == 0 || x == 0 || z == nz - 1 || y == ny - 1 ||
              x == nx - 1)
            b[c] = a[c];
          else
            b[c] =
                C0 * a[c] + C1 * (a[c - 1] + a[c + 1] + a[c - nx] + a[c + nx] +
                                  a[c - nx * ny] + a[c + nx * ny]);
        }
    std::swap(a, b);
  }
  std::vector<float> want_sums(nz, 0.f);
  for (size_t z = 0; z < nz; ++z)
    for (size_t y = 0; y < ny; ++y)
      for (size_t x = 0; x < nx; ++x)
        want_sums[z] += a[at(z, y, x, ny, nx)];
  v.close("grid", got.data(), a.data(), cells, 1e-5);
  // The plane sums add 2100 values in another order.
  v.close("plane sums", got_sums.data(), want_sums.data(), nz, 1e-5);

  sycl::free(d_a, q);
  sycl::free(d_b, q);
  sycl::free(d_sums, q);
  return v.finish(std::to_string(nx) + "x" + std::to_string(ny) + "x" +
                  std::to_string(nz) + ", " + std::to_string(steps) + " steps");
}
