//===- buffers.hpp - Shared checks of the buffer and accessor tests -------===//
//
/// \file
/// Every program here computes its results through buffers and accessors and
/// compares them, element by element, with a serial loop on the host. Data
/// are integers (or small exact floats), so both builds must match the
/// reference bit for bit. A Checker collects failures so that a program
/// reports every broken case, then exits nonzero.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_BUFFERS_BUFFERS_HPP
#define LANES_TEST_BUFFERS_BUFFERS_HPP

#include <sycl/sycl.hpp>

#include "../Corpus/corpus.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace buffers {

/// Counts failed cases and says which.
class Checker {
public:
  /// Compares \p Got with \p Want.
  template <typename T>
  void equal(const std::string &Name, const T *Got, const std::vector<T> &Want) {
    Failures += corpus::check(Name.c_str(), Got, Want);
  }
  template <typename T>
  void equal(const std::string &Name, const std::vector<T> &Got,
             const std::vector<T> &Want) {
    if (Got.size() != Want.size()) {
      fail(Name + ": " + std::to_string(Got.size()) + " elements, want " +
           std::to_string(Want.size()));
      return;
    }
    equal(Name, Got.data(), Want);
  }
  /// A single condition.
  void expect(const std::string &Name, bool Ok) {
    if (Ok)
      std::printf("%s: OK\n", Name.c_str());
    else
      fail(Name);
  }
  /// \p Run must throw sycl::exception with \p Code and a message that
  /// contains \p Words.
  template <typename RunT>
  void throws(const std::string &Name, sycl::errc Code, const char *Words,
              RunT Run) {
    try {
      Run();
    } catch (const sycl::exception &E) {
      bool Ok = E.code() == sycl::make_error_code(Code) &&
                std::string(E.what()).find(Words) != std::string::npos;
      std::printf("%s: %s (%s)\n", Name.c_str(), Ok ? "OK" : "FAIL",
                  E.what());
      Failures += !Ok;
      return;
    }
    fail(Name + ": no exception");
  }
  void fail(const std::string &What) {
    std::printf("%s: FAIL\n", What.c_str());
    ++Failures;
  }
  /// The exit status.
  int status() const {
    if (Failures)
      std::printf("%d case(s) failed\n", Failures);
    return Failures ? 1 : 0;
  }

private:
  int Failures = 0;
};

/// The deterministic input value \p I of a test (small enough that sums
/// and products of a few stay exact in float).
inline int input(size_t I, unsigned Salt = 0) {
  return int(corpus::input(uint32_t(I), Salt) % 2001) - 1000;
}

} // namespace buffers

#endif // LANES_TEST_BUFFERS_BUFFERS_HPP
