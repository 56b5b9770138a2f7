// reduce_over_group, exclusive_scan_over_group and inclusive_scan_over_group
// on a sub_group, with and without an initial value, for int, unsigned,
// long, int64_t and unsigned long long with every SYCL operation, in 1-D
// work-groups whose rows hold whole and partial sub-groups; checked bit for
// bit against the fold of each sub-group.
#include "subgroups.hpp"

int main() {
  sycl::queue Q;
  int Rc = subgroups::runAllIntegerOps<int>(Q, "int");
  Rc |= subgroups::runAllIntegerOps<unsigned>(Q, "unsigned");
  Rc |= subgroups::runAllIntegerOps<long>(Q, "long");
  Rc |= subgroups::runAllIntegerOps<int64_t>(Q, "int64_t");
  Rc |= subgroups::runAllIntegerOps<unsigned long long>(Q,
                                                        "unsigned long long");
  return Rc;
}
