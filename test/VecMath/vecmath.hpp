//===- vecmath.hpp - Shared inputs and checks of the vec / math tests -----===//
//
/// \file
/// Deterministic inputs and result comparisons for the programs of
/// test/VecMath. Written without the Lanes headers' helpers, so the host
/// references stay independent of what they check.
///
/// Comparisons: exact ones compare bit patterns (any NaN equals any NaN);
/// "value" ones also let +0 equal -0 (fmin and fmax may return either
/// zero); ULP ones allow a distance in units in the last place, for the
/// transcendental functions that glibc's scalar libm and its vector libmvec
/// may round differently.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_VECMATH_VECMATH_HPP
#define LANES_TEST_VECMATH_VECMATH_HPP

#include "../Corpus/corpus.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

namespace vecmath {

/// A well-mixed 32-bit value for index \p I (the corpus programs' hash).
inline uint32_t hash(uint32_t I, uint32_t Salt = 0) {
  return corpus::input(I, Salt);
}

/// An input of type T for index \p I: integers of at most 12 bits of
/// magnitude (so sums and products of two fit every type after integer
/// promotion), floating-point multiples of 1/16 in [-64, 64).
template <typename T> T input(uint32_t I, uint32_t Salt = 0) {
  uint32_t H = hash(I, Salt);
  if constexpr (std::is_floating_point_v<T>) {
    return T(int(H % 2048) - 1024) / T(16);
  } else {
    constexpr int Bits = std::numeric_limits<T>::digits;
    int Magnitude = Bits < 12 ? Bits : 12;
    int64_t V = int64_t(H % (uint32_t(1) << Magnitude));
    if (std::is_signed_v<T> && (H >> 31))
      V = -V;
    return T(V);
  }
}

/// Whether \p A and \p B are the same value bit for bit (any two NaNs
/// match).
template <typename T> bool sameBits(T A, T B) {
  if constexpr (std::is_floating_point_v<T>) {
    if (A != A && B != B)
      return true;
    return std::memcmp(&A, &B, sizeof(T)) == 0;
  } else {
    return A == B;
  }
}

/// The distance between two floating-point values in units in the last
/// place (0 for two NaNs, huge for one).
template <typename F> double ulps(F A, F B) {
  if (A != A || B != B)
    return (A != A && B != B) ? 0 : 1e30;
  if (A == B)
    return 0;
  using I = std::conditional_t<sizeof(F) == 4, int32_t, int64_t>;
  auto Ordered = [](F X) {
    I Bits;
    std::memcpy(&Bits, &X, sizeof(F));
    return Bits < 0 ? std::numeric_limits<I>::min() - Bits : Bits;
  };
  // long double holds every 64-bit integer exactly.
  long double D = (long double)Ordered(A) - (long double)Ordered(B);
  return double(D < 0 ? -D : D);
}

template <typename T> double asDouble(T X) { return double(X); }

/// Compares \p Got with \p Want bit for bit; prints the first mismatches
/// and a summary. Returns 0 on a match.
template <typename T>
int check(const char *Name, const T *Got, const std::vector<T> &Want) {
  size_t Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I) {
    if (sameBits(Got[I], Want[I]))
      continue;
    if (Bad++ < 8)
      std::printf("  %s[%zu]: got %.17g, want %.17g\n", Name, I,
                  asDouble(Got[I]), asDouble(Want[I]));
  }
  if (Bad) {
    std::printf("%s: FAIL, %zu of %zu elements differ\n", Name, Bad,
                Want.size());
    return 1;
  }
  std::printf("%s: OK, %zu elements\n", Name, Want.size());
  return 0;
}

} // namespace vecmath

#endif // LANES_TEST_VECMATH_VECMATH_HPP
