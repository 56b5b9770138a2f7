// The reductions and scans of float and double: plus, multiplies, minimum,
// maximum (fmin/fmax), logical_and and logical_or, on exactly representable
// inputs, in 1-D groups of 1, 7 and 256.
#include "groups.hpp"

template <typename T> int runFloatOps(sycl::queue &Q, const char *Type) {
  int Rc = 0;
  for (size_t Local : {size_t(1), size_t(7), size_t(256)}) {
    sycl::range<1> Global(4 * Local), L(Local);
    std::string Suffix =
        std::string(" ") + Type + " local " + std::to_string(Local);
    Rc |= groups::runReduceScan<sycl::plus, T>(Q, "plus" + Suffix, Global, L);
    Rc |= groups::runReduceScan<sycl::multiplies, T>(Q, "multiplies" + Suffix,
                                                     Global, L);
    Rc |= groups::runReduceScan<sycl::minimum, T>(Q, "minimum" + Suffix,
                                                  Global, L);
    Rc |= groups::runReduceScan<sycl::maximum, T>(Q, "maximum" + Suffix,
                                                  Global, L);
    Rc |= groups::runReduceScan<sycl::logical_and, T>(
        Q, "logical_and" + Suffix, Global, L);
    Rc |= groups::runReduceScan<sycl::logical_or, T>(Q, "logical_or" + Suffix,
                                                     Global, L);
  }
  return Rc;
}

int main() {
  sycl::queue Q;
  int Rc = runFloatOps<float>(Q, "float");
  Rc |= runFloatOps<double>(Q, "double");
  return Rc;
}
