//===- bundle_checks.hpp - Checks the kernel bundle programs share --------===//
//
/// \file
/// Each check prints one line, "<what>: OK" or "<what>: FAIL ...", and
/// returns the number of failures (0 or 1) for the program to add up.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_KERNELBUNDLES_BUNDLE_CHECKS_HPP
#define LANES_TEST_KERNELBUNDLES_BUNDLE_CHECKS_HPP

#include <sycl/sycl.hpp>

#include <cstdio>
#include <functional>

namespace bundles {

inline int expect(bool Ok, const char *What) {
  std::printf("%s: %s\n", What, Ok ? "OK" : "FAIL");
  return Ok ? 0 : 1;
}

/// Whether \p Run throws a sycl::exception with code \p Code.
inline int expectThrow(sycl::errc Code, const std::function<void()> &Run,
                       const char *What) {
  try {
    Run();
  } catch (const sycl::exception &E) {
    if (E.code() == sycl::make_error_code(Code)) {
      std::printf("%s: OK (%s)\n", What, E.what());
      return 0;
    }
    std::printf("%s: FAIL, wrong error: %s\n", What, E.what());
    return 1;
  }
  std::printf("%s: FAIL, nothing thrown\n", What);
  return 1;
}

} // namespace bundles

#endif // LANES_TEST_KERNELBUNDLES_BUNDLE_CHECKS_HPP
