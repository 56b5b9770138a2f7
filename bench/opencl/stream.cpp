// stream, pocl variant: host side of stream.cl; --kernel picks the kernel.
#include "problems/stream.hpp"
#include "opencl.hpp"

using namespace stream;

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("stream", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  ocl::Runtime RT(Rep);
  RT.build("stream.cl", ocl::define("LOCAL", Local));
  std::vector<float> A(P.N), B(P.N), C(P.N), Partial(P.DotGroups);
  init(A.data(), B.data(), C.data(), P);
  cl_mem DA = RT.buffer(P.N, A.data()), DB = RT.buffer(P.N, B.data()),
         DC = RT.buffer(P.N, C.data()),
         DPartial = RT.buffer<float>(P.DotGroups);
  const cl_float S = Scalar;
  size_t Global = P.N;
  const size_t LocalSize = Local;
  cl_kernel K = nullptr;
  switch (P.K) {
  case Kernel::Copy:
    ocl::setArgs(K = RT.kernel("copy"), DA, DC);
    break;
  case Kernel::Mul:
    ocl::setArgs(K = RT.kernel("mul"), DB, DC, S);
    break;
  case Kernel::Add:
    ocl::setArgs(K = RT.kernel("add"), DA, DB, DC);
    break;
  case Kernel::Triad:
    ocl::setArgs(K = RT.kernel("triad"), DA, DB, DC, S);
    break;
  case Kernel::CopyBarrier:
    ocl::setArgs(K = RT.kernel("copy_barrier"), DA, DC);
    break;
  case Kernel::Dot:
    ocl::setArgs(K = RT.kernel("dot_product"), DA, DB, DPartial, cl_ulong(P.N));
    Global = P.DotGroups * Local;
    break;
  }

  return Rep.measure([&] { RT.run(K, 1, &Global, &LocalSize); },
                     [&] {
                       RT.read(DA, P.N, A.data());
                       RT.read(DB, P.N, B.data());
                       RT.read(DC, P.N, C.data());
                       RT.read(DPartial, P.DotGroups, Partial.data());
                       return check(A.data(), B.data(), C.data(),
                                    Partial.data(), P);
                     });
}
