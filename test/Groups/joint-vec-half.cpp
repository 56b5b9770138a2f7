// joint_reduce, joint_exclusive_scan and joint_inclusive_scan on a
// work-group over ranges of sycl::vec, sycl::marray, sycl::half and
// bfloat16, with and without an initial value and in place: component by
// component, each as the scalar algorithm on the element type (half and
// bfloat16 through float, rounded once). Ranges of 0 to 200 elements (several chunks and a partial one),
// in 1-D and 2-D groups that are and are not multiples of the sub-group
// size. The reference is ../SubGroups/half.hpp's.
#include "../SubGroups/half.hpp"

using halfgroups::runJointTypes;

int main() {
  sycl::queue Q;
  int Rc = 0;
  // Six groups each, one per range length.
  for (size_t Local : {size_t(1), size_t(7), size_t(16), size_t(256)})
    Rc |= runJointTypes<false, 1>(Q, {6 * Local}, {Local});
  Rc |= runJointTypes<false, 2>(Q, {6, 26}, {3, 13});
  Rc |= runJointTypes<false, 2>(Q, {4, 24}, {2, 8});
  return Rc;
}
