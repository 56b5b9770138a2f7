// wallace, pocl variant: host side of wallace.cl.
#include "problems/wallace.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace wallace;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("wallace", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("wallace.cl",
           ocl::define("LOCAL", Local) + ocl::define("POOL", PoolSize));
  cl_kernel K = RT.kernel("wallace");
  std::vector<float> Seed(P.Groups * PoolSize), Out(P.outputs());
  init(Seed.data(), P);
  cl_mem DSeed = RT.buffer(Seed.size(), Seed.data());
  cl_mem DOut = RT.buffer<float>(Out.size());
  ocl::setArgs(K, DSeed, DOut, cl_uint(P.Rounds));
  const size_t Global = P.Groups * Local, LocalSize = Local;

  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DOut, Out.size(), Out.data());
                       return check(Seed.data(), Out.data(), P);
                     });
}
