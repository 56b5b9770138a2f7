//===- corpus.hpp - Shared checking helpers of the kernel corpus ----------===//
//
/// \file
/// Deterministic inputs and the result comparison every corpus program uses.
/// No SYCL here: the programs themselves spell out every API call, so each
/// reads as a standalone SYCL program. Integer data only, so the compiled and
/// the library-only builds must agree with the serial reference bit for bit.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_CORPUS_CORPUS_HPP
#define LANES_TEST_CORPUS_CORPUS_HPP

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <vector>

namespace corpus {

/// A well-mixed 32-bit input value for index \p I (a fixed integer hash).
inline uint32_t input(uint32_t I, uint32_t Salt = 0) {
  uint32_t X = I * 0x9E3779B1u + Salt * 0x85EBCA77u + 0x165667B1u;
  X ^= X >> 15;
  X *= 0x2C1B3C6Du;
  X ^= X >> 12;
  X *= 0x297A2D39u;
  X ^= X >> 15;
  return X;
}

/// Compares \p Got with \p Want element by element. Prints one summary line
/// (and the first mismatches) and returns the exit status: 0 on a match.
template <typename T>
int check(const char *Name, const T *Got, const std::vector<T> &Want) {
  size_t Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I) {
    if (Got[I] == Want[I])
      continue;
    if (Bad < 10) {
      if constexpr (std::is_floating_point_v<T>)
        std::printf("  mismatch at %zu: got %.17g, want %.17g\n", I,
                    static_cast<double>(Got[I]), static_cast<double>(Want[I]));
      else
        std::printf(
            "  mismatch at %zu: got %llu (0x%llx), want %llu (0x%llx)\n", I,
            static_cast<unsigned long long>(Got[I]),
            static_cast<unsigned long long>(Got[I]),
            static_cast<unsigned long long>(Want[I]),
            static_cast<unsigned long long>(Want[I]));
    }
    ++Bad;
  }
  if (Bad) {
    std::printf("%s: FAIL, %zu of %zu elements differ\n", Name, Bad,
                Want.size());
    return 1;
  }
  std::printf("%s: OK, %zu elements\n", Name, Want.size());
  return 0;
}

} // namespace corpus

#endif // LANES_TEST_CORPUS_CORPUS_HPP
