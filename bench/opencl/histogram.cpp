// histogram, pocl variant: host side of histogram.cl; each run first
// clears the global histogram.
#include "problems/histogram.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace histogram;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("histogram", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("histogram.cl",
           ocl::define("LOCAL", Local) + ocl::define("PER_ITEM", PerItem));
  cl_kernel K = RT.kernel("histogram");
  std::vector<unsigned char> In(P.N);
  std::vector<unsigned> Out(Bins);
  const std::vector<unsigned> Zeros(Bins, 0u);
  init(In.data(), P);
  cl_mem DIn = RT.buffer(P.N, In.data());
  cl_mem DOut = RT.buffer<unsigned>(Bins);
  ocl::setArgs(K, DIn, DOut);
  const size_t Global = P.groups() * Local, LocalSize = Local;

  return Rep.measure(
      [&] {
        RT.write(DOut, Bins, Zeros.data());
        RT.run(K, 1, &Global, &LocalSize);
      },
      [&] {
        RT.read(DOut, Bins, Out.data());
        return check(In.data(), Out.data(), P);
      });
}
