//===- lanes/detail/elementwise.hpp - Operators of vec and marray ---------===//
//
/// \file
/// sycl::vec and sycl::marray (SYCL 2020 4.14.2, 4.14.3) are both "N values
/// with element-wise operators". The operators are defined once here, as
/// hidden friends (and members, for the compound assignments) of empty CRTP
/// bases, so they are found by argument-dependent lookup only and cost no
/// storage.
///
/// Each base exists for the element types the specification allows it on:
/// arithmetic for every type but bool, &, | and ^ for integral types, %,
/// shifts and ~ for integral types but bool. The two classes differ in what
/// comparisons and logical operators return, which a MaskTraits parameter
/// supplies: vec gives a vec of the signed integer type of the element's
/// size holding -1 for true, marray gives marray<bool, N>.
///
/// A scalar operand may be any arithmetic type, sycl::half or bfloat16 and
/// is converted to the element type first. The scalar overloads are templates
/// so that an exact match beats the built-in operators that vec<T, 1> (which
/// converts to T) would otherwise reach.
///
/// The loops run over a compile-time N with no early exit: after inlining
/// they unroll into straight-line code the SLP vectorizer packs, and inside
/// a work-item loop the loop vectorizer widens them across work-items.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_ELEMENTWISE_HPP
#define LANES_DETAIL_ELEMENTWISE_HPP

#include "sycl/half.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace lanes::detail {

template <typename S>
using EnableIfScalar = std::enable_if_t<IsNumeric<S>, int>;

/// The signed integer type of the same size as T: the element type of the
/// masks vec comparisons return.
template <size_t Bytes> struct SignedOfSizeImpl;
template <> struct SignedOfSizeImpl<1> { using type = std::int8_t; };
template <> struct SignedOfSizeImpl<2> { using type = std::int16_t; };
template <> struct SignedOfSizeImpl<4> { using type = std::int32_t; };
template <> struct SignedOfSizeImpl<8> { using type = std::int64_t; };
template <typename T>
using SignedOfSize = typename SignedOfSizeImpl<sizeof(T)>::type;

/// Applies OP element by element to two Derived, or to a Derived and a
/// scalar on either side (broadcast first), giving Derived.
#define LANES_EW_BINARY(OP)                                                    \
  friend Derived operator OP(const Derived &L, const Derived &R) {             \
    Derived Res;                                                               \
    for (size_t I = 0; I < N; ++I)                                             \
      Res[I] = static_cast<T>(L[I] OP R[I]);                                   \
    return Res;                                                                \
  }                                                                            \
  template <typename S, EnableIfScalar<S> = 0>                                 \
  friend Derived operator OP(const Derived &L, const S &R) {                   \
    return L OP Derived(static_cast<T>(R));                                    \
  }                                                                            \
  template <typename S, EnableIfScalar<S> = 0>                                 \
  friend Derived operator OP(const S &L, const Derived &R) {                   \
    return Derived(static_cast<T>(L)) OP R;                                    \
  }

/// OP= element by element with a Derived or a (broadcast) scalar.
#define LANES_EW_COMPOUND(OP)                                                  \
  Derived &operator OP##=(const Derived & R) {                                 \
    Derived &Self = static_cast<Derived &>(*this);                             \
    for (size_t I = 0; I < N; ++I)                                             \
      Self[I] = static_cast<T>(Self[I] OP R[I]);                               \
    return Self;                                                               \
  }                                                                            \
  template <typename S, EnableIfScalar<S> = 0>                                 \
  Derived &operator OP##=(const S & R) {                                       \
    return *this OP##= Derived(static_cast<T>(R));                             \
  }

/// + - * / (binary, compound and unary) and ++ --: every type but bool.
template <typename Derived, typename T, size_t N,
          bool Enable = !std::is_same_v<T, bool>>
class ArithmeticOps {};

template <typename Derived, typename T, size_t N>
class ArithmeticOps<Derived, T, N, true> {
public:
  LANES_EW_BINARY(+)
  LANES_EW_BINARY(-)
  LANES_EW_BINARY(*)
  LANES_EW_BINARY(/)
  LANES_EW_COMPOUND(+)
  LANES_EW_COMPOUND(-)
  LANES_EW_COMPOUND(*)
  LANES_EW_COMPOUND(/)

  friend Derived operator+(const Derived &V) { return V; }
  friend Derived operator-(const Derived &V) {
    Derived Res;
    for (size_t I = 0; I < N; ++I)
      Res[I] = static_cast<T>(-V[I]);
    return Res;
  }
  Derived &operator++() { return static_cast<Derived &>(*this) += 1; }
  Derived &operator--() { return static_cast<Derived &>(*this) -= 1; }
  Derived operator++(int) {
    Derived Old = static_cast<Derived &>(*this);
    ++*this;
    return Old;
  }
  Derived operator--(int) {
    Derived Old = static_cast<Derived &>(*this);
    --*this;
    return Old;
  }
};

/// & | ^ (binary and compound): integral types, bool included.
template <typename Derived, typename T, size_t N,
          bool Enable = std::is_integral_v<T>>
class BitwiseOps {};

template <typename Derived, typename T, size_t N>
class BitwiseOps<Derived, T, N, true> {
public:
  LANES_EW_BINARY(&)
  LANES_EW_BINARY(|)
  LANES_EW_BINARY(^)
  LANES_EW_COMPOUND(&)
  LANES_EW_COMPOUND(|)
  LANES_EW_COMPOUND(^)
};

/// % << >> (binary and compound) and ~: integral types but bool.
template <typename Derived, typename T, size_t N,
          bool Enable = std::is_integral_v<T> && !std::is_same_v<T, bool>>
class IntegerOps {};

template <typename Derived, typename T, size_t N>
class IntegerOps<Derived, T, N, true> {
public:
  LANES_EW_BINARY(%)
  LANES_EW_BINARY(<<)
  LANES_EW_BINARY(>>)
  LANES_EW_COMPOUND(%)
  LANES_EW_COMPOUND(<<)
  LANES_EW_COMPOUND(>>)

  friend Derived operator~(const Derived &V) {
    Derived Res;
    for (size_t I = 0; I < N; ++I)
      Res[I] = static_cast<T>(~V[I]);
    return Res;
  }
};

#undef LANES_EW_BINARY
#undef LANES_EW_COMPOUND

/// Applies OP element by element, giving MaskTraits::type with
/// MaskTraits::truth(result) in each element.
#define LANES_EW_MASK(OP)                                                      \
  friend Mask operator OP(const Derived &L, const Derived &R) {                \
    Mask Res;                                                                  \
    for (size_t I = 0; I < N; ++I)                                             \
      Res[I] = MaskTraits::truth(L[I] OP R[I]);                                \
    return Res;                                                                \
  }                                                                            \
  template <typename S, EnableIfScalar<S> = 0>                                 \
  friend Mask operator OP(const Derived &L, const S &R) {                      \
    return L OP Derived(static_cast<T>(R));                                    \
  }                                                                            \
  template <typename S, EnableIfScalar<S> = 0>                                 \
  friend Mask operator OP(const S &L, const Derived &R) {                      \
    return Derived(static_cast<T>(L)) OP R;                                    \
  }

/// Comparisons and the logical operators ! && ||, on every element type.
/// MaskTraits supplies the result type (`type`) and the element a truth
/// value becomes (`truth(bool)`).
template <typename Derived, typename T, size_t N, typename MaskTraits>
class CompareOps {
  using Mask = typename MaskTraits::type;

public:
  LANES_EW_MASK(==)
  LANES_EW_MASK(!=)
  LANES_EW_MASK(<)
  LANES_EW_MASK(>)
  LANES_EW_MASK(<=)
  LANES_EW_MASK(>=)
  LANES_EW_MASK(&&)
  LANES_EW_MASK(||)

  friend Mask operator!(const Derived &V) {
    Mask Res;
    for (size_t I = 0; I < N; ++I)
      Res[I] = MaskTraits::truth(!V[I]);
    return Res;
  }
};

#undef LANES_EW_MASK

} // namespace lanes::detail

#endif // LANES_DETAIL_ELEMENTWISE_HPP
