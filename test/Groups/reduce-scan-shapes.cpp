// Reductions and scans in 1-D, 2-D and 3-D nd-ranges: local sizes 1, prime
// (13; 3x5; 2x3x5), 256 (16x16; 4x8x8) and the device maximum in each
// dimensionality. Work-items are ordered by get_local_linear_id(), so a
// scan runs along the last SYCL dimension first.
#include "groups.hpp"

template <int Dims>
int runShape(sycl::queue &Q, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  std::string Shape = std::to_string(Dims) + "-D local";
  for (int I = 0; I < Dims; ++I)
    Shape += (I ? "x" : " ") + std::to_string(Local[I]);
  int Rc = groups::runReduceScan<sycl::plus, int>(Q, "plus int " + Shape,
                                                  Global, Local);
  Rc |= groups::runReduceScan<sycl::maximum, float>(Q, "maximum float " + Shape,
                                                   Global, Local);
  Rc |= groups::runReduceScan<sycl::minimum, unsigned char>(
      Q, "minimum unsigned char " + Shape, Global, Local);
  return Rc;
}

int main() {
  sycl::queue Q;
  const size_t Max =
      Q.get_device().get_info<sycl::info::device::max_work_group_size>();
  int Rc = runShape<1>(Q, {3}, {1});
  Rc |= runShape<1>(Q, {13 * 3}, {13});
  Rc |= runShape<1>(Q, {512}, {256});
  Rc |= runShape<1>(Q, {2 * Max}, {Max});
  Rc |= runShape<2>(Q, {2, 3}, {1, 1});
  Rc |= runShape<2>(Q, {6, 10}, {3, 5});
  Rc |= runShape<2>(Q, {32, 16}, {16, 16});
  Rc |= runShape<2>(Q, {Max / 64, 128}, {Max / 64, 64});
  Rc |= runShape<3>(Q, {1, 2, 2}, {1, 1, 1});
  Rc |= runShape<3>(Q, {2, 6, 5}, {2, 3, 5});
  Rc |= runShape<3>(Q, {4, 8, 16}, {4, 8, 8});
  Rc |= runShape<3>(Q, {Max / 1024, 32, 32}, {Max / 1024, 32, 32});
  return Rc;
}
