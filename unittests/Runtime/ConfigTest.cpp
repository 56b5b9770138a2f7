//===- ConfigTest.cpp - Environment settings and device queries -----------===//
//
/// \file
/// LANES_NUM_THREADS, LANES_CHECK and LANES_VERBOSE are read once per
/// process, so each setting is tested in a child process (a death-test
/// subprocess that re-executes this binary) with the variable set. The child
/// returns 0 when every check passed, otherwise the number of the first
/// failed check.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <omp.h>

#include <atomic>
#include <cstring>
#include <string>

using namespace lanes;
using namespace lanes::test;

namespace {

/// The OpenMP team size the groups of a compiled launch run in, or -1 when
/// groups disagree.
int teamSizeOfLaunch() {
  std::atomic<int> Size{0};
  auto WorkGroup = [&Size](lanes_wg_ctx *) {
    int Mine = omp_get_num_threads();
    int Expected = 0;
    if (!Size.compare_exchange_strong(Expected, Mine) && Expected != Mine)
      Size = -1;
  };
  rt::launch(compiledLaunch(WorkGroup, 1, {64, 1, 1}, {1, 1, 1}));
  return Size.load();
}

/// A library-only kernel where even and odd work-items use different
/// barriers: an error only in checked mode.
int runDivergentLibraryKernel() {
  std::atomic<int> Finished{0};
  auto Kernel = [&Finished] {
    if (__lanes_local_id(0) % 2)
      __lanes_barrier(LANES_FENCE_LOCAL, "odd.cpp", 1);
    else
      __lanes_barrier(LANES_FENCE_LOCAL, "even.cpp", 2);
    ++Finished;
  };
  try {
    rt::launch(libraryLaunch(Kernel, 1, {8, 1, 1}, {4, 1, 1}));
  } catch (const sycl::exception &) {
    return -1;
  }
  return Finished.load();
}

int checkedFlagOfLaunch() {
  std::atomic<int> Checked{-1};
  auto WorkGroup = [&Checked](lanes_wg_ctx *Ctx) {
    Checked = int(Ctx->checked);
  };
  rt::launch(compiledLaunch(WorkGroup, 1, {1, 1, 1}, {1, 1, 1}));
  return Checked.load();
}

TEST(ConfigTest, LanesNumThreadsSetsTeamAndComputeUnits) {
  expectInChild({"LANES_NUM_THREADS=3"}, [] {
    if (rt::deviceInfo().MaxComputeUnits != 3)
      return 1;
    if (teamSizeOfLaunch() != 3)
      return 2;
    return 0;
  });
}

TEST(ConfigTest, OmpNumThreadsIsTheDefault) {
  expectInChild({"LANES_NUM_THREADS", "OMP_NUM_THREADS=2"}, [] {
    if (rt::deviceInfo().MaxComputeUnits != 2)
      return 1;
    return teamSizeOfLaunch() == 2 ? 0 : 2;
  });
}

TEST(ConfigTest, InvalidLanesNumThreadsWarnsOnceAndIsIgnored) {
  expectInChild({"LANES_NUM_THREADS=lots", "OMP_NUM_THREADS=2"}, [] {
    StderrCapture Capture;
    int Team1 = teamSizeOfLaunch(), Team2 = teamSizeOfLaunch();
    unsigned Units = rt::deviceInfo().MaxComputeUnits;
    std::string Err = Capture.finish();
    if (countOccurrences(Err, "ignoring LANES_NUM_THREADS='lots'") != 1)
      return 1;
    return Team1 == 2 && Team2 == 2 && Units == 2 ? 0 : 2;
  });
}

TEST(ConfigTest, CheckedModeIsOnByDefault) {
  expectInChild({"LANES_CHECK"}, [] {
    if (checkedFlagOfLaunch() != 1)
      return 1;
    return runDivergentLibraryKernel() == -1 ? 0 : 2;
  });
}

TEST(ConfigTest, LanesCheckZeroTurnsChecksOff) {
  expectInChild({"LANES_CHECK=0"}, [] {
    if (checkedFlagOfLaunch() != 0)
      return 1;
    // Unchecked, the mismatched barriers release together.
    return runDivergentLibraryKernel() == 8 ? 0 : 2;
  });
}

TEST(ConfigTest, LanesCheckOneKeepsChecksOn) {
  expectInChild({"LANES_CHECK=1"},
                [] { return checkedFlagOfLaunch() == 1 ? 0 : 1; });
}

TEST(ConfigTest, NoGroupStartsAfterAnError) {
  // One thread makes the order deterministic: group 0 fails, its run ends
  // there, and the scheduler must not hand out the other 999.
  expectInChild({"LANES_NUM_THREADS=1"}, [] {
    std::atomic<int> Groups{0};
    auto WorkGroup = [&Groups](lanes_wg_ctx *Ctx) {
      ++Groups;
      __lanes_divergent_barrier(Ctx, "barrier at stop.cpp:1", "kernel exit");
      return true; // the run ends with the report
    };
    try {
      rt::launch(compiledLaunch(WorkGroup, 1, {1000, 1, 1}, {1, 1, 1}));
    } catch (const sycl::exception &) {
      return Groups.load() == 1 ? 0 : 1;
    }
    return 2;
  });
}

/// Kernel types with recognisable names for the verbose output.
struct VerboseLibraryKernel {
  void operator()() const {}
};
struct VerboseCompiledKernel {
  void operator()(lanes_wg_ctx *) const {}
};

TEST(ConfigTest, VerbosePrintsOncePerKernel) {
  expectInChild({"LANES_VERBOSE=1"}, [] {
    StderrCapture Capture;
    VerboseLibraryKernel Library;
    VerboseCompiledKernel Compiled;
    for (int I = 0; I < 3; ++I) {
      rt::launch(libraryLaunch(Library, 2, {8, 6, 1}, {4, 3, 1}));
      rt::launch(compiledLaunch(Compiled, 1, {16, 1, 1}, {8, 1, 1}));
    }
    std::string Err = Capture.finish();
    if (countOccurrences(Err, "lanes: kernel") != 2)
      return 1;
    if (countOccurrences(Err, "lanes: kernel '(anonymous namespace)::"
                              "VerboseLibraryKernel': library-only (one fiber "
                              "per work-item); nd-range global {6,8} local "
                              "{3,4}") != 1)
      return 2;
    if (countOccurrences(Err, "lanes: kernel '(anonymous namespace)::"
                              "VerboseCompiledKernel': compiled work-group "
                              "function; nd-range global {16} local {8}") != 1)
      return 3;
    return 0;
  });
}

TEST(ConfigTest, QuietWithoutVerbose) {
  expectInChild({"LANES_VERBOSE"}, [] {
    StderrCapture Capture;
    VerboseLibraryKernel Library;
    rt::launch(libraryLaunch(Library, 1, {8, 1, 1}, {4, 1, 1}));
    return Capture.finish().empty() ? 0 : 1;
  });
}

TEST(DeviceInfo, DescribesTheCpuDevice) {
  const rt::DeviceInfo &Info = rt::deviceInfo();
  EXPECT_EQ(std::string(Info.Name).rfind("Lanes CPU (", 0), 0u) << Info.Name;
  EXPECT_EQ(Info.Name[std::strlen(Info.Name) - 1], ')');
  EXPECT_STREQ(Info.Vendor, "Lanes");
  EXPECT_GE(Info.MaxComputeUnits, 1u);
  EXPECT_EQ(Info.MaxWorkGroupSize, 8192u);
  for (size_t Size : Info.MaxWorkItemSizes)
    EXPECT_EQ(Size, 8192u);
  EXPECT_EQ(Info.LocalMemSize, size_t(1) << 20);
  EXPECT_GT(Info.GlobalMemSize, size_t(1) << 20);
  EXPECT_EQ(&Info, &rt::deviceInfo()) << "computed once";
}

TEST(DeviceInfo, ComputeUnitsMatchOpenMPWithoutOverride) {
  if (std::getenv("LANES_NUM_THREADS"))
    GTEST_SKIP() << "LANES_NUM_THREADS is set";
  EXPECT_EQ(int(rt::deviceInfo().MaxComputeUnits), omp_get_max_threads());
}

struct DemangledName {};

TEST(Demangle, TypeNamesAreReadableAndCached) {
  const char *Name = rt::demangle(typeid(DemangledName).name());
  EXPECT_STREQ(Name, "(anonymous namespace)::DemangledName");
  EXPECT_EQ(Name, rt::demangle(typeid(DemangledName).name()));
}

TEST(Demangle, FallsBackToTheInput) {
  EXPECT_STREQ(rt::demangle("not a mangled name!"), "not a mangled name!");
  EXPECT_NE(rt::demangle(nullptr), nullptr);
}

TEST(Demangle, IgnoresGccInternalLinkageMarker) {
  EXPECT_STREQ(rt::demangle("*N12_GLOBAL__N_13FooE"),
               "(anonymous namespace)::Foo");
}

} // namespace
