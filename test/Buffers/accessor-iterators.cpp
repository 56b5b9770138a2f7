// Accessor iterators (SYCL 2020 4.7.6.9, 4.7.6.10, 4.7.6.11): begin/end,
// cbegin/cend, rbegin/rend and crbegin/crend of host accessors, device
// accessors in kernels and local accessors. An accessor iterates over its
// range only, in row-major order, relative to its offset: for a ranged
// 2-D or 3-D accessor that is not contiguous memory. The iterators are
// random-access (arithmetic, subscripts, comparisons) and work with the
// standard algorithms; writing through them must change exactly the
// elements of the range.
#include "buffers.hpp"

#include <algorithm>
#include <iterator>
#include <numeric>
#include <type_traits>

namespace {

using Host2 = sycl::host_accessor<int, 2>;
using ReadHost2 = sycl::host_accessor<int, 2, sycl::access_mode::read>;
static_assert(
    std::is_same_v<std::iterator_traits<Host2::iterator>::iterator_category,
                   std::random_access_iterator_tag>);
static_assert(std::is_same_v<decltype(*std::declval<Host2>().begin()), int &>);
static_assert(
    std::is_same_v<decltype(*std::declval<Host2>().cbegin()), const int &>);
static_assert(
    std::is_same_v<decltype(*std::declval<ReadHost2>().begin()), const int &>);
static_assert(std::is_convertible_v<Host2::iterator, Host2::const_iterator>);
static_assert(std::is_same_v<sycl::host_accessor<int, 1>::iterator, int *>);
#if __cplusplus >= 202002L
static_assert(std::random_access_iterator<Host2::iterator>);
static_assert(std::random_access_iterator<Host2::const_iterator>);
static_assert(std::random_access_iterator<
              sycl::accessor<float, 3, sycl::access_mode::read>::iterator>);
#endif

/// The linear indices in \p Whole of the box \p Box at \p At, row-major.
template <int Dims>
std::vector<size_t> boxIndices(sycl::range<Dims> Whole, sycl::range<Dims> Box,
                               sycl::id<Dims> At) {
  std::vector<size_t> Indices;
  for (size_t P = 0; P < Box.size(); ++P) {
    size_t Rest = P, Linear = 0, Stride = 1;
    for (int D = Dims - 1; D >= 0; --D) {
      Linear += (Rest % Box[D] + At[D]) * Stride;
      Rest /= Box[D];
      Stride *= Whole[D];
    }
    Indices.push_back(Linear);
  }
  return Indices;
}

template <int Dims> std::string boxName(sycl::range<Dims> Box) {
  std::string Name = std::to_string(Dims) + "-D box";
  for (int D = 0; D < Dims; ++D)
    Name += (D ? "x" : " ") + std::to_string(Box[D]);
  return Name;
}

/// Host accessors of the box \p Box at \p At of a buffer \p Whole: reads
/// through every iterator kind and the random-access operations, then
/// writes through begin() (std::iota) and rbegin() (std::transform).
template <int Dims>
void checkHostBox(buffers::Checker &Check, sycl::range<Dims> Whole,
                  sycl::range<Dims> Box, sycl::id<Dims> At) {
  std::string Name = boxName(Box);
  std::vector<int> Data(Whole.size());
  for (size_t I = 0; I < Data.size(); ++I)
    Data[I] = buffers::input(I, Dims);
  std::vector<size_t> Indices = boxIndices(Whole, Box, At);
  std::vector<int> InBox, Model = Data;
  for (size_t Index : Indices)
    InBox.push_back(Data[Index]);
  {
    sycl::buffer<int, Dims> Buf(Data.data(), Whole);
    {
      sycl::host_accessor<int, Dims, sycl::access_mode::read> Acc(Buf, Box, At);
      Check.equal(Name + ": begin..end",
                  std::vector<int>(Acc.begin(), Acc.end()), InBox);
      Check.equal(Name + ": cbegin..cend",
                  std::vector<int>(Acc.cbegin(), Acc.cend()), InBox);
      std::vector<int> Reversed(InBox.rbegin(), InBox.rend());
      Check.equal(Name + ": rbegin..rend",
                  std::vector<int>(Acc.rbegin(), Acc.rend()), Reversed);
      Check.equal(Name + ": crbegin..crend",
                  std::vector<int>(Acc.crbegin(), Acc.crend()), Reversed);
      std::vector<int> RangeFor;
      for (int X : Acc)
        RangeFor.push_back(X);
      Check.equal(Name + ": range for", RangeFor, InBox);

      auto First = Acc.begin(), Last = Acc.end();
      size_t N = InBox.size(), Mid = N / 2;
      bool Ok = size_t(Last - First) == N &&
                size_t(std::distance(First, Last)) == N &&
                First[Mid] == InBox[Mid] && *(First + Mid) == InBox[Mid] &&
                *(Mid + First) == InBox[Mid] && *(Last - 1) == InBox[N - 1] &&
                First < Last && Last > First && First <= First &&
                First >= First && First != Last && (First + N) == Last;
      auto It = First;
      It += Mid;
      Ok &= *It == InBox[Mid] && *It-- == InBox[Mid] && *It == InBox[Mid - 1];
      It -= Mid - 1;
      Ok &= It == First && *++It == InBox[1] && *It++ == InBox[1] &&
            *--It == InBox[1];
      Ok &= std::accumulate(Acc.begin(), Acc.end(), 0L) ==
            std::accumulate(InBox.begin(), InBox.end(), 0L);
      Ok &= std::max_element(Acc.begin(), Acc.end()) - Acc.begin() ==
            std::max_element(InBox.begin(), InBox.end()) - InBox.begin();
      Check.expect(Name + ": random access", Ok);
    }
    {
      sycl::host_accessor<int, Dims> Acc(Buf, Box, At);
      std::iota(Acc.begin(), Acc.end(), 1000);
      std::transform(Acc.rbegin(), Acc.rend(), Acc.rbegin(),
                     [](int X) { return X * 3; });
    }
  }
  for (size_t P = 0; P < Indices.size(); ++P)
    Model[Indices[P]] = (1000 + int(P)) * 3;
  Check.equal(Name + ": written through iterators", Data, Model);
}

/// Device accessors in kernels: a single task sums a ranged 2-D accessor
/// with a range for, and a parallel_for copies it, reversed, into a 1-D
/// accessor through `rbegin()[i]` and `begin()[i]`.
void checkDeviceBox(buffers::Checker &Check, sycl::queue &Q) {
  sycl::range<2> Whole(9, 13), Box(5, 7);
  sycl::id<2> At(3, 4);
  std::vector<int> Data(Whole.size());
  for (size_t I = 0; I < Data.size(); ++I)
    Data[I] = buffers::input(I, 7);
  std::vector<int> InBox;
  for (size_t Index : boxIndices(Whole, Box, At))
    InBox.push_back(Data[Index]);
  std::vector<int> Reversed(InBox.size()), Sum(1);
  {
    sycl::buffer<int, 2> Buf(Data.data(), Whole);
    sycl::buffer<int> Out(Reversed.data(), Reversed.size());
    sycl::buffer<int> Total(Sum.data(), 1);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor In(Buf, CGH, Box, At, sycl::read_only);
      sycl::accessor T(Total, CGH, sycl::write_only);
      CGH.single_task([=] {
        int S = 0;
        for (int X : In)
          S += X;
        T[0] = S;
      });
    });
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor In(Buf, CGH, Box, At, sycl::read_only);
      sycl::accessor O(Out, CGH, sycl::write_only, sycl::no_init);
      CGH.parallel_for(sycl::range<1>(Box.size()), [=](sycl::id<1> I) {
        O.begin()[I[0]] = In.crbegin()[I[0]];
      });
    });
  }
  Check.equal("kernel: range for over a 2-D box", Sum,
              {std::accumulate(InBox.begin(), InBox.end(), 0)});
  Check.equal("kernel: rbegin()[i] of a 2-D box", Reversed,
              std::vector<int>(InBox.rbegin(), InBox.rend()));
}

/// Local accessors: each work-group fills a tile, then every work-item
/// reads the tile reversed through rbegin() and the sum of its row with
/// std::accumulate over begin()..end().
void checkLocal(buffers::Checker &Check, sycl::queue &Q) {
  constexpr size_t Groups = 3, Size = 32;
  std::vector<int> In(Groups * Size), Out(In.size()), Sums(In.size());
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = buffers::input(I, 8);
  {
    sycl::buffer<int> InBuf(In.data(), In.size()),
        OutBuf(Out.data(), Out.size()), SumBuf(Sums.data(), Sums.size());
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor I(InBuf, CGH, sycl::read_only);
      sycl::accessor O(OutBuf, CGH, sycl::write_only, sycl::no_init);
      sycl::accessor S(SumBuf, CGH, sycl::write_only, sycl::no_init);
      sycl::local_accessor<int> Tile(Size, CGH);
      CGH.parallel_for(sycl::nd_range<1>(In.size(), Size),
                       [=](sycl::nd_item<1> It) {
                         size_t L = It.get_local_id(0), G = It.get_global_id(0);
                         Tile[L] = I[G];
                         sycl::group_barrier(It.get_group());
                         O[G] = Tile.rbegin()[L];
                         S[G] = std::accumulate(Tile.cbegin(), Tile.cend(), 0) +
                                int(Tile.crend() - Tile.crbegin());
                       });
    });
  }
  std::vector<int> WantOut(In.size()), WantSums(In.size());
  for (size_t G = 0; G < Groups; ++G) {
    int Sum = int(Size);
    for (size_t L = 0; L < Size; ++L)
      Sum += In[G * Size + L];
    for (size_t L = 0; L < Size; ++L) {
      WantOut[G * Size + L] = In[G * Size + Size - 1 - L];
      WantSums[G * Size + L] = Sum;
    }
  }
  Check.equal("local accessor: rbegin()[i]", Out, WantOut);
  Check.equal("local accessor: accumulate", Sums, WantSums);
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  checkHostBox<1>(Check, sycl::range<1>(40), sycl::range<1>(17),
                  sycl::id<1>(5));
  checkHostBox<2>(Check, sycl::range<2>(8, 11), sycl::range<2>(5, 4),
                  sycl::id<2>(2, 6));
  checkHostBox<2>(Check, sycl::range<2>(6, 9), sycl::range<2>(6, 9),
                  sycl::id<2>(0, 0));
  checkHostBox<3>(Check, sycl::range<3>(5, 6, 7), sycl::range<3>(3, 2, 4),
                  sycl::id<3>(1, 3, 2));
  checkDeviceBox(Check, Q);
  checkLocal(Check, Q);

  // An empty accessor has nothing to iterate over.
  sycl::host_accessor<int, 2> Empty;
  sycl::accessor<int, 3> EmptyDevice;
  Check.expect("empty accessors",
               Empty.begin() == Empty.end() && Empty.rbegin() == Empty.rend() &&
                   EmptyDevice.cbegin() == EmptyDevice.cend());
  return Check.status();
}
