//===- NdRangeKernelTest.cpp - parallel_for(nd_range) ids -----------------===//
//
// Every work-item of 1-, 2- and 3-D nd-range kernels records everything its
// nd_item and group say; the test recomputes all of it serially. Ranges are
// different in every dimension, so a swapped dimension shows up as a wrong
// value rather than a lucky match.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

/// What one work-item saw, as plain numbers per SYCL dimension.
struct Record {
  size_t Global[3], Local[3], Group[3];
  size_t GlobalRange[3], LocalRange[3], GroupRange[3];
  size_t GlobalLinear, LocalLinear, GroupLinear;
  // The same questions asked through sycl::group.
  size_t GGroup[3], GLocal[3], GLocalRange[3], GGroupRange[3], GSubscript[3];
  size_t GGroupLinear, GLocalLinear, GGroupLinearRange, GLocalLinearRange;
  size_t Leader;
  size_t NdGlobal[3], NdLocal[3];
  size_t Visits;
};

/// Runs one nd-range kernel that fills a Record per work-item, indexed by
/// the work-item's global linear id as computed on the host.
template <int Dims>
std::vector<Record> runRecorder(sycl::queue &Q, sycl::range<Dims> Global,
                                sycl::range<Dims> Local) {
  size_t N = Global.size();
  Record *Out = sycl::malloc_shared<Record>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Out[I] = Record{};
  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                               It) {
     // Index by the ids themselves, not get_global_linear_id(): that is
     // one of the things under test.
     size_t Index = 0;
     for (int D = 0; D < Dims; ++D)
       Index = Index * It.get_global_range(D) + It.get_global_id(D);
     Record &R = Out[Index];
     sycl::group<Dims> G = It.get_group();
     sycl::nd_range<Dims> ND = It.get_nd_range();
     for (int D = 0; D < Dims; ++D) {
       R.Global[D] = It.get_global_id(D);
       R.Local[D] = It.get_local_id(D);
       R.Group[D] = It.get_group(D);
       R.GlobalRange[D] = It.get_global_range(D);
       R.LocalRange[D] = It.get_local_range(D);
       R.GroupRange[D] = It.get_group_range(D);
       R.GGroup[D] = G.get_group_id(D);
       R.GLocal[D] = G.get_local_id()[D];
       R.GLocalRange[D] = G.get_local_range()[D];
       R.GGroupRange[D] = G.get_group_range(D);
       R.GSubscript[D] = G[D];
       R.NdGlobal[D] = ND.get_global_range()[D];
       R.NdLocal[D] = ND.get_local_range()[D];
       // The id-returning forms must agree with the per-dimension ones.
       if (It.get_global_id()[D] != It.get_global_id(D) ||
           It.get_local_id()[D] != It.get_local_id(D) ||
           It.get_group().get_group_id()[D] != It.get_group(D) ||
           It.get_global_range()[D] != It.get_global_range(D) ||
           It.get_local_range()[D] != It.get_local_range(D) ||
           It.get_group_range()[D] != It.get_group_range(D))
         R.Visits += 1000;
     }
     R.GlobalLinear = It.get_global_linear_id();
     R.LocalLinear = It.get_local_linear_id();
     R.GroupLinear = It.get_group_linear_id();
     R.GGroupLinear = G.get_group_linear_id();
     R.GLocalLinear = G.get_local_linear_id();
     R.GGroupLinearRange = G.get_group_linear_range();
     R.GLocalLinearRange = G.get_local_linear_range();
     R.Leader = G.leader();
     R.Visits += 1;
   }).wait();
  std::vector<Record> Result(Out, Out + N);
  sycl::free(Out, Q);
  return Result;
}

/// Walks the nd-range serially and checks every Record.
template <int Dims>
void checkRecords(const std::vector<Record> &Got, sycl::range<Dims> Global,
                  sycl::range<Dims> Local) {
  size_t Pad[3] = {1, 1, 1}, Loc[3] = {1, 1, 1};
  for (int D = 0; D < Dims; ++D) {
    Pad[D] = Global[D];
    Loc[D] = Local[D];
  }
  size_t Groups[3] = {Pad[0] / Loc[0], Pad[1] / Loc[1], Pad[2] / Loc[2]};
  size_t Index = 0;
  for (size_t I = 0; I < Pad[0]; ++I)
    for (size_t J = 0; J < Pad[1]; ++J)
      for (size_t K = 0; K < Pad[2]; ++K, ++Index) {
        const Record &R = Got[Index];
        size_t G[3] = {I, J, K};
        SCOPED_TRACE(testing::Message() << "global id (" << I << ", " << J
                                        << ", " << K << ")");
        ASSERT_EQ(R.Visits, 1u);
        size_t GroupLinear = 0, LocalLinear = 0;
        for (int D = 0; D < Dims; ++D) {
          size_t Grp = G[D] / Loc[D], Lid = G[D] % Loc[D];
          ASSERT_EQ(R.Global[D], G[D]);
          ASSERT_EQ(R.Local[D], Lid);
          ASSERT_EQ(R.Group[D], Grp);
          ASSERT_EQ(R.GlobalRange[D], Pad[D]);
          ASSERT_EQ(R.LocalRange[D], Loc[D]);
          ASSERT_EQ(R.GroupRange[D], Groups[D]);
          ASSERT_EQ(R.GGroup[D], Grp);
          ASSERT_EQ(R.GLocal[D], Lid);
          ASSERT_EQ(R.GLocalRange[D], Loc[D]);
          ASSERT_EQ(R.GGroupRange[D], Groups[D]);
          ASSERT_EQ(R.GSubscript[D], Grp);
          ASSERT_EQ(R.NdGlobal[D], Pad[D]);
          ASSERT_EQ(R.NdLocal[D], Loc[D]);
          GroupLinear = GroupLinear * Groups[D] + Grp;
          LocalLinear = LocalLinear * Loc[D] + Lid;
        }
        ASSERT_EQ(R.GlobalLinear, Index);
        ASSERT_EQ(R.LocalLinear, LocalLinear);
        ASSERT_EQ(R.GroupLinear, GroupLinear);
        ASSERT_EQ(R.GGroupLinear, GroupLinear);
        ASSERT_EQ(R.GLocalLinear, LocalLinear);
        ASSERT_EQ(R.GGroupLinearRange, Groups[0] * Groups[1] * Groups[2]);
        ASSERT_EQ(R.GLocalLinearRange, Loc[0] * Loc[1] * Loc[2]);
        ASSERT_EQ(R.Leader, LocalLinear == 0 ? 1u : 0u);
      }
}

TEST(NdRangeKernel, OneDimension) {
  sycl::queue Q;
  sycl::range<1> Global(96), Local(24);
  checkRecords(runRecorder(Q, Global, Local), Global, Local);
}

TEST(NdRangeKernel, TwoDimensions) {
  sycl::queue Q;
  sycl::range<2> Global(6, 20), Local(3, 5);
  checkRecords(runRecorder(Q, Global, Local), Global, Local);
}

TEST(NdRangeKernel, ThreeDimensions) {
  sycl::queue Q;
  sycl::range<3> Global(4, 6, 10), Local(2, 3, 5);
  checkRecords(runRecorder(Q, Global, Local), Global, Local);
}

TEST(NdRangeKernel, ThreeDimensionsOneGroup) {
  sycl::queue Q;
  sycl::range<3> Global(2, 3, 4), Local(2, 3, 4);
  checkRecords(runRecorder(Q, Global, Local), Global, Local);
}

TEST(NdRangeKernel, TwoDimensionsWorkGroupsOfOne) {
  sycl::queue Q;
  sycl::range<2> Global(5, 7), Local(1, 1);
  checkRecords(runRecorder(Q, Global, Local), Global, Local);
}

/// The last SYCL dimension is the runtime's fastest one: a work-group of
/// {1, 64} has 64 work-items along SYCL dimension 1, and the device limit
/// for that dimension is max_work_item_sizes<2>()[1] (runtime dimension 0).
TEST(NdRangeKernel, LastDimensionIsFastest) {
  sycl::queue Q;
  sycl::range<2> MaxSizes =
      Q.get_device().get_info<sycl::info::device::max_work_item_sizes<2>>();
  EXPECT_EQ(MaxSizes[1], lanes::rt::deviceInfo().MaxWorkItemSizes[0]);
  EXPECT_EQ(MaxSizes[0], lanes::rt::deviceInfo().MaxWorkItemSizes[1]);

  sycl::range<2> Global(2, 64), Local(1, 64);
  checkRecords(runRecorder(Q, Global, Local), Global, Local);
}

TEST(NdRangeKernel, NdItemByReference) {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(12, Q);
  Q.parallel_for(sycl::nd_range<1>(6, 3), [=](const sycl::nd_item<1> &It) {
    Out[It.get_global_id(0)] = int(It.get_group(0));
  });
  Q.parallel_for(sycl::nd_range<1>(6, 3), [=](sycl::nd_item<1> &It) {
    It.barrier();
    Out[6 + It.get_global_id(0)] = int(It.get_local_id(0));
  });
  Q.wait();
  for (int I = 0; I < 6; ++I) {
    EXPECT_EQ(Out[I], I / 3);
    EXPECT_EQ(Out[6 + I], I % 3);
  }
  sycl::free(Out, Q);
}

TEST(NdRangeKernel, KernelNameTemplateArgument) {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(8, Q);
  Q.submit([&](sycl::handler &CGH) {
    CGH.parallel_for<class NamedNdRangeKernel>(
        sycl::nd_range<1>(sycl::range<1>(8), sycl::range<1>(4)),
        [=](sycl::nd_item<1> It) {
          Out[It.get_global_id(0)] = int(It.get_local_id(0));
        });
  });
  Q.wait();
  for (int I = 0; I < 8; ++I)
    EXPECT_EQ(Out[I], I % 4);
  sycl::free(Out, Q);
}

} // namespace
