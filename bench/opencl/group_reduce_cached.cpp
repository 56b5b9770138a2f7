// group-reduce-cached, pocl variant: host side of group_reduce_cached.cl,
// the tree for every --kernel (as for reduction's `--kernel group`, pocl
// 3.1's CPU device has no work_group_reduce_add).
#include "problems/group_reduce_cached.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace group_reduce_cached;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("group-reduce-cached", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("group_reduce_cached.cl",
           ocl::define("LOCAL", Local) +
               ocl::define("INPUT_GROUPS", P.InputGroups));
  cl_kernel K = RT.kernel("group_reduce_cached");
  std::vector<int> In(P.inputSize()), Sums(P.groups());
  init(In.data(), P);
  cl_mem DIn = RT.buffer(P.inputSize(), In.data());
  cl_mem DSums = RT.buffer<int>(P.groups());
  ocl::setArgs(K, DIn, DSums);
  const size_t Global = P.globalSize(), LocalSize = Local;
  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DSums, P.groups(), Sums.data());
                       return check(In.data(), Sums.data(), P);
                     });
}
