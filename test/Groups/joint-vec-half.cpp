// joint_reduce, joint_exclusive_scan and joint_inclusive_scan on a
// work-group over ranges of sycl::vec, sycl::marray and sycl::half, with
// and without an initial value and in place: component by component, each
// as the scalar algorithm on the element type (half through float, rounded
// once). Ranges of 0 to 200 elements (several chunks and a partial one),
// in 1-D and 2-D groups that are and are not multiples of the sub-group
// size. The reference is ../SubGroups/half.hpp's.
#include "../SubGroups/half.hpp"

namespace {

using sycl::half;

template <int Dims>
int runTypes(sycl::queue &Q, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  using halfgroups::runJoint;
  int Rc = runJoint<sycl::plus, sycl::vec<int, 4>, false>(Q, "plus vec<int, 4>",
                                                          Global, Local);
  Rc |= runJoint<sycl::maximum, sycl::vec<float, 2>, false>(
      Q, "maximum vec<float, 2>", Global, Local);
  Rc |= runJoint<sycl::multiplies, sycl::marray<double, 3>, false>(
      Q, "multiplies marray<double, 3>", Global, Local);
  Rc |= runJoint<sycl::minimum, sycl::marray<double, 3>, false>(
      Q, "minimum marray<double, 3>", Global, Local);
  Rc |= runJoint<sycl::plus, half, false>(Q, "plus half", Global, Local);
  Rc |= runJoint<sycl::maximum, half, false>(Q, "maximum half", Global, Local);
  Rc |= runJoint<sycl::multiplies, sycl::vec<half, 4>, false>(
      Q, "multiplies vec<half, 4>", Global, Local);
  Rc |= runJoint<sycl::plus, sycl::marray<half, 3>, false>(
      Q, "plus marray<half, 3>", Global, Local);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  // Six groups each, one per range length.
  for (size_t Local : {size_t(1), size_t(7), size_t(16), size_t(256)})
    Rc |= runTypes<1>(Q, {6 * Local}, {Local});
  Rc |= runTypes<2>(Q, {6, 26}, {3, 13});
  Rc |= runTypes<2>(Q, {4, 24}, {2, 8});
  return Rc;
}
