//===- UnwindTest.cpp - Unwinding the work-items of a failed group --------===//
//
/// \file
/// When a library-only group fails, the fiber scheduler unwinds the
/// work-items waiting in it if the launch is Unwindable, and abandons them
/// otherwise. These tests cover the runtime's side: both choices, a kernel
/// that catches the unwinding exception and goes on, and barriers and
/// collectives reached from destructors while unwinding. (unittests/API/
/// UnwindTest.cpp checks the SYCL kernels' locals, with both compilers.)
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <atomic>
#include <exception>
#include <string>

using namespace lanes;
using namespace lanes::test;

namespace {

std::atomic<int> Constructed{0}, Destroyed{0};

/// A kernel local that counts itself.
struct Counted {
  Counted() { ++Constructed; }
  Counted(const Counted &) = delete;
  Counted &operator=(const Counted &) = delete;
  ~Counted() { ++Destroyed; }
};

class Unwinding : public ::testing::Test {
protected:
  void SetUp() override { Constructed = Destroyed = 0; }
};

/// Work-item 0 returns while the others wait at a barrier: errc::runtime.
void expectPartialBarrierError(const rt::LaunchDesc &D) {
  sycl::exception E = catchSyclError([&] { rt::launch(D); });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  EXPECT_NE(std::string(E.what()).find("reached by only 7 of 8"),
            std::string::npos)
      << E.what();
}

/// Runs a test once with an Unwindable launch, once without.
class UnwindOrAbandon : public Unwinding,
                        public ::testing::WithParamInterface<bool> {};

std::string unwoundOrAbandoned(const ::testing::TestParamInfo<bool> &Info) {
  return Info.param ? "Unwound" : "Abandoned";
}

TEST_P(UnwindOrAbandon, LocalsOfWaitingWorkItems) {
  // Without Unwindable the entry may not let the exception pass (compiled
  // by lanes++, or noexcept): its waiting work-items are left as they are.
  auto Kernel = [] {
    Counted Local;
    if (__lanes_local_id(0) == 0)
      return;
    __lanes_barrier(LANES_FENCE_LOCAL, "unwind.cpp", 1);
  };
  rt::LaunchDesc D = libraryLaunch(Kernel, 1, {8, 1, 1}, {8, 1, 1});
  D.Unwindable = GetParam();
  expectPartialBarrierError(D);
  EXPECT_EQ(Constructed.load(), 8);
  EXPECT_EQ(Destroyed.load(), GetParam() ? 8 : 1);
}

TEST_F(Unwinding, KernelThatSwallowsItIsUnwoundWhenItReturns) {
  std::atomic<int> Resumed{0};
  auto Kernel = [&Resumed] {
    Counted Outer;
    if (__lanes_local_id(0) == 0)
      return;
    try {
      __lanes_barrier(LANES_FENCE_LOCAL, "unwind.cpp", 3);
    } catch (...) {
      ++Resumed;
    }
    // Goes on as if the barrier had completed; later waits return at once.
    Counted Inner;
    __lanes_barrier(LANES_FENCE_LOCAL, "unwind.cpp", 4);
  };
  expectPartialBarrierError(libraryLaunch(Kernel, 1, {8, 1, 1}, {8, 1, 1}));
  EXPECT_EQ(Resumed.load(), 7);
  EXPECT_EQ(Constructed.load(), 15);
  EXPECT_EQ(Destroyed.load(), 15);
}

TEST_F(Unwinding, BarriersAndCollectivesInDestructorsReturnAtOnce) {
  struct WaitsWhenUnwound {
    ~WaitsWhenUnwound() {
      if (std::uncaught_exceptions() == 0)
        return;
      __lanes_barrier(LANES_FENCE_LOCAL, "unwind.cpp", 5);
      // The group is gone: the caller gets its own operand back.
      if (__lanes_group_reduce_i32(LANES_OP_ADD, 3, "unwind.cpp", 6) == 3)
        ++Destroyed;
    }
  };
  auto Kernel = [] {
    WaitsWhenUnwound Local;
    ++Constructed;
    if (__lanes_local_id(0) == 0)
      return;
    __lanes_barrier(LANES_FENCE_LOCAL, "unwind.cpp", 7);
  };
  expectPartialBarrierError(libraryLaunch(Kernel, 1, {8, 1, 1}, {8, 1, 1}));
  EXPECT_EQ(Constructed.load(), 8);
  EXPECT_EQ(Destroyed.load(), 7);
}

/// Waits at a barrier `Depth` calls down, each frame with a stack array
/// (AddressSanitizer puts redzones around it) and a local to destroy.
__attribute__((noinline)) void waitDeepDown(int Depth) {
  char Small[24];
  volatile char *Write = Small;
  Write[Depth % sizeof(Small)] = 1;
  Counted Local;
  if (Depth == 0)
    __lanes_barrier(LANES_FENCE_LOCAL, "unwind.cpp", 8);
  else
    waitDeepDown(Depth - 1);
}

/// Writes every byte of a large stack array: in an AddressSanitizer build it
/// fails if the stack still holds the redzones of frames that never returned.
__attribute__((noinline)) int fillStack() {
  char Big[16384];
  volatile char *Write = Big;
  for (size_t I = 0; I < sizeof(Big); ++I)
    Write[I] = char(I);
  return Write[sizeof(Big) - 1];
}

TEST_P(UnwindOrAbandon, StoppedFibersLeaveCleanStacks) {
  // Unwound stacks are clean because the throw cleans them; abandoned ones
  // because the scheduler unpoisons them.
  auto Failing = [] {
    if (__lanes_local_id(0) == 0)
      return;
    waitDeepDown(40);
  };
  rt::LaunchDesc D = libraryLaunch(Failing, 1, {64, 1, 1}, {64, 1, 1});
  D.Unwindable = GetParam();
  for (int Round = 0; Round < 3; ++Round)
    catchSyclError([&] { rt::launch(D); });
  std::atomic<int> Sum{0};
  auto Reusing = [&Sum] {
    Sum += fillStack();
    __lanes_barrier(LANES_FENCE_LOCAL, "unwind.cpp", 9);
    Sum += fillStack();
  };
  rt::launch(libraryLaunch(Reusing, 1, {64, 1, 1}, {64, 1, 1}));
  EXPECT_EQ(Sum.load(), 128 * int(char(16383)));
}

INSTANTIATE_TEST_SUITE_P(Unwinding, UnwindOrAbandon,
                         ::testing::Values(true, false), unwoundOrAbandoned);

} // namespace
