//===- lanes/detail/array_slice.hpp - acc[i][j] on a row-major array ------===//
//
/// \file
/// SYCL 2020 4.7.6.2 multi-dimensional subscripts: `Acc[i]` of a 2-D or 3-D
/// accessor is a slice whose own operator[] takes the next index, so
/// `Acc[i][j][k]` reaches an element. A slice is a pointer to the first
/// element of row `i` plus, for two indices left, the row length; indexing
/// is plain pointer arithmetic, so slices cost nothing once inlined. A
/// 0-dimensional accessor has no subscripts: it converts to its one element
/// (ScalarAccessorOps). local_accessor and the buffer accessors share both.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_ARRAY_SLICE_HPP
#define LANES_DETAIL_ARRAY_SLICE_HPP

#include <cstddef>
#include <type_traits>

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

/// Enables the assignments to the element of a Dims-dimensional accessor of
/// T: with 0 dimensions, and unless T is const (a read-only accessor).
template <int Dims, typename T>
using EnableIfScalarWrite =
    std::enable_if_t<Dims == 0 && !std::is_const_v<T>, int>;

/// The element operations of a 0-dimensional accessor, whose begin() points
/// to its one element of type T: a conversion to T & and the compound
/// assignments (+=, -=, ...). Kept out of the other ranks by specialisation
/// so that the conversion is not a template. Each accessor declares its
/// `operator=(const T &)` itself, enabled by EnableIfScalarWrite: its
/// implicit copy assignment would hide one declared here, and a
/// using-declaration would also bring in this class's copy assignment,
/// which makes `Acc = {}` ambiguous for every rank.
template <typename Derived, typename T, int Dims> class ScalarAccessorOps {};
template <typename Derived, typename T> class ScalarAccessorOps<Derived, T, 0> {
public:
  operator T &() const { return element(); }
#define LANES_SCALAR_COMPOUND_OP(OP)                                           \
  template <typename U, int N = 0, EnableIfScalarWrite<N, T> = 0>              \
  const Derived &operator OP(const U &Value) const {                           \
    element() OP Value;                                                        \
    return self();                                                             \
  }
  LANES_SCALAR_COMPOUND_OP(+=)
  LANES_SCALAR_COMPOUND_OP(-=)
  LANES_SCALAR_COMPOUND_OP(*=)
  LANES_SCALAR_COMPOUND_OP(/=)
  LANES_SCALAR_COMPOUND_OP(%=)
  LANES_SCALAR_COMPOUND_OP(&=)
  LANES_SCALAR_COMPOUND_OP(|=)
  LANES_SCALAR_COMPOUND_OP(^=)
  LANES_SCALAR_COMPOUND_OP(<<=)
  LANES_SCALAR_COMPOUND_OP(>>=)
#undef LANES_SCALAR_COMPOUND_OP

private:
  const Derived &self() const { return static_cast<const Derived &>(*this); }
  T &element() const { return *self().begin(); }
};

} // namespace lanes::detail

#endif // LANES_DETAIL_ARRAY_SLICE_HPP
