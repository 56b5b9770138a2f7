//===- ErrorTest.cpp - Launch errors surface as sycl::exception -----------===//
//
// Invalid nd-ranges and resource requests must throw with the right errc
// and a message naming the kernel; the message's dimension numbers also
// show that the API hands the runtime its sizes in the documented order.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

/// Runs \p Submit; it must throw \p Code with every string of \p Texts in
/// the message.
template <typename SubmitT>
void expectError(SubmitT Submit, sycl::errc Code,
                 std::initializer_list<const char *> Texts) {
  try {
    Submit();
    ADD_FAILURE() << "expected sycl::exception";
  } catch (const sycl::exception &E) {
    EXPECT_EQ(E.code(), Code) << E.what();
    for (const char *Text : Texts)
      EXPECT_NE(std::string(E.what()).find(Text), std::string::npos)
          << "'" << Text << "' missing from: " << E.what();
  }
}

TEST(Errors, GlobalNotDivisibleByLocalNamesTheKernel) {
  sycl::queue Q;
  expectError(
      [&] {
        Q.submit([&](sycl::handler &CGH) {
          CGH.parallel_for<class NotDivisibleKernel>(
              sycl::nd_range<1>(sycl::range<1>(10), sycl::range<1>(4)),
              [=](sycl::nd_item<1>) {});
        });
      },
      sycl::errc::nd_range, {"NotDivisibleKernel"});
}

TEST(Errors, UnnamedKernelIsNamedByItsType) {
  sycl::queue Q;
  // A lambda's type name is qualified by the function that defines it.
  auto Kernel = [=](sycl::nd_item<1>) {};
  expectError(
      [&] {
        Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(9), sycl::range<1>(2)),
                       Kernel);
      },
      sycl::errc::nd_range, {"Errors_UnnamedKernelIsNamedByItsType_Test"});
}

TEST(Errors, DimensionNumbersFollowSycl) {
  sycl::queue Q;
  // Only SYCL dimension 1 (the fastest) is not divisible.
  expectError(
      [&] {
        Q.parallel_for<class TwoDimKernel>(
            sycl::nd_range<2>(sycl::range<2>(8, 10), sycl::range<2>(4, 4)),
            [=](sycl::nd_item<2>) {});
      },
      sycl::errc::nd_range, {"TwoDimKernel", "dimension 1"});
  // Only SYCL dimension 0 (the slowest) is not divisible.
  expectError(
      [&] {
        Q.parallel_for<class ThreeDimKernel>(
            sycl::nd_range<3>(sycl::range<3>(6, 8, 8),
                              sycl::range<3>(4, 2, 2)),
            [=](sycl::nd_item<3>) {});
      },
      sycl::errc::nd_range, {"ThreeDimKernel", "dimension 0"});
}

TEST(Errors, LocalSizeAboveTheDeviceLimit) {
  sycl::queue Q;
  size_t Max = Q.get_device().get_info<sycl::info::device::max_work_group_size>();
  expectError(
      [&] {
        Q.parallel_for<class HugeGroupKernel>(
            sycl::nd_range<1>(sycl::range<1>(2 * Max), sycl::range<1>(2 * Max)),
            [=](sycl::nd_item<1>) {});
      },
      sycl::errc::nd_range, {"HugeGroupKernel"});
}

TEST(Errors, TooMuchLocalMemory) {
  sycl::queue Q;
  size_t Limit = Q.get_device().get_info<sycl::info::device::local_mem_size>();
  expectError(
      [&] {
        Q.submit([&](sycl::handler &CGH) {
          sycl::local_accessor<char, 1> Big(sycl::range<1>(Limit + 1), CGH);
          CGH.parallel_for<class GreedyKernel>(
              sycl::nd_range<1>(sycl::range<1>(4), sycl::range<1>(4)),
              [=](sycl::nd_item<1> It) { Big[It.get_local_id(0)] = 0; });
        });
      },
      sycl::errc::memory_allocation, {"GreedyKernel"});
}

TEST(Errors, NonZeroOffsetIsNotSupported) {
  sycl::queue Q;
  expectError(
      [&] {
        Q.parallel_for<class OffsetKernel>(
            sycl::nd_range<1>(sycl::range<1>(8), sycl::range<1>(4),
                              sycl::id<1>(2)),
            [=](sycl::nd_item<1>) {});
      },
      sycl::errc::feature_not_supported, {"OffsetKernel", "offset"});
  // A zero offset is fine.
  int *Out = sycl::malloc_shared<int>(8, Q);
  Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(8), sycl::range<1>(4),
                                   sycl::id<1>(0)),
                 [=](sycl::nd_item<1> It) {
                   Out[It.get_global_id(0)] = int(It.get_global_id(0));
                 })
      .wait();
  for (int I = 0; I < 8; ++I)
    EXPECT_EQ(Out[I], I);
  sycl::free(Out, Q);
}

TEST(Errors, QueueStillWorksAfterAnError) {
  sycl::queue Q;
  EXPECT_THROW(Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(3),
                                                sycl::range<1>(2)),
                              [=](sycl::nd_item<1>) {}),
               sycl::exception);
  int *Out = sycl::malloc_shared<int>(4, Q);
  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> I) { Out[I] = 1; }).wait();
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(Out[I], 1);
  sycl::free(Out, Q);
}

} // namespace
