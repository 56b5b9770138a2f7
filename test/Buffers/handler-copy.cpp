// The handler's explicit memory commands on accessors (SYCL 2020 4.9.4.3):
// copy from an accessor to a pointer or shared_ptr, from a pointer or
// shared_ptr to an accessor, between accessors (also of different shapes,
// ranks and element types: a byte copy in row-major order), fill and
// update_host. Every accessor is ranged, so multi-dimensional boxes are
// copied row by row; elements outside the boxes must not change.
#include "buffers.hpp"

#include <cstring>

namespace {

/// Linear indices, in row-major order, of the box \p Range at \p At of an
/// array with extents \p Whole.
template <int Dims>
std::vector<size_t> boxIndices(sycl::range<Dims> Whole,
                               sycl::range<Dims> Range, sycl::id<Dims> At) {
  std::vector<size_t> Out;
  for (size_t L = 0; L < Range.size(); ++L) {
    size_t Rest = L, Index[3] = {0, 0, 0};
    for (int D = Dims - 1; D >= 0; --D) {
      Index[D] = Rest % Range[D] + At[D];
      Rest /= Range[D];
    }
    size_t Linear = 0;
    for (int D = 0; D < Dims; ++D)
      Linear = Linear * Whole[D] + Index[D];
    Out.push_back(Linear);
  }
  return Out;
}

template <typename T> std::vector<T> inputs(size_t Count, unsigned Salt) {
  std::vector<T> V(Count);
  for (size_t I = 0; I < Count; ++I)
    V[I] = T(buffers::input(I, Salt));
  return V;
}

void copyOut(buffers::Checker &Check, sycl::queue &Q) {
  const sycl::range<2> Whole(10, 13), Range(4, 5);
  const sycl::id<2> At(3, 6);
  std::vector<int> Host = inputs<int>(Whole.size(), 20), Want;
  for (size_t L : boxIndices(Whole, Range, At))
    Want.push_back(Host[L]);
  std::vector<int> Out(Range.size(), -1);
  std::shared_ptr<int[]> Shared(new int[Range.size()]);
  sycl::buffer<int, 2> Buf(Host.data(), Whole);
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor Acc(Buf, CGH, Range, At, sycl::read_only);
    CGH.copy(Acc, Out.data());
  });
  Check.equal("copy ranged 2-D accessor to T*", Out, Want);
  Q.submit([&](sycl::handler &CGH) {
    auto Acc = Buf.get_access<sycl::access::mode::read>(CGH, Range, At);
    CGH.copy(Acc, Shared);
  });
  Check.equal("copy ranged 2-D accessor to shared_ptr", Shared.get(), Want);
}

void copyIn(buffers::Checker &Check, sycl::queue &Q) {
  const sycl::range<3> Whole(4, 6, 9), Range(2, 3, 5);
  const sycl::id<3> At(1, 2, 3);
  std::vector<int> Host = inputs<int>(Whole.size(), 21), Want = Host;
  const std::vector<int> Src = inputs<int>(Range.size(), 22);
  std::vector<size_t> Box = boxIndices(Whole, Range, At);
  for (size_t I = 0; I < Box.size(); ++I)
    Want[Box[I]] = Src[I];
  {
    sycl::buffer<int, 3> Buf(Host.data(), Whole);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH, Range, At, sycl::write_only);
      CGH.copy(Src.data(), Acc);
    });
  }
  Check.equal("copy T* to ranged 3-D accessor", Host, Want);

  std::shared_ptr<int> Shared(new int[Range.size()],
                              std::default_delete<int[]>());
  for (size_t I = 0; I < Range.size(); ++I)
    Shared.get()[I] = -int(I);
  Host = inputs<int>(Whole.size(), 21);
  Want = Host;
  for (size_t I = 0; I < Box.size(); ++I)
    Want[Box[I]] = -int(I);
  {
    sycl::buffer<int, 3> Buf(Host.data(), Whole);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH, Range, At, sycl::write_only);
      CGH.copy(Shared, Acc);
    });
  }
  Check.equal("copy shared_ptr to ranged 3-D accessor", Host, Want);
}

/// Accessor to accessor: the source box's elements in row-major order go
/// to the destination box's first elements in row-major order.
template <int SrcDims, int DestDims>
void copyBetween(buffers::Checker &Check, sycl::queue &Q,
                 const std::string &Name, sycl::range<SrcDims> SrcWhole,
                 sycl::range<SrcDims> SrcRange, sycl::id<SrcDims> SrcAt,
                 sycl::range<DestDims> DestWhole,
                 sycl::range<DestDims> DestRange, sycl::id<DestDims> DestAt) {
  std::vector<int> Src = inputs<int>(SrcWhole.size(), 23);
  std::vector<int> Dest = inputs<int>(DestWhole.size(), 24), Want = Dest;
  std::vector<size_t> From = boxIndices(SrcWhole, SrcRange, SrcAt);
  std::vector<size_t> To = boxIndices(DestWhole, DestRange, DestAt);
  for (size_t I = 0; I < From.size(); ++I)
    Want[To[I]] = Src[From[I]];
  {
    sycl::buffer<int, SrcDims> SrcBuf(Src.data(), SrcWhole);
    sycl::buffer<int, DestDims> DestBuf(Dest.data(), DestWhole);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor In(SrcBuf, CGH, SrcRange, SrcAt, sycl::read_only);
      sycl::accessor Out(DestBuf, CGH, DestRange, DestAt, sycl::write_only);
      CGH.copy(In, Out);
    });
  }
  Check.equal(Name, Dest, Want);
}

/// A byte copy between accessors of different element types.
void copyBits(buffers::Checker &Check, sycl::queue &Q) {
  const size_t N = 50;
  std::vector<float> Src(N);
  std::vector<unsigned> Dest(N, 0), Want(N);
  for (size_t I = 0; I < N; ++I) {
    Src[I] = float(buffers::input(I, 25)) * 0.25f;
    std::memcpy(&Want[I], &Src[I], sizeof(float));
  }
  {
    sycl::buffer<float> SrcBuf(Src.data(), sycl::range<1>(N));
    sycl::buffer<unsigned> DestBuf(Dest.data(), sycl::range<1>(N));
    Q.submit([&](sycl::handler &CGH) {
      CGH.copy(sycl::accessor(SrcBuf, CGH, sycl::read_only),
               sycl::accessor(DestBuf, CGH, sycl::write_only));
    });
  }
  Check.equal("copy float accessor to unsigned accessor", Dest, Want);
}

template <int Dims>
void fillBox(buffers::Checker &Check, sycl::queue &Q, const std::string &Name,
             sycl::range<Dims> Whole, sycl::range<Dims> Range,
             sycl::id<Dims> At) {
  std::vector<long> Host = inputs<long>(Whole.size(), 26), Want = Host;
  for (size_t L : boxIndices(Whole, Range, At))
    Want[L] = 77;
  {
    sycl::buffer<long, Dims> Buf(Host.data(), Whole);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH, Range, At, sycl::write_only);
      CGH.fill(Acc, 77);
    });
  }
  Check.equal(Name, Host, Want);
}

void updateHost(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = inputs<int>(20, 27), Want = Host;
  sycl::buffer<int> Buf(Host.data(), sycl::range<1>(20));
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor Acc(Buf, CGH, sycl::read_only);
    CGH.update_host(Acc);
  });
  sycl::host_accessor Acc(Buf, sycl::read_only);
  Check.equal("update_host keeps the data", Acc.get_pointer(), Want);
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  copyOut(Check, Q);
  copyIn(Check, Q);
  copyBetween<2, 2>(Check, Q, "copy 2-D box to 2-D box", {10, 13}, {4, 5},
                    {3, 6}, {8, 8}, {4, 5}, {2, 1});
  copyBetween<2, 1>(Check, Q, "copy 2-D box to larger 1-D range", {9, 11},
                    {3, 7}, {5, 2}, {40}, {30}, {4});
  copyBetween<1, 3>(Check, Q, "copy 1-D range to 3-D box", {100}, {24},
                    {50}, {4, 5, 6}, {2, 3, 4}, {1, 1, 2});
  copyBetween<3, 3>(Check, Q, "copy whole 3-D buffers", {3, 4, 5}, {3, 4, 5},
                    {0, 0, 0}, {3, 4, 5}, {3, 4, 5}, {0, 0, 0});
  copyBetween<2, 2>(Check, Q, "copy whole rows", {6, 16}, {3, 16}, {1, 0},
                    {7, 16}, {3, 16}, {4, 0});
  copyBetween<3, 3>(Check, Q, "copy 3-D boxes of whole rows", {5, 6, 7},
                    {2, 3, 7}, {2, 2, 0}, {4, 4, 7}, {2, 3, 7}, {1, 1, 0});
  copyBetween<1, 1>(Check, Q, "copy empty range", {10}, {0}, {10}, {10},
                    {0}, {0});
  copyBits(Check, Q);
  fillBox<1>(Check, Q, "fill 1-D range", {1000}, {333}, {444});
  fillBox<2>(Check, Q, "fill 2-D box", {17, 19}, {5, 6}, {11, 13});
  fillBox<3>(Check, Q, "fill 3-D box", {5, 6, 7}, {2, 6, 3}, {3, 0, 4});
  fillBox<3>(Check, Q, "fill 3-D whole planes", {5, 6, 7}, {2, 6, 7},
             {1, 0, 0});
  updateHost(Check, Q);
  return Check.status();
}
