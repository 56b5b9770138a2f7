//===- sycl/range.hpp - sycl::range ---------------------------------------===//
//
/// \file
/// SYCL 2020 4.9.1.1: the extent of an index space in 1, 2 or 3
/// dimensions. Dimension Dims-1 is the fastest varying one (row-major).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_RANGE_HPP
#define LANES_SYCL_RANGE_HPP

#include "lanes/detail/array.hpp"

namespace sycl {
inline namespace _V1 {

/// Number of elements in each of Dims dimensions.
template <int Dims = 1>
class range : public lanes::detail::SizeArray<range<Dims>, Dims> {
  using Base = lanes::detail::SizeArray<range<Dims>, Dims>;

public:
  static constexpr int dimensions = Dims;

  template <int N = Dims, std::enable_if_t<N == 1, int> = 0>
  range(size_t Dim0) {
    this->Values[0] = Dim0;
  }
  template <int N = Dims, std::enable_if_t<N == 2, int> = 0>
  range(size_t Dim0, size_t Dim1) {
    this->Values[0] = Dim0;
    this->Values[1] = Dim1;
  }
  template <int N = Dims, std::enable_if_t<N == 3, int> = 0>
  range(size_t Dim0, size_t Dim1, size_t Dim2) {
    this->Values[0] = Dim0;
    this->Values[1] = Dim1;
    this->Values[2] = Dim2;
  }

  /// The number of elements: the product of the dimensions.
  size_t size() const {
    size_t Size = 1;
    for (int I = 0; I < Dims; ++I)
      Size *= this->Values[I];
    return Size;
  }

private:
  template <typename, int> friend class lanes::detail::SizeArray;
};

range(size_t)->range<1>;
range(size_t, size_t)->range<2>;
range(size_t, size_t, size_t)->range<3>;

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_RANGE_HPP
