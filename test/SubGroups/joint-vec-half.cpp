// joint_reduce, joint_exclusive_scan and joint_inclusive_scan on a
// sub_group over ranges of sycl::vec, sycl::marray and sycl::half, with
// and without an initial value and in place: component by component, each
// as the scalar algorithm on the element type (half through float, rounded
// once). Each sub-group scans a range of its own, of 0 to 200 elements, in
// rows with partial sub-groups, 1-D to 3-D.
#include "half.hpp"

namespace {

using sycl::half;

template <int Dims>
int runTypes(sycl::queue &Q, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  using halfgroups::runJoint;
  int Rc = runJoint<sycl::plus, sycl::vec<int, 4>, true>(Q, "plus vec<int, 4>",
                                                         Global, Local);
  Rc |= runJoint<sycl::maximum, sycl::vec<float, 2>, true>(
      Q, "maximum vec<float, 2>", Global, Local);
  Rc |= runJoint<sycl::multiplies, sycl::marray<double, 3>, true>(
      Q, "multiplies marray<double, 3>", Global, Local);
  Rc |= runJoint<sycl::minimum, sycl::marray<double, 3>, true>(
      Q, "minimum marray<double, 3>", Global, Local);
  Rc |= runJoint<sycl::plus, half, true>(Q, "plus half", Global, Local);
  Rc |= runJoint<sycl::minimum, half, true>(Q, "minimum half", Global, Local);
  Rc |= runJoint<sycl::multiplies, sycl::vec<half, 4>, true>(
      Q, "multiplies vec<half, 4>", Global, Local);
  Rc |= runJoint<sycl::plus, sycl::marray<half, 3>, true>(
      Q, "plus marray<half, 3>", Global, Local);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  return subgroups::forEachShape(
      2, [&](auto Global, auto Local) { return runTypes(Q, Global, Local); });
}
