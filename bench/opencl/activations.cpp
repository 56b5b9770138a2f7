// activations, pocl variant: host side of activations.cl; --kernel picks
// the kernel.
#include "problems/activations.hpp"
#include "opencl.hpp"

using namespace activations;

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("activations", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("activations.cl", "");
  const char *Name = P.K == Kernel::GeluTanh  ? "gelu_tanh"
                     : P.K == Kernel::GeluErf ? "gelu_erf"
                                              : "silu";
  cl_kernel K = RT.kernel(Name);
  std::vector<float> In(P.N), Out(P.N);
  init(In.data(), P);
  cl_mem DIn = RT.buffer(P.N, In.data()), DOut = RT.buffer<float>(P.N);
  ocl::setArgs(K, DIn, DOut);
  const size_t Global = P.N, LocalSize = Local;

  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DOut, P.N, Out.data());
                       return check(In.data(), Out.data(), P);
                     });
}
