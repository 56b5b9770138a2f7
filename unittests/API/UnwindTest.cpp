//===- UnwindTest.cpp - A failed launch destroys every kernel local -------===//
//
// When a library-only launch fails (a barrier or collective only part of a
// group reaches, work-items at different barriers in checked mode, a
// work-item that throws), the work-items still waiting in their group are
// unwound: every local object they hold is destroyed, exactly once and as
// the work-item that made it, and the launch raises the same error as
// before. The kernels count their locals' constructions and destructions;
// they also hold a std::vector, which a leak checker reports if a work-item
// is abandoned instead. Built into APITests (the project's compiler, no
// plugin) and, as APIUnwindTests.gcc, with g++.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr size_t Global = 64, Local = 16;

std::atomic<long> Constructed{0}, Destroyed{0};
/// Constructions and destructions per global linear id, as the work-item
/// running the constructor or destructor sees itself.
std::atomic<int> ConstructedAs[Global], DestroyedAs[Global];

/// A kernel local with a non-trivial destructor. The destructor asks the
/// runtime which work-item runs it, so it also checks that an unwound
/// work-item is still the current one while its locals are destroyed.
class Counted {
public:
  explicit Counted(const sycl::nd_item<1> &It) : It(It) {
    ++ConstructedAs[It.get_global_linear_id()];
    ++Constructed;
  }
  Counted(const Counted &) = delete;
  Counted &operator=(const Counted &) = delete;
  ~Counted() {
    ++DestroyedAs[It.get_global_linear_id()];
    ++Destroyed;
  }

private:
  sycl::nd_item<1> It;
};

bool checksDisabled() {
  const char *Check = std::getenv("LANES_CHECK");
  return Check && std::strcmp(Check, "0") == 0;
}

/// Each test starts with fresh counters and ends with every local that was
/// made destroyed by the work-item that made it.
class UnwindTest : public ::testing::Test {
protected:
  void SetUp() override {
    Constructed = 0;
    Destroyed = 0;
    for (size_t I = 0; I < Global; ++I)
      ConstructedAs[I] = DestroyedAs[I] = 0;
    Out = sycl::malloc_shared<int>(Global, Q);
  }
  void TearDown() override { sycl::free(Out, Q); }

  void expectEveryLocalDestroyed() {
    EXPECT_GT(Constructed.load(), 0);
    EXPECT_EQ(Constructed.load(), Destroyed.load());
    for (size_t I = 0; I < Global; ++I)
      EXPECT_EQ(ConstructedAs[I].load(), DestroyedAs[I].load())
          << "work-item " << I;
  }

  /// Runs \p Submit, which must raise errc::runtime with \p Text.
  template <typename SubmitT>
  void expectRuntimeError(SubmitT Submit, const char *Text) {
    try {
      Submit();
      ADD_FAILURE() << "expected sycl::exception";
    } catch (const sycl::exception &E) {
      EXPECT_EQ(E.code(), sycl::errc::runtime) << E.what();
      EXPECT_NE(std::string(E.what()).find(Text), std::string::npos)
          << "'" << Text << "' missing from: " << E.what();
    }
  }

  sycl::queue Q;
  int *Out = nullptr;
};

/// A helper frame between the kernel and the barrier, with locals of its
/// own: unwinding must pass every frame.
void barrierHolding(const sycl::nd_item<1> &It) {
  Counted InHelper(It);
  std::vector<int> Scratch(32, 1);
  sycl::group_barrier(It.get_group());
  It.barrier();
}

TEST_F(UnwindTest, BarrierOnlyPartOfTheGroupReaches) {
  int *Result = Out;
  expectRuntimeError(
      [&] {
        Q.parallel_for<class PartialBarrierLocals>(
            sycl::nd_range<1>(Global, Local), [=](sycl::nd_item<1> It) {
              Counted InKernel(It);
              std::vector<int> Scratch(64, int(It.get_local_id(0)));
              if (It.get_local_id(0) < 3)
                barrierHolding(It);
              Result[It.get_global_id(0)] = Scratch[0];
            });
      },
      "reached by only 3 of 16");
  expectEveryLocalDestroyed();
}

TEST_F(UnwindTest, DifferentBarriersInCheckedMode) {
  if (checksDisabled())
    GTEST_SKIP() << "LANES_CHECK=0 in the environment";
  int *Result = Out;
  expectRuntimeError(
      [&] {
        Q.parallel_for<class DivergentBarrierLocals>(
            sycl::nd_range<1>(Global, Local), [=](sycl::nd_item<1> It) {
              Counted InKernel(It);
              std::vector<int> Scratch(64, 1);
              if (It.get_local_id(0) < 3)
                sycl::group_barrier(It.get_group());
              else
                sycl::group_barrier(It.get_group());
              Result[It.get_global_id(0)] = Scratch[0];
            });
      },
      "wait at different barriers");
  expectEveryLocalDestroyed();
}

TEST_F(UnwindTest, SecondBarrierOnlyPartOfTheGroupReaches) {
  // The first barrier completes, so the waiting fibers have been resumed
  // once before they are unwound.
  int *Result = Out;
  expectRuntimeError(
      [&] {
        Q.parallel_for<class SecondBarrierLocals>(
            sycl::nd_range<1>(Global, Local), [=](sycl::nd_item<1> It) {
              Counted First(It);
              sycl::group_barrier(It.get_group());
              if (It.get_local_id(0) == Local - 1)
                return;
              Counted Second(It);
              std::vector<int> Scratch(64, 2);
              sycl::group_barrier(It.get_group());
              Result[It.get_global_id(0)] = Scratch[0];
            });
      },
      "reached by only 15 of 16");
  expectEveryLocalDestroyed();
}

TEST_F(UnwindTest, CollectiveOnlyPartOfTheGroupReaches) {
  int *Result = Out;
  expectRuntimeError(
      [&] {
        Q.parallel_for<class PartialReduceLocals>(
            sycl::nd_range<1>(Global, Local), [=](sycl::nd_item<1> It) {
              Counted InKernel(It);
              std::vector<int> Scratch(64, 3);
              int Sum = 0;
              if (It.get_local_id(0) < 5)
                Sum = sycl::reduce_over_group(
                    It.get_group(), int(It.get_local_id(0)), sycl::plus<int>());
              Result[It.get_global_id(0)] = Sum + Scratch[0];
            });
      },
      "reached by only 5 of 16");
  expectEveryLocalDestroyed();
}

TEST_F(UnwindTest, ReductionKernelThrowsWhileOthersWait) {
  // The reducers' frames lie between the kernel and the entry too.
  int *Sum = Out;
  *Sum = 0;
  try {
    Q.parallel_for<class ThrowingReduction>(
        sycl::nd_range<1>(Global, Local),
        sycl::reduction(Sum, sycl::plus<int>()),
        [=](sycl::nd_item<1> It, auto &Total) {
          Counted InKernel(It);
          std::vector<int> Scratch(64, 6);
          if (It.get_global_id(0) == 37)
            throw std::runtime_error("work-item 37 failed");
          barrierHolding(It);
          Total += Scratch[0];
        });
    ADD_FAILURE() << "expected std::runtime_error";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(), "work-item 37 failed");
  }
  expectEveryLocalDestroyed();
}

TEST_F(UnwindTest, WorkItemThrowsWhileOthersWait) {
  int *Result = Out;
  try {
    Q.parallel_for<class ThrowingLocals>(
        sycl::nd_range<1>(Global, Local), [=](sycl::nd_item<1> It) {
          Counted InKernel(It);
          std::vector<int> Scratch(64, 4);
          if (It.get_global_id(0) == 21)
            throw std::runtime_error("work-item 21 failed");
          barrierHolding(It);
          Result[It.get_global_id(0)] = Scratch[0];
        });
    ADD_FAILURE() << "expected std::runtime_error";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(), "work-item 21 failed");
  }
  expectEveryLocalDestroyed();
}

TEST_F(UnwindTest, NoexceptKernelIsAbandonedNotTerminated) {
  // A noexcept kernel cannot be unwound (std::terminate), so its waiting
  // work-items are abandoned as before: the launch still just fails. The
  // local has no heap memory, so that a leak checker has nothing to report.
  auto Kernel = [](sycl::nd_item<1> It) noexcept {
    Counted InKernel(It);
    if (It.get_local_id(0) < 3)
      sycl::group_barrier(It.get_group());
  };
  expectRuntimeError(
      [&] {
        Q.parallel_for<class NoexceptLocals>(sycl::nd_range<1>(Global, Local),
                                             Kernel);
      },
      "reached by only 3 of 16");
  EXPECT_GE(Constructed.load(), Destroyed.load());
}

TEST_F(UnwindTest, QueueStillWorksAfterUnwinding) {
  // Every unwound fiber gives its stack back exactly once: a stack handed
  // out twice would corrupt the large barrier kernel that follows.
  constexpr size_t Big = 512;
  for (int Round = 0; Round < 4; ++Round)
    expectRuntimeError(
        [&] {
          Q.parallel_for<class LargeGroupLocals>(
              sycl::nd_range<1>(2 * Big, Big), [=](sycl::nd_item<1> It) {
                std::vector<int> Scratch(16, 5);
                sycl::group_barrier(It.get_group());
                if (It.get_local_id(0) == Big / 2)
                  return;
                sycl::group_barrier(It.get_group());
                (void)Scratch;
              });
        },
        "reached by only 511 of 512");
  int *Rotated = sycl::malloc_shared<int>(2 * Big, Q);
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 1> Buf(sycl::range<1>(Big), CGH);
    CGH.parallel_for(sycl::nd_range<1>(2 * Big, Big), [=](sycl::nd_item<1> It) {
      size_t Lid = It.get_local_id(0);
      std::vector<int> Scratch(4, int(It.get_global_id(0)));
      Buf[Lid] = Scratch[0];
      sycl::group_barrier(It.get_group());
      Rotated[It.get_global_id(0)] = Buf[(Lid + 1) % Big];
    });
  });
  for (size_t I = 0; I < 2 * Big; ++I)
    ASSERT_EQ(Rotated[I], int(I / Big * Big + (I + 1) % Big)) << I;
  sycl::free(Rotated, Q);
}

} // namespace
