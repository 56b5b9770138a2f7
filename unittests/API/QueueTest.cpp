//===- QueueTest.cpp - queue construction, submission, events -------------===//
//
// Queue constructors and properties, the kernel shortcuts with and without
// dependencies, events and profiling, the async-handler entry points, and
// the one-command-per-group rule.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

TEST(Queue, Constructors) {
  sycl::async_handler Handler = [](sycl::exception_list) {};
  sycl::device Dev;
  std::vector<sycl::queue> Queues = {
      sycl::queue(),
      sycl::queue(sycl::default_selector_v),
      sycl::queue(sycl::cpu_selector_v),
      sycl::queue(sycl::cpu_selector_v, Handler),
      sycl::queue(Dev),
      sycl::queue(Dev, Handler),
      sycl::queue(Handler),
      sycl::queue(sycl::property_list{sycl::property::queue::in_order{}}),
      sycl::queue(sycl::cpu_selector{}),
      sycl::queue(sycl::default_selector{}),
      sycl::queue([](const sycl::device &D) { return D.is_cpu() ? 5 : -1; }),
      sycl::queue(sycl::context(Dev), Dev),
  };
  for (sycl::queue &Q : Queues) {
    EXPECT_TRUE(Q.get_device().is_cpu());
    EXPECT_EQ(Q.get_device(), Dev);
    EXPECT_EQ(Q.get_context().get_devices().size(), 1u);
  }
}

TEST(Queue, Properties) {
  sycl::queue Plain;
  EXPECT_FALSE(Plain.is_in_order());
  EXPECT_FALSE(Plain.has_property<sycl::property::queue::enable_profiling>());

  sycl::queue Both(sycl::default_selector_v,
                   {sycl::property::queue::in_order{},
                    sycl::property::queue::enable_profiling{}});
  EXPECT_TRUE(Both.is_in_order());
  EXPECT_TRUE(Both.has_property<sycl::property::queue::in_order>());
  EXPECT_TRUE(Both.has_property<sycl::property::queue::enable_profiling>());
  (void)Both.get_property<sycl::property::queue::in_order>();

  try {
    (void)Plain.get_property<sycl::property::queue::in_order>();
    FAIL() << "get_property of an absent property must throw";
  } catch (const sycl::exception &E) {
    EXPECT_EQ(E.code(), sycl::errc::invalid);
  }
}

TEST(Queue, CopiesShareState) {
  sycl::queue A;
  sycl::queue B = A;
  sycl::queue C;
  EXPECT_EQ(A, B);
  EXPECT_NE(A, C);
}

TEST(Queue, ShortcutsWithDependencies) {
  sycl::queue Q{sycl::property::queue::in_order{}};
  constexpr size_t N = 128;
  int *Data = sycl::malloc_shared<int>(N, Q);
  sycl::event E1 = Q.parallel_for(sycl::range<1>(N),
                                  [=](sycl::id<1> I) { Data[I] = int(I); });
  sycl::event E2 =
      Q.parallel_for(sycl::range<1>(N), E1, [=](sycl::id<1> I) {
        Data[I] *= 2;
      });
  sycl::event E3 = Q.parallel_for(
      sycl::nd_range<1>(N, 16), std::vector<sycl::event>{E1, E2},
      [=](sycl::nd_item<1> It) { Data[It.get_global_id(0)] += 1; });
  sycl::event E4 = Q.parallel_for(sycl::nd_range<1>(N, 32), E3,
                                  [=](sycl::nd_item<1> It) {
                                    Data[It.get_global_linear_id()] += 10;
                                  });
  sycl::event E5 = Q.single_task(E4, [=] { Data[0] = -1; });
  Q.single_task(std::vector<sycl::event>{E5}, [=] { Data[1] = -2; });
  // Braced lists of events, as DPC++ programs write them.
  Q.single_task({E4, E5}, [=] { Data[N - 1] += 100; });
  Q.parallel_for(sycl::range<1>(1), {E1, E5},
                 [=](sycl::id<1>) { Data[N - 1] -= 100; });
  Q.single_task<class NamedSingleTask>([=] { Data[2] = -3; });
  Q.parallel_for<class NamedRangeKernel>(sycl::range<2>(2, 2),
                                         [=](sycl::item<2> It) {
                                           Data[3 + It.get_linear_id()] = 7;
                                         });
  Q.wait();
  EXPECT_EQ(Data[0], -1);
  EXPECT_EQ(Data[1], -2);
  EXPECT_EQ(Data[2], -3);
  for (size_t I = 3; I < 7; ++I)
    EXPECT_EQ(Data[I], 7);
  for (size_t I = 7; I < N; ++I)
    ASSERT_EQ(Data[I], int(I) * 2 + 11);
  sycl::free(Data, Q);
}

TEST(Queue, EventsAreComplete) {
  sycl::queue Q;
  int *Flag = sycl::malloc_shared<int>(1, Q);
  *Flag = 0;
  sycl::event E = Q.submit([&](sycl::handler &CGH) {
    CGH.single_task([=] { *Flag = 1; });
  });
  // Lanes finishes the command before submit returns.
  EXPECT_EQ(*Flag, 1);
  EXPECT_EQ(E.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
  E.wait();
  E.wait_and_throw();
  sycl::event::wait({E, sycl::event()});
  sycl::event::wait_and_throw({E});
  EXPECT_TRUE(E.get_wait_list().empty());
  sycl::free(Flag, Q);
}

TEST(Queue, ProfilingTimestamps) {
  sycl::queue Q{sycl::property::queue::enable_profiling{}};
  int *Data = sycl::malloc_shared<int>(1024, Q);
  sycl::event E = Q.parallel_for(sycl::range<1>(1024),
                                 [=](sycl::id<1> I) { Data[I] = 1; });
  uint64_t Submit =
      E.get_profiling_info<sycl::info::event_profiling::command_submit>();
  uint64_t Start =
      E.get_profiling_info<sycl::info::event_profiling::command_start>();
  uint64_t End =
      E.get_profiling_info<sycl::info::event_profiling::command_end>();
  EXPECT_GT(Submit, 0u);
  EXPECT_LE(Submit, Start);
  EXPECT_LE(Start, End);
  sycl::free(Data, Q);
}

TEST(Queue, ProfilingNeedsTheProperty) {
  sycl::queue Q;
  sycl::event E = Q.single_task([] {});
  try {
    (void)E.get_profiling_info<sycl::info::event_profiling::command_end>();
    FAIL() << "profiling info without enable_profiling must throw";
  } catch (const sycl::exception &Ex) {
    EXPECT_EQ(Ex.code(), sycl::errc::invalid);
  }
  EXPECT_THROW(
      (void)sycl::event()
          .get_profiling_info<sycl::info::event_profiling::command_start>(),
      sycl::exception);
}

TEST(Queue, AsyncHandlerIsNotCalledWithoutAsyncErrors) {
  int Calls = 0;
  sycl::queue Q([&](sycl::exception_list) { ++Calls; });
  Q.single_task([] {});
  Q.wait_and_throw();
  Q.throw_asynchronous();
  EXPECT_EQ(Calls, 0);
}

TEST(Queue, OneCommandPerGroup) {
  sycl::queue Q;
  int *Data = sycl::malloc_shared<int>(2, Q);
  Data[0] = Data[1] = 0;
  try {
    Q.submit([&](sycl::handler &CGH) {
      CGH.single_task([=] { Data[0] = 1; });
      CGH.single_task([=] { Data[1] = 1; });
    });
    FAIL() << "a second command in one group must throw";
  } catch (const sycl::exception &E) {
    EXPECT_EQ(E.code(), sycl::errc::invalid);
  }
  EXPECT_EQ(Data[0], 0) << "nothing of a failed command group runs";
  EXPECT_EQ(Data[1], 0);
  sycl::free(Data, Q);
}

TEST(Queue, EmptyCommandGroupAndHostTask) {
  sycl::queue Q;
  Q.submit([](sycl::handler &) {}).wait();
  int Value = 0;
  Q.submit([&](sycl::handler &CGH) { CGH.host_task([&] { Value = 5; }); });
  Q.wait();
  EXPECT_EQ(Value, 5);
}

TEST(Queue, ExceptionsFromTheCommandGroupPropagate) {
  sycl::queue Q;
  EXPECT_THROW(Q.submit([](sycl::handler &) {
    throw sycl::exception(sycl::make_error_code(sycl::errc::accessor), "x");
  }),
               sycl::exception);
}

} // namespace
