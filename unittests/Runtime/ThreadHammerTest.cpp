//===- ThreadHammerTest.cpp - Concurrent launches from many host threads --===//
//
/// \file
/// launch() may be called from any host thread at any time. Several host
/// threads launch library-only and compiled kernels (some of them failing
/// on purpose) concurrently; every result must still be exact and every
/// failure must reach the thread whose launch failed.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

using namespace lanes;
using namespace lanes::test;

namespace {

/// Library-only: reverse each group's values through local memory.
/// Returns the number of wrong results.
size_t reverseInGroups(size_t Seed, size_t GroupSize, size_t NumGroups) {
  std::vector<size_t> Out(GroupSize * NumGroups, 0);
  size_t *Result = Out.data();
  auto Kernel = [Result, Seed] {
    auto *Local = static_cast<size_t *>(__lanes_local_memory());
    size_t Lid = __lanes_local_id(0), N = __lanes_local_size(0);
    size_t Gid = __lanes_group_id(0) * N + Lid;
    Local[Lid] = Seed + Gid;
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    Result[Gid] = Local[N - 1 - Lid];
  };
  rt::launch(libraryLaunch(Kernel, 1, {GroupSize * NumGroups, 1, 1},
                           {GroupSize, 1, 1}, GroupSize * sizeof(size_t)));
  size_t Wrong = 0;
  for (size_t G = 0; G < NumGroups; ++G)
    for (size_t I = 0; I < GroupSize; ++I)
      Wrong +=
          Out[G * GroupSize + I] != Seed + G * GroupSize + (GroupSize - 1 - I);
  return Wrong;
}

/// Compiled: each group sums its ids through loop-state scratch.
/// Returns the number of wrong results.
size_t sumInGroups(size_t Seed, size_t GroupSize, size_t NumGroups) {
  std::vector<size_t> Sums(NumGroups, 0);
  size_t *Result = Sums.data();
  auto WorkGroup = [Result, Seed](lanes_wg_ctx *Ctx) {
    size_t N = Ctx->local_size[0];
    auto *State =
        static_cast<size_t *>(__lanes_loop_state(Ctx, N * sizeof(size_t)));
    for (size_t I = 0; I < N; ++I)
      State[I] = Seed + Ctx->group_id[0] * N + I;
    size_t Sum = 0;
    for (size_t I = 0; I < N; ++I)
      Sum += State[I];
    Result[Ctx->group_id[0]] = Sum;
  };
  rt::launch(compiledLaunch(WorkGroup, 1, {GroupSize * NumGroups, 1, 1},
                            {GroupSize, 1, 1}));
  size_t Wrong = 0;
  for (size_t G = 0; G < NumGroups; ++G) {
    size_t First = Seed + G * GroupSize, Last = First + GroupSize - 1;
    Wrong += Sums[G] != (First + Last) * GroupSize / 2;
  }
  return Wrong;
}

/// A launch that must fail with errc::runtime; returns 1 if it did not.
size_t partialBarrier() {
  auto Kernel = [] {
    if (__lanes_local_id(0) == 0)
      return;
    __lanes_barrier(LANES_FENCE_LOCAL, "hammer.cpp", 1);
  };
  try {
    rt::launch(libraryLaunch(Kernel, 1, {64, 1, 1}, {16, 1, 1}));
  } catch (const sycl::exception &E) {
    return E.code() == sycl::errc::runtime ? 0 : 1;
  }
  return 1;
}

TEST(ThreadHammer, ConcurrentLaunchesStayCorrect) {
  constexpr int HostThreads = 6, Rounds = 25;
  std::atomic<size_t> Wrong{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < HostThreads; ++T)
    Threads.emplace_back([T, &Wrong] {
      for (int R = 0; R < Rounds; ++R) {
        size_t Seed = size_t(T) * 1000003 + size_t(R) * 7919;
        size_t GroupSize = size_t(1) << ((T + R) % 8); // 1 .. 128
        switch ((T + R) % 3) {
        case 0:
          Wrong += reverseInGroups(Seed, GroupSize, 9);
          break;
        case 1:
          Wrong += sumInGroups(Seed, GroupSize * 3, 33);
          break;
        default:
          Wrong += partialBarrier();
          break;
        }
      }
    });
  for (std::thread &Thread : Threads)
    Thread.join();
  EXPECT_EQ(Wrong.load(), 0u);
}

} // namespace
