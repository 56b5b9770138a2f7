// Sub-group reductions and scans in 1-D, 2-D and 3-D nd-ranges: rows
// (the last SYCL dimension) of 1, 7, 13, 24 and 100 work-items, so that
// the sub-groups of each row restart at its first work-item and a row's
// last sub-group is partial unless the sub-group size divides the row.
#include "subgroups.hpp"

template <int Dims>
int runShape(sycl::queue &Q, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  std::string Shape = subgroups::shapeName(Local);
  using subgroups::runReduceScan;
  int Rc = runReduceScan<sycl::plus, int>(Q, "plus int" + Shape, Global, Local);
  Rc |= runReduceScan<sycl::maximum, float>(Q, "maximum float" + Shape, Global,
                                            Local);
  Rc |= runReduceScan<sycl::minimum, unsigned char>(
      Q, "minimum unsigned char" + Shape, Global, Local);
  Rc |= runReduceScan<sycl::bit_xor, int64_t>(Q, "bit_xor int64_t" + Shape,
                                              Global, Local);
  return Rc;
}

int main() {
  sycl::queue Q;
  int Rc = runShape<1>(Q, {3}, {1});
  Rc |= runShape<1>(Q, {26}, {13});
  Rc |= runShape<1>(Q, {200}, {100});
  Rc |= runShape<2>(Q, {4, 14}, {2, 7});
  Rc |= runShape<2>(Q, {6, 26}, {3, 13});
  Rc |= runShape<2>(Q, {4, 48}, {4, 24});
  Rc |= runShape<2>(Q, {3, 1}, {3, 1});
  Rc |= runShape<3>(Q, {2, 6, 14}, {2, 3, 7});
  Rc |= runShape<3>(Q, {2, 2, 200}, {2, 2, 100});
  Rc |= runShape<3>(Q, {4, 3, 64}, {2, 3, 32});
  return Rc;
}
