//===- lanes/detail/array.hpp - Storage and operators of id and range -----===//
//
/// \file
/// sycl::id and sycl::range are both "Dims sizes with element-wise
/// arithmetic" (SYCL 2020 4.9.1.1, 4.9.1.3). SizeArray holds the values and
/// defines the operators once, as hidden friends of the derived class, so
/// they are found by argument-dependent lookup only.
///
/// Operators taking a scalar are templates over integral types. That keeps
/// `id<1> + 1` and `id<1> == 0` unambiguous although id<1> converts to
/// size_t: an exact template match beats the built-in operator reached
/// through the conversion. They take the scalar by value: bound to a
/// reference, a constexpr local of the kernel's enclosing function would be
/// odr-used, so the kernel lambda would capture it and divide by a value
/// it loads (`Ptr[I / Block]` would not vectorize).
///
/// Everything here runs inside kernels: no exceptions, no virtual calls,
/// trivially copyable.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_ARRAY_HPP
#define LANES_DETAIL_ARRAY_HPP

#include <cstddef>
#include <type_traits>

namespace lanes::detail {

/// True for the scalar types id and range operators accept.
template <typename T>
inline constexpr bool IsIndexScalar =
    std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <typename T>
using EnableIfIndexScalar = std::enable_if_t<IsIndexScalar<T>, int>;

/// The values of an id or range and their element-wise operators. Derived
/// is the SYCL class (CRTP).
template <typename Derived, int Dims> class SizeArray {
  static_assert(Dims >= 1 && Dims <= 3,
                "SYCL ids and ranges have 1, 2 or 3 dimensions");

public:
  /// The value in dimension \p Dim (SYCL order: Dims-1 varies fastest).
  size_t get(int Dim) const { return Values[Dim]; }
  size_t &operator[](int Dim) { return Values[Dim]; }
  size_t operator[](int Dim) const { return Values[Dim]; }

  // Element-wise binary operators (SYCL 2020 4.9.1.1 and 4.9.1.3).
#define LANES_ARRAY_BINARY_OP(OP)                                              \
  friend Derived operator OP(const Derived &L, const Derived &R) {             \
    Derived Res = L;                                                           \
    for (int I = 0; I < Dims; ++I)                                             \
      Res.Values[I] = L.Values[I] OP R.Values[I];                              \
    return Res;                                                                \
  }                                                                            \
  template <typename T, EnableIfIndexScalar<T> = 0>                            \
  friend Derived operator OP(const Derived &L, T R) {                          \
    Derived Res = L;                                                           \
    for (int I = 0; I < Dims; ++I)                                             \
      Res.Values[I] = L.Values[I] OP static_cast<size_t>(R);                   \
    return Res;                                                                \
  }                                                                            \
  template <typename T, EnableIfIndexScalar<T> = 0>                            \
  friend Derived operator OP(T L, const Derived &R) {                          \
    Derived Res = R;                                                           \
    for (int I = 0; I < Dims; ++I)                                             \
      Res.Values[I] = static_cast<size_t>(L) OP R.Values[I];                   \
    return Res;                                                                \
  }
  LANES_ARRAY_BINARY_OP(+)
  LANES_ARRAY_BINARY_OP(-)
  LANES_ARRAY_BINARY_OP(*)
  LANES_ARRAY_BINARY_OP(/)
  LANES_ARRAY_BINARY_OP(%)
  LANES_ARRAY_BINARY_OP(<<)
  LANES_ARRAY_BINARY_OP(>>)
  LANES_ARRAY_BINARY_OP(&)
  LANES_ARRAY_BINARY_OP(|)
  LANES_ARRAY_BINARY_OP(^)
  LANES_ARRAY_BINARY_OP(&&)
  LANES_ARRAY_BINARY_OP(||)
  LANES_ARRAY_BINARY_OP(<)
  LANES_ARRAY_BINARY_OP(>)
  LANES_ARRAY_BINARY_OP(<=)
  LANES_ARRAY_BINARY_OP(>=)
#undef LANES_ARRAY_BINARY_OP

  // Compound assignment.
#define LANES_ARRAY_COMPOUND_OP(OP)                                            \
  Derived &operator OP(const Derived &R) {                                     \
    for (int I = 0; I < Dims; ++I)                                             \
      Values[I] OP R.Values[I];                                                \
    return self();                                                             \
  }                                                                            \
  template <typename T, EnableIfIndexScalar<T> = 0>                            \
  Derived &operator OP(T R) {                                                  \
    for (int I = 0; I < Dims; ++I)                                             \
      Values[I] OP static_cast<size_t>(R);                                     \
    return self();                                                             \
  }
  LANES_ARRAY_COMPOUND_OP(+=)
  LANES_ARRAY_COMPOUND_OP(-=)
  LANES_ARRAY_COMPOUND_OP(*=)
  LANES_ARRAY_COMPOUND_OP(/=)
  LANES_ARRAY_COMPOUND_OP(%=)
  LANES_ARRAY_COMPOUND_OP(<<=)
  LANES_ARRAY_COMPOUND_OP(>>=)
  LANES_ARRAY_COMPOUND_OP(&=)
  LANES_ARRAY_COMPOUND_OP(|=)
  LANES_ARRAY_COMPOUND_OP(^=)
#undef LANES_ARRAY_COMPOUND_OP

  /// Whole-value equality (not element-wise).
  friend bool operator==(const Derived &L, const Derived &R) {
    for (int I = 0; I < Dims; ++I)
      if (L.Values[I] != R.Values[I])
        return false;
    return true;
  }
  friend bool operator!=(const Derived &L, const Derived &R) {
    return !(L == R);
  }
  /// Equality with a scalar compares every dimension with it.
  template <typename T, EnableIfIndexScalar<T> = 0>
  friend bool operator==(const Derived &L, T R) {
    for (int I = 0; I < Dims; ++I)
      if (L.Values[I] != static_cast<size_t>(R))
        return false;
    return true;
  }
  template <typename T, EnableIfIndexScalar<T> = 0>
  friend bool operator==(T L, const Derived &R) {
    return R == L;
  }
  template <typename T, EnableIfIndexScalar<T> = 0>
  friend bool operator!=(const Derived &L, T R) {
    return !(L == R);
  }
  template <typename T, EnableIfIndexScalar<T> = 0>
  friend bool operator!=(T L, const Derived &R) {
    return !(R == L);
  }

  // Unary operators.
  friend Derived operator+(const Derived &V) { return V; }
  friend Derived operator-(const Derived &V) {
    Derived Res = V;
    for (int I = 0; I < Dims; ++I)
      Res.Values[I] = -V.Values[I];
    return Res;
  }
  Derived &operator++() { return self() += 1; }
  Derived &operator--() { return self() -= 1; }
  Derived operator++(int) {
    Derived Old = self();
    ++self();
    return Old;
  }
  Derived operator--(int) {
    Derived Old = self();
    --self();
    return Old;
  }

protected:
  SizeArray() = default;
  constexpr explicit SizeArray(size_t Fill) {
    for (int I = 0; I < Dims; ++I)
      Values[I] = Fill;
  }

  size_t Values[Dims];

private:
  Derived &self() { return static_cast<Derived &>(*this); }
};

/// Row-major linear index of \p Id in \p Range (SYCL order: the last
/// dimension varies fastest).
template <int Dims, typename IdT, typename RangeT>
inline size_t linearize(const IdT &Id, const RangeT &Range) {
  size_t Linear = Id[0];
  for (int I = 1; I < Dims; ++I)
    Linear = Linear * Range[I] + Id[I];
  return Linear;
}

} // namespace lanes::detail

#endif // LANES_DETAIL_ARRAY_HPP
