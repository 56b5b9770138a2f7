//===- lanes/detail/builtin_types.hpp - Argument kinds of the built-ins ---===//
//
/// \file
/// The SYCL 2020 built-in functions (4.17.5 - 4.17.10) take scalars, vecs,
/// swizzles and marrays. This header classifies an argument type (its
/// element type, element count, the "value" it stands for: the vec behind a
/// swizzle, the type itself otherwise) and supplies mapElements, which
/// applies a scalar function element by element. Every non-scalar built-in
/// is a one-line call of mapElements with the scalar function, so each
/// function is written once for all shapes.
///
/// mapElements loops over a compile-time count with no early exit, so it
/// unrolls into straight-line scalar calls that the vectorizers widen like
/// the operators of vec.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_BUILTIN_TYPES_HPP
#define LANES_DETAIL_BUILTIN_TYPES_HPP

#include "lanes/detail/elementwise.hpp"
#include "sycl/half.hpp"
#include "sycl/marray.hpp"
#include "sycl/vec.hpp"

#include <cstddef>
#include <type_traits>

namespace lanes::detail {

/// What a built-in argument of type T is. Scalars (arithmetic types and
/// sycl::half) and everything else that is no vec, swizzle or marray.
template <typename T> struct BuiltinArg {
  static constexpr bool IsScalar = IsArithmetic<T>;
  static constexpr bool IsNonScalar = false;
  static constexpr bool IsVecLike = false;
  using Value = T;
  using Element = T;
  /// The same shape with elements of type E.
  template <typename E> using Rebind = E;
};
template <typename T, int N> struct BuiltinArg<sycl::vec<T, N>> {
  static constexpr bool IsScalar = false;
  static constexpr bool IsNonScalar = true;
  static constexpr bool IsVecLike = true;
  using Value = sycl::vec<T, N>;
  using Element = T;
  template <typename E> using Rebind = sycl::vec<E, N>;
};
template <typename ResultT, typename VecT, int... I>
struct BuiltinArg<SwizzleRef<ResultT, VecT, I...>> : BuiltinArg<ResultT> {};
template <typename T, size_t N> struct BuiltinArg<sycl::marray<T, N>> {
  static constexpr bool IsScalar = false;
  static constexpr bool IsNonScalar = true;
  static constexpr bool IsVecLike = false;
  using Value = sycl::marray<T, N>;
  using Element = T;
  template <typename E> using Rebind = sycl::marray<E, N>;
};

/// The type a built-in returns for T: the vec behind a swizzle, else T.
template <typename T> using ValueT = typename BuiltinArg<T>::Value;
template <typename T> using ElementT = typename BuiltinArg<T>::Element;
template <typename T, typename E>
using RebindT = typename BuiltinArg<T>::template Rebind<E>;

template <typename T>
inline constexpr bool IsScalarArg = BuiltinArg<T>::IsScalar;
template <typename T>
inline constexpr bool IsNonScalarArg = BuiltinArg<T>::IsNonScalar;
template <typename T>
inline constexpr bool IsVecLikeArg = BuiltinArg<T>::IsVecLike;

/// The number of elements of a built-in argument (1 for a scalar).
template <typename T> constexpr size_t countOf() {
  if constexpr (BuiltinArg<T>::IsNonScalar)
    return ValueT<T>::size();
  else
    return 1;
}

template <typename E>
inline constexpr bool IsFloatElement =
    std::is_same_v<E, float> || std::is_same_v<E, double> ||
    std::is_same_v<E, sycl::half>;
template <typename E>
inline constexpr bool IsIntElement =
    std::is_integral_v<E> && !std::is_same_v<E, bool>;

/// float, double, sycl::half, or a vec, swizzle or marray of them.
template <typename T>
inline constexpr bool IsGenFloat =
    (IsScalarArg<T> || IsNonScalarArg<T>) && IsFloatElement<ElementT<T>>;
/// An integer type but bool, or a vec, swizzle or marray of one.
template <typename T>
inline constexpr bool IsGenInt =
    (IsScalarArg<T> || IsNonScalarArg<T>) && IsIntElement<ElementT<T>>;
/// A vec, swizzle or marray of float, double or sycl::half.
template <typename T>
inline constexpr bool IsFloatNonScalar =
    IsNonScalarArg<T> && IsFloatElement<ElementT<T>>;

/// Whether the arguments stand for the same type: the same scalar or
/// marray, or vecs and swizzles of the same element type and count.
template <typename T, typename... Us>
inline constexpr bool SameValue = (std::is_same_v<ValueT<T>, ValueT<Us>> &&
                                   ...);

template <bool B> using EnableIf = std::enable_if_t<B, int>;

/// Element \p I of a vec or marray, or the scalar itself.
template <typename T> decltype(auto) elementOf(const T &X, size_t I) {
  if constexpr (IsNonScalarArg<T>) {
    return X[I];
  } else {
    (void)I;
    return X;
  }
}

/// A ResultT (a vec or marray) whose element I is F(element I of each
/// argument); scalar arguments are used for every element.
template <typename ResultT, typename Fn, typename... Args>
ResultT mapValues(Fn F, const Args &...A) {
  ResultT Res;
  for (size_t I = 0; I < ResultT::size(); ++I)
    Res[I] = F(elementOf(A, I)...);
  return Res;
}

/// mapValues over the arguments' values (swizzles read into vecs).
template <typename ResultT, typename Fn, typename... Args>
ResultT mapElements(Fn F, const Args &...A) {
  return mapValues<ResultT>(F, static_cast<const ValueT<Args> &>(A)...);
}

/// F over the elements of the arguments when ResultT is a vec or marray,
/// F of the arguments when it is a scalar.
template <typename ResultT, typename Fn, typename... Args>
ResultT elementwise(Fn F, const Args &...A) {
  if constexpr (IsNonScalarArg<ResultT>)
    return mapElements<ResultT>(F, A...);
  else
    return F(A...);
}

/// What the relational built-ins return for T: bool for a scalar,
/// marray<bool, N> for an marray, vec<intK_t, N> (K the element's bits) for
/// a vec or swizzle.
template <typename T>
using RelationalT = std::conditional_t<
    IsVecLikeArg<T>, RebindT<T, SignedOfSize<ElementT<T>>>,
    RebindT<T, bool>>;

/// The element of RelationalT<T> meaning \p B: -1 or 0 in a vec, else B.
template <typename T> constexpr auto relationalTruth(bool B) {
  if constexpr (IsVecLikeArg<T>)
    return SignedOfSize<ElementT<T>>(B ? -1 : 0);
  else
    return B;
}

/// F applied to the elements of the arguments, giving RelationalT<T>.
template <typename T, typename Fn, typename... Args>
RelationalT<T> mapRelational(Fn F, const Args &...A) {
  return elementwise<RelationalT<T>>(
      [F](auto... E) { return relationalTruth<T>(F(E...)); }, A...);
}

} // namespace lanes::detail

#endif // LANES_DETAIL_BUILTIN_TYPES_HPP
