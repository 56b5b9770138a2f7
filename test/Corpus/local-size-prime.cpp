// Prime local sizes 13, 31 and 97 (and 13x7 in 2-D): a rotation through
// local memory and a tree reduction that must handle sizes that are not
// powers of two.
#include "local-size-kernels.hpp"

int main() {
  sycl::queue Q;
  const char *P = "local-size-prime";
  int Rc = local_size::runWithLocalSize(Q, P, 13, 4);
  Rc |= local_size::runWithLocalSize(Q, P, 31, 3);
  Rc |= local_size::runWithLocalSize(Q, P, 97, 2);
  Rc |= local_size::run2D(Q, P, 13, 7, 2, 2);
  return Rc;
}
