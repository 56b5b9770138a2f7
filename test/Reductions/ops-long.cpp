// sycl::reduction with every SYCL function object on long, unsigned long
// and long long, in every launch form, against a serial fold.
#include "reductions.hpp"

int main() {
  sycl::queue Q;
  int Rc = reductions::runIntegerOps<long>(Q, "long");
  Rc |= reductions::runIntegerOps<unsigned long>(Q, "unsigned long");
  Rc |= reductions::runIntegerOps<long long>(Q, "long long");
  return Rc;
}
