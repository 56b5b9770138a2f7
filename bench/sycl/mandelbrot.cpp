// mandelbrot: one pixel per work-item, an escape-time loop whose trip count
// differs from pixel to pixel (problems/mandelbrot.hpp: escape(), which the
// check and the reference call too); `--kernel grid-stride`: 16 groups, each
// work-item taking pixels in a grid-stride loop.
#include <sycl/sycl.hpp>

#include "problems/mandelbrot.hpp"

int main(int Argc, char **Argv) {
  using namespace mandelbrot;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("mandelbrot", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  uint32_t *Out = sycl::malloc_shared<uint32_t>(P.pixels(), Q);
  const size_t W = P.W;
  const float Dx = P.dx(), Dy = P.dy();
  const size_t Pixels = P.pixels();
  int Rc = Rep.measure(
      [&] {
        if (P.GridStride)
          Q.parallel_for(sycl::nd_range<1>(GridGroups * Local, Local),
                         [=](sycl::nd_item<1> It) {
                           for (size_t I = It.get_global_id(0); I < Pixels;
                                I += It.get_global_range(0))
                             Out[I] = escape(X0 + float(I % W) * Dx,
                                             Y0 + float(I / W) * Dy);
                         });
        else
          Q.parallel_for(
              sycl::nd_range<1>(Pixels, Local), [=](sycl::nd_item<1> It) {
                size_t I = It.get_global_id(0);
                Out[I] = escape(X0 + float(I % W) * Dx, Y0 + float(I / W) * Dy);
              });
        Q.wait();
      },
      [&] { return check(Out, P); });
  sycl::free(Out, Q);
  return Rc;
}
