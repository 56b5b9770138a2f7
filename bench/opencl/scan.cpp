// scan, pocl variant: host side of scan.cl, the tree for every --kernel
// (pocl 3.1's CPU device has no work_group_scan_inclusive_add, see
// reduction.cpp).
#include "problems/scan.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace scan;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("scan", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("scan.cl", ocl::define("LOCAL", Local));
  cl_kernel K = RT.kernel("scan");
  std::vector<int> In(P.N), Out(P.N);
  init(In.data(), P);
  cl_mem DIn = RT.buffer(P.N, In.data());
  cl_mem DOut = RT.buffer<int>(P.N);
  ocl::setArgs(K, DIn, DOut);
  const size_t Global = P.N, LocalSize = Local;

  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DOut, P.N, Out.data());
                       return check(In.data(), Out.data(), P);
                     });
}
