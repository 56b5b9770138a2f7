//===- lanes/detail/builtins_integer.hpp - SYCL integer built-ins ---------===//
//
/// \file
/// SYCL 2020 4.17.7 (integer functions, but min, max and clamp, which
/// builtins_common.hpp shares with the floating-point types) on integer
/// scalars and vecs, swizzles and marrays of them. Each function is a
/// template over the element type in lanes::detail::integer, applied
/// element-wise by one generic overload in sycl.
///
/// Results wrap where the specification does not say otherwise (abs of the
/// most negative value, mul24 outside 24 bits). The saturating functions
/// clamp an int result for 8- and 16-bit types and use clang's
/// __builtin_elementwise_add_sat / sub_sat (llvm.sadd.sat and friends, which
/// vectorize) for wider ones. Products are formed in the next wider type
/// (__int128 for 64-bit elements).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_BUILTINS_INTEGER_HPP
#define LANES_DETAIL_BUILTINS_INTEGER_HPP

#include "lanes/detail/builtin_types.hpp"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace lanes::detail::integer {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

template <typename T> inline constexpr int Bits = int(sizeof(T)) * 8;
template <typename T> using Unsigned = std::make_unsigned_t<T>;

/// A type twice as wide as T with T's signedness (for 64-bit T, 128 bits).
template <typename T>
using Wide = std::conditional_t<
    sizeof(T) < 8,
    std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>,
    std::conditional_t<std::is_signed_v<T>, Int128, UInt128>>;

/// \p X clamped to T's range.
template <typename T, typename W> T saturate(W X) {
  constexpr W Lo = W(std::numeric_limits<T>::min());
  constexpr W Hi = W(std::numeric_limits<T>::max());
  return T(X < Lo ? Lo : X > Hi ? Hi : X);
}

template <typename T> T abs(T X) {
  if constexpr (std::is_signed_v<T>)
    return X < 0 ? T(Unsigned<T>(0) - Unsigned<T>(X)) : X;
  else
    return X;
}

/// |x - y| computed without overflow.
template <typename T> T absDiff(T X, T Y) {
  return X > Y ? T(Unsigned<T>(X) - Unsigned<T>(Y))
               : T(Unsigned<T>(Y) - Unsigned<T>(X));
}

// clang 19 promotes char and short operands of the elementwise builtins to
// int (and then saturates nothing), so narrow types saturate an int sum.
template <typename T> T addSat(T X, T Y) {
  if constexpr (sizeof(T) < sizeof(int)) {
    return saturate<T>(int(X) + int(Y));
  } else {
#if defined(__clang__)
    return __builtin_elementwise_add_sat(X, Y);
#else
    T R;
    if (!__builtin_add_overflow(X, Y, &R))
      return R;
    return std::is_signed_v<T> && Y < 0 ? std::numeric_limits<T>::min()
                                        : std::numeric_limits<T>::max();
#endif
  }
}

template <typename T> T subSat(T X, T Y) {
  if constexpr (sizeof(T) < sizeof(int)) {
    return saturate<T>(int(X) - int(Y));
  } else {
#if defined(__clang__)
    return __builtin_elementwise_sub_sat(X, Y);
#else
    T R;
    if (!__builtin_sub_overflow(X, Y, &R))
      return R;
    return std::is_signed_v<T> && Y < 0 ? std::numeric_limits<T>::max()
                                        : std::numeric_limits<T>::min();
#endif
  }
}

/// (x + y) >> 1 and (x + y + 1) >> 1 without overflow (>> of a negative
/// value rounds down, as the specification's shift does).
template <typename T> T hadd(T X, T Y) {
  return T((X >> 1) + (Y >> 1) + (X & Y & 1));
}
template <typename T> T rhadd(T X, T Y) {
  return T((X >> 1) + (Y >> 1) + ((X | Y) & 1));
}

/// Leading and trailing zero bits; the width of T for zero.
template <typename T> T clz(T X) {
  auto V = Unsigned<T>(X);
  if (V == 0)
    return T(Bits<T>);
  if constexpr (sizeof(T) <= 4)
    return T(__builtin_clz(unsigned(V)) - (32 - Bits<T>));
  else
    return T(__builtin_clzll(static_cast<unsigned long long>(V)));
}
template <typename T> T ctz(T X) {
  auto V = Unsigned<T>(X);
  if (V == 0)
    return T(Bits<T>);
  if constexpr (sizeof(T) <= 4)
    return T(__builtin_ctz(unsigned(V)));
  else
    return T(__builtin_ctzll(static_cast<unsigned long long>(V)));
}
template <typename T> T popcount(T X) {
  auto V = Unsigned<T>(X);
  if constexpr (sizeof(T) <= 4)
    return T(__builtin_popcount(unsigned(V)));
  else
    return T(__builtin_popcountll(static_cast<unsigned long long>(V)));
}

/// The high half of the full product x * y.
template <typename T> T mulHi(T X, T Y) {
  return T((Wide<T>(X) * Wide<T>(Y)) >> Bits<T>);
}
template <typename T> T madHi(T A, T B, T C) {
  return T(Unsigned<T>(mulHi(A, B)) + Unsigned<T>(C));
}
/// a * b + c, saturated (the wide type holds it exactly).
template <typename T> T madSat(T A, T B, T C) {
  return saturate<T>(Wide<T>(A) * Wide<T>(B) + Wide<T>(C));
}

/// \p V rotated left by \p Count modulo the width of T.
template <typename T> T rotate(T V, T Count) {
  using U = Unsigned<T>;
  unsigned Shift = unsigned(U(Count)) & unsigned(Bits<T> - 1);
  U X = U(V);
  if (Shift == 0)
    return V;
  return T(U(U(X << Shift) | U(X >> (Bits<T> - Shift))));
}

/// Low 32 bits of x * y and of x * y + z.
template <typename T> T mul24(T X, T Y) {
  return T(std::uint32_t(X) * std::uint32_t(Y));
}
template <typename T> T mad24(T X, T Y, T Z) {
  return T(std::uint32_t(X) * std::uint32_t(Y) + std::uint32_t(Z));
}

/// hi's bits above lo's: the type of twice the width, signed like hi.
template <typename THi, typename TLo> auto upsample(THi Hi, TLo Lo) {
  using Result = std::conditional_t<
      std::is_signed_v<THi>, typename SignedOfSizeImpl<2 * sizeof(THi)>::type,
      std::make_unsigned_t<
          typename SignedOfSizeImpl<2 * sizeof(THi)>::type>>;
  using UResult = std::make_unsigned_t<Result>;
  return Result((UResult(Unsigned<THi>(Hi)) << Bits<THi>) | UResult(Lo));
}

/// Whether upsample takes THi and TLo: lo unsigned, both 8, 16 or 32 bits.
template <typename THi, typename TLo>
inline constexpr bool Upsamples = std::is_integral_v<THi> &&
                                  std::is_unsigned_v<TLo> &&
                                  sizeof(THi) == sizeof(TLo) &&
                                  sizeof(THi) <= 4 &&
                                  !std::is_same_v<TLo, bool>;

} // namespace lanes::detail::integer

// Integer scalars and the element-wise forms in one template each.
#define LANES_INT_1(Name, Impl)                                                \
  template <typename T, lanes::detail::EnableIf<lanes::detail::IsGenInt<T>> =  \
                            0>                                                 \
  lanes::detail::ValueT<T> Name(const T &X) {                                  \
    return lanes::detail::elementwise<lanes::detail::ValueT<T>>(               \
        [](auto E) { return Impl(E); }, X);                                    \
  }
#define LANES_INT_2(Name, Impl)                                                \
  template <typename T1, typename T2,                                          \
            lanes::detail::EnableIf<lanes::detail::IsGenInt<T1> &&             \
                                    lanes::detail::SameValue<T1, T2>> = 0>     \
  lanes::detail::ValueT<T1> Name(const T1 &X, const T2 &Y) {                   \
    return lanes::detail::elementwise<lanes::detail::ValueT<T1>>(              \
        [](auto A, auto B) { return Impl(A, B); }, X, Y);                      \
  }
#define LANES_INT_3(Name, Impl, Extra)                                         \
  template <typename T1, typename T2, typename T3,                             \
            lanes::detail::EnableIf<lanes::detail::IsGenInt<T1> &&             \
                                    lanes::detail::SameValue<T1, T2, T3> &&    \
                                    (Extra)> = 0>                              \
  lanes::detail::ValueT<T1> Name(const T1 &X, const T2 &Y, const T3 &Z) {      \
    return lanes::detail::elementwise<lanes::detail::ValueT<T1>>(              \
        [](auto A, auto B, auto C) { return Impl(A, B, C); }, X, Y, Z);        \
  }

namespace lanes::detail {
/// mad24 and mul24 take 32-bit integers only.
template <typename T>
inline constexpr bool Is32BitInt = sizeof(ElementT<T>) == 4;
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

LANES_INT_1(abs, lanes::detail::integer::abs)
LANES_INT_2(abs_diff, lanes::detail::integer::absDiff)
LANES_INT_2(add_sat, lanes::detail::integer::addSat)
LANES_INT_2(hadd, lanes::detail::integer::hadd)
LANES_INT_2(rhadd, lanes::detail::integer::rhadd)
LANES_INT_1(clz, lanes::detail::integer::clz)
LANES_INT_1(ctz, lanes::detail::integer::ctz)
LANES_INT_3(mad_hi, lanes::detail::integer::madHi, true)
LANES_INT_3(mad_sat, lanes::detail::integer::madSat, true)
LANES_INT_2(mul_hi, lanes::detail::integer::mulHi)
LANES_INT_2(rotate, lanes::detail::integer::rotate)
LANES_INT_2(sub_sat, lanes::detail::integer::subSat)
LANES_INT_1(popcount, lanes::detail::integer::popcount)
LANES_INT_3(mad24, lanes::detail::integer::mad24,
            lanes::detail::Is32BitInt<T1>)

template <typename T1, typename T2,
          lanes::detail::EnableIf<lanes::detail::IsGenInt<T1> &&
                                  lanes::detail::SameValue<T1, T2> &&
                                  lanes::detail::Is32BitInt<T1>> = 0>
lanes::detail::ValueT<T1> mul24(const T1 &X, const T2 &Y) {
  return lanes::detail::elementwise<lanes::detail::ValueT<T1>>(
      [](auto A, auto B) { return lanes::detail::integer::mul24(A, B); }, X,
      Y);
}

/// (hi << bits) | lo in the integer of twice the width, signed like hi.
template <typename THi, typename TLo,
          lanes::detail::EnableIf<
              (lanes::detail::IsScalarArg<THi> ||
               lanes::detail::IsNonScalarArg<THi>) &&
              lanes::detail::SameValue<
                  lanes::detail::RebindT<THi, lanes::detail::ElementT<TLo>>,
                  TLo> &&
              lanes::detail::integer::Upsamples<
                  lanes::detail::ElementT<THi>, lanes::detail::ElementT<TLo>>> =
              0>
auto upsample(const THi &Hi, const TLo &Lo) {
  using Element = decltype(lanes::detail::integer::upsample(
      lanes::detail::ElementT<THi>(), lanes::detail::ElementT<TLo>()));
  return lanes::detail::elementwise<lanes::detail::RebindT<THi, Element>>(
      [](auto H, auto L) { return lanes::detail::integer::upsample(H, L); },
      Hi, Lo);
}

} // namespace _V1
} // namespace sycl

#undef LANES_INT_1
#undef LANES_INT_2
#undef LANES_INT_3

#endif // LANES_DETAIL_BUILTINS_INTEGER_HPP
