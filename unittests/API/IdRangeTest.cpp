//===- IdRangeTest.cpp - id, range, nd_range and their operators ----------===//
//
// Host-side behaviour of the index types: construction, CTAD, element-wise
// operators, scalar forms, the id<1> -> size_t conversion, and the
// properties kernels rely on (trivially copyable work-item objects).
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <type_traits>

namespace {

TEST(IdRange, ConstructAndQuery) {
  sycl::range<3> R(2, 3, 4);
  EXPECT_EQ(R[0], 2u);
  EXPECT_EQ(R.get(1), 3u);
  EXPECT_EQ(R[2], 4u);
  EXPECT_EQ(R.size(), 24u);
  EXPECT_EQ(sycl::range<1>(7).size(), 7u);
  EXPECT_EQ(sycl::range<2>(5, 6).size(), 30u);

  sycl::id<3> I;
  EXPECT_EQ(I, sycl::id<3>(0, 0, 0));
  sycl::id<3> FromRange(R);
  EXPECT_EQ(FromRange, sycl::id<3>(2, 3, 4));
  I[1] = 9;
  EXPECT_EQ(I.get(1), 9u);
}

TEST(IdRange, DeductionGuides) {
  sycl::range R1{8};
  sycl::range R2{8, 4};
  sycl::range R3{8, 4, 2};
  static_assert(std::is_same_v<decltype(R1), sycl::range<1>>);
  static_assert(std::is_same_v<decltype(R2), sycl::range<2>>);
  static_assert(std::is_same_v<decltype(R3), sycl::range<3>>);
  sycl::id I2{1, 2};
  static_assert(std::is_same_v<decltype(I2), sycl::id<2>>);
  sycl::nd_range ND{sycl::range<2>(8, 4), sycl::range<2>(2, 2)};
  static_assert(std::is_same_v<decltype(ND), sycl::nd_range<2>>);
  EXPECT_EQ(R3.size(), 64u);
}

TEST(IdRange, ElementWiseOperators) {
  sycl::id<2> A(6, 9), B(2, 3);
  EXPECT_EQ(A + B, sycl::id<2>(8, 12));
  EXPECT_EQ(A - B, sycl::id<2>(4, 6));
  EXPECT_EQ(A * B, sycl::id<2>(12, 27));
  EXPECT_EQ(A / B, sycl::id<2>(3, 3));
  EXPECT_EQ(A % B, sycl::id<2>(0, 0));
  EXPECT_EQ(A << B, sycl::id<2>(24, 72));
  EXPECT_EQ(A >> sycl::id<2>(1, 2), sycl::id<2>(3, 2));
  EXPECT_EQ(A & B, sycl::id<2>(2, 1));
  EXPECT_EQ(A | B, sycl::id<2>(6, 11));
  EXPECT_EQ(A ^ B, sycl::id<2>(4, 10));
  // Relational operators are element-wise too.
  EXPECT_EQ(sycl::id<2>(1, 5) < sycl::id<2>(2, 2), sycl::id<2>(1, 0));
  EXPECT_EQ(sycl::id<2>(1, 5) >= sycl::id<2>(2, 2), sycl::id<2>(0, 1));
  EXPECT_EQ(sycl::id<2>(1, 0) && sycl::id<2>(1, 1), sycl::id<2>(1, 0));
  EXPECT_EQ(sycl::id<2>(1, 0) || sycl::id<2>(0, 0), sycl::id<2>(1, 0));
  EXPECT_NE(A, B);

  sycl::range<3> R(4, 6, 8);
  EXPECT_EQ(R / sycl::range<3>(2, 3, 4), sycl::range<3>(2, 2, 2));
  EXPECT_EQ(R * 2, sycl::range<3>(8, 12, 16));
  EXPECT_EQ(2 * R, sycl::range<3>(8, 12, 16));
  EXPECT_EQ(R - 1u, sycl::range<3>(3, 5, 7));
}

TEST(IdRange, CompoundAndUnaryOperators) {
  sycl::id<3> I(1, 2, 3);
  I += sycl::id<3>(1, 1, 1);
  EXPECT_EQ(I, sycl::id<3>(2, 3, 4));
  I *= 2;
  EXPECT_EQ(I, sycl::id<3>(4, 6, 8));
  I -= 1;
  EXPECT_EQ(I, sycl::id<3>(3, 5, 7));
  I %= sycl::id<3>(2, 2, 2);
  EXPECT_EQ(I, sycl::id<3>(1, 1, 1));
  EXPECT_EQ(++I, sycl::id<3>(2, 2, 2));
  EXPECT_EQ(I++, sycl::id<3>(2, 2, 2));
  EXPECT_EQ(I, sycl::id<3>(3, 3, 3));
  EXPECT_EQ(--I, sycl::id<3>(2, 2, 2));
  EXPECT_EQ(+I, I);
  EXPECT_EQ(-(-I), I);
}

TEST(IdRange, ScalarComparisons) {
  sycl::id<2> Z(0, 0);
  EXPECT_TRUE(Z == 0);
  EXPECT_TRUE(0 == Z);
  EXPECT_TRUE(sycl::id<2>(0, 1) != 0);
  sycl::id<1> One(1);
  EXPECT_TRUE(One == 1);
  EXPECT_FALSE(One != 1u);
}

TEST(IdRange, IdOneConvertsToSizeT) {
  sycl::id<1> I(5);
  size_t S = I;
  int Signed = I;
  EXPECT_EQ(S, 5u);
  EXPECT_EQ(Signed, 5);
  int Data[8] = {0, 10, 20, 30, 40, 50, 60, 70};
  EXPECT_EQ(Data[I], 50);
  // Scalar arithmetic stays an id (no ambiguity with the conversion).
  auto Next = I + 1;
  static_assert(std::is_same_v<decltype(Next), sycl::id<1>>);
  EXPECT_EQ(Next, 6);
  auto Prev = 10 - I;
  EXPECT_EQ(Prev[0], 5u);
  // id<1> is implicitly constructible from a size.
  sycl::id<1> FromInt = 3;
  EXPECT_EQ(FromInt[0], 3u);
  static_assert(!std::is_convertible_v<sycl::id<2>, size_t>,
                "only id<1> converts to size_t");
}

TEST(IdRange, NdRangeQueries) {
  sycl::nd_range<3> ND(sycl::range<3>(8, 6, 4), sycl::range<3>(2, 3, 4));
  EXPECT_EQ(ND.get_global_range(), sycl::range<3>(8, 6, 4));
  EXPECT_EQ(ND.get_local_range(), sycl::range<3>(2, 3, 4));
  EXPECT_EQ(ND.get_group_range(), sycl::range<3>(4, 2, 1));
  EXPECT_EQ(ND.get_offset(), sycl::id<3>());
  EXPECT_EQ(ND, sycl::nd_range<3>(sycl::range<3>(8, 6, 4),
                                  sycl::range<3>(2, 3, 4)));
}

// Kernels capture these by value and the compiler keeps them in registers.
static_assert(std::is_trivially_copyable_v<sycl::id<3>>);
static_assert(std::is_trivially_copyable_v<sycl::range<3>>);
static_assert(std::is_trivially_copyable_v<sycl::item<2>>);
static_assert(std::is_trivially_copyable_v<sycl::nd_item<3>>);
static_assert(std::is_trivially_copyable_v<sycl::group<2>>);
static_assert(std::is_trivially_copyable_v<sycl::local_accessor<int, 0>>);
static_assert(std::is_trivially_copyable_v<sycl::local_accessor<float, 3>>);
static_assert(std::is_empty_v<sycl::nd_item<3>>,
              "nd_item answers every query from the builtins");
// A group holds its local range only: hierarchical kernels pass a logical
// one (include/sycl/group.hpp).
static_assert(sizeof(sycl::group<3>) == sizeof(sycl::range<3>));
static_assert(!std::is_default_constructible_v<sycl::nd_item<1>>);
static_assert(!std::is_default_constructible_v<sycl::item<1>>);

} // namespace
