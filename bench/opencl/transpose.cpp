// transpose, pocl variant: host side of transpose.cl.
#include "problems/transpose.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace transpose;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("transpose", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("transpose.cl", ocl::define("TILE", Tile));
  cl_kernel K = RT.kernel("transpose");
  const size_t N = P.N;
  std::vector<float> In(N * N), Out(N * N);
  init(In.data(), P);
  cl_mem DIn = RT.buffer(N * N, In.data());
  cl_mem DOut = RT.buffer<float>(N * N);
  ocl::setArgs(K, DIn, DOut, cl_ulong(N));
  const size_t Global[2] = {N, N}, LocalSize[2] = {Tile, Tile};

  return Rep.measure([&] { RT.run(K, 2, Global, LocalSize); },
                     [&] {
                       RT.read(DOut, N * N, Out.data());
                       return check(In.data(), Out.data(), P);
                     });
}
