//===- lanes/detail/array_slice.hpp - acc[i][j] on a row-major array ------===//
//
/// \file
/// SYCL 2020 4.7.6.2 multi-dimensional subscripts: `Acc[i]` of a 2-D or 3-D
/// accessor is a slice whose own operator[] takes the next index, so
/// `Acc[i][j][k]` reaches an element. A slice is a pointer to the first
/// element of row `i` plus, for two indices left, the row length; indexing
/// is plain pointer arithmetic, so slices cost nothing once inlined.
/// local_accessor and the buffer accessors share it.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_ARRAY_SLICE_HPP
#define LANES_DETAIL_ARRAY_SLICE_HPP

#include <cstddef>

namespace lanes::detail {

/// How a slice hands out the element at a pointer: a reference, for every
/// accessor but access_mode::atomic ones, whose policy (AtomicElement in
/// sycl/atomic.hpp) makes a sycl::atomic instead.
struct PlainElement {
  template <typename T> static T &at(T *Element) { return *Element; }
};

/// The slice of a row-major array of T with Rank dimensions left.
template <typename T, int Rank, typename Element = PlainElement>
struct ArraySlice;
template <typename T, typename Element> struct ArraySlice<T, 1, Element> {
  T *Base;
  decltype(auto) operator[](size_t I) const { return Element::at(Base + I); }
};
template <typename T, typename Element> struct ArraySlice<T, 2, Element> {
  T *Base;
  size_t Inner; ///< extent (stride) of the last dimension
  ArraySlice<T, 1, Element> operator[](size_t I) const {
    return {Base + I * Inner};
  }
};

/// Index \p I of the first dimension of the Dims-dimensional row-major
/// array at \p Base with extents \p Extents (a range): the element for
/// Dims == 1, else a slice.
template <int Dims, typename Element = PlainElement, typename T,
          typename RangeT>
decltype(auto) sliceAt(T *Base, size_t I, const RangeT &Extents) {
  if constexpr (Dims == 1)
    return Element::at(Base + I);
  else if constexpr (Dims == 2)
    return ArraySlice<T, 1, Element>{Base + I * Extents[1]};
  else
    return ArraySlice<T, 2, Element>{Base + I * Extents[1] * Extents[2],
                                     Extents[2]};
}

} // namespace lanes::detail

#endif // LANES_DETAIL_ARRAY_SLICE_HPP
