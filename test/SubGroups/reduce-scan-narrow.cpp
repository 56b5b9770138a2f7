// The sub-group reductions and scans of reduce-scan-int.cpp for the types
// that travel widened to 32 bits: char, signed and unsigned char, short,
// unsigned short (wrapping, signed vs unsigned minimum and maximum, the
// narrow type's identity in lane 0 of an exclusive scan) and bool.
#include "subgroups.hpp"

int main() {
  sycl::queue Q;
  int Rc = subgroups::runAllIntegerOps<char>(Q, "char");
  Rc |= subgroups::runAllIntegerOps<signed char>(Q, "signed char");
  Rc |= subgroups::runAllIntegerOps<unsigned char>(Q, "unsigned char");
  Rc |= subgroups::runAllIntegerOps<short>(Q, "short");
  Rc |= subgroups::runAllIntegerOps<unsigned short>(Q, "unsigned short");
  Rc |= subgroups::runAllIntegerOps<bool>(Q, "bool");
  return Rc;
}
