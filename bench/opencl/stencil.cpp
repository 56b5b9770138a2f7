// stencil-1d, pocl variant: host side of stencil.cl.
#include "problems/stencil.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace stencil;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("stencil-1d", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("stencil.cl",
           ocl::define("LOCAL", Local) + ocl::define("RADIUS", Radius));
  cl_kernel K = RT.kernel("stencil");
  std::vector<float> In(P.N), Out(P.N);
  init(In.data(), P);
  cl_mem DIn = RT.buffer(P.N, In.data());
  cl_mem DOut = RT.buffer<float>(P.N);
  ocl::setArgs(K, DIn, DOut, cl_ulong(P.N));
  const size_t Global = P.N, LocalSize = Local;

  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DOut, P.N, Out.data());
                       return check(In.data(), Out.data(), P);
                     });
}
