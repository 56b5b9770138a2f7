// 0-dimensional buffer accessors (SYCL 2020 4.7.6.9, 4.7.6.10): made from
// a 1-D buffer, they access its first element through a conversion to a
// reference, = and the compound assignments. Kernels accumulate into one
// (a single_task, and an nd_range kernel through atomic_ref on the element,
// get_pointer and get_multi_ptr), read a read-only one in a parallel_for,
// and a range-for spans its one element; also a placeholder bound with
// handler::require, a host task, host_accessor reads and writes (and the
// deprecated target::host_buffer accessor's) with the write-back to host
// memory, handler::copy, fill and update_host, the queries (size() is 1)
// and the error for a buffer without elements. The other elements of the
// buffers must keep their values.
#include "buffers.hpp"

#include <algorithm>
#include <iterator>
#include <numeric>
#include <type_traits>

namespace {

using Scalar = sycl::accessor<int, 0>;
using ReadScalar = sycl::accessor<int, 0, sycl::access_mode::read>;
using HostScalar = sycl::host_accessor<int, 0>;
using ReadHostScalar = sycl::host_accessor<const int, 0>;

// SYCL 2020 gives 0-dimensional accessors no subscripts, range or offset.
template <typename Acc, typename = void>
struct HasSubscript : std::false_type {};
template <typename Acc>
struct HasSubscript<Acc, std::void_t<decltype(std::declval<Acc>()[0])>>
    : std::true_type {};
template <typename Acc, typename = void> struct HasRange : std::false_type {};
template <typename Acc>
struct HasRange<Acc, std::void_t<decltype(std::declval<Acc>().get_range())>>
    : std::true_type {};
template <typename Acc, typename = void> struct HasOffset : std::false_type {};
template <typename Acc>
struct HasOffset<Acc, std::void_t<decltype(std::declval<Acc>().get_offset())>>
    : std::true_type {};
static_assert(!HasSubscript<Scalar>::value && !HasSubscript<HostScalar>::value);
static_assert(!HasRange<Scalar>::value && !HasOffset<HostScalar>::value);
static_assert(HasSubscript<sycl::accessor<int, 1>>::value &&
              HasRange<sycl::accessor<int, 1>>::value &&
              HasOffset<sycl::host_accessor<int, 3>>::value);
// Kernels capture accessors by value.
static_assert(std::is_trivially_copyable_v<Scalar> &&
              std::is_trivially_copyable_v<ReadScalar>);
// Read accessors give const references and cannot be assigned to.
static_assert(std::is_convertible_v<const Scalar &, int &>);
static_assert(std::is_convertible_v<const ReadScalar &, const int &> &&
              !std::is_convertible_v<const ReadScalar &, int &>);
static_assert(std::is_assignable_v<const HostScalar &, int> &&
              !std::is_assignable_v<const ReadHostScalar &, int>);
static_assert(std::is_same_v<Scalar::iterator, int *>);
// No range, offset or tag constructors.
static_assert(
    !std::is_constructible_v<HostScalar, sycl::buffer<int> &, sycl::range<1>>);
static_assert(
    !std::is_constructible_v<HostScalar, sycl::buffer<int> &,
                             sycl::mode_tag_t<sycl::access_mode::read_write>>);
static_assert(!std::is_constructible_v<Scalar, sycl::buffer<int> &,
                                       sycl::handler &, sycl::range<1>>);

std::vector<int> inputs(size_t Count, unsigned Salt) {
  std::vector<int> V(Count);
  for (size_t I = 0; I < Count; ++I)
    V[I] = buffers::input(I, Salt);
  return V;
}

/// A single_task adds a weighted sum into element 0 of a 4-element buffer
/// through a 0-D accessor (read and write through the conversion and =).
void singleTaskSum(buffers::Checker &Check, sycl::queue &Q) {
  const std::vector<int> In = inputs(100, 60);
  std::vector<int> Data = inputs(4, 61), Want = Data;
  for (size_t I = 0; I < In.size(); ++I)
    Want[0] += In[I] * int(I % 3);
  {
    sycl::buffer<int> InBuf(In.data(), sycl::range<1>(In.size()));
    sycl::buffer<int> Buf(Data.data(), sycl::range<1>(Data.size()));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0> Total(Buf, CGH);
      sycl::accessor Values(InBuf, CGH, sycl::read_only);
      CGH.single_task([=] {
        for (size_t I = 0; I < Values.size(); ++I)
          Total = Total + Values[I] * int(I % 3);
      });
    });
  }
  Check.equal("single_task sum into a 0-D accessor", Data, Want);
}

/// An nd_range kernel: every work-item adds its input to one 0-D accessor
/// with atomic_ref on the element (the conversion to a reference), takes
/// the maximum through get_multi_ptr, and work-item 0 of each group counts
/// the groups through get_pointer.
void ndRangeAtomics(buffers::Checker &Check, sycl::queue &Q) {
  constexpr size_t Global = 256, Local = 32;
  const std::vector<int> In = inputs(Global, 62);
  std::vector<int> Sum = {1000, -1}, Max = {-5000, -1}, Groups = {7, -1};
  std::vector<int> WantSum = Sum, WantMax = Max, WantGroups = Groups;
  WantSum[0] += std::accumulate(In.begin(), In.end(), 0);
  WantMax[0] = std::max(Max[0], *std::max_element(In.begin(), In.end()));
  WantGroups[0] += int(Global / Local);
  {
    sycl::buffer<int> InBuf(In.data(), sycl::range<1>(Global));
    sycl::buffer<int> SumBuf(Sum.data(), sycl::range<1>(2));
    sycl::buffer<int> MaxBuf(Max.data(), sycl::range<1>(2));
    sycl::buffer<int> GroupBuf(Groups.data(), sycl::range<1>(2));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Values(InBuf, CGH, sycl::read_only);
      sycl::accessor<int, 0> SumAcc(SumBuf, CGH);
      sycl::accessor<int, 0> MaxAcc(MaxBuf, CGH);
      sycl::accessor<int, 0> GroupAcc(GroupBuf, CGH);
      CGH.parallel_for(
          sycl::nd_range<1>(Global, Local), [=](sycl::nd_item<1> It) {
            using Ref = sycl::atomic_ref<int, sycl::memory_order::relaxed,
                                         sycl::memory_scope::device>;
            int V = Values[It.get_global_id(0)];
            Ref(SumAcc).fetch_add(V);
            Ref(*MaxAcc.get_multi_ptr<sycl::access::decorated::no>())
                .fetch_max(V);
            if (It.get_local_id(0) == 0)
              Ref(*GroupAcc.get_pointer()).fetch_add(1);
          });
    });
  }
  Check.equal("nd_range atomic_ref sum", Sum, WantSum);
  Check.equal("nd_range get_multi_ptr max", Max, WantMax);
  Check.equal("nd_range groups through get_pointer", Groups, WantGroups);
}

/// A parallel_for scales its inputs by a factor read through read-only 0-D
/// accessors: access_mode::read, and const int converted from read_write.
void readOnlyScale(buffers::Checker &Check, sycl::queue &Q) {
  constexpr size_t Count = 300;
  const std::vector<int> In = inputs(Count, 63);
  std::vector<int> Factors = {7, 100}, Offsets = {-3, 100}, Out(Count);
  std::vector<int> Want(Count);
  for (size_t I = 0; I < Count; ++I)
    Want[I] = In[I] * 7 - 3;
  {
    sycl::buffer<int> InBuf(In.data(), sycl::range<1>(Count));
    sycl::buffer<int> OutBuf(Out.data(), sycl::range<1>(Count));
    sycl::buffer<int> FactorBuf(Factors.data(), sycl::range<1>(2));
    sycl::buffer<int> OffsetBuf(Offsets.data(), sycl::range<1>(2));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Values(InBuf, CGH, sycl::read_only);
      sycl::accessor Results(OutBuf, CGH, sycl::write_only, sycl::no_init);
      sycl::accessor<int, 0, sycl::access_mode::read> Factor(FactorBuf, CGH);
      sycl::accessor<int, 0> OffsetRW(OffsetBuf, CGH);
      sycl::accessor<const int, 0> Offset = OffsetRW;
      CGH.parallel_for(sycl::range<1>(Count), [=](sycl::id<1> I) {
        const int &F = Factor;
        Results[I] = Values[I] * F + Offset;
      });
    });
  }
  Check.equal("read-only 0-D accessors in a parallel_for", Out, Want);
}

/// The compound assignments in a kernel and on the host, against the same
/// steps on an int.
void compoundAssignments(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Data = {buffers::input(0, 64), 55};
  std::vector<int> Want = Data;
  auto Steps = [](auto &&X) {
    X += 1234;
    X -= 17;
    X *= 3;
    X /= 2;
    X %= 100003;
    X <<= 2;
    X >>= 1;
    X |= 0x100;
    X &= 0xfffff;
    X ^= 0x5a5a;
  };
  Steps(Want[0]);
  Want[0] *= 5;
  Steps(Want[0]);
  {
    sycl::buffer<int> Buf(Data.data(), sycl::range<1>(2));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0> Acc(Buf, CGH);
      CGH.single_task([=] { Steps(Acc); });
    });
    HostScalar Host(Buf);
    Host *= 5;
    Steps(Host);
  }
  Check.equal("compound assignments", Data, Want);
}

/// A placeholder bound with handler::require, a host task's accessor, and
/// the accessor queries and comparisons.
void placeholderAndHostTask(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Data = {5, 6, 7};
  {
    sycl::buffer<int> Buf(Data.data(), sycl::range<1>(3));
    sycl::accessor<int, 0> Placeholder(Buf);
    Check.expect("placeholder is_placeholder", Placeholder.is_placeholder());
    Q.submit([&](sycl::handler &CGH) {
      CGH.require(Placeholder);
      CGH.single_task([=] { Placeholder = Placeholder * 10 + 1; });
    });
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0, sycl::access_mode::read_write,
                     sycl::target::host_task>
          Task(Buf, CGH);
      Check.expect("bound accessor is not a placeholder",
                   !Task.is_placeholder());
      CGH.host_task([=] {
        int *P = Task.get_pointer();
        Task += *P;
      });
    });
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0> A(Buf, CGH), B = A;
      sycl::accessor<int, 0> Other(Placeholder);
      Check.expect("0-D accessor queries",
                   A.size() == 1 && A.byte_size() == sizeof(int) &&
                       A.max_size() == 1 && !A.empty() && A.get_count() == 1 &&
                       A.get_size() == sizeof(int));
      Check.expect("0-D accessor == and swap", A == B && A == Other);
      sycl::buffer<int> Elsewhere{sycl::range<1>(1)};
      sycl::accessor<int, 0> C(Elsewhere, CGH), D = C;
      A.swap(C);
      Check.expect("0-D accessor swap", A == D && C == B && A != B);
    });
  }
  Check.equal("placeholder and host task", Data, std::vector<int>{102, 6, 7});
}

/// host_accessor<T, 0>: reading, writing, the write-back to host memory
/// when the buffer dies, and its iterators.
void hostAccessors(buffers::Checker &Check) {
  std::vector<int> Data = {11, 12, 13, 14};
  {
    sycl::buffer<int> Buf(Data.data(), sycl::range<1>(4));
    {
      ReadHostScalar Read(Buf);
      Check.expect("host_accessor<const int, 0> reads element 0",
                   Read == 11 && Read.get_pointer() == &*Read.begin());
    }
    HostScalar Write(Buf);
    Write = 40;
    Write += 2;
    int &Ref = Write;
    Check.expect("host_accessor<int, 0> reads its writes",
                 Ref == 42 && Write.size() == 1 && !Write.empty());
    Check.expect("iterators span one element",
                 Write.end() - Write.begin() == 1 &&
                     std::distance(Write.cbegin(), Write.cend()) == 1 &&
                     std::distance(Write.rbegin(), Write.rend()) == 1 &&
                     &*Write.crbegin() == &Ref && Write.begin() == &Ref);
    for (int &X : Write)
      X -= 1;
  }
  Check.equal("host_accessor<int, 0> write-back", Data,
              std::vector<int>{41, 12, 13, 14});
  {
    // The deprecated target::host_buffer accessor is a host_accessor.
    sycl::buffer<int> Buf(Data.data(), sycl::range<1>(4));
    sycl::accessor<int, 0, sycl::access_mode::read_write,
                   sycl::target::host_buffer>
        Old(Buf);
    Old = 7;
    Old *= 3;
    int Value = Old;
    Check.expect("accessor<int, 0, ..., target::host_buffer> assigns",
                 Value == 21 && Old.size() == 1);
  }
  Check.equal("target::host_buffer write-back", Data,
              std::vector<int>{21, 12, 13, 14});
}

/// A range-for over a 0-D accessor in a kernel visits its element once.
void kernelIterators(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Data = {3, 4}, Count = {0};
  {
    sycl::buffer<int> Buf(Data.data(), sycl::range<1>(2));
    sycl::buffer<int> CountBuf(Count.data(), sycl::range<1>(1));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0> Acc(Buf, CGH);
      sycl::accessor<int, 0> Visits(CountBuf, CGH);
      CGH.single_task([=] {
        for (int &X : Acc) {
          X *= 9;
          Visits += 1;
        }
      });
    });
  }
  Check.equal("range-for over a 0-D accessor", Data, std::vector<int>{27, 4});
  Check.equal("range-for visits", Count, std::vector<int>{1});
}

/// handler::copy, fill and update_host with 0-D accessors: one element.
void explicitCopies(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Data = {21, 22, 23}, Wide = {31, 32, 33, 34};
  int Out[2] = {-1, -1};
  const int In[2] = {77, 78};
  {
    sycl::buffer<int> Buf(Data.data(), sycl::range<1>(3));
    sycl::buffer<int> WideBuf(Wide.data(), sycl::range<1>(4));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0, sycl::access_mode::read> Src(Buf, CGH);
      CGH.copy(Src, Out);
    });
    Check.expect("copy(0-D accessor, pointer)", Out[0] == 21 && Out[1] == -1);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0, sycl::access_mode::write> Dest(Buf, CGH);
      CGH.copy(In, Dest);
    });
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0> Src(Buf, CGH);
      sycl::accessor Dest(WideBuf, CGH, sycl::range<1>(2), sycl::id<1>(2),
                          sycl::write_only);
      CGH.copy(Src, Dest);
    });
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Src(WideBuf, CGH, sycl::range<1>(1), sycl::id<1>(1),
                         sycl::read_only);
      sycl::accessor<int, 0> Dest(WideBuf, CGH);
      CGH.copy(Src, Dest);
    });
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0, sycl::access_mode::write> Dest(Buf, CGH);
      CGH.fill(Dest, 0);
    });
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0> Acc(Buf, CGH);
      CGH.update_host(Acc);
    });
    Check.throws("copy of two elements into a 0-D accessor",
                 sycl::errc::invalid, "holds 4 bytes, fewer than the 8 bytes",
                 [&] {
                   Q.submit([&](sycl::handler &CGH) {
                     sycl::accessor Src(WideBuf, CGH, sycl::range<1>(2),
                                        sycl::read_only);
                     sycl::accessor<int, 0> Dest(Buf, CGH);
                     CGH.copy(Src, Dest);
                   });
                 });
  }
  Check.equal("copy(pointer, 0-D accessor) and fill", Data,
              std::vector<int>{0, 22, 23});
  Check.equal("copy between 0-D and 1-D accessors", Wide,
              std::vector<int>{32, 32, 77, 34});
}

/// A 0-D accessor of a buffer without elements is errc::invalid.
void emptyBuffer(buffers::Checker &Check, sycl::queue &Q) {
  sycl::buffer<int> Empty{sycl::range<1>(0)};
  const char *Words = "a 0-dimensional accessor needs a buffer of at least "
                      "one element";
  Check.throws("0-D host_accessor of an empty buffer", sycl::errc::invalid,
               Words, [&] { HostScalar Acc(Empty); });
  Check.throws("0-D accessor of an empty buffer", sycl::errc::invalid, Words,
               [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   sycl::accessor<int, 0> Acc(Empty, CGH);
                   CGH.single_task([=] { Acc = 1; });
                 });
               });
  Check.throws("0-D placeholder of an empty buffer", sycl::errc::invalid, Words,
               [&] { Scalar Acc(Empty); });
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  singleTaskSum(Check, Q);
  ndRangeAtomics(Check, Q);
  readOnlyScale(Check, Q);
  compoundAssignments(Check, Q);
  placeholderAndHostTask(Check, Q);
  hostAccessors(Check);
  kernelIterators(Check, Q);
  explicitCopies(Check, Q);
  emptyBuffer(Check, Q);
  return Check.status();
}
