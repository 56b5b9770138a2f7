// The names DPC++ gave the group algorithms before SYCL 2020
// (sycl_ext_oneapi_group_algorithms, sycl/ext/oneapi/group_algorithm.hpp):
// sycl::ext::oneapi::reduce, exclusive_scan and inclusive_scan with and
// without an initial value, over values and over ranges in memory;
// broadcast in its three forms; any_of, all_of and none_of with a bool,
// with a value and a predicate and over a range; leader; the function
// objects; and the spellings sycl::ONEAPI and cl::sycl::ONEAPI and
// sycl::ext::oneapi::sub_group. Each kernel calls every old name and its
// SYCL 2020 counterpart on the same values, on work-groups and on
// sub-groups (1-D and 2-D, whole and partial sub-groups), for int and
// float, and the host compares the two results of every work-item, and
// the two outputs of every scan over memory, element by element.
#include <CL/sycl.hpp>

#include "../SubGroups/subgroups.hpp"
#include "groups.hpp"

#include <type_traits>

namespace {

namespace oneapi = sycl::ext::oneapi;

// The function objects and the sub-group are the sycl:: ones themselves.
static_assert(std::is_same_v<oneapi::plus<int>, sycl::plus<int>>);
static_assert(std::is_same_v<oneapi::plus<>, sycl::plus<void>>);
static_assert(std::is_same_v<oneapi::multiplies<>, sycl::multiplies<>>);
static_assert(std::is_same_v<oneapi::minimum<float>, sycl::minimum<float>>);
static_assert(std::is_same_v<oneapi::maximum<>, sycl::maximum<>>);
static_assert(std::is_same_v<oneapi::bit_and<int>, sycl::bit_and<int>>);
static_assert(std::is_same_v<oneapi::bit_or<>, sycl::bit_or<>>);
static_assert(std::is_same_v<oneapi::bit_xor<int>, sycl::bit_xor<int>>);
static_assert(std::is_same_v<oneapi::logical_and<>, sycl::logical_and<>>);
static_assert(std::is_same_v<oneapi::logical_or<int>, sycl::logical_or<int>>);
static_assert(std::is_same_v<sycl::ONEAPI::plus<>, sycl::plus<>>);
static_assert(std::is_same_v<cl::sycl::ONEAPI::sub_group, sycl::sub_group>);

/// The values each work-item computes twice, with the old name and with
/// the SYCL 2020 function.
enum Result {
  Reduce,
  ReduceInit,
  ExclusiveScan,
  ExclusiveScanInit,
  InclusiveScan,
  InclusiveScanInit,
  BroadcastLeader,
  BroadcastLinear,
  BroadcastId,
  AnyOf,
  AllOf,
  NoneOf,
  AnyOfValue,
  AllOfValue,
  NoneOfValue,
  JointAnyOf,
  JointAllOf,
  JointNoneOf,
  Leader,
  JointReduce,
  JointReduceInit,
  JointExclusiveScanEnd,
  JointExclusiveScanInitEnd,
  JointInclusiveScanEnd,
  JointInclusiveScanInitEnd,
  NumResults
};

const char *resultName(size_t R) {
  static const char *Names[] = {"reduce",
                                "reduce(init)",
                                "exclusive_scan",
                                "exclusive_scan(init)",
                                "inclusive_scan",
                                "inclusive_scan(init)",
                                "broadcast",
                                "broadcast(linear id)",
                                "broadcast(id)",
                                "any_of(bool)",
                                "all_of(bool)",
                                "none_of(bool)",
                                "any_of(x, pred)",
                                "all_of(x, pred)",
                                "none_of(x, pred)",
                                "any_of(first, last, pred)",
                                "all_of(first, last, pred)",
                                "none_of(first, last, pred)",
                                "leader",
                                "reduce(first, last)",
                                "reduce(first, last, init)",
                                "exclusive_scan(first, last) end",
                                "exclusive_scan(first, last, init) end",
                                "inclusive_scan(first, last) end",
                                "inclusive_scan(first, last, init) end"};
  return Names[R];
}

/// The operation of each algorithm: between them, every function object,
/// typed and transparent (the bitwise ones on integers only). Those with
/// an initial value are ones the initial value changes.
template <bool Integer, typename T> struct Ops {
  using Reduce = oneapi::bit_or<>;
  using ReduceInit = oneapi::bit_xor<T>;
  using ExclusiveScan = oneapi::maximum<T>;
  using ExclusiveScanInit = oneapi::plus<>;
  using InclusiveScan = oneapi::minimum<>;
  using InclusiveScanInit = oneapi::multiplies<T>;
  using JointReduce = oneapi::bit_and<T>;
  using JointReduceInit = oneapi::plus<T>;
  using JointExclusiveScan = oneapi::logical_and<>;
  using JointExclusiveScanInit = oneapi::bit_xor<>;
  using JointInclusiveScan = oneapi::logical_or<T>;
  using JointInclusiveScanInit = oneapi::multiplies<>;
};
template <typename T> struct Ops<false, T> {
  using Reduce = oneapi::maximum<>;
  using ReduceInit = oneapi::plus<T>;
  using ExclusiveScan = oneapi::minimum<T>;
  using ExclusiveScanInit = oneapi::multiplies<>;
  using InclusiveScan = oneapi::logical_or<>;
  using InclusiveScanInit = oneapi::plus<>;
  using JointReduce = oneapi::logical_and<T>;
  using JointReduceInit = oneapi::multiplies<T>;
  using JointExclusiveScan = oneapi::maximum<>;
  using JointExclusiveScanInit = oneapi::plus<T>;
  using JointInclusiveScan = oneapi::minimum<T>;
  using JointInclusiveScanInit = oneapi::multiplies<>;
};

/// Input \p I: any int; for float a power of two or its negative between
/// -2 and 2 (never 0, so that products never make a NaN).
template <typename T> T input(size_t I) {
  uint32_t V = corpus::input(uint32_t(I), 11);
  if constexpr (std::is_integral_v<T>) {
    return T(V);
  } else {
    static const T Values[] = {-2, -1, -0.5, 0.5, 1, 2};
    return Values[V % 6];
  }
}

/// The bound of the predicates (`x > bound`) of a group whose first slot is
/// \p First: true everywhere, nowhere, or somewhere, by group.
template <typename T> T boundOf(size_t First) {
  using L = std::numeric_limits<T>;
  switch (First % 3) {
  case 0:
    return std::is_integral_v<T> ? L::lowest() : T(-3);
  case 1:
    return std::is_integral_v<T> ? L::max() : T(3);
  default:
    return T(0);
  }
}

/// The predicate of the range forms of any_of, all_of and none_of over
/// the range of elements numbered \p Lo to \p Hi (each element is its
/// number), by group: true for the last element only, for the first only,
/// for all, or for none but the element past the end. A range that lost
/// or gained an element at either end changes some result.
template <typename T> auto rangePredicate(size_t First, T Lo, T Hi) {
  return [=](T V) {
    switch (First % 4) {
    case 0:
      return V == Hi;
    case 1:
      return V == Lo;
    case 2:
      return V >= Lo && V <= Hi;
    default:
      return V > Hi;
    }
  };
}

/// The regions of the four joint scans of a group whose first slot is
/// \p First, in an array of 4 * \p Stride elements.
inline size_t scanRegion(int Scan, size_t First, size_t Stride) {
  return Scan * Stride + 3 * First;
}

/// Every result, old name and SYCL 2020 function, of the work-item in
/// \p Slot of group \p G, whose first work-item is in slot \p First. The
/// group's ranges in memory are \p In + First and \p Numbers + First (for
/// any_of, all_of and none_of), of 2 * size + 1 elements.
template <typename T, typename Group>
void oldAndNew(Group G, size_t First, const T *In, const T *Numbers, T Init,
               T *Old, T *New, T *OldScans, T *NewScans, size_t Stride) {
  using O = Ops<std::is_integral_v<T>, T>;
  const size_t Size = G.get_local_linear_range(),
               Slot = First + G.get_local_linear_id();
  const T X = In[Slot], Bound = boundOf<T>(First);
  T *OldR = Old + Slot * NumResults, *NewR = New + Slot * NumResults;
  auto Put = [&](Result R, auto OldValue, auto NewValue) {
    OldR[R] = T(OldValue);
    NewR[R] = T(NewValue);
  };
  Put(Reduce, cl::sycl::ONEAPI::reduce(G, X, typename O::Reduce()),
      sycl::reduce_over_group(G, X, typename O::Reduce()));
  Put(ReduceInit, sycl::ONEAPI::reduce(G, X, Init, typename O::ReduceInit()),
      sycl::reduce_over_group(G, X, Init, typename O::ReduceInit()));
  Put(ExclusiveScan, oneapi::exclusive_scan(G, X, typename O::ExclusiveScan()),
      sycl::exclusive_scan_over_group(G, X, typename O::ExclusiveScan()));
  Put(ExclusiveScanInit,
      oneapi::exclusive_scan(G, X, Init, typename O::ExclusiveScanInit()),
      sycl::exclusive_scan_over_group(G, X, Init,
                                      typename O::ExclusiveScanInit()));
  Put(InclusiveScan, oneapi::inclusive_scan(G, X, typename O::InclusiveScan()),
      sycl::inclusive_scan_over_group(G, X, typename O::InclusiveScan()));
  Put(InclusiveScanInit,
      oneapi::inclusive_scan(G, X, typename O::InclusiveScanInit(), Init),
      sycl::inclusive_scan_over_group(G, X, typename O::InclusiveScanInit(),
                                      Init));

  typename Group::linear_id_type Chosen(Size - 1 < 2 ? Size - 1 : 2);
  typename Group::id_type Last;
  for (int D = 0; D < Group::dimensions; ++D)
    Last[D] = G.get_local_range()[D] - 1;
  Put(BroadcastLeader, oneapi::broadcast(G, X), sycl::group_broadcast(G, X));
  Put(BroadcastLinear, oneapi::broadcast(G, X, Chosen),
      sycl::group_broadcast(G, X, Chosen));
  Put(BroadcastId, oneapi::broadcast(G, X, Last),
      sycl::group_broadcast(G, X, Last));

  auto Above = [Bound](T V) { return V > Bound; };
  Put(AnyOf, oneapi::any_of(G, X > Bound), sycl::any_of_group(G, X > Bound));
  Put(AllOf, oneapi::all_of(G, X > Bound), sycl::all_of_group(G, X > Bound));
  Put(NoneOf, oneapi::none_of(G, X > Bound), sycl::none_of_group(G, X > Bound));
  Put(AnyOfValue, oneapi::any_of(G, X, Above), sycl::any_of_group(G, X, Above));
  Put(AllOfValue, oneapi::all_of(G, X, Above), sycl::all_of_group(G, X, Above));
  Put(NoneOfValue, oneapi::none_of(G, X, Above),
      sycl::none_of_group(G, X, Above));
  const size_t Len = 2 * Size + 1;
  const T *NumBegin = Numbers + First, *NumEnd = NumBegin + Len;
  auto Picked = rangePredicate(First, T(First), T(First + Len - 1));
  Put(JointAnyOf, oneapi::any_of(G, NumBegin, NumEnd, Picked),
      sycl::joint_any_of(G, NumBegin, NumEnd, Picked));
  Put(JointAllOf, oneapi::all_of(G, NumBegin, NumEnd, Picked),
      sycl::joint_all_of(G, NumBegin, NumEnd, Picked));
  Put(JointNoneOf, oneapi::none_of(G, NumBegin, NumEnd, Picked),
      sycl::joint_none_of(G, NumBegin, NumEnd, Picked));
  Put(Leader, oneapi::leader(G), G.leader());

  const T *Begin = In + First, *End = Begin + Len;
  Put(JointReduce, oneapi::reduce(G, Begin, End, typename O::JointReduce()),
      sycl::joint_reduce(G, Begin, End, typename O::JointReduce()));
  Put(JointReduceInit,
      oneapi::reduce(G, Begin, End, Init, typename O::JointReduceInit()),
      sycl::joint_reduce(G, Begin, End, Init, typename O::JointReduceInit()));

  // The joint scans write the group's regions; their results are the ends
  // they return, as offsets from the region.
  auto Scan = [&](Result R, int Index, auto OldScan, auto NewScan) {
    T *OldOut = OldScans + scanRegion(Index, First, Stride);
    T *NewOut = NewScans + scanRegion(Index, First, Stride);
    Put(R, OldScan(OldOut) - OldOut, NewScan(NewOut) - NewOut);
  };
  Scan(
      JointExclusiveScanEnd, 0,
      [&](T *Out) {
        return oneapi::exclusive_scan(G, Begin, End, Out,
                                      typename O::JointExclusiveScan());
      },
      [&](T *Out) {
        return sycl::joint_exclusive_scan(G, Begin, End, Out,
                                          typename O::JointExclusiveScan());
      });
  Scan(
      JointExclusiveScanInitEnd, 1,
      [&](T *Out) {
        return oneapi::exclusive_scan(G, Begin, End, Out, Init,
                                      typename O::JointExclusiveScanInit());
      },
      [&](T *Out) {
        return sycl::joint_exclusive_scan(G, Begin, End, Out, Init,
                                          typename O::JointExclusiveScanInit());
      });
  Scan(
      JointInclusiveScanEnd, 2,
      [&](T *Out) {
        return oneapi::inclusive_scan(G, Begin, End, Out,
                                      typename O::JointInclusiveScan());
      },
      [&](T *Out) {
        return sycl::joint_inclusive_scan(G, Begin, End, Out,
                                          typename O::JointInclusiveScan());
      });
  Scan(
      JointInclusiveScanInitEnd, 3,
      [&](T *Out) {
        return oneapi::inclusive_scan(
            G, Begin, End, Out, typename O::JointInclusiveScanInit(), Init);
      },
      [&](T *Out) {
        return sycl::joint_inclusive_scan(
            G, Begin, End, Out, typename O::JointInclusiveScanInit(), Init);
      });
}

/// Compares the old names' values \p Old with the SYCL 2020 ones \p New;
/// \p Describe(I) says what element I is. Returns 1 on a difference.
template <typename T, typename DescribeT>
int compare(const std::string &Name, const T *Old, const T *New, size_t Count,
            DescribeT Describe) {
  size_t Bad = 0;
  for (size_t I = 0; I < Count; ++I) {
    if (Old[I] == New[I])
      continue;
    if (++Bad <= 10)
      std::printf("  mismatch: %s: old name %g, SYCL 2020 %g\n",
                  Describe(I).c_str(), double(Old[I]), double(New[I]));
  }
  std::printf("%s: %s, %zu of %zu elements differ\n", Name.c_str(),
              Bad ? "FAIL" : "OK", Bad, Count);
  return Bad != 0;
}

/// Runs oldAndNew on the work-groups or (OnSubGroup) the sub-groups of
/// nd_range(Global, Local) and compares.
template <bool OnSubGroup, typename T, int Dims>
int runOldNames(sycl::queue &Q, const char *Type, sycl::range<Dims> Global,
                sycl::range<Dims> Local) {
  const size_t N = Global.size(), Stride = 3 * N + 1;
  T *In = sycl::malloc_shared<T>(3 * N + 1, Q);
  T *Numbers = sycl::malloc_shared<T>(3 * N + 1, Q);
  T *Old = sycl::malloc_shared<T>(N * NumResults, Q);
  T *New = sycl::malloc_shared<T>(N * NumResults, Q);
  T *OldScans = sycl::malloc_shared<T>(4 * Stride, Q);
  T *NewScans = sycl::malloc_shared<T>(4 * Stride, Q);
  for (size_t I = 0; I < 3 * N + 1; ++I) {
    In[I] = input<T>(I);
    Numbers[I] = T(I);
  }
  for (size_t I = 0; I < 4 * Stride; ++I)
    OldScans[I] = NewScans[I] = T(-7);
  const T Init = std::is_integral_v<T> ? input<T>(123457) : T(0.5);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local),
                 [=](sycl::nd_item<Dims> It) {
                   size_t Slot = subgroups::slotOf(It);
                   if constexpr (OnSubGroup) {
                     sycl::ext::oneapi::sub_group SG = It.get_sub_group();
                     oldAndNew(SG, Slot - SG.get_local_linear_id(), In, Numbers,
                               Init, Old, New, OldScans, NewScans, Stride);
                   } else {
                     sycl::group<Dims> G = It.get_group();
                     oldAndNew(G, Slot - G.get_local_linear_id(), In, Numbers,
                               Init, Old, New, OldScans, NewScans, Stride);
                   }
                 })
      .wait();

  std::string Name = std::string("old names ") + Type +
                     (OnSubGroup ? " sub-group" : " work-group") +
                     subgroups::shapeName(Local);
  int Rc = compare(Name, Old, New, N * NumResults, [](size_t I) {
    return "slot " + std::to_string(I / NumResults) + ", " +
           resultName(I % NumResults);
  });
  Rc |= compare(Name + " joint scans", OldScans, NewScans, 4 * Stride,
                [Stride](size_t I) {
                  static const char *Scans[] = {
                      "exclusive_scan", "exclusive_scan(init)",
                      "inclusive_scan", "inclusive_scan(init)"};
                  return std::string(Scans[I / Stride]) + " output " +
                         std::to_string(I % Stride);
                });
  sycl::free(In, Q);
  sycl::free(Numbers, Q);
  sycl::free(Old, Q);
  sycl::free(New, Q);
  sycl::free(OldScans, Q);
  sycl::free(NewScans, Q);
  return Rc;
}

/// Work-groups and sub-groups of T: 1-D groups of 1, 13 and 32, 2-D groups
/// of 3 x 13 and 2 x 16.
template <typename T> int runType(sycl::queue &Q, const char *Type) {
  int Rc = 0;
  auto Both = [&](auto Global, auto Local) {
    Rc |= runOldNames<false, T>(Q, Type, Global, Local);
    Rc |= runOldNames<true, T>(Q, Type, Global, Local);
  };
  for (size_t Row : {1, 13, 32})
    Both(sycl::range<1>(4 * Row), sycl::range<1>(Row));
  Both(sycl::range<2>(6, 26), sycl::range<2>(3, 13));
  Both(sycl::range<2>(4, 32), sycl::range<2>(2, 16));
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runType<int>(Q, "int");
  Rc |= runType<float>(Q, "float");
  return Rc;
}
