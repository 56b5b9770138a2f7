// mandelbrot, pocl variant: host side of mandelbrot.cl.
#include "problems/mandelbrot.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace mandelbrot;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("mandelbrot", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("mandelbrot.cl", ocl::define("MAX_ITER", MaxIter));
  cl_kernel K =
      RT.kernel(P.GridStride ? "mandelbrot_grid_stride" : "mandelbrot");
  std::vector<uint32_t> Out(P.pixels());
  cl_mem DOut = RT.buffer<uint32_t>(P.pixels());
  if (P.GridStride)
    ocl::setArgs(K, DOut, cl_ulong(P.W), X0, Y0, P.dx(), P.dy(),
                 cl_ulong(P.pixels()));
  else
    ocl::setArgs(K, DOut, cl_ulong(P.W), X0, Y0, P.dx(), P.dy());
  const size_t Global = P.GridStride ? GridGroups * Local : P.pixels(),
               LocalSize = Local;

  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DOut, P.pixels(), Out.data());
                       return check(Out.data(), P);
                     });
}
