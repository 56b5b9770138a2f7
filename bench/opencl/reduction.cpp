// reduction, pocl variant: host side of reduction.cl (the tree, for every
// --kernel; for sycl-reduction the host then adds the group sums, as a
// SYCL implementation over OpenCL would).
#include "problems/reduction.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace reduction;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("reduction", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  // pocl 3.1's CPU device has no work_group_reduce_add (not with
  // -cl-std=CL2.0 or CL3.0), so `--kernel group` runs the tree as well: the
  // best an OpenCL C program can do there.
  RT.build("reduction.cl", ocl::define("LOCAL", Local));
  cl_kernel K = RT.kernel("reduction");
  std::vector<int> In(P.N), Partial(P.groups());
  init(In.data(), P);
  cl_mem DIn = RT.buffer(P.N, In.data());
  cl_mem DPartial = RT.buffer<int>(P.groups());
  ocl::setArgs(K, DIn, DPartial);
  const size_t Global = P.N, LocalSize = Local;

  if (P.K == Kernel::SyclReduction) {
    long Total = 0;
    return Rep.measure(
        [&] {
          RT.run(K, 1, &Global, &LocalSize);
          RT.read(DPartial, P.groups(), Partial.data());
          int Sum = 0;
          for (int G : Partial)
            Sum += G;
          Total = Sum;
        },
        [&] { return checkTotal(In.data(), Total, P); });
  }
  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DPartial, P.groups(), Partial.data());
                       return check(In.data(), Partial.data(), P);
                     });
}
