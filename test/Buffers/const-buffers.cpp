// Buffers of const T (SYCL 2020 4.7.2: the default allocator is
// buffer_allocator<std::remove_const_t<T>>): read-only buffers, made from
// const and non-const host pointers, containers, iterators and shared_ptrs
// of const T, viewed by accessors and host accessors of const T only, and
// never written back unless set_final_data and set_write_back ask for it.
// Kernels read them through every way of making a read accessor (explicit
// types, deduction with and without read_only, get_access, placeholders,
// ranges and offsets, 2-D), through sub-buffers and reinterpretations, and
// handler::copy reads them out; use_host_ptr keeps the data in the host
// memory itself.
#include "buffers.hpp"

#include <memory>
#include <numeric>
#include <type_traits>

namespace {

using ConstBuffer = sycl::buffer<const int>;
using ReadAccessor = sycl::accessor<const int>;

// Accessors of const int view buffers of int and of const int; accessors of
// int view buffers of int only.
static_assert(
    std::is_constructible_v<ReadAccessor, ConstBuffer &, sycl::handler &>);
static_assert(std::is_constructible_v<ReadAccessor, sycl::buffer<int> &,
                                      sycl::handler &>);
static_assert(!std::is_constructible_v<sycl::accessor<int>, ConstBuffer &,
                                       sycl::handler &>);
static_assert(
    !std::is_constructible_v<sycl::host_accessor<int>, ConstBuffer &>);
static_assert(
    std::is_same_v<decltype(sycl::accessor{std::declval<ConstBuffer &>(),
                                           std::declval<sycl::handler &>()}),
                   sycl::accessor<const int, 1, sycl::access_mode::read>>);
static_assert(
    std::is_same_v<decltype(sycl::host_accessor{std::declval<ConstBuffer &>()}),
                   sycl::host_accessor<const int>>);
static_assert(
    std::is_same_v<decltype(std::declval<ConstBuffer &>().get_access(
                       std::declval<sycl::handler &>())),
                   sycl::accessor<const int, 1, sycl::access_mode::read,
                                  sycl::target::device,
                                  sycl::access::placeholder::false_t>>);
static_assert(
    std::is_same_v<ConstBuffer::value_type, const int> &&
    std::is_same_v<ConstBuffer::allocator_type, sycl::buffer_allocator<int>>);

constexpr size_t N = 300;

std::vector<int> iota(size_t Count, int First) {
  std::vector<int> Values(Count);
  std::iota(Values.begin(), Values.end(), First);
  return Values;
}

/// Out[i] = 2 * In[i] for the N elements of \p In, read by a kernel through
/// an accessor that \p MakeAccessor makes in the command group.
template <typename MakeAccessorT>
std::vector<int> doubled(sycl::queue &Q, MakeAccessorT MakeAccessor) {
  std::vector<int> Out(N);
  {
    sycl::buffer<int> OutBuf(Out.data(), sycl::range<1>(N));
    Q.submit([&](sycl::handler &H) {
      auto In = MakeAccessor(H);
      sycl::accessor O{OutBuf, H, sycl::write_only};
      H.parallel_for(sycl::range<1>(N),
                     [=](sycl::id<1> I) { O[I] = 2 * In[I]; });
    });
  }
  return Out;
}

std::vector<int> times(const std::vector<int> &Values, int Factor) {
  std::vector<int> Out;
  for (int V : Values)
    Out.push_back(Factor * V);
  return Out;
}

void readAccessors(buffers::Checker &C, sycl::queue &Q) {
  const std::vector<int> Host = iota(N, 7);
  ConstBuffer Buf(Host.data(), sycl::range<1>(N));
  std::vector<int> Want = times(Host, 2);

  C.equal("explicit accessor<const int>",
          doubled(Q, [&](sycl::handler &H) { return ReadAccessor(Buf, H); }),
          Want);
  C.equal("deduced accessor",
          doubled(Q,
                  [&](sycl::handler &H) {
                    return sycl::accessor{Buf, H};
                  }),
          Want);
  C.equal("deduced read_only accessor",
          doubled(Q,
                  [&](sycl::handler &H) {
                    return sycl::accessor{Buf, H, sycl::read_only};
                  }),
          Want);
  C.equal("get_access()",
          doubled(Q, [&](sycl::handler &H) { return Buf.get_access(H); }),
          Want);
  C.equal("get_access<read>()",
          doubled(Q,
                  [&](sycl::handler &H) {
                    return Buf.get_access<sycl::access_mode::read>(H);
                  }),
          Want);
  C.equal(
      "accessor<const int, 1, read> of the whole range",
      doubled(Q,
              [&](sycl::handler &H) {
                return sycl::accessor<const int, 1, sycl::access_mode::read>(
                    Buf, H, sycl::range<1>(N));
              }),
      Want);
  sycl::accessor Placeholder{Buf, sycl::read_only};
  C.expect("placeholder of a const buffer", Placeholder.is_placeholder());
  C.equal("placeholder bound with require",
          doubled(Q,
                  [&](sycl::handler &H) {
                    H.require(Placeholder);
                    return Placeholder;
                  }),
          Want);

  // A ranged accessor: elements 100 to 199, read as In[0] to In[99].
  std::vector<int> Part(100);
  {
    sycl::buffer<int> PartBuf(Part.data(), sycl::range<1>(100));
    Q.submit([&](sycl::handler &H) {
      sycl::accessor In{Buf, H, sycl::range<1>(100), sycl::id<1>(100),
                        sycl::read_only};
      sycl::accessor O{PartBuf, H, sycl::write_only};
      H.parallel_for(sycl::range<1>(100), [=](sycl::id<1> I) { O[I] = In[I]; });
    });
  }
  C.equal("ranged accessor at an offset", Part,
          std::vector<int>(Host.begin() + 100, Host.begin() + 200));

  // host_accessor, deduced and through get_host_access.
  sycl::host_accessor H{Buf};
  C.expect("host_accessor reads",
           H[0] == 7 && H[N - 1] == int(N) + 6 && H.size() == N);
  auto H2 = Buf.get_host_access(sycl::read_only);
  C.expect("get_host_access reads", H2[5] == 12);

  // handler::copy from a read accessor to host memory.
  std::vector<int> Copied(N);
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor In{Buf, CGH};
    CGH.copy(In, Copied.data());
  });
  Q.wait();
  C.equal("handler::copy out of a const buffer", Copied, Host);
}

void constructors(buffers::Checker &C, sycl::queue &Q) {
  // From the non-const data of a container: a copy, never written back.
  std::vector<int> Values = iota(N, -40);
  const std::vector<int> Original = Values;
  {
    ConstBuffer FromVector(Values);
    C.equal("from a vector<int>",
            doubled(Q,
                    [&](sycl::handler &H) {
                      return sycl::accessor{FromVector, H};
                    }),
            times(Original, 2));
    Values[3] = 1000; // The buffer holds a copy.
    sycl::host_accessor H{FromVector};
    C.expect("a container's data are copied", H[3] == Original[3]);
  }
  C.expect("no write-back to the container", Values[3] == 1000);

  // From a non-const pointer: a copy; the pointer gets nothing back.
  {
    int *Raw = Values.data();
    ConstBuffer FromPointer(Raw, sycl::range<1>(N));
    Values[0] = 55;
    sycl::host_accessor H{FromPointer};
    C.expect("from an int *", H[0] == Original[0]);
  }
  C.expect("no write-back to an int *", Values[0] == 55);

  // From iterators.
  {
    ConstBuffer FromIterators(Original.begin(), Original.end());
    C.equal("from iterators",
            doubled(Q,
                    [&](sycl::handler &H) {
                      return sycl::accessor{FromIterators, H};
                    }),
            times(Original, 2));
  }

  // From shared_ptrs of const int.
  {
    std::shared_ptr<const int[]> Shared(new int[N]{});
    std::shared_ptr<const int> One = std::make_shared<const int>(42);
    ConstBuffer FromArray(Shared, sycl::range<1>(N));
    ConstBuffer FromOne(One, sycl::range<1>(1));
    sycl::host_accessor A{FromArray};
    sycl::host_accessor B{FromOne};
    C.expect("from shared_ptr<const int[]> and shared_ptr<const int>",
             A[N - 1] == 0 && B[0] == 42);
  }

  // use_host_ptr keeps the data in the host memory, which is never written.
  {
    ConstBuffer InPlace(Original.data(), sycl::range<1>(N),
                        {sycl::property::buffer::use_host_ptr()});
    sycl::host_accessor View{InPlace};
    C.expect("use_host_ptr uses the const host data",
             View.get_pointer() == Original.data());
    C.equal("a kernel reads the host data in place",
            doubled(Q,
                    [&](sycl::handler &H) {
                      return sycl::accessor{InPlace, H};
                    }),
            times(Original, 2));
  }

  // Write-back only when asked for, to the final data.
  std::vector<int> Final(N, -1);
  {
    ConstBuffer Buf(Original.data(), sycl::range<1>(N));
    Buf.set_final_data(Final.data());
  }
  C.expect("no write-back unless forced", Final[0] == -1);
  {
    ConstBuffer Buf(Original.data(), sycl::range<1>(N));
    Buf.set_final_data(Final.data());
    Buf.set_write_back(true);
  }
  C.equal("forced write-back to the final data", Final, Original);
}

void views(buffers::Checker &C, sycl::queue &Q) {
  const std::vector<int> Host = iota(N, 1);
  ConstBuffer Buf(Host.data(), sycl::range<1>(N));

  // A sub-buffer of a const buffer is a const buffer.
  ConstBuffer Sub(Buf, sycl::id<1>(50), sycl::range<1>(100));
  std::vector<int> Out(100);
  {
    sycl::buffer<int> OutBuf(Out.data(), sycl::range<1>(100));
    Q.submit([&](sycl::handler &H) {
      sycl::accessor In{Sub, H};
      sycl::accessor O{OutBuf, H, sycl::write_only};
      H.parallel_for(sycl::range<1>(100), [=](sycl::id<1> I) { O[I] = In[I]; });
    });
  }
  C.equal("sub-buffer of a const buffer", Out,
          std::vector<int>(Host.begin() + 50, Host.begin() + 150));

  // Reinterpreted as const unsigned, in 2-D.
  auto Grid = Buf.reinterpret<const unsigned, 2>(sycl::range<2>(3, 100));
  static_assert(
      std::is_same_v<decltype(Grid), sycl::buffer<const unsigned, 2>>);
  std::vector<unsigned> Sums(3);
  {
    sycl::buffer<unsigned> SumBuf(Sums.data(), sycl::range<1>(3));
    Q.submit([&](sycl::handler &H) {
      sycl::accessor In{Grid, H};
      sycl::accessor S{SumBuf, H, sycl::write_only};
      H.parallel_for(sycl::range<1>(3), [=](sycl::id<1> Row) {
        unsigned Sum = 0;
        for (size_t Col = 0; Col < 100; ++Col)
          Sum += In[Row[0]][Col];
        S[Row] = Sum;
      });
    });
  }
  std::vector<unsigned> Want(3);
  for (size_t I = 0; I < N; ++I)
    Want[I / 100] += unsigned(Host[I]);
  C.equal("reinterpreted as a 2-D buffer of const unsigned", Sums, Want);

  // A 2-D buffer of const float, read in an nd_range kernel through a box.
  std::vector<float> Image(16 * 32);
  for (size_t I = 0; I < Image.size(); ++I)
    Image[I] = float(I % 97);
  sycl::buffer<const float, 2> Pixels(Image.data(), sycl::range<2>(16, 32));
  std::vector<float> Box(8 * 16);
  {
    sycl::buffer<float, 2> BoxBuf(Box.data(), sycl::range<2>(8, 16));
    Q.submit([&](sycl::handler &H) {
      sycl::accessor In{Pixels, H, sycl::range<2>(8, 16), sycl::id<2>(4, 8)};
      sycl::accessor O{BoxBuf, H, sycl::write_only};
      H.parallel_for(sycl::nd_range<2>({8, 16}, {4, 16}),
                     [=](sycl::nd_item<2> It) {
                       O[It.get_global_id()] = In[It.get_global_id()] + 0.5f;
                     });
    });
  }
  std::vector<float> WantBox;
  for (size_t Row = 4; Row < 12; ++Row)
    for (size_t Col = 8; Col < 24; ++Col)
      WantBox.push_back(Image[Row * 32 + Col] + 0.5f);
  C.equal("2-D box of a const float buffer", Box, WantBox);
}

} // namespace

int main() {
  sycl::queue Q;
  buffers::Checker C;
  readAccessors(C, Q);
  constructors(C, Q);
  views(C, Q);
  return C.status();
}
