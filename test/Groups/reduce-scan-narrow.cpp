// The reductions and scans of reduce-scan-int.cpp for the types that travel
// widened to 32 bits: char, signed and unsigned char, short and unsigned
// short (wrapping, signed vs unsigned minimum and maximum, the narrow
// type's identity in the first work-item of an exclusive scan) and bool.
#include "groups.hpp"

int main() {
  sycl::queue Q;
  int Rc = groups::runAllIntegerOps<char>(Q, "char");
  Rc |= groups::runAllIntegerOps<signed char>(Q, "signed char");
  Rc |= groups::runAllIntegerOps<unsigned char>(Q, "unsigned char");
  Rc |= groups::runAllIntegerOps<short>(Q, "short");
  Rc |= groups::runAllIntegerOps<unsigned short>(Q, "unsigned short");
  Rc |= groups::runAllIntegerOps<bool>(Q, "bool");
  return Rc;
}
