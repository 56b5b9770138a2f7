// Shared by the checked-mode programs: run a launch that must fail with
// sycl::errc::runtime and a message containing every given fragment.
#ifndef LANES_TEST_CHECKED_EXPECT_ERROR_HPP
#define LANES_TEST_CHECKED_EXPECT_ERROR_HPP

#include <sycl/sycl.hpp>

#include <cstdio>
#include <initializer_list>
#include <string>

template <typename F>
int expectRuntimeError(const char *Name, F &&Launch,
                       std::initializer_list<const char *> Fragments) {
  try {
    Launch();
  } catch (const sycl::exception &E) {
    std::string What = E.what();
    bool Ok = E.code() == sycl::errc::runtime;
    for (const char *Fragment : Fragments)
      Ok = Ok && What.find(Fragment) != std::string::npos;
    std::printf("%s: %s: %s\n", Name, Ok ? "OK" : "WRONG ERROR", What.c_str());
    return Ok ? 0 : 1;
  }
  std::printf("%s: FAILED: no error was raised\n", Name);
  return 1;
}

#endif
