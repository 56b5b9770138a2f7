// nbody, pocl variant: host side of nbody.cl.
#include "problems/nbody.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace nbody;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("nbody", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("nbody.cl", ocl::define("LOCAL", Local));
  cl_kernel K = RT.kernel("nbody");
  std::vector<float> Pos(4 * P.Bodies), Acc(4 * P.Bodies);
  init(Pos.data(), P);
  cl_mem DPos = RT.buffer(Pos.size(), Pos.data());
  cl_mem DAcc = RT.buffer<float>(Acc.size());
  ocl::setArgs(K, DPos, DAcc, cl_ulong(P.Bodies), cl_float(Softening));
  const size_t Global = P.Bodies, LocalSize = Local;

  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DAcc, Acc.size(), Acc.data());
                       return check(Pos.data(), Acc.data(), P);
                     });
}
