//===- ported.hpp - Result checking for the ported-style programs ---------===//
///
/// \file
/// What every program of test/Ported shares: a Verifier that compares
/// device results with a serial host computation, prints at most a few
/// mismatches per comparison and, at the end, the program's one summary
/// line, "<name>: OK ..." or "<name>: FAILED ..."; and input(), the
/// corpus's integer hash, for deterministic input data. No SYCL here: the
/// programs spell out every API call themselves, and this header stands in
/// for the input generation and verification code each public benchmark
/// carries in its own way.
///
/// Integers are compared exactly. Floating-point values pass when
/// |got - want| <= Tol * max(|want|, Floor): a relative tolerance that
/// becomes absolute near zero, where cancellation makes relative errors
/// meaningless. Each program states its tolerance where it calls close().
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_PORTED_PORTED_HPP
#define LANES_TEST_PORTED_PORTED_HPP

#include "../Corpus/corpus.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

namespace ported {

/// Collects the comparisons of one program and reports them.
class Verifier {
public:
  explicit Verifier(std::string Name) : Name(std::move(Name)) {}

  /// Compares \p N values exactly.
  template <typename T>
  bool equal(const char *What, const T *Got, const T *Want, size_t N) {
    size_t Bad = 0;
    for (size_t I = 0; I < N; ++I)
      if (!(Got[I] == Want[I]) && Bad++ < MaxShown)
        std::printf("  %s[%zu]: got %s, want %s\n", What, I,
                    show(Got[I]).c_str(), show(Want[I]).c_str());
    return finishCheck(What, Bad, N);
  }

  /// Compares \p N floating-point values within Tol * max(|want|, Floor).
  template <typename T>
  bool close(const char *What, const T *Got, const T *Want, size_t N,
             double Tol, double Floor = 1.0) {
    size_t Bad = 0;
    for (size_t I = 0; I < N; ++I) {
      double G = double(Got[I]), W = double(Want[I]);
      double Limit = Tol * std::fmax(std::fabs(W), Floor);
      // Written so that a NaN result fails.
      if (!(std::fabs(G - W) <= Limit) && Bad++ < MaxShown)
        std::printf("  %s[%zu]: got %.9g, want %.9g (tolerance %.3g)\n", What,
                    I, G, W, Limit);
    }
    return finishCheck(What, Bad, N);
  }

  /// Records a single condition, described by \p What when it fails.
  bool expect(bool Cond, const std::string &What) {
    ++Checks;
    if (!Cond) {
      ++Failures;
      std::printf("  %s\n", What.c_str());
    }
    return Cond;
  }

  /// Prints the summary line; returns the exit status (0 when all passed).
  int finish(const std::string &Detail = "") const {
    if (Failures) {
      std::printf("%s: FAILED (%zu of %zu checks)\n", Name.c_str(), Failures,
                  Checks);
      return 1;
    }
    std::printf("%s: OK (%zu checks%s%s)\n", Name.c_str(), Checks,
                Detail.empty() ? "" : ", ", Detail.c_str());
    return 0;
  }

private:
  static constexpr size_t MaxShown = 5;

  template <typename T> static std::string show(T V) {
    if constexpr (std::is_floating_point_v<T>) {
      char Buf[32];
      std::snprintf(Buf, sizeof(Buf), "%.9g", double(V));
      return Buf;
    } else {
      return std::to_string(V);
    }
  }

  bool finishCheck(const char *What, size_t Bad, size_t N) {
    ++Checks;
    if (!Bad)
      return true;
    ++Failures;
    std::printf("  %s: %zu of %zu values differ\n", What, Bad, N);
    return false;
  }

  std::string Name;
  size_t Checks = 0, Failures = 0;
};

/// The programs' deterministic inputs: a well-mixed 32-bit value for index
/// \p I and a salt, the kernel corpus's integer hash.
using corpus::input;

} // namespace ported

#endif // LANES_TEST_PORTED_PORTED_HPP
