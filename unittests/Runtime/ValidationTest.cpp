//===- ValidationTest.cpp - nd-ranges the device cannot run ---------------===//
//
/// \file
/// launch() must refuse, before running anything, every nd-range the device
/// cannot run, with the errc SYCL prescribes and a message that names the
/// kernel (demangled), the offending sizes in the user's SYCL dimension
/// numbering, and the limit.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <atomic>
#include <string>

using namespace lanes;
using namespace lanes::test;

namespace {

/// A kernel type with a recognisable name; counts the work-items it runs.
struct NamedValidationKernel {
  std::atomic<int> *Runs;
  void operator()() const { ++*Runs; }
};

/// Launches NamedValidationKernel on the given nd-range, expects `Code`
/// and that nothing ran, and returns the message.
std::string expectRefused(sycl::errc Code, int Dims, Sizes Global, Sizes Local,
                          size_t LocalMemBytes = 0) {
  std::atomic<int> Runs{0};
  NamedValidationKernel Kernel{&Runs};
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Kernel, Dims, Global, Local, LocalMemBytes));
  });
  EXPECT_EQ(E.code(), Code) << E.what();
  EXPECT_EQ(Runs.load(), 0) << "a refused launch ran work-items";
  std::string What = E.what();
  EXPECT_NE(What.find("kernel '(anonymous namespace)::NamedValidationKernel'"),
            std::string::npos)
      << What;
  return What;
}

void expectContains(const std::string &What, const std::string &Part) {
  EXPECT_NE(What.find(Part), std::string::npos)
      << "'" << Part << "' missing in: " << What;
}

TEST(Validation, GlobalNotDivisibleByLocal) {
  std::string What =
      expectRefused(sycl::errc::nd_range, 1, {1000, 1, 1}, {64, 1, 1});
  expectContains(What, "global size 1000 in dimension 0 is not divisible by "
                       "local size 64 (errc::nd_range)");
}

TEST(Validation, DimensionsAreNumberedTheSyclWay) {
  // OpenCL dimension 1 is SYCL dimension 0 of a 2-D range.
  std::string What =
      expectRefused(sycl::errc::nd_range, 2, {10, 12, 1}, {5, 5, 1});
  expectContains(What, "global size 12 in dimension 0 is not divisible by "
                       "local size 5");
  What = expectRefused(sycl::errc::nd_range, 3, {7, 4, 4}, {2, 2, 2});
  expectContains(What, "global size 7 in dimension 2");
}

TEST(Validation, ZeroGlobalSizeRunsNothing) {
  // SYCL 2020 rejects only a non-zero index space; an empty one is legal.
  std::atomic<int> Runs{0};
  NamedValidationKernel Kernel{&Runs};
  rt::launch(libraryLaunch(Kernel, 2, {8, 0, 1}, {4, 1, 1}));
  rt::launch(libraryLaunch(Kernel, 1, {0, 1, 1}, {16, 1, 1}));
  EXPECT_EQ(Runs.load(), 0);
  // Its local size is still checked.
  expectContains(expectRefused(sycl::errc::nd_range, 2, {0, 8, 1}, {0, 8, 1}),
                 "local size in dimension 1 is 0");
}

TEST(Validation, MoreThan2To64WorkItems) {
  // 2^32 x 2^32 work-items in groups of 256: 2^56 groups, which do not
  // overflow, but the work-item count does.
  size_t Half = size_t(1) << 32;
  expectContains(
      expectRefused(sycl::errc::nd_range, 2, {Half, Half, 1}, {256, 1, 1}),
      "global size {4294967296,4294967296} has more than 2^64 work-items");
}

TEST(Validation, ZeroLocalSize) {
  expectContains(expectRefused(sycl::errc::nd_range, 1, {8, 1, 1}, {0, 1, 1}),
                 "local size in dimension 0 is 0");
}

TEST(Validation, LocalSizeAboveTheDimensionLimit) {
  size_t Limit = rt::deviceInfo().MaxWorkItemSizes[0];
  std::string What = expectRefused(sycl::errc::nd_range, 1,
                                   {2 * (Limit + 1), 1, 1}, {Limit + 1, 1, 1});
  expectContains(What, "local size " + std::to_string(Limit + 1) +
                           " in dimension 0 exceeds the device limit " +
                           std::to_string(Limit));
}

TEST(Validation, WorkGroupAboveTheTotalLimit) {
  std::string What =
      expectRefused(sycl::errc::nd_range, 2, {128, 128, 1}, {128, 128, 1});
  expectContains(What, "work-group size 16384 (local size {128,128}) exceeds "
                       "the device limit " +
                           std::to_string(rt::deviceInfo().MaxWorkGroupSize));
}

TEST(Validation, TooMuchLocalMemory) {
  size_t Limit = rt::deviceInfo().LocalMemSize;
  std::string What = expectRefused(sycl::errc::memory_allocation, 1, {8, 1, 1},
                                   {8, 1, 1}, Limit + 1);
  expectContains(What, "requests " + std::to_string(Limit + 1) +
                           " bytes of local memory, the device limit is " +
                           std::to_string(Limit) + " bytes");
}

TEST(Validation, BadDimensionCount) {
  expectContains(expectRefused(sycl::errc::nd_range, 4, {1, 1, 1}, {1, 1, 1}),
                 "nd-range has 4 dimensions");
  expectContains(expectRefused(sycl::errc::nd_range, 1, {4, 2, 1}, {4, 1, 1}),
                 "unused dimension 1");
}

TEST(Validation, LimitsThemselvesAreAccepted) {
  const rt::DeviceInfo &Device = rt::deviceInfo();
  std::atomic<int> Runs{0};
  NamedValidationKernel Kernel{&Runs};
  size_t Max = Device.MaxWorkGroupSize;
  rt::launch(
      libraryLaunch(Kernel, 1, {Max, 1, 1}, {Max, 1, 1}, Device.LocalMemSize));
  EXPECT_EQ(Runs.load(), int(Max));
}

} // namespace
