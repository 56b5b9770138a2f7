//===- SubGroupTest.cpp - Library-only sub-group collectives --------------===//
//
/// \file
/// The __lanes_sub_group_* builtins of library-only mode, called directly
/// from hand-made kernels: reduce and both scans with several operations
/// and shuffle with in- and out-of-range lanes, for all four types, in
/// groups whose rows are cut into full and partial sub-groups, compared
/// with a serial host reference that follows the IR contract's definition
/// (lane x % sg_size of sub-group x / sg_size of row (y, z)). Also what
/// happens outside a kernel, inside a compiled one, and on misuse.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

using namespace lanes;
using namespace lanes::test;

namespace {

/// The builtins of one type.
template <typename T> struct SubGroupBuiltins;
#define LANES_SUB_GROUP_BUILTINS(T, SUFFIX)                                    \
  template <> struct SubGroupBuiltins<T> {                                     \
    static constexpr auto Reduce = &__lanes_sub_group_reduce_##SUFFIX;         \
    static constexpr auto Inclusive =                                          \
        &__lanes_sub_group_scan_inclusive_##SUFFIX;                            \
    static constexpr auto Exclusive =                                          \
        &__lanes_sub_group_scan_exclusive_##SUFFIX;                            \
    static constexpr auto Shuffle = &__lanes_sub_group_shuffle_##SUFFIX;       \
  };
LANES_SUB_GROUP_BUILTINS(int32_t, i32)
LANES_SUB_GROUP_BUILTINS(int64_t, i64)
LANES_SUB_GROUP_BUILTINS(float, f32)
LANES_SUB_GROUP_BUILTINS(double, f64)
#undef LANES_SUB_GROUP_BUILTINS

/// The operations each type is tested with.
template <typename T> std::vector<unsigned> opsOf() {
  if (std::is_floating_point_v<T>)
    return {LANES_OP_ADD, LANES_OP_MUL, LANES_OP_MIN, LANES_OP_MAX};
  return {LANES_OP_ADD, LANES_OP_MUL,  LANES_OP_MIN,
          LANES_OP_MAX, LANES_OP_UMIN, LANES_OP_UMAX,
          LANES_OP_AND, LANES_OP_OR,   LANES_OP_XOR};
}

/// The contract's identity of Op on T.
template <typename T> T identityOf(unsigned Op) {
  using L = std::numeric_limits<T>;
  switch (Op) {
  case LANES_OP_MUL:
    return T(1);
  case LANES_OP_MIN:
    return L::has_infinity ? L::infinity() : L::max();
  case LANES_OP_MAX:
    return L::has_infinity ? -L::infinity() : L::lowest();
  case LANES_OP_UMIN:
  case LANES_OP_AND:
    return T(-1);
  default:
    return T(0);
  }
}

/// A Op B, integers wrapping.
template <typename T> T combineOf(unsigned Op, T A, T B) {
  if constexpr (std::is_floating_point_v<T>) {
    switch (Op) {
    case LANES_OP_ADD:
      return A + B;
    case LANES_OP_MUL:
      return A * B;
    case LANES_OP_MIN:
      return std::fmin(A, B);
    default:
      return std::fmax(A, B);
    }
  } else {
    using U = std::make_unsigned_t<T>;
    switch (Op) {
    case LANES_OP_ADD:
      return T(U(A) + U(B));
    case LANES_OP_MUL:
      return T(U(A) * U(B));
    case LANES_OP_MIN:
      return std::min(A, B);
    case LANES_OP_MAX:
      return std::max(A, B);
    case LANES_OP_UMIN:
      return T(std::min(U(A), U(B)));
    case LANES_OP_UMAX:
      return T(std::max(U(A), U(B)));
    case LANES_OP_AND:
      return T(U(A) & U(B));
    case LANES_OP_OR:
      return T(U(A) | U(B));
    default:
      return T(U(A) ^ U(B));
    }
  }
}

/// The operand of the work-item with global slot \p Slot. Floats are
/// small multiples of 1/4 (products: +-1 and a rare 2), so every result
/// is exact.
template <typename T> T operandOf(size_t Slot, unsigned Op) {
  uint64_t H = (Slot + 1) * 0x9E3779B97F4A7C15ull;
  H ^= H >> 29;
  if constexpr (std::is_floating_point_v<T>) {
    if (Op == LANES_OP_MUL)
      return H % 17 == 0 ? T(2) : H % 2 ? T(1) : T(-1);
    return T(int(H % 129) - 64) * T(0.25);
  } else {
    return T(H);
  }
}

/// The shuffle lane of the work-item in lane \p Lane: mostly another lane
/// of the sub-group, sometimes one past its end.
size_t shuffleLane(size_t Lane, unsigned SubGroupSize) {
  return (Lane * 5 + 3) % (SubGroupSize + 2);
}

struct Case {
  const char *Name;
  unsigned SubGroupSize;
  Sizes Local;  ///< OpenCL order
  Sizes Groups; ///< work-groups per dimension
};

/// Where a work-item sits: the first linear id of its sub-group, its
/// lane and the sub-group's size.
struct Place {
  size_t First, Lane, Size;
};

Place placeOf(size_t LocalLinear, const Sizes &Local, unsigned SG) {
  size_t Row = LocalLinear / Local[0] * Local[0];
  size_t X = LocalLinear % Local[0];
  size_t First = Row + X / SG * SG;
  return {First, X - X / SG * SG, std::min<size_t>(SG, Row + Local[0] - First)};
}

/// Runs every builtin of T with every operation in one kernel and
/// compares each work-item's results with the host reference.
template <typename T> void runSubGroupCollectives(const Case &C) {
  const std::vector<unsigned> Ops = opsOf<T>();
  const size_t GroupSize = C.Local[0] * C.Local[1] * C.Local[2];
  const size_t NumGroups = C.Groups[0] * C.Groups[1] * C.Groups[2];
  const size_t N = GroupSize * NumGroups, PerItem = 3 * Ops.size() + 1;
  std::vector<T> Got(N * PerItem);
  T *Out = Got.data();
  const unsigned SG = C.SubGroupSize;
  auto Kernel = [Out, &Ops, SG, PerItem] {
    using B = SubGroupBuiltins<T>;
    size_t Slot = groupLinearId() * localLinearSize() + localLinearId();
    T *O = Out + Slot * PerItem;
    for (size_t K = 0; K < Ops.size(); ++K) {
      T X = operandOf<T>(Slot, Ops[K]);
      O[3 * K] = B::Reduce(Ops[K], X, SG, "reduce.cpp", 1);
      O[3 * K + 1] = B::Inclusive(Ops[K], X, SG, "inclusive.cpp", 2);
      O[3 * K + 2] = B::Exclusive(Ops[K], X, SG, "exclusive.cpp", 3);
    }
    size_t Lane = __lanes_local_id(0) % SG;
    O[PerItem - 1] = B::Shuffle(operandOf<T>(Slot, LANES_OP_ADD),
                                shuffleLane(Lane, SG), SG, "shuffle.cpp", 4);
  };
  Sizes Global;
  for (int Dim = 0; Dim < 3; ++Dim)
    Global[Dim] = C.Local[Dim] * C.Groups[Dim];
  rt::launch(libraryLaunch(Kernel, 3, Global, C.Local));

  size_t Bad = 0;
  auto Expect = [&](size_t Slot, size_t Index, T Want, const char *What) {
    T Have = Got[Slot * PerItem + Index];
    if (Have == Want || (Have != Have && Want != Want))
      return;
    if (++Bad <= 5)
      ADD_FAILURE() << C.Name << ": work-item slot " << Slot << ", " << What
                    << " (result " << Index << "): got " << +Have << ", want "
                    << +Want;
  };
  for (size_t Slot = 0; Slot < N; ++Slot) {
    Place P = placeOf(Slot % GroupSize, C.Local, SG);
    size_t First = Slot - P.Lane;
    for (size_t K = 0; K < Ops.size(); ++K) {
      T Total = identityOf<T>(Ops[K]), Before = Total;
      for (size_t L = 0; L < P.Size; ++L) {
        T X = operandOf<T>(First + L, Ops[K]);
        if (L < P.Lane)
          Before = combineOf(Ops[K], Before, X);
        Total = combineOf(Ops[K], Total, X);
      }
      T Self = operandOf<T>(Slot, Ops[K]);
      Expect(Slot, 3 * K, Total, "reduce");
      Expect(Slot, 3 * K + 1, combineOf(Ops[K], Before, Self), "inclusive");
      Expect(Slot, 3 * K + 2, Before, "exclusive");
    }
    size_t From = shuffleLane(P.Lane, SG);
    Expect(Slot, PerItem - 1,
           operandOf<T>(From < P.Size ? First + From : Slot, LANES_OP_ADD),
           "shuffle");
  }
  EXPECT_EQ(Bad, 0u) << C.Name;
}

const Case Cases[] = {
    {"Size4Rows7", 4, {7, 2, 3}, {2, 1, 2}},
    {"Size4Rows8", 4, {8, 3, 1}, {3, 1, 1}},
    {"Size1", 1, {5, 2, 1}, {2, 2, 1}},
    {"Size8Rows13", 8, {13, 1, 2}, {2, 2, 1}},
    {"Size16Rows100", 16, {100, 1, 1}, {3, 1, 1}},
    {"Size64Rows24", 64, {24, 2, 1}, {1, 1, 2}},
    {"Size64Rows130", 64, {130, 1, 1}, {2, 1, 1}},
    {"Size2Rows1", 2, {1, 3, 2}, {2, 1, 1}},
};

class SubGroupCollectivesTest : public ::testing::TestWithParam<Case> {};

TEST_P(SubGroupCollectivesTest, Int32) {
  runSubGroupCollectives<int32_t>(GetParam());
}
TEST_P(SubGroupCollectivesTest, Int64) {
  runSubGroupCollectives<int64_t>(GetParam());
}
TEST_P(SubGroupCollectivesTest, Float) {
  runSubGroupCollectives<float>(GetParam());
}
TEST_P(SubGroupCollectivesTest, Double) {
  runSubGroupCollectives<double>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Shapes, SubGroupCollectivesTest,
                         ::testing::ValuesIn(Cases), [](const auto &Info) {
                           return std::string(Info.param.Name);
                         });

TEST(SubGroupCollectives, BetweenGroupCollectivesAndBarriers) {
  // Sub-group and group collectives share the scratch; interleaved with a
  // barrier each must still see its own operands.
  std::vector<int64_t> Got(2 * 24);
  int64_t *Out = Got.data();
  auto Kernel = [Out] {
    size_t Lid = __lanes_local_id(0);
    int64_t X = int64_t(Lid) + 1;
    int64_t Sum = __lanes_sub_group_reduce_i64(LANES_OP_ADD, X, 8, "a", 1);
    int64_t All = __lanes_group_reduce_i64(LANES_OP_ADD, X, "b", 2);
    __lanes_barrier(LANES_FENCE_LOCAL, "c", 3);
    int64_t Next = __lanes_sub_group_shuffle_i64(Sum * 1000 + All,
                                                 (Lid + 1) % 8, 8, "d", 4);
    Out[2 * Lid] = Sum;
    Out[2 * Lid + 1] = Next;
  };
  rt::launch(libraryLaunch(Kernel, 1, {24, 1, 1}, {24, 1, 1}));
  for (size_t Lid = 0; Lid < 24; ++Lid) {
    int64_t First = int64_t(Lid / 8 * 8);
    int64_t Sum = 8 * (First + 1) + 28; // (First+1) + ... + (First+8)
    EXPECT_EQ(Got[2 * Lid], Sum) << Lid;
    EXPECT_EQ(Got[2 * Lid + 1], Sum * 1000 + 300) << Lid;
  }
}

TEST(SubGroupCollectivesOutsideKernel, AnswerAsALoneWorkItem) {
  EXPECT_EQ(__lanes_sub_group_reduce_i32(LANES_OP_ADD, 7, 4, "o", 1), 7);
  EXPECT_EQ(__lanes_sub_group_scan_inclusive_i64(LANES_OP_MUL, 9, 16, "o", 2),
            9);
  EXPECT_EQ(__lanes_sub_group_scan_exclusive_i32(LANES_OP_UMIN, 5, 8, "o", 3),
            -1);
  EXPECT_EQ(__lanes_sub_group_scan_exclusive_f32(LANES_OP_MIN, 1.5f, 4, "o", 4),
            INFINITY);
  EXPECT_EQ(__lanes_sub_group_shuffle_f64(2.5, 0, 4, "o", 5), 2.5);
  EXPECT_EQ(__lanes_sub_group_shuffle_f64(2.5, 3, 4, "o", 6), 2.5);
}

TEST(SubGroupMisuse, SizeNotAPowerOfTwoIsARuntimeError) {
  for (unsigned Bad : {0u, 12u, 128u}) {
    auto Kernel = [Bad] {
      (void)__lanes_sub_group_reduce_i32(LANES_OP_ADD, 1, Bad, "size.cpp", 8);
    };
    rt::LaunchDesc D = libraryLaunch(Kernel, 1, {8, 1, 1}, {8, 1, 1});
    sycl::exception E = catchSyclError([&] { rt::launch(D); });
    EXPECT_EQ(E.code(), sycl::errc::runtime);
    std::string What = E.what();
    EXPECT_NE(What.find("__lanes_sub_group_reduce_i32 at size.cpp:8 in "
                        "work-group (0): sub-group size " +
                        std::to_string(Bad) +
                        " is not a power of two from 1 to 64"),
              std::string::npos)
        << What;
  }
}

TEST(SubGroupMisuse, IntegerOperationOnFloatsIsARuntimeError) {
  auto Kernel = [] {
    (void)__lanes_sub_group_scan_inclusive_f64(LANES_OP_XOR, 1.0, 4, "op.cpp",
                                               9);
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Kernel, 1, {8, 1, 1}, {8, 1, 1}));
  });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  EXPECT_NE(std::string(E.what()).find(
                "__lanes_sub_group_scan_inclusive_f64 at op.cpp:9 in "
                "work-group (0): operation 8 is not defined on this type"),
            std::string::npos)
      << E.what();
}

TEST(SubGroupCollectives, WaitForTheirSubGroupOnly) {
  // Sub-group 0 of each row reduces, 1 scans, 2 shuffles and 3 (partial,
  // 2 lanes) calls nothing; then all meet at a barrier, which the first
  // three sub-groups reach while the last one waits there.
  std::vector<int64_t> Got(2 * 14);
  int64_t *Out = Got.data();
  auto Kernel = [Out] {
    size_t X = __lanes_local_id(0), Lid = X + 14 * __lanes_local_id(1);
    int64_t V = int64_t(Lid) + 1, R = -1;
    if (X / 4 == 0)
      R = __lanes_sub_group_reduce_i64(LANES_OP_ADD, V, 4, "r", 1);
    else if (X / 4 == 1)
      R = __lanes_sub_group_scan_inclusive_i64(LANES_OP_ADD, V, 4, "s", 2);
    else if (X / 4 == 2)
      R = __lanes_sub_group_shuffle_i64(V, 3 - X % 4, 4, "h", 3);
    __lanes_barrier(LANES_FENCE_LOCAL, "b", 4);
    Out[Lid] = R;
  };
  rt::launch(libraryLaunch(Kernel, 2, {14, 2, 1}, {14, 2, 1}));
  for (size_t Lid = 0; Lid < 28; ++Lid) {
    size_t X = Lid % 14;
    int64_t First = int64_t(Lid - X % 4) + 1, V = int64_t(Lid) + 1;
    int64_t Want = -1;
    if (X / 4 == 0)
      Want = 4 * First + 6;
    else if (X / 4 == 1)
      Want = (First + V) * (V - First + 1) / 2;
    else if (X / 4 == 2)
      Want = First + int64_t(3 - X % 4);
    EXPECT_EQ(Got[Lid], Want) << Lid;
  }
}

TEST(SubGroupBarrier, OrdersItsSubGroupOnly) {
  // Each sub-group (of 4; the last one partial, 2 lanes) goes as many
  // rounds as its index, each adding its right neighbour's value (wrapping
  // within the sub-group) between two sub-group barriers; sub-group 0
  // never waits. Every work-item then meets at a work-group barrier.
  int64_t Values[10] = {};
  std::vector<int64_t> Got(10);
  int64_t *Shared = Values, *Out = Got.data();
  auto Kernel = [Shared, Out] {
    size_t X = __lanes_local_id(0), First = X - X % 4;
    size_t Size = std::min<size_t>(4, 10 - First);
    int64_t V = int64_t(X) + 1;
    for (size_t Round = 0; Round < X / 4; ++Round) {
      Shared[X] = V;
      __lanes_sub_group_barrier(LANES_FENCE_LOCAL, 4, "sgb", 1);
      V += Shared[First + (X - First + 1) % Size];
      __lanes_sub_group_barrier(LANES_FENCE_LOCAL, 4, "sgb", 2);
    }
    __lanes_barrier(LANES_FENCE_LOCAL, "b", 3);
    Out[X] = V;
  };
  rt::launch(libraryLaunch(Kernel, 1, {10, 1, 1}, {10, 1, 1}));
  std::vector<int64_t> Want{1,     2,     3,     4,      5 + 6,
                            6 + 7, 7 + 8, 8 + 5, 2 * 19, 2 * 19};
  EXPECT_EQ(Got, Want);
}

TEST(SubGroupMisuse, ReachedByPartOfTheSubGroupIsARuntimeError) {
  // Sub-group 1 (items 4 to 7) does not call the reduction at all, which
  // is fine; in sub-group 0, items 2 and 3 finish without it.
  auto Kernel = [] {
    if (__lanes_local_id(0) < 2)
      (void)__lanes_sub_group_reduce_i32(LANES_OP_ADD, 1, 4, "part.cpp", 5);
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Kernel, 1, {8, 1, 1}, {8, 1, 1}));
  });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  EXPECT_NE(std::string(E.what()).find(
                "__lanes_sub_group_reduce_i32 at part.cpp:5 reached by only "
                "2 of 4 work-items of sub-group 0 of work-group (0); "
                "work-item (2) finished the kernel"),
            std::string::npos)
      << E.what();
}

TEST(SubGroupMisuse, PartOfTheSubGroupAtABarrierIsARuntimeError) {
  auto Kernel = [] {
    if (__lanes_local_id(0) == 5)
      __lanes_barrier(LANES_FENCE_LOCAL, "bar.cpp", 3);
    else
      (void)__lanes_sub_group_reduce_i32(LANES_OP_ADD, 1, 4, "bar.cpp", 5);
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Kernel, 1, {8, 1, 1}, {8, 1, 1}));
  });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  EXPECT_NE(std::string(E.what()).find(
                "__lanes_sub_group_reduce_i32 at bar.cpp:5 reached by only "
                "3 of 4 work-items of sub-group 1 of work-group (0); "
                "work-item (5) waits at barrier at bar.cpp:3"),
            std::string::npos)
      << E.what();
}

TEST(SubGroupMisuse, DifferentCollectivesInOneSubGroupIsARuntimeError) {
  auto Kernel = [] {
    if (__lanes_local_id(0) % 2)
      (void)__lanes_sub_group_reduce_i32(LANES_OP_ADD, 1, 4, "two.cpp", 5);
    else
      (void)__lanes_sub_group_reduce_i32(LANES_OP_ADD, 1, 4, "two.cpp", 7);
  };
  sycl::exception E = catchSyclError([&] {
    rt::launch(libraryLaunch(Kernel, 1, {4, 1, 1}, {4, 1, 1}));
  });
  EXPECT_EQ(E.code(), sycl::errc::runtime);
  EXPECT_NE(std::string(E.what()).find(
                "work-items of sub-group 0 of work-group (0) wait at "
                "different collectives: work-item (0) at two.cpp:7 "
                "(__lanes_sub_group_reduce_i32), work-item (1) at two.cpp:5 "
                "(__lanes_sub_group_reduce_i32)"),
            std::string::npos)
      << E.what();
}

TEST(SubGroupMisuseDeathTest, OutsideALaunchAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(__lanes_sub_group_shuffle_i32(1, 0, 3, "outside.cpp", 7),
               "__lanes_sub_group_shuffle_i32 at outside.cpp:7: sub-group "
               "size 3 is not a power of two");
}

TEST(SubGroupDeathTest, FromACompiledWorkGroupFunctionAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  static volatile float Sink;
  auto WorkGroup = [](lanes_wg_ctx *) {
    Sink = __lanes_sub_group_reduce_f32(LANES_OP_ADD, 1.0f, 4, "c.cpp", 1);
  };
  EXPECT_DEATH(rt::launch(compiledLaunch(WorkGroup, 1, {4, 1, 1}, {4, 1, 1})),
               "__lanes_sub_group_reduce_f32 reached in compiled kernel '.*' "
               "from code the Lanes compiler did not lower");
}

} // namespace
