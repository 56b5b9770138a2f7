//===- bfloat16-bits.hpp - bfloat16 bit patterns for the tests ------------===//
//
/// \file
/// The part of the host reference that test/VecMath's bfloat16 programs
/// share: a bfloat16's bits and back, NaN patterns, and the exact value of
/// a pattern, decoded by hand rather than through the class's conversions.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_VECMATH_BFLOAT16_BITS_HPP
#define LANES_TEST_VECMATH_BFLOAT16_BITS_HPP

#include <sycl/ext/oneapi/bfloat16.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace bfloat16_bits {

using sycl::ext::oneapi::bfloat16;

inline uint16_t bitsOf(bfloat16 X) {
  uint16_t B;
  std::memcpy(&B, &X, sizeof(B));
  return B;
}
inline bfloat16 fromBits(uint16_t B) {
  bfloat16 X;
  std::memcpy(static_cast<void *>(&X), &B, sizeof(B));
  return X;
}

inline bool isNanBits(uint16_t B) {
  return (B & 0x7f80) == 0x7f80 && (B & 0x7f);
}

/// The value of bfloat16 bits \p B.
inline double decode(uint16_t B) {
  int Exp = (B >> 7) & 0xff, Man = B & 0x7f;
  double V = Exp == 0xff ? (Man ? NAN : INFINITY)
             : Exp == 0  ? std::ldexp(double(Man), -133)
                         : std::ldexp(double(Man + 128), Exp - 134);
  return (B & 0x8000) ? -V : V;
}

} // namespace bfloat16_bits

#endif // LANES_TEST_VECMATH_BFLOAT16_BITS_HPP
