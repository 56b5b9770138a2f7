//===- group-load-store.cpp - sycl_ext_oneapi_group_load_store ------------===//
//
/// \file
/// group_load and group_store of sycl_ext_oneapi_group_load_store for a
/// work-group and for a sub_group, with one value, a vec<int, N> or a
/// span<int, N> per work-item, in the default, the blocked and the striped
/// placement, with and without contiguous_memory and full_group, through
/// raw pointers, global and local multi_ptrs, std::reverse_iterator (read
/// through its operator[]) and a wrapped pointer iterator. Also a single
/// property passed on its own, and loads that convert (short memory into
/// an int span).
///
/// Every group (work-group or sub-group) owns a region of the input and of
/// the output, max size * N elements. Each work-item writes what its load
/// gave it, and stores values that encode its slot and component; the host
/// computes from the definition (element k of the work-item with local
/// linear id i of a group of G: i * N + k blocked, i + k * G striped)
/// which input element each loaded value must be and where each stored
/// value must land; elements nobody stores to must keep their sentinel.
/// Work-groups have 1, 7 (partial sub-groups), 16 and 100 work-items in
/// 1-D, and 3x13 in 2-D.
//
//===----------------------------------------------------------------------===//
#include <sycl/ext/oneapi/experimental/group_load_store.hpp>
#include <sycl/sycl.hpp>

#if SYCL_EXT_ONEAPI_GROUP_LOAD_STORE != 1
#error "the header defines the extension's feature-test macro as 1"
#endif

#include <cstdio>
#include <iterator>
#include <string>
#include <tuple>
#include <vector>

namespace {

namespace sx = sycl::ext::oneapi::experimental;

enum class Scope { WorkGroup, SubGroup };
enum class Form { Scalar, Vec, Span };
enum class Placement { Default, Blocked, Striped };
enum class Iter { Raw, Global, Local, Reverse, Wrapped };

/// A random-access iterator over a pointer that is not one: read through
/// operator[], or through the address of its element with
/// contiguous_memory.
template <typename T> struct Wrapped {
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_cv_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = T *;
  using reference = T &;
  T *P;
  T &operator*() const { return *P; }
  T &operator[](difference_type I) const { return P[I]; }
};

/// What the kernel of one case does, fixed at compile time.
template <Scope S, Form F, int N, Placement P, Iter I, bool Full, bool Contig,
          typename MemT = int>
struct Case {
  using Mem = MemT;
  static constexpr int Width = F == Form::Scalar ? 1 : N;
  static constexpr bool Striped = P == Placement::Striped;
  static constexpr bool IsSub = S == Scope::SubGroup;
  static constexpr bool IsFull = Full;
  static constexpr bool InLocal = I == Iter::Local;
  static constexpr bool Reversed = I == Iter::Reverse;

  /// The properties the case passes: a single one on its own.
  static auto properties() {
    auto Placed = [] {
      if constexpr (P == Placement::Blocked)
        return std::tuple{sx::data_placement_blocked};
      else if constexpr (P == Placement::Striped)
        return std::tuple{sx::data_placement_striped};
      else
        return std::tuple<>{};
    }();
    auto Whole = [] {
      if constexpr (Full)
        return std::tuple{sx::full_group};
      else
        return std::tuple<>{};
    }();
    auto Contiguous = [] {
      if constexpr (Contig)
        return std::tuple{sx::contiguous_memory};
      else
        return std::tuple<>{};
    }();
    auto All = std::tuple_cat(Placed, Whole, Contiguous);
    if constexpr (std::tuple_size_v<decltype(All)> == 1)
      return std::get<0>(All);
    else
      return std::apply([](auto... Ps) { return sx::properties{Ps...}; }, All);
  }

  static std::string name() {
    static const char *Forms[] = {"value", "vec", "span"};
    static const char *Places[] = {"default", "blocked", "striped"};
    static const char *Iters[] = {"T *", "global multi_ptr", "local multi_ptr",
                                  "reverse_iterator", "wrapped iterator"};
    std::string Name = S == Scope::WorkGroup ? "group" : "sub_group";
    Name += std::string(" ") + Forms[int(F)];
    if (F != Form::Scalar)
      Name += "<" + std::to_string(N) + ">";
    Name += std::string(" ") + Places[int(P)] + ", " + Iters[int(I)];
    if (Full)
      Name += ", full_group";
    if (Contig)
      Name += ", contiguous_memory";
    if (!std::is_same_v<MemT, int>)
      Name += ", short memory";
    return Name;
  }

  /// The iterator the work-items pass for the region at \p Base, of \p Len
  /// elements.
  template <typename T> static auto iterator(T *Base, size_t Len) {
    using namespace sycl::access;
    if constexpr (I == Iter::Raw)
      return Base;
    else if constexpr (I == Iter::Global)
      return sycl::address_space_cast<address_space::global_space,
                                      decorated::no>(Base);
    else if constexpr (I == Iter::Local)
      return sycl::address_space_cast<address_space::local_space,
                                      decorated::yes>(Base);
    else if constexpr (I == Iter::Reverse)
      return std::reverse_iterator<T *>(Base + Len);
    else
      return Wrapped<T>{Base};
  }

  /// The value the work-item in slot \p Slot stores as component \p K.
  static MemT stored(size_t Slot, int K) {
    return MemT(-1 - int(Slot * Width + K) % 20000);
  }

  /// Loads and stores, as the work-item of \p It, from the regions of its
  /// group at \p In and \p Out (\p Len elements each); writes what it
  /// loaded to \p Loaded.
  template <typename GroupT>
  static void body(GroupT G, MemT *In, MemT *Out, size_t Len, int *Loaded,
                   size_t Slot) {
    auto Props = properties();
    int *L = Loaded + Slot * Width;
    if constexpr (F == Form::Scalar) {
      int X = -5;
      sx::group_load(G, iterator(const_cast<const MemT *>(In), Len), X, Props);
      L[0] = X;
      sx::group_store(G, stored(Slot, 0), iterator(Out, Len), Props);
    } else if constexpr (F == Form::Vec) {
      sycl::vec<int, N> V(-5);
      sx::group_load(G, iterator(const_cast<const MemT *>(In), Len), V, Props);
      for (int K = 0; K < N; ++K)
        L[K] = V[K];
      sycl::vec<MemT, N> W;
      for (int K = 0; K < N; ++K)
        W[K] = stored(Slot, K);
      sx::group_store(G, W, iterator(Out, Len), Props);
    } else {
      int A[N];
      for (int K = 0; K < N; ++K)
        A[K] = -5;
      sx::group_load(G, iterator(const_cast<const MemT *>(In), Len),
                     sycl::span<int, N>(A), Props);
      for (int K = 0; K < N; ++K)
        L[K] = A[K];
      MemT W[N];
      for (int K = 0; K < N; ++K)
        W[K] = stored(Slot, K);
      sx::group_store(G, sycl::span<const MemT, N>(W), iterator(Out, Len),
                      Props);
    }
  }
};

/// Where the work-item in slot \p Slot stands: its group's region
/// (\p Region), its local linear id and its group's size for the
/// placement.
struct Where {
  size_t Region, Id, Size;
};

template <Scope S, int Dims>
Where whereOf(size_t Slot, sycl::range<Dims> Local, size_t SG, bool Full) {
  const size_t Group = Slot / Local.size(), Local1 = Slot % Local.size();
  if (S == Scope::WorkGroup)
    return {Group, Local1, Local.size()};
  // Sub-groups: runs of SG along the last dimension of each row.
  const size_t Row = Local[Dims - 1], PerRow = (Row + SG - 1) / SG;
  const size_t Rows = Local.size() / Row;
  const size_t InRow = Local1 % Row / SG, Lane = Local1 % Row % SG;
  const size_t SubGroup = Local1 / Row * PerRow + InRow;
  const size_t Size = std::min(SG, Row - InRow * SG);
  return {Group * Rows * PerRow + SubGroup, Lane, Full ? SG : Size};
}

/// Runs case C over nd_range(Global, Local) and checks it. \p SG is the
/// device's sub-group size.
template <typename C, int Dims>
int runCase(sycl::queue &Q, size_t SG, sycl::range<Dims> Global,
            sycl::range<Dims> Local) {
  using MemT = typename C::Mem;
  constexpr bool IsSub = C::IsSub;
  const size_t N = Global.size(), Groups = N / Local.size();
  const size_t Row = Local[Dims - 1];
  const size_t PerGroup =
      IsSub ? Local.size() / Row * ((Row + SG - 1) / SG) : 1;
  const size_t Max = IsSub ? SG : Local.size();
  const size_t Len = Max * C::Width, Size = Groups * PerGroup * Len;
  // The regions, with as much again before and after them: a wrong index
  // reads or overwrites the padding instead of failing somewhere else.
  MemT *InAll = sycl::malloc_shared<MemT>(3 * Size, Q);
  MemT *OutAll = sycl::malloc_shared<MemT>(3 * Size, Q);
  MemT *In = InAll + Size, *Out = OutAll + Size;
  int *Loaded = sycl::malloc_shared<int>(N * C::Width, Q);
  const MemT Sentinel = MemT(30000);
  for (size_t E = 0; E < 3 * Size; ++E) {
    InAll[E] = MemT(int(E % 20000) + 1);
    OutAll[E] = Sentinel;
  }

  sycl::nd_range<Dims> Range(Global, Local);
  auto Start = [=](const sycl::nd_item<Dims> &It) {
    size_t Region = It.get_group_linear_id() * PerGroup;
    if constexpr (IsSub)
      Region += It.get_sub_group().get_group_linear_id();
    return Region * Len;
  };
  auto Run = [=](const sycl::nd_item<Dims> &It, MemT *InBase, MemT *OutBase) {
    sycl::group<Dims> G = It.get_group();
    size_t Slot = G.get_group_linear_id() * G.get_local_linear_range() +
                  G.get_local_linear_id();
    if constexpr (IsSub)
      C::body(It.get_sub_group(), InBase, OutBase, Len, Loaded, Slot);
    else
      C::body(G, InBase, OutBase, Len, Loaded, Slot);
  };
  if constexpr (!C::InLocal) {
    Q.parallel_for(Range, [=](sycl::nd_item<Dims> It) {
       size_t R = Start(It);
       Run(It, In + R, Out + R);
     }).wait();
  } else {
    // The work-group's regions, copied into local memory and back. The
    // stores do not synchronize: the barrier before the copy back does.
    const size_t Tile = PerGroup * Len;
    Q.submit([&](sycl::handler &H) {
      sycl::local_accessor<MemT, 1> InTile(sycl::range<1>(Tile), H);
      sycl::local_accessor<MemT, 1> OutTile(sycl::range<1>(Tile), H);
      H.parallel_for(Range, [=](sycl::nd_item<Dims> It) {
        sycl::group<Dims> G = It.get_group();
        size_t First = G.get_group_linear_id() * Tile;
        for (size_t E = G.get_local_linear_id(); E < Tile;
             E += G.get_local_linear_range()) {
          InTile[E] = In[First + E];
          OutTile[E] = Out[First + E];
        }
        sycl::group_barrier(G);
        size_t R = Start(It) - First;
        Run(It, &InTile[R], &OutTile[R]);
        sycl::group_barrier(G);
        for (size_t E = G.get_local_linear_id(); E < Tile;
             E += G.get_local_linear_range())
          Out[First + E] = OutTile[E];
      });
    });
    Q.wait();
  }

  // The element of component K of the work-item at W, as the definition
  // (and, for the reverse iterator, its reversal) places it.
  auto ElementOf = [&](const Where &W, size_t K) {
    size_t Index = C::Striped ? W.Id + K * W.Size : W.Id * C::Width + K;
    if (C::Reversed)
      Index = Len - 1 - Index;
    return W.Region * Len + Index;
  };
  size_t BadLoads = 0, BadStores = 0;
  std::vector<MemT> WantOut(3 * Size, Sentinel);
  for (size_t Slot = 0; Slot < N; ++Slot) {
    Where W = whereOf < IsSub ? Scope::SubGroup
                              : Scope::WorkGroup > (Slot, Local, SG, C::IsFull);
    for (size_t K = 0; K < size_t(C::Width); ++K) {
      size_t E = ElementOf(W, K);
      int Got = Loaded[Slot * C::Width + K];
      if (Got != int(In[E]) && ++BadLoads <= 5)
        std::printf("  slot %zu component %zu loaded %d, want element %zu "
                    "(%d)\n",
                    Slot, K, Got, E, int(In[E]));
      WantOut[Size + E] = C::stored(Slot, int(K));
    }
  }
  for (size_t E = 0; E < 3 * Size; ++E)
    if (OutAll[E] != WantOut[E] && ++BadStores <= 5)
      std::printf("  output element %td is %d, want %d\n",
                  std::ptrdiff_t(E) - std::ptrdiff_t(Size), int(OutAll[E]),
                  int(WantOut[E]));
  std::string Name = C::name();
  for (int D = 0; D < Dims; ++D)
    Name += (D ? "x" : ", local ") + std::to_string(Local[D]);
  std::printf("group_load %s: %s\n", Name.c_str(), BadLoads ? "FAIL" : "OK");
  std::printf("group_store %s: %s\n", Name.c_str(), BadStores ? "FAIL" : "OK");
  sycl::free(InAll, Q);
  sycl::free(OutAll, Q);
  sycl::free(Loaded, Q);
  return BadLoads || BadStores;
}

} // namespace

int main() {
  sycl::queue Q;
  const size_t SG =
      Q.get_device().get_info<sycl::info::device::sub_group_sizes>()[0];
  int Rc = 0;
  // Every case in 1-D groups of 1, 7, 16 and 100 and a 2-D 3x13 group
  // (whole and partial sub-groups); full_group cases only where every
  // sub-group is whole.
  auto Shapes = [&](auto C, bool WholeOnly) {
    using CaseT = decltype(C);
    for (size_t Row : {size_t(1), size_t(7), size_t(16), size_t(100)})
      if (!WholeOnly || Row % SG == 0)
        Rc |=
            runCase<CaseT>(Q, SG, sycl::range<1>(3 * Row), sycl::range<1>(Row));
    if (!WholeOnly || 13 % SG == 0)
      Rc |= runCase<CaseT>(Q, SG, sycl::range<2>(6, 13), sycl::range<2>(3, 13));
    if (WholeOnly)
      Rc |= runCase<CaseT>(Q, SG, sycl::range<1>(2 * SG), sycl::range<1>(SG));
  };
  using P = Placement;
#define LANES_CASES(SCOPE)                                                     \
  Shapes(Case<SCOPE, Form::Scalar, 1, P::Default, Iter::Raw, false, false>(),  \
         false);                                                               \
  Shapes(                                                                      \
      Case<SCOPE, Form::Scalar, 1, P::Striped, Iter::Global, false, false>(),  \
      false);                                                                  \
  Shapes(Case<SCOPE, Form::Vec, 4, P::Default, Iter::Raw, false, false>(),     \
         false);                                                               \
  Shapes(Case<SCOPE, Form::Vec, 3, P::Blocked, Iter::Global, false, true>(),   \
         false);                                                               \
  Shapes(Case<SCOPE, Form::Vec, 2, P::Striped, Iter::Local, false, false>(),   \
         false);                                                               \
  Shapes(Case<SCOPE, Form::Vec, 8, P::Striped, Iter::Raw, false, true>(),      \
         false);                                                               \
  Shapes(Case<SCOPE, Form::Span, 3, P::Blocked, Iter::Raw, false, false>(),    \
         false);                                                               \
  Shapes(Case<SCOPE, Form::Span, 5, P::Striped, Iter::Global, false, false>(), \
         false);                                                               \
  Shapes(Case<SCOPE, Form::Span, 4, P::Blocked, Iter::Local, false, true>(),   \
         false);                                                               \
  Shapes(                                                                      \
      Case<SCOPE, Form::Span, 4, P::Striped, Iter::Reverse, false, false>(),   \
      false);                                                                  \
  Shapes(                                                                      \
      Case<SCOPE, Form::Span, 2, P::Blocked, Iter::Wrapped, false, false>(),   \
      false);                                                                  \
  Shapes(Case<SCOPE, Form::Vec, 4, P::Striped, Iter::Wrapped, false, true>(),  \
         false);                                                               \
  Shapes(Case<SCOPE, Form::Span, 3, P::Striped, Iter::Raw, false, false,       \
              short>(),                                                        \
         false);                                                               \
  Shapes(Case<SCOPE, Form::Vec, 4, P::Striped, Iter::Raw, true, true>(),       \
         true);                                                                \
  Shapes(Case<SCOPE, Form::Span, 2, P::Blocked, Iter::Global, true, false>(),  \
         true);
  LANES_CASES(Scope::WorkGroup)
  LANES_CASES(Scope::SubGroup)
#undef LANES_CASES
  return Rc;
}
