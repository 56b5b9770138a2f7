//===- CompiledPathTest.cpp - Hand-made compiled work-group functions -----===//
//
/// \file
/// The ABI side of the runtime (lanes/abi.h) as the Lanes compiler uses it:
/// one call per run of work-groups along dimension 0, each group with a
/// filled lanes_wg_ctx (RuntimeTestUtils.h, workGroupOf), loop-state scratch
/// from __lanes_loop_state, and __lanes_divergent_barrier turning into an
/// exception once the launch ends.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <omp.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>

using namespace lanes;
using namespace lanes::test;

namespace {

bool aligned64(const void *Ptr) {
  return reinterpret_cast<uintptr_t>(Ptr) % 64 == 0;
}

TEST(CompiledPath, EveryGroupOnceWithAFilledContext) {
  // 84 groups: with 1 or 2 threads the runs the threads take (a tenth or a
  // sixteenth of them) do not divide them evenly, and cross rows and planes.
  constexpr size_t NG[3] = {3, 4, 7}, L[3] = {2, 3, 4};
  constexpr size_t LocalBytes = 1000, Groups = NG[0] * NG[1] * NG[2];
  std::unique_ptr<std::atomic<int>[]> Calls(new std::atomic<int>[Groups]());
  std::atomic<int> BadCtx{0};
  bool WantChecked = !(std::getenv("LANES_CHECK") &&
                       std::strcmp(std::getenv("LANES_CHECK"), "0") == 0);
  auto WorkGroup = [&](lanes_wg_ctx *Ctx) {
    bool Ok = Ctx->runtime != nullptr && Ctx->local_memory != nullptr &&
              aligned64(Ctx->local_memory) &&
              (Ctx->checked != 0) == WantChecked;
    for (int Dim = 0; Dim < 3; ++Dim)
      Ok = Ok && Ctx->num_groups[Dim] == NG[Dim] &&
           Ctx->local_size[Dim] == L[Dim] && Ctx->group_id[Dim] < NG[Dim];
    if (!Ok) {
      ++BadCtx;
      return;
    }
    // The whole requested local memory is writable.
    std::memset(Ctx->local_memory, 0xab, LocalBytes);
    Calls[(Ctx->group_id[2] * NG[1] + Ctx->group_id[1]) * NG[0] +
          Ctx->group_id[0]]++;
  };
  rt::launch(compiledLaunch(WorkGroup, 3,
                            {NG[0] * L[0], NG[1] * L[1], NG[2] * L[2]},
                            {L[0], L[1], L[2]}, LocalBytes));
  EXPECT_EQ(BadCtx.load(), 0);
  for (size_t G = 0; G < Groups; ++G)
    EXPECT_EQ(Calls[G].load(), 1) << "group " << G;
}

TEST(CompiledPath, GroupsOfARowShareACall) {
  // 1000 groups in one row: the runtime splits them among its threads in
  // chunks (about 8 a thread), and hands each chunk to one call.
  std::atomic<uint64_t> Calls{0}, Groups{0};
  auto Run = [&](lanes_wg_ctx *, uint64_t Count) {
    ++Calls;
    Groups += Count;
  };
  using RunFn = decltype(Run);
  rt::LaunchDesc D = describeLaunch(Run, 1, {1000, 1, 1}, {1, 1, 1}, 0);
  D.Entry = &unreachableEntry;
  D.WorkGroupFn = [](const void *Object, lanes_wg_ctx *Ctx, uint64_t Count) {
    (*static_cast<const RunFn *>(Object))(Ctx, Count);
  };
  rt::launch(D);
  EXPECT_EQ(Groups.load(), 1000u);
  EXPECT_LE(Calls.load(), 2u * 8 * rt::deviceInfo().MaxComputeUnits + 2);
}

/// Runs a compiled launch of \p Groups one-item groups in one row and
/// returns 0 when every group ran exactly once in a team of \p Team
/// threads, else the number of the first failed check.
int everyGroupOnceInATeamOf(size_t Groups, int Team) {
  std::unique_ptr<std::atomic<int>[]> Calls(new std::atomic<int>[Groups]());
  std::atomic<int> WrongTeam{0};
  auto WorkGroup = [&](lanes_wg_ctx *Ctx) {
    if (omp_get_num_threads() != Team)
      ++WrongTeam;
    Calls[Ctx->group_id[0]]++;
  };
  rt::launch(compiledLaunch(WorkGroup, 1, {Groups, 1, 1}, {1, 1, 1}));
  if (WrongTeam.load() != 0)
    return 1;
  for (size_t G = 0; G < Groups; ++G)
    if (Calls[G].load() != 1)
      return 2;
  return 0;
}

TEST(CompiledPath, EveryGroupOnceWhateverTheTeam) {
  // The runtime deals each thread a run of chunks and lets the others take
  // over what a thread leaves: 1001 groups (chunks of 41, the last one
  // short) among 3 threads, and 37 groups (a chunk each) among 5.
  expectInChild({"LANES_NUM_THREADS=3"},
                [] { return everyGroupOnceInATeamOf(1001, 3); });
  expectInChild({"LANES_NUM_THREADS=5"},
                [] { return everyGroupOnceInATeamOf(37, 5); });
  // OMP_THREAD_LIMIT gives 2 threads where 4 were asked for: the runs of
  // the two threads that never came are taken over whole.
  expectInChild({"LANES_NUM_THREADS=4", "OMP_THREAD_LIMIT=2"},
                [] { return everyGroupOnceInATeamOf(1001, 2); });
}

TEST(CompiledPath, ExceptionFromWorkGroupFunctionPropagates) {
  auto WorkGroup = [](lanes_wg_ctx *Ctx) {
    if (Ctx->group_id[0] == 6)
      throw std::logic_error("group 6");
  };
  EXPECT_THROW(rt::launch(compiledLaunch(WorkGroup, 1, {80, 1, 1}, {8, 1, 1})),
               std::logic_error);
}

TEST(LoopState, AlignedAndLargeForTheDeviceMaximum) {
  // 8192 work-items with 320 bytes of state each; the group's one request.
  constexpr size_t Big = 8192 * 320;
  std::atomic<int> Bad{0};
  auto WorkGroup = [&Bad](lanes_wg_ctx *Ctx) {
    auto *A = static_cast<char *>(__lanes_loop_state(Ctx, Big));
    if (!A || !aligned64(A)) {
      ++Bad;
      return;
    }
    std::memset(A, int(Ctx->group_id[0]), Big);
    if (A[Big - 1] != char(Ctx->group_id[0]) || A[0] != A[Big - 1])
      ++Bad;
  };
  rt::launch(compiledLaunch(WorkGroup, 1, {32, 1, 1}, {4, 1, 1}));
  EXPECT_EQ(Bad.load(), 0);
}

TEST(LoopState, ZeroBytesIsAlignedAndNotNull) {
  std::atomic<int> Bad{0};
  auto WorkGroup = [&Bad](lanes_wg_ctx *Ctx) {
    void *Z = __lanes_loop_state(Ctx, 0);
    Bad += !Z || !aligned64(Z);
  };
  rt::launch(compiledLaunch(WorkGroup, 1, {4, 1, 1}, {1, 1, 1}));
  EXPECT_EQ(Bad.load(), 0);
}

TEST(LoopState, ReusedAcrossGroupsAndLaunches) {
  // After its first group a thread hands out the same scratch again, so a
  // launch sees at most one address per worker thread.
  std::mutex Mutex;
  std::set<void *> Seen;
  auto WorkGroup = [&](lanes_wg_ctx *Ctx) {
    void *State = __lanes_loop_state(Ctx, 4096);
    std::lock_guard<std::mutex> Lock(Mutex);
    Seen.insert(State);
  };
  for (int Launch = 0; Launch < 3; ++Launch)
    rt::launch(compiledLaunch(WorkGroup, 1, {256, 1, 1}, {2, 1, 1}));
  EXPECT_GE(Seen.size(), 1u);
  // The calling thread may also take part in the region.
  EXPECT_LE(Seen.size(), size_t(rt::deviceInfo().MaxComputeUnits) + 1);
}

TEST(LoopState, GrowsWhenAGroupNeedsMore) {
  std::atomic<int> Bad{0};
  auto WorkGroup = [&Bad](lanes_wg_ctx *Ctx) {
    // Each group asks for more than all earlier ones.
    size_t Bytes = (Ctx->group_id[0] + 1) * 100000;
    auto *P = static_cast<unsigned char *>(__lanes_loop_state(Ctx, Bytes));
    if (!aligned64(P)) {
      ++Bad;
      return;
    }
    std::memset(P, int(Ctx->group_id[0]), Bytes);
    Bad += P[Bytes - 1] != (unsigned char)(Ctx->group_id[0]);
  };
  rt::launch(compiledLaunch(WorkGroup, 1, {16, 1, 1}, {1, 1, 1}));
  EXPECT_EQ(Bad.load(), 0);
}

TEST(DivergentBarrier, ReportedAfterTheLaunchNamingTheGroup) {
  auto WorkGroup = [](lanes_wg_ctx *Ctx) {
    if (Ctx->group_id[0] == 2 && Ctx->group_id[1] == 1)
      __lanes_divergent_barrier(Ctx, "barrier at k.cpp:12", "kernel exit");
  };
  rt::LaunchDesc D = compiledLaunch(WorkGroup, 2, {12, 8, 1}, {4, 4, 1});
  sycl::exception E = catchSyclError([&] { rt::launch(D); });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  std::string Expected = std::string("kernel '") + rt::demangle(D.KernelName) +
                         "': divergent barrier in work-group (1,2): some "
                         "work-items reached barrier at k.cpp:12, others "
                         "kernel exit";
  EXPECT_EQ(std::string(E.what()), Expected);
}

TEST(DivergentBarrier, FirstReportWins) {
  auto WorkGroup = [](lanes_wg_ctx *Ctx) {
    __lanes_divergent_barrier(Ctx, "barrier at a.cpp:1", "barrier at a.cpp:2");
    __lanes_divergent_barrier(Ctx, "second", "report");
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(compiledLaunch(WorkGroup, 1, {1, 1, 1}, {1, 1, 1}));
  });
  EXPECT_NE(std::string(E.what()).find("a.cpp:1"), std::string::npos);
  EXPECT_EQ(std::string(E.what()).find("second"), std::string::npos);
}

TEST(DivergentBarrier, LaunchesAfterAnErrorRunNormally) {
  std::atomic<int> Groups{0};
  auto Failing = [](lanes_wg_ctx *Ctx) {
    __lanes_divergent_barrier(Ctx, "x", "y");
  };
  auto Counting = [&Groups](lanes_wg_ctx *) { ++Groups; };
  EXPECT_THROW(rt::launch(compiledLaunch(Failing, 1, {8, 1, 1}, {1, 1, 1})),
               sycl::exception);
  rt::launch(compiledLaunch(Counting, 1, {64, 1, 1}, {1, 1, 1}));
  EXPECT_EQ(Groups.load(), 64);
}

} // namespace
