//===- BarrierTest.cpp - Library-only barriers and local memory -----------===//
//
/// \file
/// The fiber scheduler: local memory shared by the work-items of a group and
/// private to it, barriers (also in loops, in every group size the device
/// allows), and the errors a broken kernel must get instead of a hang or a
/// crash: a barrier only some work-items reach, different barriers in
/// checked mode, an exception thrown by a work-item.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

using namespace lanes;
using namespace lanes::test;

namespace {

bool checkedModeDisabled() {
  const char *Check = std::getenv("LANES_CHECK");
  return Check && std::strcmp(Check, "0") == 0;
}

/// Each work-item writes its value to local memory, waits at a barrier and
/// reads its right neighbour's: wrong unless the barrier waits for all and
/// the group's work-items share local memory that no other group touches.
void runNeighbourExchange(size_t GroupSize, size_t NumGroups) {
  std::vector<uint64_t> Out(GroupSize * NumGroups, 0);
  uint64_t *Result = Out.data();
  auto Kernel = [Result] {
    size_t Lid = localLinearId(), N = localLinearSize();
    auto *Local = static_cast<uint64_t *>(__lanes_local_memory());
    uint64_t Group = groupLinearId();
    Local[Lid] = Group * 100000 + Lid;
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    Result[Group * N + Lid] = Local[(Lid + 1) % N];
  };
  rt::launch(libraryLaunch(Kernel, 1, {GroupSize * NumGroups, 1, 1},
                           {GroupSize, 1, 1}, GroupSize * sizeof(uint64_t)));
  size_t Wrong = 0;
  for (size_t G = 0; G < NumGroups; ++G)
    for (size_t I = 0; I < GroupSize; ++I)
      Wrong += Out[G * GroupSize + I] != G * 100000 + (I + 1) % GroupSize;
  EXPECT_EQ(Wrong, 0u) << "group size " << GroupSize;
}

class BarrierGroupSizeTest : public ::testing::TestWithParam<size_t> {};

TEST_P(BarrierGroupSizeTest, NeighbourExchangeThroughLocalMemory) {
  size_t GroupSize = GetParam();
  runNeighbourExchange(GroupSize, GroupSize >= 4096 ? 2 : 16);
}

INSTANTIATE_TEST_SUITE_P(Sizes, BarrierGroupSizeTest,
                         ::testing::Values(1, 2, 7, 13, 64, 4096, 8192));

TEST(Barrier, TwoDimensionalGroupSharesLocalMemory) {
  // Group (4,3) in OpenCL order; the transpose-like read crosses rows.
  std::vector<int> Out(8 * 6, -1);
  int *Result = Out.data();
  auto Kernel = [Result] {
    int *Local = static_cast<int *>(__lanes_local_memory());
    size_t X = __lanes_local_id(0), Y = __lanes_local_id(1);
    Local[Y * 4 + X] = int(groupLinearId() * 100 + Y * 4 + X);
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    size_t GX = __lanes_group_id(0) * 4 + X, GY = __lanes_group_id(1) * 3 + Y;
    Result[GY * 8 + GX] = Local[(2 - Y) * 4 + (3 - X)];
  };
  rt::launch(libraryLaunch(Kernel, 2, {8, 6, 1}, {4, 3, 1}, 12 * sizeof(int)));
  for (int GY = 0; GY < 6; ++GY)
    for (int GX = 0; GX < 8; ++GX) {
      int Group = (GY / 3) * 2 + GX / 4, X = GX % 4, Y = GY % 3;
      EXPECT_EQ(Out[GY * 8 + GX], Group * 100 + (2 - Y) * 4 + (3 - X))
          << "at (" << GX << "," << GY << ")";
    }
}

TEST(Barrier, TreeReductionWithBarrierInLoop) {
  constexpr size_t GroupSize = 256, NumGroups = 8;
  std::vector<long> Sums(NumGroups, 0);
  long *Result = Sums.data();
  auto Kernel = [Result] {
    long *Local = static_cast<long *>(__lanes_local_memory());
    size_t Lid = __lanes_local_id(0);
    Local[Lid] = long(__lanes_group_id(0) * GroupSize + Lid);
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    for (size_t Stride = GroupSize / 2; Stride > 0; Stride /= 2) {
      if (Lid < Stride)
        Local[Lid] += Local[Lid + Stride];
      __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    }
    if (Lid == 0)
      Result[__lanes_group_id(0)] = Local[0];
  };
  rt::launch(libraryLaunch(Kernel, 1, {GroupSize * NumGroups, 1, 1},
                           {GroupSize, 1, 1}, GroupSize * sizeof(long)));
  for (size_t G = 0; G < NumGroups; ++G) {
    long First = long(G * GroupSize), Last = First + long(GroupSize) - 1;
    EXPECT_EQ(Sums[G], (First + Last) * long(GroupSize) / 2) << "group " << G;
  }
}

TEST(Barrier, RotationRepeatedInALoop) {
  // Ten rounds of "read left neighbour, barrier, write, barrier": after k
  // rounds work-item i holds the value that started at i - k.
  constexpr size_t N = 37, Rounds = 10;
  std::vector<size_t> Out(N * 3, 0);
  size_t *Result = Out.data();
  auto Kernel = [Result] {
    auto *Local = static_cast<size_t *>(__lanes_local_memory());
    size_t Lid = __lanes_local_id(0);
    Local[Lid] = Lid;
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    for (size_t R = 0; R < Rounds; ++R) {
      size_t Left = Local[(Lid + N - 1) % N];
      __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
      Local[Lid] = Left;
      __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    }
    Result[__lanes_group_id(0) * N + Lid] = Local[Lid];
  };
  rt::launch(
      libraryLaunch(Kernel, 1, {N * 3, 1, 1}, {N, 1, 1}, N * sizeof(size_t)));
  for (size_t I = 0; I < N * 3; ++I)
    EXPECT_EQ(Out[I], (I % N + N - Rounds % N) % N) << "work-item " << I;
}

TEST(LocalMemory, AlignedAndNonNullEvenWhenNoneRequested) {
  std::atomic<int> Bad{0};
  auto Kernel = [&Bad] {
    auto Address = reinterpret_cast<uintptr_t>(__lanes_local_memory());
    if (Address == 0 || Address % 64 != 0)
      ++Bad;
  };
  rt::launch(libraryLaunch(Kernel, 1, {64, 1, 1}, {8, 1, 1}, 0));
  rt::launch(libraryLaunch(Kernel, 1, {64, 1, 1}, {8, 1, 1}, 100));
  EXPECT_EQ(Bad.load(), 0);
}

TEST(LocalMemory, DeviceMaximumIsUsable) {
  size_t Bytes = rt::deviceInfo().LocalMemSize;
  std::atomic<int> Bad{0};
  auto Kernel = [&Bad, Bytes] {
    auto *Local = static_cast<unsigned char *>(__lanes_local_memory());
    size_t Lid = __lanes_local_id(0), N = __lanes_local_size(0);
    for (size_t I = Lid; I < Bytes; I += N)
      Local[I] = static_cast<unsigned char>(I * 7 + __lanes_group_id(0));
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    for (size_t I = (Lid + 1) % N; I < Bytes; I += N)
      if (Local[I] != static_cast<unsigned char>(I * 7 + __lanes_group_id(0)))
        ++Bad;
  };
  rt::launch(libraryLaunch(Kernel, 1, {32, 1, 1}, {4, 1, 1}, Bytes));
  EXPECT_EQ(Bad.load(), 0);
}

TEST(BarrierErrors, SomeWorkItemsFinishWhileOthersWait) {
  auto Kernel = [] {
    if (__lanes_local_id(0) < 3)
      return;
    __lanes_barrier(LANES_FENCE_LOCAL, "partial.cpp", 42);
  };
  rt::LaunchDesc D = libraryLaunch(Kernel, 1, {16, 1, 1}, {8, 1, 1});
  sycl::exception E = catchSyclError([&] { rt::launch(D); });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  std::string What = E.what();
  EXPECT_NE(What.find(rt::demangle(D.KernelName)), std::string::npos) << What;
  EXPECT_NE(What.find("barrier at partial.cpp:42 reached by only 5 of 8 "
                      "work-items of work-group ("),
            std::string::npos)
      << What;
  EXPECT_NE(What.find("the others finished the kernel"), std::string::npos)
      << What;
}

TEST(BarrierErrors, LaterWorkItemsFinishWhileEarlierWaitInSecondPhase) {
  // The first barrier is complete; at the second, the last work-item has
  // already returned. Also: the waiting work-items hold a local with a
  // destructor when their group is unwound.
  struct WithDestructor {
    volatile int Value = 1;
    ~WithDestructor() { Value = 0; }
  };
  auto Kernel = [] {
    WithDestructor Local;
    __lanes_barrier(LANES_FENCE_LOCAL, "phase.cpp", 1);
    if (__lanes_local_id(0) == __lanes_local_size(0) - 1)
      return;
    __lanes_barrier(LANES_FENCE_LOCAL, "phase.cpp", 2);
    Local.Value = 2;
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Kernel, 1, {12, 1, 1}, {6, 1, 1}));
  });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  EXPECT_NE(std::string(E.what()).find("phase.cpp:2 reached by only 5 of 6"),
            std::string::npos)
      << E.what();
}

TEST(BarrierErrors, GroupIdInMessageUsesSyclOrder) {
  // Only group (OpenCL) x=1, y=0 misbehaves: SYCL order prints "(0,1)".
  auto Kernel = [] {
    if (__lanes_group_id(0) == 1 && __lanes_group_id(1) == 0 &&
        __lanes_local_id(0) == 0)
      return;
    __lanes_barrier(LANES_FENCE_LOCAL, "order.cpp", 3);
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Kernel, 2, {4, 4, 1}, {2, 2, 1}));
  });
  EXPECT_NE(std::string(E.what()).find("work-group (0,1)"), std::string::npos)
      << E.what();
}

TEST(BarrierErrors, DifferentBarriersInCheckedMode) {
  if (checkedModeDisabled())
    GTEST_SKIP() << "LANES_CHECK=0 in the environment";
  auto Kernel = [] {
    if (__lanes_local_id(0) % 2 == 0)
      __lanes_barrier(LANES_FENCE_LOCAL, "diverge.cpp", 10);
    else
      __lanes_barrier(LANES_FENCE_LOCAL, "diverge.cpp", 20);
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Kernel, 1, {8, 1, 1}, {4, 1, 1}));
  });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  std::string What = E.what();
  EXPECT_NE(What.find("different barriers"), std::string::npos) << What;
  EXPECT_NE(What.find("diverge.cpp:10"), std::string::npos) << What;
  EXPECT_NE(What.find("diverge.cpp:20"), std::string::npos) << What;
  EXPECT_NE(What.find("work-group ("), std::string::npos) << What;
}

TEST(BarrierErrors, SameBarrierNamedThroughDifferentPointersIsFine) {
  static const char FileA[] = "same.cpp";
  static const char FileB[] = "same.cpp";
  std::atomic<int> Done{0};
  auto Kernel = [&Done] {
    __lanes_barrier(LANES_FENCE_LOCAL, __lanes_local_id(0) ? FileA : FileB, 5);
    ++Done;
  };
  rt::launch(libraryLaunch(Kernel, 1, {8, 1, 1}, {4, 1, 1}));
  EXPECT_EQ(Done.load(), 8);
}

TEST(WorkItemExceptions, PropagateFromLaunch) {
  auto Kernel = [] {
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    if (__lanes_group_id(0) == 3 && __lanes_local_id(0) == 5)
      throw std::runtime_error("work-item 5 of group 3 failed");
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
  };
  EXPECT_THROW(
      {
        try {
          rt::launch(libraryLaunch(Kernel, 1, {64, 1, 1}, {8, 1, 1}));
        } catch (const std::runtime_error &E) {
          EXPECT_STREQ(E.what(), "work-item 5 of group 3 failed");
          throw;
        }
      },
      std::runtime_error);
}

class StoppedGroupsTest : public ::testing::TestWithParam<bool> {};

TEST_P(StoppedGroupsTest, RuntimeIsUsableAfterStoppedGroups) {
  // Several failing launches unwind (or abandon) suspended fibers; their
  // stacks must come back, once each, so that a large barrier launch
  // afterwards still works.
  auto Failing = [] {
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    if (__lanes_local_id(0) == 100)
      throw 42;
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
  };
  rt::LaunchDesc D = libraryLaunch(Failing, 1, {1024, 1, 1}, {512, 1, 1});
  D.Unwindable = GetParam();
  for (int I = 0; I < 5; ++I)
    EXPECT_THROW(rt::launch(D), int);
  runNeighbourExchange(512, 8);
}

INSTANTIATE_TEST_SUITE_P(WorkItemExceptions, StoppedGroupsTest,
                         ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool> &Info) {
                           return Info.param ? "Unwound" : "Abandoned";
                         });

TEST(BarrierDeathTest, OutsideAnyKernelAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(__lanes_barrier(LANES_FENCE_LOCAL, "outside.cpp", 7),
               "__lanes_barrier \\(at outside.cpp:7\\) called outside a "
               "library-only work-item");
}

TEST(BarrierDeathTest, FromACompiledWorkGroupFunctionAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto WorkGroup = [](lanes_wg_ctx *) {
    __lanes_barrier(LANES_FENCE_LOCAL, "indirect.cpp", 9);
  };
  EXPECT_DEATH(rt::launch(compiledLaunch(WorkGroup, 1, {4, 1, 1}, {4, 1, 1})),
               "indirect call in a compiled kernel is not supported");
}

TEST(NestedLaunch, FromInsideAKernelIsARuntimeError) {
  auto Inner = [] {};
  auto Outer = [&Inner] {
    rt::launch(libraryLaunch(Inner, 1, {1, 1, 1}, {1, 1, 1}));
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Outer, 1, {2, 1, 1}, {2, 1, 1}));
  });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  EXPECT_NE(std::string(E.what()).find("kernels cannot launch kernels"),
            std::string::npos)
      << E.what();
}

} // namespace
