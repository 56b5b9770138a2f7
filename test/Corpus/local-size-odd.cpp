// Odd local sizes 7 and 33 (and 3x5 in 2-D): a rotation through local
// memory and a tree reduction that must handle sizes that are not powers
// of two.
#include "local-size-kernels.hpp"

int main() {
  sycl::queue Q;
  const char *P = "local-size-odd";
  int Rc = local_size::runWithLocalSize(Q, P, 7, 5);
  Rc |= local_size::runWithLocalSize(Q, P, 33, 3);
  Rc |= local_size::run2D(Q, P, 3, 5, 2, 3);
  return Rc;
}
