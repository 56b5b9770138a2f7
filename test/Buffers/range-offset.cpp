// The deprecated SYCL 2020 form parallel_for(range<N>, id<N> offset, f),
// 1-D to 3-D, through the handler on buffers and through the queue
// shortcuts (with and without dependencies) on USM. The kernel must run
// once per id in [offset, offset + range): each updates its element of
// the whole buffer and, when it takes an item, stores get_linear_id() if
// get_range(), get_offset() and the id's components are the launch's.
// Elements outside the box keep their values. The boxes include exact
// launches, padded ones (an extent no group size divides) and an empty one;
// the kernels take item<N> (by value, by const reference, as a generic
// lambda's auto), id<N>, size_t (1-D) or are named function objects.
#include "buffers.hpp"

namespace {

/// What Info holds where no kernel wrote.
constexpr int Untouched = -1;
/// What a kernel stores in Info when an item's query is wrong.
constexpr int BadQuery = -2;

/// A range at an offset inside a whole buffer.
template <int Dims> struct Box {
  sycl::range<Dims> Whole;
  sycl::range<Dims> Range;
  sycl::id<Dims> At;
};

/// The row-major index of \p Id in \p Whole (host and kernels).
template <int Dims>
size_t linearOf(const sycl::id<Dims> &Id, const sycl::range<Dims> &Whole) {
  size_t L = 0;
  for (int D = 0; D < Dims; ++D)
    L = L * Whole[D] + Id[D];
  return L;
}

/// The value a kernel stores at element \p Linear of the buffer.
int update(int In, size_t Linear) { return 3 * In - int(Linear % 97); }

/// The kernels' work at \p It: \p Data[id] gets update(), \p Info[id] the
/// linear id when every query agrees with \p B.
template <int Dims, typename ViewT, typename ItemT>
void visitItem(const ViewT &Data, const ViewT &Info, const Box<Dims> &B,
               const ItemT &It) {
  sycl::id<Dims> Id = It.get_id();
  Data[Id] = update(Data[Id], linearOf(Id, B.Whole));
  bool Ok = It.get_range() == B.Range && It.get_offset() == B.At;
  for (int D = 0; D < Dims; ++D)
    Ok &= It[D] == Id[D] && It.get_id(D) == Id[D] &&
          It.get_range(D) == B.Range[D];
  Info[It] = Ok ? int(It.get_linear_id()) : BadQuery;
}

/// A USM array seen as a buffer of \p Whole, subscripted by id.
template <int Dims> struct Grid {
  int *Ptr;
  sycl::range<Dims> Whole;
  int &operator[](const sycl::id<Dims> &Id) const {
    return Ptr[linearOf(Id, Whole)];
  }
  template <bool WithOffset>
  int &operator[](const sycl::item<Dims, WithOffset> &It) const {
    return (*this)[It.get_id()];
  }
};

/// A named function object kernel taking item<Dims>.
template <int Dims, typename ViewT> struct ItemKernel {
  ViewT Data, Info;
  Box<Dims> B;
  void operator()(sycl::item<Dims> It) const { visitItem(Data, Info, B, It); }
};

/// The id of linear index \p L in \p Whole.
template <int Dims> sycl::id<Dims> idOf(size_t L, sycl::range<Dims> Whole) {
  sycl::id<Dims> Id;
  for (int D = Dims - 1; D >= 0; --D) {
    Id[D] = L % Whole[D];
    L /= Whole[D];
  }
  return Id;
}

/// The host model: Data and Info after one launch over \p B from \p In
/// (Info written only by kernels that take an item).
template <int Dims>
void expect(const Box<Dims> &B, const std::vector<int> &In, bool WithInfo,
            std::vector<int> &Data, std::vector<int> &Info) {
  Data = In;
  Info.assign(In.size(), Untouched);
  for (size_t L = 0; L < In.size(); ++L) {
    sycl::id<Dims> Id = idOf(L, B.Whole);
    bool Inside = true;
    for (int D = 0; D < Dims; ++D)
      Inside &= Id[D] >= B.At[D] && Id[D] < B.At[D] + B.Range[D];
    if (!Inside)
      continue;
    Data[L] = update(In[L], L);
    if (WithInfo)
      Info[L] = int(linearOf<Dims>(Id - B.At, B.Range));
  }
}

/// How a case launches its kernel.
enum class Launch {
  HandlerItem,   ///< buffers, handler, item<N> lambda
  HandlerId,     ///< buffers, handler, id<N> lambda
  HandlerNamed,  ///< buffers, handler, function object, kernel name
  QueueGeneric,  ///< USM, queue shortcut, generic lambda
  QueueEvent,    ///< USM, shortcut after an event, const item<N> &
  QueueEvents,   ///< USM, shortcut after a vector of events, id<N>
  QueueIntegral, ///< USM, shortcut, size_t (1-D only)
  RangeNoOffset, ///< buffers, parallel_for(range) with item<N>: offset 0
};

const char *launchName(Launch L) {
  switch (L) {
  case Launch::HandlerItem:
    return "handler item";
  case Launch::HandlerId:
    return "handler id";
  case Launch::HandlerNamed:
    return "handler function object";
  case Launch::QueueGeneric:
    return "queue generic lambda";
  case Launch::QueueEvent:
    return "queue after event";
  case Launch::QueueEvents:
    return "queue after events";
  case Launch::QueueIntegral:
    return "queue size_t";
  case Launch::RangeNoOffset:
    return "range without offset";
  }
  return "?";
}

bool takesItem(Launch L) {
  return L != Launch::HandlerId && L != Launch::QueueEvents &&
         L != Launch::QueueIntegral;
}

template <int Dims>
void launchOnBuffers(sycl::queue &Q, Launch L, const Box<Dims> &B,
                     std::vector<int> &Data, std::vector<int> &Info) {
  using AccT = sycl::accessor<int, Dims, sycl::access_mode::read_write>;
  sycl::buffer<int, Dims> DataBuf(Data.data(), B.Whole);
  sycl::buffer<int, Dims> InfoBuf(Info.data(), B.Whole);
  Q.submit([&](sycl::handler &CGH) {
    AccT Acc(DataBuf, CGH), Inf(InfoBuf, CGH);
    Box<Dims> Bx = B;
    switch (L) {
    case Launch::HandlerItem:
      CGH.parallel_for(Bx.Range, Bx.At, [=](sycl::item<Dims> It) {
        visitItem(Acc, Inf, Bx, It);
      });
      break;
    case Launch::HandlerId:
      CGH.parallel_for(Bx.Range, Bx.At, [=](sycl::id<Dims> Id) {
        Acc[Id] = update(Acc[Id], linearOf(Id, Bx.Whole));
      });
      break;
    case Launch::HandlerNamed:
      CGH.parallel_for<ItemKernel<Dims, AccT>>(
          Bx.Range, Bx.At, ItemKernel<Dims, AccT>{Acc, Inf, Bx});
      break;
    case Launch::RangeNoOffset:
      // The plain range form at the origin: item<N> has a zero offset.
      CGH.parallel_for(
          Bx.Range, [=](sycl::item<Dims> It) { visitItem(Acc, Inf, Bx, It); });
      break;
    default:
      break;
    }
  });
}

template <int Dims>
void launchOnUsm(sycl::queue &Q, Launch L, const Box<Dims> &B,
                 std::vector<int> &Data, std::vector<int> &Info) {
  const size_t N = B.Whole.size();
  int *D = sycl::malloc_shared<int>(N, Q);
  int *I = sycl::malloc_shared<int>(N, Q);
  sycl::event Copied = Q.memcpy(D, Data.data(), N * sizeof(int));
  Q.memcpy(I, Info.data(), N * sizeof(int)).wait();
  Grid<Dims> Dg{D, B.Whole}, Ig{I, B.Whole};
  const Box<Dims> Bx = B;
  sycl::event Done;
  switch (L) {
  case Launch::QueueGeneric:
    Copied.wait();
    Done = Q.parallel_for(Bx.Range, Bx.At,
                          [=](auto It) { visitItem(Dg, Ig, Bx, It); });
    break;
  case Launch::QueueEvent:
    Done = Q.parallel_for(
        Bx.Range, Bx.At, Copied,
        [=](const sycl::item<Dims> &It) { visitItem(Dg, Ig, Bx, It); });
    break;
  case Launch::QueueEvents:
    Done = Q.parallel_for(Bx.Range, Bx.At, {Copied}, [=](sycl::id<Dims> Id) {
      Dg[Id] = update(Dg[Id], linearOf(Id, Bx.Whole));
    });
    break;
  case Launch::QueueIntegral:
    if constexpr (Dims == 1) {
      Copied.wait();
      Done = Q.parallel_for(Bx.Range, Bx.At, [=](size_t Index) {
        D[Index] = update(D[Index], Index);
      });
    }
    break;
  default:
    break;
  }
  Done.wait();
  Q.memcpy(Data.data(), D, N * sizeof(int)).wait();
  Q.memcpy(Info.data(), I, N * sizeof(int)).wait();
  sycl::free(D, Q);
  sycl::free(I, Q);
}

/// Runs case \p L over box \p B and compares Data and Info with the host
/// model.
template <int Dims>
void run(buffers::Checker &Check, sycl::queue &Q, Launch L, const char *Shape,
         Box<Dims> B) {
  if (L == Launch::RangeNoOffset)
    B.At = sycl::id<Dims>();
  std::vector<int> In(B.Whole.size());
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = buffers::input(I, Dims);
  std::vector<int> Data = In, Info(In.size(), Untouched);
  switch (L) {
  case Launch::HandlerItem:
  case Launch::HandlerId:
  case Launch::HandlerNamed:
  case Launch::RangeNoOffset:
    launchOnBuffers(Q, L, B, Data, Info);
    break;
  default:
    launchOnUsm(Q, L, B, Data, Info);
    break;
  }
  std::vector<int> WantData, WantInfo;
  expect(B, In, takesItem(L), WantData, WantInfo);
  std::string Name = std::string(Shape) + ", " + launchName(L);
  Check.equal(Name + " data", Data, WantData);
  Check.equal(Name + " item queries", Info, WantInfo);
}

template <int Dims>
void runAll(buffers::Checker &Check, sycl::queue &Q, const char *Shape,
            const Box<Dims> &B) {
  for (Launch L : {Launch::HandlerItem, Launch::HandlerId, Launch::HandlerNamed,
                   Launch::QueueGeneric, Launch::QueueEvent,
                   Launch::QueueEvents, Launch::RangeNoOffset})
    run(Check, Q, L, Shape, B);
  if constexpr (Dims == 1)
    run(Check, Q, Launch::QueueIntegral, Shape, B);
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  // 1009 and 509 are prime: no group size divides them (padded launches).
  runAll<1>(Check, Q, "1-D padded", {{1200}, {1009}, {100}});
  runAll<1>(Check, Q, "1-D exact", {{2000}, {512}, {1000}});
  runAll<1>(Check, Q, "1-D one group", {{64}, {10}, {50}});
  runAll<2>(Check, Q, "2-D", {{37, 53}, {20, 31}, {5, 7}});
  runAll<2>(Check, Q, "2-D padded", {{8, 300}, {3, 257}, {4, 40}});
  runAll<2>(Check, Q, "2-D empty", {{8, 8}, {0, 3}, {2, 2}});
  runAll<3>(Check, Q, "3-D", {{6, 10, 17}, {4, 5, 9}, {1, 3, 6}});
  runAll<3>(Check, Q, "3-D padded", {{3, 4, 600}, {2, 2, 509}, {1, 1, 60}});
  return Check.status();
}
