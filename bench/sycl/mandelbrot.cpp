// mandelbrot: one pixel per work-item, an escape-time loop whose trip count
// differs from pixel to pixel (problems/mandelbrot.hpp: escape(), which the
// check and the reference call too).
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
  int Rc = Rep.measure(
      [&] {
        Q.parallel_for(sycl::nd_range<1>(P.pixels(), Local),
                       [=](sycl::nd_item<1> It) {
                         size_t I = It.get_global_id(0);
                         Out[I] = escape(X0 + float(I % W) * Dx,
                                         Y0 + float(I / W) * Dy);
                       })
            .wait();
      },
      [&] { return check(Out, P); });
  sycl::free(Out, Q);
  return Rc;
}
