//===- sycl/nd_range.hpp - sycl::nd_range ---------------------------------===//
//
/// \file
/// SYCL 2020 4.9.1.2: a global range split into work-groups of a local
/// range. The deprecated offset argument is accepted by the constructor, but
/// launching an nd_range whose offset is not zero throws
/// errc::feature_not_supported (Lanes has no offset launches).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ND_RANGE_HPP
#define LANES_SYCL_ND_RANGE_HPP

#include "sycl/id.hpp"

namespace sycl {
inline namespace _V1 {

/// A global range and the work-group (local) range it is divided into. The
/// runtime checks divisibility when the kernel is launched (errc::nd_range).
template <int Dims = 1> class nd_range {
public:
  static constexpr int dimensions = Dims;

  nd_range(range<Dims> GlobalSize, range<Dims> LocalSize,
           id<Dims> Offset = id<Dims>())
      : Global(GlobalSize), Local(LocalSize), Offset(Offset) {}

  range<Dims> get_global_range() const { return Global; }
  range<Dims> get_local_range() const { return Local; }
  /// Number of work-groups in each dimension (rounded down).
  range<Dims> get_group_range() const { return Global / Local; }
  id<Dims> get_offset() const { return Offset; }

  friend bool operator==(const nd_range &L, const nd_range &R) {
    return L.Global == R.Global && L.Local == R.Local && L.Offset == R.Offset;
  }
  friend bool operator!=(const nd_range &L, const nd_range &R) {
    return !(L == R);
  }

private:
  range<Dims> Global;
  range<Dims> Local;
  id<Dims> Offset;
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ND_RANGE_HPP
