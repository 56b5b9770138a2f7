// matmul, pocl variant: host side of matmul.cl.
#include "problems/matmul.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace matmul;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("matmul", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("matmul.cl", ocl::define("TILE", Tile));
  cl_kernel K = RT.kernel("matmul");
  const size_t N = P.N;
  std::vector<float> A(N * N), B(N * N), C(N * N);
  init(A.data(), B.data(), P);
  cl_mem DA = RT.buffer(N * N, A.data());
  cl_mem DB = RT.buffer(N * N, B.data());
  cl_mem DC = RT.buffer<float>(N * N);
  ocl::setArgs(K, DA, DB, DC, cl_ulong(N));
  const size_t Global[2] = {N, N}, LocalSize[2] = {Tile, Tile};

  return Rep.measure([&] { RT.run(K, 2, Global, LocalSize); },
                     [&] {
                       RT.read(DC, N * N, C.data());
                       return check(A.data(), B.data(), C.data(), P);
                     });
}
