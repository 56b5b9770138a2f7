// scalar-product, pocl variant: host side of scalar_product.cl.
#include "problems/scalar_product.hpp"
#include "opencl.hpp"

int main(int Argc, char **Argv) {
  using namespace scalar_product;
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("scalar-product", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("scalar_product.cl", ocl::define("LOCAL", Local));
  cl_kernel K = RT.kernel("scalar_product");
  std::vector<float> A(P.total()), B(P.total()), Result(P.Pairs);
  init(A.data(), B.data(), P);
  cl_mem DA = RT.buffer(P.total(), A.data());
  cl_mem DB = RT.buffer(P.total(), B.data());
  cl_mem DResult = RT.buffer<float>(P.Pairs);
  ocl::setArgs(K, DA, DB, DResult, cl_ulong(P.Elements));
  const size_t Global = P.Pairs * Local, LocalSize = Local;

  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DResult, P.Pairs, Result.data());
                       return check(A.data(), B.data(), Result.data(), P);
                     });
}
