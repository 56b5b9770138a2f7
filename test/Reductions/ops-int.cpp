// sycl::reduction with every SYCL function object on int, unsigned and
// bool (logical_and / logical_or have known identities on bool only), in
// every launch form, against a serial fold.
#include "reductions.hpp"

int main() {
  sycl::queue Q;
  int Rc = reductions::runIntegerOps<int>(Q, "int");
  Rc |= reductions::runIntegerOps<unsigned>(Q, "unsigned");
  Rc |= reductions::runOp<sycl::logical_and, bool>(Q, "logical_and bool");
  Rc |= reductions::runOp<sycl::logical_or, bool>(Q, "logical_or bool");
  Rc |= reductions::runOp<sycl::bit_xor, bool>(Q, "bit_xor bool");
  return Rc;
}
