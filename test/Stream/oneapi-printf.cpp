// sycl::ext::oneapi::experimental::printf, as DPC++ programs call it: a
// format string in a `static const CONSTANT char[]` (CONSTANT empty, as
// without __SYCL_DEVICE_ONLY__), from a single_task (every conversion the
// host printf has, checked against the exact text, and the return value),
// a range kernel and an nd-range kernel with a barrier between two
// printfs (lines in any order, exactly the expected set).
#include "stream_test.hpp"

#include <sycl/sycl.hpp>

#include <cstring>
#include <string>
#include <vector>

#ifdef __SYCL_DEVICE_ONLY__
#define CONSTANT __attribute__((opencl_constant))
#else
#define CONSTANT
#endif

namespace {

using streamtest::capture;
using streamtest::expectLines;
using streamtest::expectText;

static const CONSTANT char Scalars[] =
    "int %d, unsigned %u, long %ld, hex %#x, char %c, string %s, float "
    "%.2f, double %g, exp %.3e, padded [%5d|%-4d], percent %%\n";
static const CONSTANT char NoArguments[] = "no arguments\n";
static const CONSTANT char Item[] = "item %zu of %zu\n";
static const CONSTANT char Before[] = "group %zu local %zu before\n";
static const CONSTANT char After[] = "group %zu local %zu after, left %d\n";

int singleTask(sycl::queue &Q) {
  int *Count = sycl::malloc_shared<int>(2, Q);
  auto Got = capture([&] {
    Q.single_task([=] {
      Count[0] = sycl::ext::oneapi::experimental::printf(
          Scalars, -42, 4000000000u, -9000000000L, 255, 'z', "text", 1.5f, 0.25,
          12345.678, 7, -3);
      Count[1] = sycl::ext::oneapi::experimental::printf(NoArguments);
    });
  });
  std::string Want =
      "int -42, unsigned 4000000000, long -9000000000, hex 0xff, char z, "
      "string text, float 1.50, double 0.25, exp 1.235e+04, padded [    "
      "7|-3  ], percent %\nno arguments\n";
  int Failures = expectText("single_task", Got.Out, Want);
  Failures +=
      expectText("printf's return values",
                 std::to_string(Count[0]) + " " + std::to_string(Count[1]),
                 std::to_string(Want.size() - std::strlen(NoArguments)) + " " +
                     std::to_string(std::strlen(NoArguments)));
  sycl::free(Count, Q);
  return Failures;
}

int rangeKernel(sycl::queue &Q) {
  constexpr size_t N = 37;
  auto Got = capture([&] {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::item<1> It) {
      sycl::ext::oneapi::experimental::printf(Item, It.get_id(0),
                                              It.get_range(0));
    });
  });
  std::vector<std::string> Want;
  for (size_t I = 0; I < N; ++I)
    Want.push_back("item " + std::to_string(I) + " of " + std::to_string(N));
  return expectLines("range kernel", Got.Out, Want);
}

int ndRangeKernel(sycl::queue &Q) {
  constexpr size_t Global = 24, Local = 8;
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::local_accessor<int> Ids(Local, CGH);
      CGH.parallel_for(sycl::nd_range<1>(Global, Local),
                       [=](sycl::nd_item<1> It) {
                         size_t G = It.get_group(0), L = It.get_local_id(0);
                         sycl::ext::oneapi::experimental::printf(Before, G, L);
                         Ids[L] = int(L);
                         sycl::group_barrier(It.get_group());
                         sycl::ext::oneapi::experimental::printf(
                             After, G, L, Ids[(L + Local - 1) % Local]);
                       });
    });
  });
  std::vector<std::string> Want;
  for (size_t G = 0; G < Global / Local; ++G)
    for (size_t L = 0; L < Local; ++L) {
      std::string At =
          "group " + std::to_string(G) + " local " + std::to_string(L);
      Want.push_back(At + " before");
      Want.push_back(At + " after, left " +
                     std::to_string((L + Local - 1) % Local));
    }
  return expectLines("nd-range kernel with a barrier", Got.Out, Want);
}

} // namespace

int main() {
  sycl::queue Q;
  int Failures = singleTask(Q) + rangeKernel(Q) + ndRangeKernel(Q);
  if (Failures)
    std::printf("%d check(s) failed\n", Failures);
  return Failures ? 1 : 0;
}
