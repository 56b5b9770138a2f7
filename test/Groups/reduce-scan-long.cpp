// The reductions and scans of reduce-scan-int.cpp for the 64-bit integers
// (the i64 builtins): long, unsigned long and long long.
#include "groups.hpp"

int main() {
  sycl::queue Q;
  int Rc = groups::runAllIntegerOps<long>(Q, "long");
  Rc |= groups::runAllIntegerOps<unsigned long>(Q, "unsigned long");
  Rc |= groups::runAllIntegerOps<long long>(Q, "long long");
  return Rc;
}
