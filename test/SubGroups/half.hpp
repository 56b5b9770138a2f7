//===- half.hpp - Reference and driver of the 16-bit float tests ----------===//
//
/// \file
/// The group reductions and scans of sycl::half and bfloat16 and the joint
/// algorithms over ranges of sycl::vec, sycl::marray, half and bfloat16, on
/// a work-group or on its sub-groups (OnSubGroup), checked against a serial
/// host reference.
///
/// Lanes combines half and bfloat16 in float and rounds the result once,
/// so the reference folds the float values of the inputs in float and
/// rounds each result once. The inputs keep every float fold exact in any
/// order (sums of multiples of 2^-6 below 32 for half, of 2^-3 below 16
/// for bfloat16; products of +-1, 2, 0.5 and a few 1.5), so the compiled
/// and the library-only runs must match the reference bit for bit. The
/// same folds in the 16-bit type, rounding after every step, differ from
/// it: partial sums need up to 19 significant bits, and seven factors 1.5
/// need 12 (half has 11, bfloat16 8). Other element types fold in their
/// own type, with the inputs and operations of ../Groups/groups.hpp.
///
/// vec and marray values are folded component by component. Component K
/// of the value in position I takes input I * N + K (N components).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_SUBGROUPS_HALF_HPP
#define LANES_TEST_SUBGROUPS_HALF_HPP

#include "subgroups.hpp"

#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

namespace halfgroups {

using sycl::half;
using sycl::ext::oneapi::bfloat16;

/// Whether E is half or bfloat16, which fold in float.
template <typename E>
constexpr bool IsFloat16 =
    std::is_same_v<E, half> || std::is_same_v<E, bfloat16>;

/// The number of components of V: 1 for a scalar.
template <typename V> constexpr size_t components() {
  if constexpr (std::is_arithmetic_v<V> || IsFloat16<V>)
    return 1;
  else
    return V::size();
}

/// The element type of V.
template <typename V> struct ElementOfImpl { using type = V; };
template <typename E, int N> struct ElementOfImpl<sycl::vec<E, N>> {
  using type = E;
};
template <typename E, size_t N> struct ElementOfImpl<sycl::marray<E, N>> {
  using type = E;
};
template <typename V> using ElementOf = typename ElementOfImpl<V>::type;

/// Component \p K of \p X (a reference).
template <typename V> decltype(auto) component(V &X, size_t K) {
  using U = std::remove_const_t<V>;
  if constexpr (std::is_same_v<ElementOf<U>, U>)
    return (X);
  else
    return X[int(K)];
}

/// The type the reference folds elements of type E in: float for half
/// and bfloat16.
template <typename E> using Fold = std::conditional_t<IsFloat16<E>, float, E>;

/// Input \p I for OpT on element type E. Half and bfloat16 inputs are exact
/// in their type and keep the float folds exact (see the file comment).
template <template <typename> class OpT, typename E>
E elementInput(uint32_t I) {
  if constexpr (IsFloat16<E>) {
    uint32_t V = corpus::input(I, 11);
    if constexpr (groups::SameOp<OpT, sycl::multiplies>)
      return I % 37 == 5    ? E(1.5f)
             : I % 37 == 11 ? E(2.0f)
             : I % 37 == 19 ? E(0.5f)
                            : E(V % 2 ? 1.0f : -1.0f);
    else if constexpr (std::is_same_v<E, half>)
      return half(float(int(V % 4095) - 2047) / 64.0f);
    else
      return bfloat16(float(int(V % 255) - 127) / 8.0f);
  } else {
    return groups::input<OpT, E>(I);
  }
}

/// The value in position \p I.
template <template <typename> class OpT, typename V> V valueInput(size_t I) {
  V X{};
  for (size_t K = 0; K < components<V>(); ++K)
    component(X, K) =
        elementInput<OpT, ElementOf<V>>(uint32_t(I * components<V>() + K));
  return X;
}

/// A fold of V in the reference's types, one Fold<E> per component.
template <template <typename> class OpT, typename V> struct Folded {
  using E = ElementOf<V>;
  Fold<E> C[components<V>()];

  static Folded identity() {
    Folded F;
    for (size_t K = 0; K < components<V>(); ++K)
      F.C[K] = groups::identity<OpT, Fold<E>>();
    return F;
  }
  static Folded of(const V &X) {
    Folded F;
    for (size_t K = 0; K < components<V>(); ++K)
      F.C[K] = Fold<E>(component(X, K));
    return F;
  }
  /// This fold combined with \p B (with \p X), component by component.
  Folded then(const V &X) const { return then(of(X)); }
  Folded then(const Folded &B) const {
    Folded F = *this;
    for (size_t K = 0; K < components<V>(); ++K)
      F.C[K] = groups::combine<OpT>(C[K], B.C[K]);
    return F;
  }
  /// Each component rounded once to E.
  V value() const {
    V X{};
    for (size_t K = 0; K < components<V>(); ++K)
      component(X, K) = E(C[K]);
    return X;
  }
};

template <typename V> bool sameValue(const V &A, const V &B) {
  for (size_t K = 0; K < components<V>(); ++K)
    if (!(component(A, K) == component(B, K)))
      return false;
  return true;
}

/// Compares \p Got with \p Want; prints a summary line naming \p Name and
/// the first mismatches (their positions and \p What(position)). Returns
/// the exit status.
template <typename V, typename WhatFn>
int checkValues(const std::string &Name, const V *Got,
                const std::vector<V> &Want, WhatFn What) {
  size_t Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I) {
    if (sameValue(Got[I], Want[I]))
      continue;
    if (++Bad <= 10)
      std::printf("  mismatch at %zu (%s): got %.9g, want %.9g "
                  "(component 0)\n",
                  I, What(I).c_str(), double(component(Got[I], 0)),
                  double(component(Want[I], 0)));
  }
  std::printf("%s: %s, %zu of %zu values differ\n", Name.c_str(),
              Bad ? "FAIL" : "OK", Bad, Want.size());
  return Bad != 0;
}

/// Where the work-item in \p Slot sits in the group it reduces over: the
/// slot of that group's first work-item, its rank and the group's size,
/// and the group's number in slot order.
struct Segment {
  size_t First, Rank, Size, Number;
};
template <bool OnSubGroup, int Dims>
Segment segmentOf(size_t Slot, sycl::range<Dims> Local, size_t SG) {
  size_t Group = Slot / Local.size();
  if constexpr (OnSubGroup) {
    subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SG);
    return {Slot - P.Lane, P.Lane, P.Size, Group * P.NumSubGroups + P.SubGroup};
  } else {
    return {Group * Local.size(), Slot % Local.size(), Local.size(), Group};
  }
}

/// The group a kernel reduces over.
template <bool OnSubGroup, int Dims>
auto groupOf(const sycl::nd_item<Dims> &It) {
  if constexpr (OnSubGroup)
    return It.get_sub_group();
  else
    return It.get_group();
}

/// " sub-group 2-D local 3x13" for messages.
template <bool OnSubGroup, int Dims>
std::string scopeName(sycl::range<Dims> Local) {
  return (OnSubGroup ? " sub-group" : " work-group") +
         subgroups::shapeName(Local);
}

using groups::NumResults;

/// Every reduce and scan of OpT on V over the work-groups or sub-groups of
/// nd_range(Global, Local), typed and transparent function objects
/// alternating, against the reference. Returns the exit status.
template <template <typename> class OpT, typename V, bool OnSubGroup, int Dims>
int runReduceScan(sycl::queue &Q, const std::string &Type,
                  sycl::range<Dims> Global, sycl::range<Dims> Local) {
  using namespace groups;
  const size_t N = Global.size();
  V *In = sycl::malloc_shared<V>(N, Q);
  V *Out = sycl::malloc_shared<V>(N * NumResults, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = valueInput<OpT, V>(I);
  const V Init = valueInput<OpT, V>(12345);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     size_t Slot = subgroups::slotOf(It);
     if (Slot == 0)
       *Reported = It.get_sub_group().get_max_local_range()[0];
     auto G = groupOf<OnSubGroup>(It);
     V X = In[Slot];
     V *O = Out + Slot * NumResults;
     O[Reduce] = sycl::reduce_over_group(G, X, OpT<void>());
     O[ReduceInit] = sycl::reduce_over_group(G, X, Init, OpT<V>());
     O[ExclusiveScan] = sycl::exclusive_scan_over_group(G, X, OpT<V>());
     O[ExclusiveScanInit] =
         sycl::exclusive_scan_over_group(G, X, Init, OpT<void>());
     O[InclusiveScan] = sycl::inclusive_scan_over_group(G, X, OpT<void>());
     O[InclusiveScanInit] =
         sycl::inclusive_scan_over_group(G, X, OpT<V>(), Init);
   }).wait();

  std::string Name = Type + scopeName<OnSubGroup>(Local);
  int Rc = 1;
  if (size_t SG = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    using F = Folded<OpT, V>;
    std::vector<V> Want(N * NumResults);
    for (size_t Slot = 0; Slot < N; ++Slot) {
      Segment S = segmentOf<OnSubGroup>(Slot, Local, SG);
      F Total = F::identity(), Prefix = Total, PrefixInit = F::of(Init);
      for (size_t R = 0; R < S.Size; ++R) {
        Total = Total.then(In[S.First + R]);
        if (R < S.Rank) {
          Prefix = Prefix.then(In[S.First + R]);
          PrefixInit = PrefixInit.then(In[S.First + R]);
        }
      }
      V *W = Want.data() + Slot * NumResults;
      W[Reduce] = Total.value();
      // Init and the group's values combine before the one rounding.
      W[ReduceInit] = F::of(Init).then(Total).value();
      W[ExclusiveScan] = Prefix.value();
      W[ExclusiveScanInit] = PrefixInit.value();
      W[InclusiveScan] = Prefix.then(In[Slot]).value();
      W[InclusiveScanInit] = PrefixInit.then(In[Slot]).value();
    }
    Rc = checkValues(Name, Out, Want, [](size_t I) {
      return "slot " + std::to_string(I / NumResults) + ", " +
             resultName(int(I % NumResults));
    });
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Reported, Q);
  return Rc;
}

/// Range lengths of the joint tests: empty, one element, shorter than a
/// sub-group, and several chunks with a partial last one.
inline const size_t JointLengths[6] = {0, 1, 5, 17, 64, 200};
constexpr size_t JointStride = 200;
/// The joint results per range: exclusive, exclusive with Init, inclusive,
/// inclusive with Init, inclusive in place.
constexpr size_t JointScans = 5;

/// joint_reduce, joint_exclusive_scan and joint_inclusive_scan of OpT on
/// ranges of V, with and without an initial value and in place, each
/// work-group or sub-group over a range of its own whose length depends on
/// the group's number. Returns the exit status.
template <template <typename> class OpT, typename V, bool OnSubGroup, int Dims>
int runJoint(sycl::queue &Q, const std::string &Type, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  const size_t N = Global.size(); // enough ranges for sub-groups of one
  V *In = sycl::malloc_shared<V>(N * JointStride, Q);
  V *Scan = sycl::malloc_shared<V>(N * JointStride * JointScans, Q);
  V *Red = sycl::malloc_shared<V>(N * 2, Q);
  int *Ends = sycl::malloc_shared<int>(N, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N * JointStride; ++I)
    In[I] = valueInput<OpT, V>(I);
  for (size_t I = 0; I < N * JointStride * JointScans; ++I)
    Scan[I] = V(0);
  const V Init = valueInput<OpT, V>(999);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     size_t Slot = subgroups::slotOf(It);
     if (Slot == 0)
       *Reported = It.get_sub_group().get_max_local_range()[0];
     auto G = groupOf<OnSubGroup>(It);
     size_t K = It.get_group_linear_id();
     if constexpr (OnSubGroup)
       K = K * G.get_group_linear_range() + G.get_group_linear_id();
     size_t Len = JointLengths[K % 6];
     const V *First = In + K * JointStride, *Last = First + Len;
     V *S = Scan + K * JointStride * JointScans;
     Red[Slot * 2] = sycl::joint_reduce(G, First, Last, OpT<V>());
     Red[Slot * 2 + 1] = sycl::joint_reduce(G, First, Last, Init, OpT<void>());
     V *Dest[JointScans];
     for (size_t R = 0; R < JointScans; ++R)
       Dest[R] = S + R * JointStride;
     int End = 0;
     End += sycl::joint_exclusive_scan(G, First, Last, Dest[0], OpT<void>()) ==
            Dest[0] + Len;
     End += sycl::joint_exclusive_scan(G, First, Last, Dest[1], Init,
                                       OpT<V>()) == Dest[1] + Len;
     End += sycl::joint_inclusive_scan(G, First, Last, Dest[2], OpT<V>()) ==
            Dest[2] + Len;
     End += sycl::joint_inclusive_scan(G, First, Last, Dest[3], OpT<void>(),
                                       Init) == Dest[3] + Len;
     // In place: copy, wait, scan the copy onto itself.
     for (size_t I = G.get_local_linear_id(); I < Len;
          I += G.get_local_linear_range())
       Dest[4][I] = First[I];
     sycl::group_barrier(G);
     End += sycl::joint_inclusive_scan(G, Dest[4], Dest[4] + Len, Dest[4],
                                       OpT<V>()) == Dest[4] + Len;
     Ends[Slot] = End;
   }).wait();

  std::string Name = Type + " joint" + scopeName<OnSubGroup>(Local);
  int Rc = 1;
  if (size_t SG = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    using F = Folded<OpT, V>;
    std::vector<V> WantScan(N * JointStride * JointScans, V(0)), WantRed(N * 2);
    for (size_t Slot = 0; Slot < N; ++Slot) {
      size_t K = segmentOf<OnSubGroup>(Slot, Local, SG).Number;
      size_t Len = JointLengths[K % 6];
      const V *First = In + K * JointStride;
      V *W = WantScan.data() + K * JointStride * JointScans;
      F Prefix = F::identity(), PrefixInit = F::of(Init);
      for (size_t I = 0; I < Len; ++I) {
        W[I] = Prefix.value();
        // Element 0 gets Init itself.
        W[JointStride + I] = PrefixInit.value();
        Prefix = Prefix.then(First[I]);
        PrefixInit = PrefixInit.then(First[I]);
        W[2 * JointStride + I] = Prefix.value();
        W[3 * JointStride + I] = PrefixInit.value();
        W[4 * JointStride + I] = Prefix.value();
      }
      WantRed[Slot * 2] = Prefix.value();
      WantRed[Slot * 2 + 1] = PrefixInit.value();
    }
    auto Where = [](size_t I) { return "element " + std::to_string(I); };
    Rc = checkValues(Name + " scans", Scan, WantScan, Where);
    Rc |= checkValues(Name + " joint_reduce", Red, WantRed, Where);
    Rc |= corpus::check((Name + " returned ends").c_str(), Ends,
                        std::vector<int>(N, 5));
  }
  sycl::free(In, Q);
  sycl::free(Scan, Q);
  sycl::free(Red, Q);
  sycl::free(Ends, Q);
  sycl::free(Reported, Q);
  return Rc;
}

/// runJoint over every element type and operation the joint-vec-half
/// programs check, bfloat16 included, at work-group scope or, when
/// SubGroup, sub-group scope.
template <bool SubGroup, int Dims>
int runJointTypes(sycl::queue &Q, sycl::range<Dims> Global,
                  sycl::range<Dims> Local) {
  using sycl::half;
  int Rc = runJoint<sycl::plus, sycl::vec<int, 4>, SubGroup>(
      Q, "plus vec<int, 4>", Global, Local);
  Rc |= runJoint<sycl::maximum, sycl::vec<float, 2>, SubGroup>(
      Q, "maximum vec<float, 2>", Global, Local);
  Rc |= runJoint<sycl::multiplies, sycl::marray<double, 3>, SubGroup>(
      Q, "multiplies marray<double, 3>", Global, Local);
  Rc |= runJoint<sycl::minimum, sycl::marray<double, 3>, SubGroup>(
      Q, "minimum marray<double, 3>", Global, Local);
  Rc |= runJoint<sycl::plus, half, SubGroup>(Q, "plus half", Global, Local);
  Rc |= runJoint<sycl::minimum, half, SubGroup>(Q, "minimum half", Global,
                                                Local);
  Rc |= runJoint<sycl::maximum, half, SubGroup>(Q, "maximum half", Global,
                                                Local);
  Rc |= runJoint<sycl::multiplies, sycl::vec<half, 4>, SubGroup>(
      Q, "multiplies vec<half, 4>", Global, Local);
  Rc |= runJoint<sycl::plus, sycl::marray<half, 3>, SubGroup>(
      Q, "plus marray<half, 3>", Global, Local);
  Rc |= runJoint<sycl::plus, bfloat16, SubGroup>(Q, "plus bfloat16", Global,
                                                 Local);
  Rc |= runJoint<sycl::maximum, bfloat16, SubGroup>(Q, "maximum bfloat16",
                                                    Global, Local);
  Rc |= runJoint<sycl::multiplies, sycl::marray<bfloat16, 2>, SubGroup>(
      Q, "multiplies marray<bfloat16, 2>", Global, Local);
  return Rc;
}

} // namespace halfgroups

#endif // LANES_TEST_SUBGROUPS_HALF_HPP
