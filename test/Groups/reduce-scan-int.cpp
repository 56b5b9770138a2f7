// reduce_over_group, exclusive_scan_over_group and inclusive_scan_over_group,
// with and without an initial value, for int and unsigned with every SYCL
// function object (typed and transparent), in 1-D groups of 1, 7 and 256.
#include "groups.hpp"

int main() {
  sycl::queue Q;
  int Rc = groups::runAllIntegerOps<int>(Q, "int");
  Rc |= groups::runAllIntegerOps<unsigned>(Q, "unsigned");
  return Rc;
}
