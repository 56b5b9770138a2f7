// Buffers are handles (SYCL 2020 4.7.2, reference semantics): copies,
// sub-buffers and reinterpreted buffers share one storage, which writes back
// when the last handle, host_accessor or command group using it is gone.
// Also: placeholder accessors bound by handler::require, the read-write to
// read-only accessor conversion, a user allocator, and get_access /
// get_host_access with tags.
#include "buffers.hpp"

namespace {

constexpr size_t N = 64;

std::vector<int> iota(int From, size_t Count = N) {
  std::vector<int> V(Count);
  for (size_t I = 0; I < Count; ++I)
    V[I] = From + int(I);
  return V;
}

void copiesShareStorage(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0);
  {
    sycl::buffer<int> Original(Host.data(), sycl::range<1>(N));
    {
      sycl::buffer<int> Copy = Original;
      Check.expect("buffer copies compare equal", Copy == Original);
      Q.submit([&](sycl::handler &CGH) {
        auto Acc = Copy.get_access(CGH, sycl::write_only);
        CGH.parallel_for(N, [=](sycl::id<1> I) { Acc[I] = 5 * int(I[0]); });
      });
      sycl::host_accessor Seen(Original, sycl::read_only);
      Check.expect("a copy writes what the original reads", Seen[9] == 45);
    }
    Check.expect("no write-back while a handle lives", Host[9] == 9);
    sycl::buffer<int> Other(Host.data(), sycl::range<1>(N));
    Check.expect("different buffers compare unequal", !(Other == Original));
    Other.set_write_back(false);
  }
  std::vector<int> Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = 5 * int(I);
  Check.equal("write-back when the last copy dies", Host, Want);
}

/// A host_accessor outlives the buffer it was made from.
void hostAccessorKeepsData(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0);
  sycl::host_accessor<int, 1, sycl::access_mode::read_write> Late;
  Check.expect("default host_accessor is empty", Late.empty());
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH);
      CGH.parallel_for(N, [=](sycl::id<1> I) { Acc[I] += 100; });
    });
    Late = sycl::host_accessor(Buf);
  }
  Check.expect("host_accessor keeps the data after the buffer",
               Late[3] == 103 && Host[3] == 3);
  Late[3] = -3;
  Late = {};
  std::vector<int> Want = iota(100);
  Want[3] = -3;
  Check.equal("write-back when the host_accessor dies", Host, Want);
}

/// A placeholder accessor is bound to command groups by require().
void placeholders(buffers::Checker &Check, sycl::queue &Q) {
  sycl::buffer<int> Buf{sycl::range<1>(N)};
  sycl::accessor Acc(Buf, sycl::write_only);
  Check.expect("accessor without handler is a placeholder",
               Acc.is_placeholder());
  for (int Round = 0; Round < 2; ++Round)
    Q.submit([&](sycl::handler &CGH) {
      CGH.require(Acc);
      CGH.parallel_for(N, [=](sycl::id<1> I) {
        Acc[I] = int(I[0]) * 7 + Round;
      });
    });
  sycl::host_accessor Host(Buf, sycl::read_only);
  Check.equal("placeholder accessor with require", Host.get_pointer(),
              [] {
                std::vector<int> W(N);
                for (size_t I = 0; I < N; ++I)
                  W[I] = int(I) * 7 + 1;
                return W;
              }());
}

/// accessor<int, read_write> converts to accessor<const int> and to
/// accessor<int, 1, read>; a helper taking the read-only type reads it.
int readOnly(sycl::accessor<const int, 1> In, size_t I) { return In[I]; }

void conversions(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0);
  sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N));
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor<int, 1, sycl::access_mode::read_write> Acc(Buf, CGH);
    sycl::accessor<int, 1, sycl::access_mode::read> Read = Acc;
    CGH.parallel_for(N, [=](sycl::id<1> I) {
      int Value = readOnly(Acc, I) + Read[I];
      Acc[I] = Value;
    });
  });
  sycl::host_accessor<int> Write(Buf);
  sycl::host_accessor<const int> Read(Write);
  Check.equal("read-only accessor conversions", Read.get_pointer(),
              [] {
                std::vector<int> W(N);
                for (size_t I = 0; I < N; ++I)
                  W[I] = 2 * int(I);
                return W;
              }());
}

void subBuffers(buffers::Checker &Check, sycl::queue &Q) {
  const size_t Rows = 8, Cols = 12;
  std::vector<int> Host = iota(0, Rows * Cols), Want = Host;
  for (size_t R = 2; R < 5; ++R)
    for (size_t C = 0; C < Cols; ++C)
      Want[R * Cols + C] = -Host[R * Cols + C];
  {
    sycl::buffer<int, 2> Whole(Host.data(), sycl::range<2>(Rows, Cols));
    sycl::buffer<int, 2> Middle(Whole, sycl::id<2>(2, 0),
                                sycl::range<2>(3, Cols));
    Check.expect("is_sub_buffer",
                 Middle.is_sub_buffer() && !Whole.is_sub_buffer());
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Middle, CGH);
      CGH.parallel_for(Middle.get_range(),
                       [=](sycl::id<2> I) { Acc[I] = -Acc[I]; });
    });
    sycl::host_accessor Part(Middle, sycl::read_only);
    Check.expect("sub-buffer host_accessor sees its part",
                 Part[0][0] == -24 && Part.get_range() == Middle.get_range());
  }
  Check.equal("sub-buffer writes the parent", Host, Want);
}

void reinterpretBuffers(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N));
    auto Square = Buf.reinterpret<int, 2>(sycl::range<2>(8, 8));
    auto Words = Buf.reinterpret<unsigned>();
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Square, CGH);
      CGH.parallel_for(sycl::range<2>(8, 8), [=](sycl::id<2> I) {
        Acc[I] = int(I[0] * 100 + I[1]);
      });
    });
    sycl::host_accessor Flat(Words, sycl::read_only);
    Check.expect("reinterpreted buffers share data",
                 Flat[8 * 3 + 5] == 305u && Words.size() == N);
  }
  Check.expect("reinterpreted write-back", Host[8 * 7 + 1] == 701);
}

/// A user allocator is used for the buffer's storage.
template <typename T> struct CountingAllocator {
  using value_type = T;
  int *Live;
  explicit CountingAllocator(int *Live) : Live(Live) {}
  template <typename U>
  CountingAllocator(const CountingAllocator<U> &Other) : Live(Other.Live) {}
  T *allocate(size_t Count) {
    ++*Live;
    return std::allocator<T>().allocate(Count);
  }
  void deallocate(T *P, size_t Count) {
    --*Live;
    std::allocator<T>().deallocate(P, Count);
  }
  friend bool operator==(const CountingAllocator &L,
                         const CountingAllocator &R) {
    return L.Live == R.Live;
  }
  friend bool operator!=(const CountingAllocator &L,
                         const CountingAllocator &R) {
    return !(L == R);
  }
};

void userAllocator(buffers::Checker &Check, sycl::queue &Q) {
  int Live = 0;
  std::vector<int> Host = iota(0);
  {
    CountingAllocator<int> Alloc(&Live);
    sycl::buffer<int, 1, CountingAllocator<int>> Buf(
        Host.data(), sycl::range<1>(N), Alloc);
    Check.expect("buffer allocates from its allocator", Live == 1);
    Check.expect("get_allocator", Buf.get_allocator() == Alloc);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH);
      CGH.parallel_for(N, [=](sycl::id<1> I) { Acc[I] -= 1; });
    });
  }
  Check.expect("buffer frees through its allocator", Live == 0);
  Check.equal("user allocator write-back", Host, iota(-1));
}

void defaultAllocation(buffers::Checker &Check) {
  sycl::buffer<double, 3> Buf{sycl::range<3>(3, 5, 7)};
  sycl::host_accessor Acc(Buf, sycl::write_only);
  Check.expect("default storage is 64-byte aligned",
               reinterpret_cast<uintptr_t>(Acc.get_pointer()) % 64 == 0);
  Check.expect("buffer sizes", Buf.size() == 105 &&
                                   Buf.byte_size() == 105 * sizeof(double) &&
                                   Buf.get_count() == 105 &&
                                   Buf.get_size() == Buf.byte_size());
  auto Host = Buf.get_host_access(sycl::read_only);
  Check.expect("get_host_access", Host.get_pointer() == Acc.get_pointer());
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  copiesShareStorage(Check, Q);
  hostAccessorKeepsData(Check, Q);
  placeholders(Check, Q);
  conversions(Check, Q);
  subBuffers(Check, Q);
  reinterpretBuffers(Check, Q);
  userAllocator(Check, Q);
  defaultAllocation(Check);
  return Check.status();
}
