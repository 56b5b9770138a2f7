//===- SpanTest.cpp - sycl::span ------------------------------------------===//
//
// sycl::span (SYCL 2020, C++20's std::span) on the host and in a kernel: every
// constructor and its deduction guide, the static and dynamic extents they
// give, element access, iterators, the subviews in both forms, the byte
// views, and which conversions compile.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace {

template <typename T, size_t E> using Span = sycl::span<T, E>;
constexpr size_t Dyn = sycl::dynamic_extent;

TEST(Span, Constructors) {
  int Array[5] = {1, 2, 3, 4, 5};
  Span<int, Dyn> Empty;
  EXPECT_TRUE(Empty.empty());
  EXPECT_EQ(Empty.data(), nullptr);
  Span<int, 0> EmptyStatic;
  EXPECT_EQ(EmptyStatic.size(), 0u);

  Span<int, Dyn> PtrCount(Array + 1, 3);
  EXPECT_EQ(PtrCount.data(), Array + 1);
  EXPECT_EQ(PtrCount.size(), 3u);
  Span<int, Dyn> PtrPair(Array + 1, Array + 4);
  EXPECT_EQ(PtrPair.data(), Array + 1);
  EXPECT_EQ(PtrPair.size(), 3u);
  Span<int, Dyn> ZeroCount(Array, 0); // a size, not a null end pointer
  EXPECT_TRUE(ZeroCount.empty());

  Span<int, 5> FromArray(Array);
  EXPECT_EQ(FromArray.data(), Array);
  std::array<int, 4> Std{{7, 8, 9, 10}};
  Span<int, 4> FromStd(Std);
  EXPECT_EQ(FromStd.data(), Std.data());
  const std::array<int, 4> &ConstStd = Std;
  Span<const int, Dyn> FromConstStd(ConstStd);
  EXPECT_EQ(FromConstStd.size(), 4u);

  std::vector<double> Vector(6, 1.5);
  Span<double, Dyn> FromVector(Vector);
  EXPECT_EQ(FromVector.data(), Vector.data());
  EXPECT_EQ(FromVector.size(), 6u);
  const std::vector<double> &ConstVector = Vector;
  Span<const double, Dyn> FromConstVector(ConstVector);
  EXPECT_EQ(FromConstVector.size(), 6u);
  std::string Text = "lanes";
  Span<char, Dyn> FromString(Text);
  EXPECT_EQ(FromString.size(), 5u);

  // Conversions: to const elements, static to dynamic extent.
  Span<const int, 5> ToConst(FromArray);
  Span<const int, Dyn> ToDynamic(ToConst);
  EXPECT_EQ(ToDynamic.data(), Array);
  EXPECT_EQ(ToDynamic.size(), 5u);
  Span<int, Dyn> Copy = PtrCount;
  Copy = PtrPair;
  EXPECT_EQ(Copy.data(), Array + 1);
}

TEST(Span, WhatConverts) {
  using std::is_constructible_v;
  static_assert(is_constructible_v<Span<const int, Dyn>, Span<int, 3>>);
  static_assert(!is_constructible_v<Span<int, Dyn>, Span<const int, 3>>);
  static_assert(!is_constructible_v<Span<int, 4>, Span<int, 3>>);
  static_assert(is_constructible_v<Span<int, 3>, Span<int, Dyn>>);
  static_assert(!is_constructible_v<Span<int, 4>, int(&)[3]>);
  static_assert(!is_constructible_v<Span<long, Dyn>, std::vector<int> &>);
  static_assert(!is_constructible_v<Span<int, Dyn>, const std::vector<int> &>);
  static_assert(is_constructible_v<Span<const int, Dyn>, std::vector<int>>);
  static_assert(!std::is_default_constructible_v<Span<int, 2>>);
  // A span of derived elements must not view them as their base.
  struct Base {};
  struct Derived : Base {};
  static_assert(!is_constructible_v<Span<Base, Dyn>, Span<Derived, Dyn>>);
  static_assert(std::is_trivially_copyable_v<Span<int, Dyn>>);
}

TEST(Span, DeductionGuides) {
  int Array[3] = {};
  std::array<float, 2> Std{};
  const std::array<float, 2> &ConstStd = Std;
  std::vector<short> Vector(4);
  const std::vector<short> &ConstVector = Vector;
  sycl::span A(Array);
  sycl::span B(Std);
  sycl::span C(ConstStd);
  sycl::span D(Vector);
  sycl::span E(ConstVector);
  sycl::span F(Array, 2);
  sycl::span G(Array, Array + 3);
  static_assert(std::is_same_v<decltype(A), Span<int, 3>>);
  static_assert(std::is_same_v<decltype(B), Span<float, 2>>);
  static_assert(std::is_same_v<decltype(C), Span<const float, 2>>);
  static_assert(std::is_same_v<decltype(D), Span<short, Dyn>>);
  static_assert(std::is_same_v<decltype(E), Span<const short, Dyn>>);
  static_assert(std::is_same_v<decltype(F), Span<int, Dyn>>);
  static_assert(std::is_same_v<decltype(G), Span<int, Dyn>>);
  EXPECT_EQ(E.size(), 4u);
  EXPECT_EQ(G.size(), 3u);
}

TEST(Span, ObserversAndAccess) {
  long Array[4] = {10, 20, 30, 40};
  Span<long, 4> S(Array);
  static_assert(decltype(S)::extent == 4);
  static_assert(Span<long, Dyn>::extent == Dyn);
  EXPECT_EQ(S.size(), 4u);
  EXPECT_EQ(S.size_bytes(), 4 * sizeof(long));
  EXPECT_FALSE(S.empty());
  EXPECT_EQ(S.front(), 10);
  EXPECT_EQ(S.back(), 40);
  EXPECT_EQ(S[2], 30);
  S[2] = 33;
  EXPECT_EQ(Array[2], 33);
  Span<const long, Dyn> View(Array, 4);
  static_assert(std::is_same_v<decltype(View[0]), const long &>);
  static_assert(std::is_same_v<Span<const long, 1>::value_type, long>);
}

TEST(Span, Iterators) {
  int Array[4] = {1, 2, 3, 4};
  Span<int, Dyn> S(Array);
  int Sum = 0;
  for (int X : S)
    Sum += X;
  EXPECT_EQ(Sum, 10);
  std::vector<int> Reversed(S.rbegin(), S.rend());
  EXPECT_EQ(Reversed, (std::vector<int>{4, 3, 2, 1}));
  std::vector<int> ConstReversed(S.crbegin(), S.crend());
  EXPECT_EQ(ConstReversed, Reversed);
  EXPECT_EQ(S.end() - S.begin(), 4);
  EXPECT_EQ(S.cend() - S.cbegin(), 4);
  static_assert(std::is_same_v<decltype(*S.cbegin()), const int &>);
  *S.begin() = 9;
  EXPECT_EQ(Array[0], 9);
}

TEST(Span, Subviews) {
  int Array[6] = {0, 1, 2, 3, 4, 5};
  Span<int, 6> S(Array);
  auto First = S.first<2>();
  auto Last = S.last<3>();
  auto Middle = S.subspan<1, 4>();
  auto Tail = S.subspan<2>();
  static_assert(std::is_same_v<decltype(First), Span<int, 2>>);
  static_assert(std::is_same_v<decltype(Last), Span<int, 3>>);
  static_assert(std::is_same_v<decltype(Middle), Span<int, 4>>);
  static_assert(std::is_same_v<decltype(Tail), Span<int, 4>>);
  EXPECT_EQ(First.data(), Array);
  EXPECT_EQ(Last.data(), Array + 3);
  EXPECT_EQ(Middle.data(), Array + 1);
  EXPECT_EQ(Tail.data(), Array + 2);
  EXPECT_EQ(Tail.back(), 5);

  Span<int, Dyn> D(Array);
  static_assert(std::is_same_v<decltype(D.subspan<2>()), Span<int, Dyn>>);
  EXPECT_EQ(D.subspan<2>().size(), 4u);
  auto DFirst = D.first(3);
  auto DLast = D.last(1);
  auto DSub = D.subspan(1, 2);
  auto DRest = S.subspan(4);
  static_assert(std::is_same_v<decltype(DFirst), Span<int, Dyn>>);
  static_assert(std::is_same_v<decltype(DRest), Span<int, Dyn>>);
  EXPECT_EQ(DFirst.size(), 3u);
  EXPECT_EQ(DLast.front(), 5);
  EXPECT_EQ(DSub.data(), Array + 1);
  EXPECT_EQ(DSub.size(), 2u);
  EXPECT_EQ(DRest.size(), 2u);
  EXPECT_TRUE(D.subspan(6).empty());
}

TEST(Span, Bytes) {
  unsigned Array[2] = {0x01020304u, 0};
  Span<unsigned, 2> S(Array);
  auto Bytes = sycl::as_bytes(S);
  auto Writable = sycl::as_writable_bytes(S);
  static_assert(std::is_same_v<decltype(Bytes),
                               Span<const std::byte, 2 * sizeof(unsigned)>>);
  static_assert(std::is_same_v<decltype(Writable),
                               Span<std::byte, 2 * sizeof(unsigned)>>);
  static_assert(std::is_same_v<decltype(sycl::as_bytes(Span<int, Dyn>())),
                               Span<const std::byte, Dyn>>);
  EXPECT_EQ(static_cast<const void *>(Bytes.data()), Array);
  EXPECT_EQ(Bytes.size(), 8u);
  Writable[4] = std::byte{0xff};
  EXPECT_EQ(Array[1] & 0xffu, 0xffu); // little-endian, as every Lanes host
}

TEST(Span, InKernels) {
  sycl::queue Q;
  constexpr size_t N = 64;
  int *Data = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Data[I] = int(I);
  sycl::span<int, N> All(Data, N);
  Q.parallel_for(sycl::range<1>(N / 4), [=](sycl::id<1> I) {
     // Each work-item reverses its own four elements.
     sycl::span<int, 4> Mine = All.subspan(I[0] * 4, 4);
     int Tmp[4];
     int K = 0;
     for (auto It = Mine.rbegin(); It != Mine.rend(); ++It)
       Tmp[K++] = *It;
     for (int J = 0; J < 4; ++J)
       Mine[J] = Tmp[J];
   }).wait();
  for (size_t I = 0; I < N; ++I)
    EXPECT_EQ(Data[I], int(I / 4 * 4 + 3 - I % 4)) << "element " << I;
  sycl::free(Data, Q);
}

} // namespace
