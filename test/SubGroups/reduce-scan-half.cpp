// The sub-group reductions and scans of sycl::half, vec<half, 4>,
// marray<half, 3>, bfloat16 and marray<bfloat16, 3>: plus, multiplies, minimum
// and maximum, with and without an initial value, in rows that are and are not
// multiples of the sub-group size (partial sub-groups), 1-D to 3-D. Lanes
// combines in float and rounds once; the reference (half.hpp) does the same on
// inputs where every float fold is exact, and the results must match bit for
// bit.
#include "half.hpp"

namespace {

using sycl::half;

template <typename V> int runOps(sycl::queue &Q, const std::string &Type) {
  return subgroups::forEachShape(2, [&](auto Global, auto Local) {
    using halfgroups::runReduceScan;
    int Rc =
        runReduceScan<sycl::plus, V, true>(Q, "plus " + Type, Global, Local);
    Rc |= runReduceScan<sycl::multiplies, V, true>(Q, "multiplies " + Type,
                                                   Global, Local);
    Rc |= runReduceScan<sycl::minimum, V, true>(Q, "minimum " + Type, Global,
                                                Local);
    Rc |= runReduceScan<sycl::maximum, V, true>(Q, "maximum " + Type, Global,
                                                Local);
    return Rc;
  });
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runOps<half>(Q, "half");
  Rc |= runOps<sycl::vec<half, 4>>(Q, "vec<half, 4>");
  Rc |= runOps<sycl::marray<half, 3>>(Q, "marray<half, 3>");
  Rc |= runOps<halfgroups::bfloat16>(Q, "bfloat16");
  Rc |= runOps<sycl::marray<halfgroups::bfloat16, 3>>(Q, "marray<bfloat16, 3>");
  return Rc;
}
