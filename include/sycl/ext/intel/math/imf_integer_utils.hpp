//===- sycl/ext/intel/math/imf_integer_utils.hpp - Integer intrinsics -----===//
//
/// \file
/// DPC++'s sycl_ext_intel_math integer functions (the CUDA integer
/// intrinsics): bit reversal, byte permutation, minimum and maximum,
/// leading zeros, first set bit, halving additions, 24-bit and high-half
/// products, population count and sums of absolute differences. As in
/// DPC++ each is a template over its argument type, defaulting to the
/// type its name says, whose arguments convert to that type; all of them
/// are plain integer code (clang's bit builtins) that vectorizes.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_INTEL_MATH_IMF_INTEGER_UTILS_HPP
#define LANES_SYCL_EXT_INTEL_MATH_IMF_INTEGER_UTILS_HPP

#include "lanes/detail/builtins_integer.hpp"

#include <cstdint>

namespace lanes::detail::integer {

/// The bits of \p X in reverse order (llvm.bitreverse under clang).
template <typename U> inline U bitReverse(U X) {
#if defined(__clang__)
  if constexpr (sizeof(U) == 4)
    return __builtin_bitreverse32(X);
  else
    return __builtin_bitreverse64(X);
#else
  U R = 0;
  for (int I = 0; I < Bits<U>; ++I)
    R = U(R | (((X >> I) & U(1)) << (Bits<U> - 1 - I)));
  return R;
#endif
}

/// The 1-based position of the lowest set bit of \p X, 0 for 0.
template <typename U> inline int findFirstSet(U X) {
  return X == 0 ? 0 : int(ctz(X)) + 1;
}

} // namespace lanes::detail::integer

namespace sycl {
inline namespace _V1 {
namespace ext::intel::math {

/// The bits of x in reverse order.
template <typename Tp = unsigned> unsigned brev(Tp x) {
  return lanes::detail::integer::bitReverse(unsigned(x));
}
template <typename Tp = unsigned long long> unsigned long long brevll(Tp x) {
  return lanes::detail::integer::bitReverse((unsigned long long)(x));
}

/// Four bytes picked from the eight of y:x (x holds bytes 0 to 3, y bytes
/// 4 to 7): byte n of the result is the byte the low three bits of nibble n
/// of s select.
template <typename Tp = unsigned> unsigned byte_perm(Tp x, Tp y, Tp s) {
  std::uint64_t Bytes = (std::uint64_t(unsigned(y)) << 32) | unsigned(x);
  unsigned R = 0;
  for (int N = 0; N < 4; ++N) {
    unsigned Pick = (unsigned(s) >> (4 * N)) & 7;
    R |= unsigned((Bytes >> (8 * Pick)) & 0xff) << (8 * N);
  }
  return R;
}

/// The larger and the smaller of two ints, unsigned ints, long longs and
/// unsigned long longs.
template <typename Tp = int> int max(Tp x, Tp y) {
  return int(x) > int(y) ? int(x) : int(y);
}
template <typename Tp = int> int min(Tp x, Tp y) {
  return int(x) < int(y) ? int(x) : int(y);
}
template <typename Tp = unsigned> unsigned umax(Tp x, Tp y) {
  return unsigned(x) > unsigned(y) ? unsigned(x) : unsigned(y);
}
template <typename Tp = unsigned> unsigned umin(Tp x, Tp y) {
  return unsigned(x) < unsigned(y) ? unsigned(x) : unsigned(y);
}
template <typename Tp = long long> long long llmax(Tp x, Tp y) {
  return (long long)(x) > (long long)(y) ? (long long)(x) : (long long)(y);
}
template <typename Tp = long long> long long llmin(Tp x, Tp y) {
  return (long long)(x) < (long long)(y) ? (long long)(x) : (long long)(y);
}
template <typename Tp = unsigned long long>
unsigned long long ullmax(Tp x, Tp y) {
  using U = unsigned long long;
  return U(x) > U(y) ? U(x) : U(y);
}
template <typename Tp = unsigned long long>
unsigned long long ullmin(Tp x, Tp y) {
  using U = unsigned long long;
  return U(x) < U(y) ? U(x) : U(y);
}

/// The number of leading zero bits of a 32- or 64-bit integer (32 or 64
/// for zero).
template <typename Tp = int> int clz(Tp x) {
  return int(lanes::detail::integer::clz(unsigned(x)));
}
template <typename Tp = long long> int clzll(Tp x) {
  return int(lanes::detail::integer::clz((unsigned long long)(x)));
}

/// The 1-based position of the lowest set bit, 0 if none is set.
template <typename Tp = int> int ffs(Tp x) {
  return lanes::detail::integer::findFirstSet(unsigned(x));
}
template <typename Tp = long long> int ffsll(Tp x) {
  return lanes::detail::integer::findFirstSet((unsigned long long)(x));
}

/// (x + y) >> 1 and (x + y + 1) >> 1 without overflow.
template <typename Tp = int> int hadd(Tp x, Tp y) {
  return lanes::detail::integer::hadd(int(x), int(y));
}
template <typename Tp = int> int rhadd(Tp x, Tp y) {
  return lanes::detail::integer::rhadd(int(x), int(y));
}
template <typename Tp = unsigned> unsigned uhadd(Tp x, Tp y) {
  return lanes::detail::integer::hadd(unsigned(x), unsigned(y));
}
template <typename Tp = unsigned> unsigned urhadd(Tp x, Tp y) {
  return lanes::detail::integer::rhadd(unsigned(x), unsigned(y));
}

/// The low 32 bits of the product of the low 24 bits of x and y (signed:
/// bit 23 is the sign).
template <typename Tp = int> int mul24(Tp x, Tp y) {
  auto Low24 = [](int V) { return int(unsigned(V) << 8) >> 8; };
  return int(unsigned(Low24(int(x))) * unsigned(Low24(int(y))));
}
template <typename Tp = unsigned> unsigned umul24(Tp x, Tp y) {
  return (unsigned(x) & 0xffffffu) * (unsigned(y) & 0xffffffu);
}

/// The high half of the full product of two 32- or 64-bit integers.
template <typename Tp = int> int mulhi(Tp x, Tp y) {
  return lanes::detail::integer::mulHi(int(x), int(y));
}
template <typename Tp = unsigned> unsigned umulhi(Tp x, Tp y) {
  return lanes::detail::integer::mulHi(unsigned(x), unsigned(y));
}
template <typename Tp = long long> long long mul64hi(Tp x, Tp y) {
  return lanes::detail::integer::mulHi((long long)(x), (long long)(y));
}
template <typename Tp = unsigned long long>
unsigned long long umul64hi(Tp x, Tp y) {
  using U = unsigned long long;
  return lanes::detail::integer::mulHi(U(x), U(y));
}

/// The number of set bits.
template <typename Tp = unsigned> int popc(Tp x) {
  return int(lanes::detail::integer::popcount(unsigned(x)));
}
template <typename Tp = unsigned long long> int popcll(Tp x) {
  return int(lanes::detail::integer::popcount((unsigned long long)(x)));
}

/// |x - y| + z, modulo 2^32.
template <typename Tp1 = int, typename Tp2 = unsigned>
unsigned sad(Tp1 x, Tp1 y, Tp2 z) {
  return unsigned(lanes::detail::integer::absDiff(int(x), int(y))) +
         unsigned(z);
}
template <typename Tp = unsigned> unsigned usad(Tp x, Tp y, Tp z) {
  return lanes::detail::integer::absDiff(unsigned(x), unsigned(y)) +
         unsigned(z);
}

} // namespace ext::intel::math
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_INTEL_MATH_IMF_INTEGER_UTILS_HPP
