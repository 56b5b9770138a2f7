//===- IdsTest.cpp - Work-item ids and sizes on both paths ----------------===//
//
/// \file
/// Every work-item of 1-D, 2-D and 3-D nd-ranges (local sizes 1, odd,
/// prime, 4096 and 8192 among them) must run exactly once and see its own
/// local id, group id, local size and group count; library-only through the
/// builtins, compiled through the lanes_wg_ctx a work-group function gets.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <ostream>

using namespace lanes;
using namespace lanes::test;

namespace {

/// One nd-range under test, sizes in OpenCL order.
struct Shape {
  const char *Name;
  int Dims;
  Sizes Global;
  Sizes Local;
};

std::ostream &operator<<(std::ostream &OS, const Shape &S) {
  return OS << S.Name;
}

const Shape Shapes[] = {
    {"OneD", 1, {256, 1, 1}, {64, 1, 1}},
    {"LocalSizeOne", 1, {5, 1, 1}, {1, 1, 1}},
    {"LocalSizeOdd", 1, {21, 1, 1}, {7, 1, 1}},
    {"LocalSizePrime", 1, {39, 1, 1}, {13, 1, 1}},
    {"LocalSize4096", 1, {8192, 1, 1}, {4096, 1, 1}},
    {"LocalSize8192", 1, {16384, 1, 1}, {8192, 1, 1}},
    {"TwoD", 2, {12, 10, 1}, {3, 5, 1}},
    {"ThreeD", 3, {4, 6, 10}, {2, 3, 5}},
    {"ThreeDMaxGroup", 3, {32, 16, 16}, {32, 16, 16}},
};

/// What one work-item saw. Index: the linear global id.
struct ItemRecord {
  std::atomic<int> Runs{0};
  size_t LocalId[3], GroupId[3], LocalSize[3], NumGroups[3];
};

/// Records for a whole nd-range and the checks on them.
class RangeRecords {
public:
  explicit RangeRecords(const Shape &S)
      : S(S), Total(S.Global[0] * S.Global[1] * S.Global[2]),
        Records(new ItemRecord[Total]) {}

  /// Records the work-item with the given ids (OpenCL order).
  void record(const size_t LocalId[3], const size_t GroupId[3],
              const size_t LocalSize[3], const size_t NumGroups[3]) const {
    size_t Global[3];
    for (int Dim = 0; Dim < 3; ++Dim)
      Global[Dim] = GroupId[Dim] * S.Local[Dim] + LocalId[Dim];
    size_t Linear =
        (Global[2] * S.Global[1] + Global[1]) * S.Global[0] + Global[0];
    if (Linear >= Total) {
      ++OutOfRange;
      return;
    }
    ItemRecord &R = Records[Linear];
    for (int Dim = 0; Dim < 3; ++Dim) {
      R.LocalId[Dim] = LocalId[Dim];
      R.GroupId[Dim] = GroupId[Dim];
      R.LocalSize[Dim] = LocalSize[Dim];
      R.NumGroups[Dim] = NumGroups[Dim];
    }
    R.Runs.fetch_add(1, std::memory_order_relaxed);
  }

  void expectEveryItemOnceWithItsIds() const {
    EXPECT_EQ(OutOfRange.load(), 0u);
    size_t Bad = 0;
    for (size_t Z = 0; Z < S.Global[2]; ++Z)
      for (size_t Y = 0; Y < S.Global[1]; ++Y)
        for (size_t X = 0; X < S.Global[0]; ++X) {
          const ItemRecord &R =
              Records[(Z * S.Global[1] + Y) * S.Global[0] + X];
          size_t Global[3] = {X, Y, Z};
          bool Ok = R.Runs.load() == 1;
          for (int Dim = 0; Ok && Dim < 3; ++Dim)
            Ok = R.LocalId[Dim] == Global[Dim] % S.Local[Dim] &&
                 R.GroupId[Dim] == Global[Dim] / S.Local[Dim] &&
                 R.LocalSize[Dim] == S.Local[Dim] &&
                 R.NumGroups[Dim] == S.Global[Dim] / S.Local[Dim];
          if (!Ok && Bad++ < 5)
            ADD_FAILURE() << "work-item (" << X << "," << Y << "," << Z
                          << ") ran " << R.Runs.load()
                          << " times or saw wrong ids";
        }
    EXPECT_EQ(Bad, 0u);
  }

private:
  const Shape &S;
  size_t Total;
  std::unique_ptr<ItemRecord[]> Records;
  mutable std::atomic<size_t> OutOfRange{0};
};

class IdsTest : public ::testing::TestWithParam<Shape> {};

TEST_P(IdsTest, LibraryOnlyBuiltinsSeeEveryWorkItem) {
  const Shape &S = GetParam();
  RangeRecords Records(S);
  auto Kernel = [&Records] {
    size_t LocalId[3], GroupId[3], LocalSize[3], NumGroups[3];
    for (unsigned Dim = 0; Dim < 3; ++Dim) {
      LocalId[Dim] = __lanes_local_id(Dim);
      GroupId[Dim] = __lanes_group_id(Dim);
      LocalSize[Dim] = __lanes_local_size(Dim);
      NumGroups[Dim] = __lanes_num_groups(Dim);
    }
    Records.record(LocalId, GroupId, LocalSize, NumGroups);
  };
  rt::launch(libraryLaunch(Kernel, S.Dims, S.Global, S.Local));
  Records.expectEveryItemOnceWithItsIds();
}

TEST_P(IdsTest, CompiledContextDescribesEveryGroup) {
  const Shape &S = GetParam();
  RangeRecords Records(S);
  auto WorkGroup = [&Records](lanes_wg_ctx *Ctx) {
    size_t GroupId[3], LocalSize[3], NumGroups[3], LocalId[3];
    for (int Dim = 0; Dim < 3; ++Dim) {
      GroupId[Dim] = Ctx->group_id[Dim];
      LocalSize[Dim] = Ctx->local_size[Dim];
      NumGroups[Dim] = Ctx->num_groups[Dim];
    }
    for (LocalId[2] = 0; LocalId[2] < LocalSize[2]; ++LocalId[2])
      for (LocalId[1] = 0; LocalId[1] < LocalSize[1]; ++LocalId[1])
        for (LocalId[0] = 0; LocalId[0] < LocalSize[0]; ++LocalId[0])
          Records.record(LocalId, GroupId, LocalSize, NumGroups);
  };
  rt::launch(compiledLaunch(WorkGroup, S.Dims, S.Global, S.Local));
  Records.expectEveryItemOnceWithItsIds();
}

INSTANTIATE_TEST_SUITE_P(Shapes, IdsTest, ::testing::ValuesIn(Shapes),
                         [](const auto &Info) {
                           return std::string(Info.param.Name);
                         });

TEST(BuiltinsOutsideKernel, AnswerAsALoneWorkItem) {
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    EXPECT_EQ(__lanes_local_id(Dim), 0u);
    EXPECT_EQ(__lanes_group_id(Dim), 0u);
    EXPECT_EQ(__lanes_local_size(Dim), 1u);
    EXPECT_EQ(__lanes_num_groups(Dim), 1u);
  }
  EXPECT_EQ(__lanes_local_memory(), nullptr);
}

TEST(BuiltinsOutsideKernel, WorkGroupFunctionOfUncompiledEntryIsNull) {
  EXPECT_EQ(__lanes_work_group_function(&unreachableEntry, 16, 1, 1, nullptr),
            nullptr);
}

TEST(BuiltinsInKernel, DimensionAboveTwoAnswersAsUnused) {
  std::atomic<int> Wrong{0};
  auto Kernel = [&Wrong] {
    if (__lanes_local_id(3) != 0 || __lanes_group_id(7) != 0 ||
        __lanes_local_size(3) != 1 || __lanes_num_groups(3) != 1)
      ++Wrong;
  };
  rt::launch(libraryLaunch(Kernel, 1, {8, 1, 1}, {4, 1, 1}));
  EXPECT_EQ(Wrong.load(), 0);
}

} // namespace

TEST(BuiltinsDeathTest, FromACompiledWorkGroupFunctionAbort) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // What the compiler leaves behind when a query hides behind a function
  // pointer: no answer would be right for the group it runs in.
  static volatile size_t Sink;
  auto Launch = [](auto Query) {
    auto WorkGroup = [Query](lanes_wg_ctx *) { Sink = Query(); };
    rt::launch(compiledLaunch(WorkGroup, 1, {4, 1, 1}, {4, 1, 1}));
  };
  const char *Message = " reached in compiled kernel '.*' from code the "
                        "Lanes compiler did not lower";
  EXPECT_DEATH(Launch([] { return __lanes_local_id(0); }),
               std::string("__lanes_local_id") + Message);
  EXPECT_DEATH(Launch([] { return __lanes_local_size(1); }),
               std::string("__lanes_local_size") + Message);
  EXPECT_DEATH(Launch([] { return __lanes_group_id(0); }),
               std::string("__lanes_group_id") + Message);
  EXPECT_DEATH(Launch([] { return __lanes_num_groups(2); }),
               std::string("__lanes_num_groups") + Message);
  EXPECT_DEATH(Launch([] { return size_t(__lanes_local_memory() != nullptr); }),
               std::string("__lanes_local_memory") + Message);
}
