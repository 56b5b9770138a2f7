// joint_reduce, joint_exclusive_scan and joint_inclusive_scan on a
// sub_group over ranges of sycl::vec, sycl::marray, sycl::half and
// bfloat16, with and without an initial value and in place: component by
// component, each as the scalar algorithm on the element type (half and
// bfloat16 through float, rounded once). Each sub-group scans a range of its own, of 0 to 200 elements, in
// rows with partial sub-groups, 1-D to 3-D.
#include "half.hpp"

using halfgroups::runJointTypes;

int main() {
  sycl::queue Q;
  return subgroups::forEachShape(2, [&](auto Global, auto Local) {
    return runJointTypes<true>(Q, Global, Local);
  });
}
