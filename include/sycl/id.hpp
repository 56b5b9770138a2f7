//===- sycl/id.hpp - sycl::id ---------------------------------------------===//
//
/// \file
/// SYCL 2020 4.9.1.3: a point in an index space. id<1> converts implicitly
/// to size_t, so `Ptr[Idx]` and `int I = Idx` work for 1-D kernels.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ID_HPP
#define LANES_SYCL_ID_HPP

#include "sycl/range.hpp"

namespace sycl {
inline namespace _V1 {

template <int Dims, bool WithOffset> class item;

namespace detail_id {
/// Adds `operator size_t()` to id<1> only. It must be a non-template
/// conversion so that it takes part in every implicit conversion.
template <typename Derived, int Dims> struct ScalarConversion {};
template <typename Derived> struct ScalarConversion<Derived, 1> {
  operator size_t() const {
    return static_cast<const Derived *>(this)->get(0);
  }
};
} // namespace detail_id

/// A Dims-dimensional index; all components start at zero.
template <int Dims = 1>
class id : public lanes::detail::SizeArray<id<Dims>, Dims>,
           public detail_id::ScalarConversion<id<Dims>, Dims> {
public:
  static constexpr int dimensions = Dims;

  id() : lanes::detail::SizeArray<id<Dims>, Dims>(0) {}
  template <int N = Dims, std::enable_if_t<N == 1, int> = 0> id(size_t Dim0) {
    this->Values[0] = Dim0;
  }
  template <int N = Dims, std::enable_if_t<N == 2, int> = 0>
  id(size_t Dim0, size_t Dim1) {
    this->Values[0] = Dim0;
    this->Values[1] = Dim1;
  }
  template <int N = Dims, std::enable_if_t<N == 3, int> = 0>
  id(size_t Dim0, size_t Dim1, size_t Dim2) {
    this->Values[0] = Dim0;
    this->Values[1] = Dim1;
    this->Values[2] = Dim2;
  }
  /// The id whose components are \p R's extents.
  id(const range<Dims> &R) {
    for (int I = 0; I < Dims; ++I)
      this->Values[I] = R[I];
  }
  /// The id of \p It.
  template <bool WithOffset> id(const item<Dims, WithOffset> &It) {
    for (int I = 0; I < Dims; ++I)
      this->Values[I] = It.get_id(I);
  }

private:
  template <typename, int> friend class lanes::detail::SizeArray;
};

id(size_t)->id<1>;
id(size_t, size_t)->id<2>;
id(size_t, size_t, size_t)->id<3>;

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ID_HPP
