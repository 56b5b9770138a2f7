//===- subgroups.hpp - Shared reference and driver of the sub-group tests -===//
//
/// \file
/// Host references for the sub-group functions and algorithms, written
/// from the definition, not from the Lanes headers: a sub-group is a run
/// of SG consecutive work-items along the last SYCL dimension of one row
/// of the work-group (the last run of a row shorter when SG does not
/// divide the row), numbered row by row. SG is never assumed: every kernel
/// reports sub_group::get_max_local_range(), which must match the device's
/// info::device::sub_group_sizes, and the references use that.
///
/// Kernels index their data by *slot* = group linear id * group size +
/// local linear id, so a work-group's work-items are consecutive in
/// linear-id order and a row of the group is a run of the last
/// dimension's extent. Values and operations come from ../Groups/groups.hpp
/// (exact in any order for floats, wrapping for integers).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_SUBGROUPS_SUBGROUPS_HPP
#define LANES_TEST_SUBGROUPS_SUBGROUPS_HPP

#include "../Groups/groups.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace subgroups {

/// The slot of the calling work-item.
template <int Dims> size_t slotOf(const sycl::nd_item<Dims> &It) {
  sycl::group<Dims> G = It.get_group();
  return G.get_group_linear_id() * G.get_local_linear_range() +
         G.get_local_linear_id();
}

/// Where a work-item sits in its work-group's sub-groups.
struct Place {
  size_t SubGroup;     ///< the sub-group's linear id in the work-group
  size_t NumSubGroups; ///< sub-groups in the work-group
  size_t First;        ///< local linear id of the sub-group's lane 0
  size_t Lane;         ///< the work-item's lane
  size_t Size;         ///< the sub-group's size
};

/// The place of the work-item with local linear id \p LocalLinear in a
/// work-group of \p Local, with sub-groups of \p SG.
template <int Dims>
Place placeOf(size_t LocalLinear, sycl::range<Dims> Local, size_t SG) {
  const size_t RowSize = Local[Dims - 1], Rows = Local.size() / RowSize;
  const size_t PerRow = (RowSize + SG - 1) / SG;
  size_t Row = LocalLinear / RowSize, X = LocalLinear % RowSize;
  size_t InRow = X / SG;
  Place P;
  P.SubGroup = Row * PerRow + InRow;
  P.NumSubGroups = Rows * PerRow;
  P.First = Row * RowSize + InRow * SG;
  P.Lane = X % SG;
  P.Size = std::min(SG, RowSize - InRow * SG);
  return P;
}

/// The place of the work-item in slot \p Slot.
template <int Dims>
Place placeOfSlot(size_t Slot, sycl::range<Dims> Local, size_t SG) {
  return placeOf<Dims>(Slot % Local.size(), Local, SG);
}

/// Checks the sub-group size a kernel reported: a power of two from 1 to
/// 64 and the device's only sub-group size. Returns it, or 0 (after
/// printing why) when it is wrong.
inline size_t checkedSize(sycl::queue &Q, size_t Reported, const char *Name) {
  std::vector<size_t> Sizes =
      Q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  bool Power = Reported >= 1 && Reported <= 64 &&
               (Reported & (Reported - 1)) == 0;
  if (!Power || Sizes.size() != 1 || Sizes[0] != Reported) {
    std::printf("%s: FAIL, the kernel's sub-group size %zu is not the "
                "device's (%zu sizes, first %zu)\n",
                Name, Reported, Sizes.size(), Sizes.empty() ? 0 : Sizes[0]);
    return 0;
  }
  return Reported;
}

/// " 2-D local 3x13" for messages.
template <int Dims> std::string shapeName(sycl::range<Dims> Local) {
  std::string Shape = " " + std::to_string(Dims) + "-D local";
  for (int I = 0; I < Dims; ++I)
    Shape += (I ? "x" : " ") + std::to_string(Local[I]);
  return Shape;
}

using groups::NumResults;

/// Runs every reduce and scan of OpT on T over the sub-groups of
/// nd_range(Global, Local) in one kernel and compares with the host fold
/// of each sub-group. Alternates the typed and the transparent function
/// object. Returns 0 on success.
template <template <typename> class OpT, typename T, int Dims>
int runReduceScan(sycl::queue &Q, const std::string &Name,
                  sycl::range<Dims> Global, sycl::range<Dims> Local) {
  using namespace groups;
  const size_t N = Global.size();
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(N * NumResults, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = input<OpT, T>(uint32_t(I));
  const T Init = input<OpT, T>(12345);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t Slot = slotOf(It);
     if (Slot == 0)
       *Reported = SG.get_max_local_range()[0];
     T X = In[Slot];
     T *O = Out + Slot * NumResults;
     O[Reduce] = sycl::reduce_over_group(SG, X, OpT<void>());
     O[ReduceInit] = sycl::reduce_over_group(SG, X, Init, OpT<T>());
     O[ExclusiveScan] = sycl::exclusive_scan_over_group(SG, X, OpT<T>());
     O[ExclusiveScanInit] =
         sycl::exclusive_scan_over_group(SG, X, Init, OpT<void>());
     O[InclusiveScan] = sycl::inclusive_scan_over_group(SG, X, OpT<void>());
     O[InclusiveScanInit] =
         sycl::inclusive_scan_over_group(SG, X, OpT<T>(), Init);
   }).wait();

  int Rc = 1;
  if (size_t SGSize = checkedSize(Q, *Reported, Name.c_str())) {
    std::vector<T> Want(N * NumResults);
    for (size_t Slot = 0; Slot < N; ++Slot) {
      Place P = placeOfSlot(Slot, Local, SGSize);
      size_t First = Slot - P.Lane;
      T Total = identity<OpT, T>(), Prefix = Total, PrefixInit = Init;
      for (size_t L = 0; L < P.Size; ++L) {
        Total = combine<OpT>(Total, In[First + L]);
        if (L < P.Lane) {
          Prefix = combine<OpT>(Prefix, In[First + L]);
          PrefixInit = combine<OpT>(PrefixInit, In[First + L]);
        }
      }
      // Not a pointer: std::vector<bool> has no addressable elements.
      size_t W = Slot * NumResults;
      Want[W + Reduce] = Total;
      Want[W + ReduceInit] = combine<OpT>(Init, Total);
      Want[W + ExclusiveScan] = Prefix;
      Want[W + ExclusiveScanInit] = PrefixInit;
      Want[W + InclusiveScan] = combine<OpT>(Prefix, In[Slot]);
      Want[W + InclusiveScanInit] = combine<OpT>(PrefixInit, In[Slot]);
    }
    Rc = checkResults(Name, Out, Want);
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Reported, Q);
  return Rc;
}

/// 1-D local sizes along the sub-group dimension: a lone work-item, rows
/// shorter than any sub-group size, odd and prime rows (partial last
/// sub-groups for every size above 1), and multiples of every size up to
/// 64.
inline const size_t RowSizes[] = {1, 7, 13, 24, 100, 128};

/// Ors Run(Global, Local) over the shapes most sub-group tests share: each
/// of RowSizes in 1-D (\p Groups groups of it), and a 2-D and a 3-D shape
/// whose rows of 13 and 7 end in partial sub-groups.
template <typename RunT> int forEachShape(size_t Groups, RunT Run) {
  int Rc = 0;
  for (size_t Row : RowSizes)
    Rc |= Run(sycl::range<1>(Groups * Row), sycl::range<1>(Row));
  Rc |= Run(sycl::range<2>(6, 26), sycl::range<2>(3, 13));
  Rc |= Run(sycl::range<3>(2, 6, 14), sycl::range<3>(2, 3, 7));
  return Rc;
}

/// runReduceScan, as groups::runIntegerOps calls it.
struct ReduceScan {
  template <template <typename> class OpT, typename T, typename... ArgTs>
  static int run(ArgTs &&...Args) { return runReduceScan<OpT, T>(Args...); }
};

/// Every operation of the integer types on T in 1-D groups of each of
/// RowSizes (3 groups each).
template <typename T> int runAllIntegerOps(sycl::queue &Q, const char *Type) {
  return groups::runIntegerOps<ReduceScan, T>(Q, Type, RowSizes, 3);
}

} // namespace subgroups

#endif // LANES_TEST_SUBGROUPS_SUBGROUPS_HPP
