//===- ClSyclHeaderTest.cpp - The <CL/sycl.hpp> and <sycl.hpp> spellings --===//
//
// SYCL 1.2.1 programs include <CL/sycl.hpp> and write cl::sycl::; both must
// reach the same API as <sycl/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#include <CL/sycl.hpp>
#include <sycl.hpp>

#include <gtest/gtest.h>

#include <type_traits>

namespace {

static_assert(std::is_same_v<cl::sycl::queue, sycl::queue>);
static_assert(std::is_same_v<cl::sycl::nd_item<2>, sycl::nd_item<2>>);

TEST(ClSyclHeader, SaxpyThroughClSycl) {
  namespace s = cl::sycl;
  s::queue Q{s::default_selector{}};
  constexpr size_t N = 100;
  float *X = s::malloc_shared<float>(N, Q);
  float *Y = s::malloc_shared<float>(N, Q);
  for (size_t I = 0; I < N; ++I) {
    X[I] = float(I);
    Y[I] = 1.0f;
  }
  Q.submit([&](s::handler &CGH) {
    s::local_accessor<float, 1> Tmp(s::range<1>(20), CGH);
    CGH.parallel_for<class ClSaxpy>(
        s::nd_range<1>(s::range<1>(N), s::range<1>(20)),
        [=](s::nd_item<1> It) {
          size_t L = It.get_local_id(0);
          Tmp[L] = X[It.get_global_id(0)];
          It.barrier(s::access::fence_space::local_space);
          Y[It.get_global_id(0)] += 2.0f * Tmp[L];
        });
  });
  Q.wait_and_throw();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Y[I], 2.0f * float(I) + 1.0f);
  s::free(X, Q);
  s::free(Y, Q);
}

} // namespace
