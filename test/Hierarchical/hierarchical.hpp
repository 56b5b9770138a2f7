//===- hierarchical.hpp - Shared helpers of the hierarchical tests --------===//
//
/// \file
/// Host-side index arithmetic for the parallel_for_work_group tests,
/// written from the specification rather than from the Lanes headers:
/// row-major linearisation (the last SYCL dimension fastest) and the
/// delinearisation the references iterate with. Results are integers, so
/// both builds must match the references exactly (corpus::check).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_HIERARCHICAL_HIERARCHICAL_HPP
#define LANES_TEST_HIERARCHICAL_HIERARCHICAL_HPP

#include <sycl/sycl.hpp>

#include "../Corpus/corpus.hpp"

#include <array>
#include <cstddef>
#include <string>

namespace hier {

/// Up to three sizes or ids in SYCL order; unused dimensions are 1 (sizes)
/// or 0 (ids).
using Triple = std::array<size_t, 3>;

template <int Dims> Triple triple(const sycl::range<Dims> &R) {
  Triple T{1, 1, 1};
  for (int I = 0; I < Dims; ++I)
    T[I] = R[I];
  return T;
}

/// Row-major linear index of \p Id in \p Range over \p Dims dimensions.
inline size_t linear(const Triple &Id, const Triple &Range, int Dims) {
  size_t L = 0;
  for (int I = 0; I < Dims; ++I)
    L = L * Range[I] + Id[I];
  return L;
}

/// The id whose linear index in \p Range is \p Linear.
inline Triple delinear(size_t Linear, const Triple &Range, int Dims) {
  Triple Id{0, 0, 0};
  for (int I = Dims - 1; I >= 0; --I) {
    Id[I] = Linear % Range[I];
    Linear /= Range[I];
  }
  return Id;
}

inline size_t product(const Triple &R) { return R[0] * R[1] * R[2]; }

/// The physical work-item of a group of \p Size that runs logical id
/// \p Logical: the mapping Lanes documents, l % size in each dimension.
inline Triple physical(const Triple &Logical, const Triple &Size, int Dims) {
  Triple Id{0, 0, 0};
  for (int I = 0; I < Dims; ++I)
    Id[I] = Logical[I] % Size[I];
  return Id;
}

/// The physical linear id that runs logical linear id \p Linear of
/// \p Logical in a group of \p Size.
inline size_t physicalLinear(size_t Linear, const Triple &Logical,
                             const Triple &Size, int Dims) {
  return linear(physical(delinear(Linear, Logical, Dims), Size, Dims), Size,
                Dims);
}

/// "{a,b}" of the first \p Dims sizes, for test names.
inline std::string text(const Triple &R, int Dims) {
  std::string S = "{";
  for (int I = 0; I < Dims; ++I)
    S += (I ? "," : "") + std::to_string(R[I]);
  return S + "}";
}

} // namespace hier

#endif // LANES_TEST_HIERARCHICAL_HIERARCHICAL_HPP
