//===- sycl/h_item.hpp - sycl::h_item and the work-item loop --------------===//
//
/// \file
/// SYCL 2020 4.9.1.6: the work-item a `group::parallel_for_work_item`
/// function receives in a hierarchical kernel, and the loop that runs those
/// work-items (lanes::detail::WorkItemLoop).
///
/// A hierarchical work-group runs on one thread (see
/// lanes/detail/hierarchical.hpp), so parallel_for_work_item is a plain loop
/// nest over the logical range, the last SYCL dimension innermost: the
/// ordinary loop vectorizer sees a counted loop whose body is the user's
/// function. Returning from the loop is the implicit work-group barrier.
///
/// Logical and physical work-items (SYCL 2020 4.9.4.2.3): a logical range
/// of any size is executed by the group's physical work-items. Logical id
/// `l` in dimension `d` runs on physical work-item `l mod P[d]`, so a
/// smaller logical range leaves some physical work-items idle and a larger
/// one gives each several logical ids. The loop is strip-mined by the
/// physical size instead of computing the remainder, so neither form pays
/// for a division per work-item.
///
/// An h_item holds the logical and physical local ids and ranges; global
/// ids are physical (group id * physical range + physical id) and read the
/// group id from the builtins when asked.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_H_ITEM_HPP
#define LANES_SYCL_H_ITEM_HPP

#include "lanes/detail/work_item.hpp"
#include "sycl/id.hpp"
#include "sycl/item.hpp"

#include <type_traits>

namespace lanes::detail {
struct WorkItemLoop;
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// One logical work-item of a parallel_for_work_item call. Not
/// constructible by users; trivially copyable.
template <int Dims> class h_item {
public:
  static constexpr int dimensions = Dims;

  h_item() = delete;

  /// The physical work-item's place in the whole launch.
  item<Dims, false> get_global() const {
    return item<Dims, false>(get_global_id(), get_global_range());
  }
  /// The same as get_logical_local().
  item<Dims, false> get_local() const { return get_logical_local(); }
  /// The place in the range given to parallel_for_work_item (the group's
  /// range when none was given).
  item<Dims, false> get_logical_local() const {
    return item<Dims, false>(Logical, LogicalRange);
  }
  /// The physical work-item that runs this logical one, in the group size
  /// given to (or chosen by) parallel_for_work_group.
  item<Dims, false> get_physical_local() const {
    return item<Dims, false>(Physical, PhysicalRange);
  }

  range<Dims> get_global_range() const {
    return lanes::detail::gather<range<Dims>, Dims>(
        [this](int D) { return get_global_range(D); });
  }
  size_t get_global_range(int Dim) const {
    return lanes::detail::numGroups<Dims>(Dim) * PhysicalRange[Dim];
  }
  id<Dims> get_global_id() const {
    return lanes::detail::gather<id<Dims>, Dims>(
        [this](int D) { return get_global_id(D); });
  }
  size_t get_global_id(int Dim) const {
    return lanes::detail::groupId<Dims>(Dim) * PhysicalRange[Dim] +
           Physical[Dim];
  }

  range<Dims> get_local_range() const { return LogicalRange; }
  size_t get_local_range(int Dim) const { return LogicalRange[Dim]; }
  id<Dims> get_local_id() const { return Logical; }
  size_t get_local_id(int Dim) const { return Logical[Dim]; }

  range<Dims> get_logical_local_range() const { return LogicalRange; }
  size_t get_logical_local_range(int Dim) const { return LogicalRange[Dim]; }
  id<Dims> get_logical_local_id() const { return Logical; }
  size_t get_logical_local_id(int Dim) const { return Logical[Dim]; }

  range<Dims> get_physical_local_range() const { return PhysicalRange; }
  size_t get_physical_local_range(int Dim) const { return PhysicalRange[Dim]; }
  id<Dims> get_physical_local_id() const { return Physical; }
  size_t get_physical_local_id(int Dim) const { return Physical[Dim]; }

  /// Items of one group are equal when they name the same logical and
  /// physical work-item in the same ranges.
  friend bool operator==(const h_item &L, const h_item &R) {
    return L.Logical == R.Logical && L.Physical == R.Physical &&
           L.LogicalRange == R.LogicalRange &&
           L.PhysicalRange == R.PhysicalRange;
  }
  friend bool operator!=(const h_item &L, const h_item &R) { return !(L == R); }

private:
  friend struct lanes::detail::WorkItemLoop;

  h_item(const range<Dims> &LogicalRange, const range<Dims> &PhysicalRange)
      : LogicalRange(LogicalRange), PhysicalRange(PhysicalRange) {}

  id<Dims> Logical;
  id<Dims> Physical;
  range<Dims> LogicalRange;
  range<Dims> PhysicalRange;
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// Runs the logical work-items of one parallel_for_work_item call.
struct WorkItemLoop {
  /// Calls \p Func with the h_item of every id of \p Logical, executed by
  /// a group of \p Physical work-items. Flexible is false when the logical
  /// range is the physical one, which makes every work-item its own
  /// physical work-item and the loop nest one loop per dimension.
  template <bool Flexible, int Dims, typename FuncT>
  static void run(const sycl::range<Dims> &Logical,
                  const sycl::range<Dims> &Physical, const FuncT &Func) {
    static_assert(std::is_invocable_v<const FuncT &, sycl::h_item<Dims> &>,
                  "a parallel_for_work_item function must be callable (as "
                  "const) with sycl::h_item<N>");
    sycl::h_item<Dims> Item(Logical, Physical);
    loop<Flexible, 0>(Item, Func);
  }

private:
  /// The loops of dimension Dim and, inside them, of the later dimensions.
  template <bool Flexible, int Dim, int Dims, typename FuncT>
  static void loop(sycl::h_item<Dims> &Item, const FuncT &Func) {
    const size_t Extent = Item.LogicalRange[Dim];
    if constexpr (!Flexible) {
      for (size_t I = 0; I < Extent; ++I) {
        Item.Logical[Dim] = I;
        Item.Physical[Dim] = I;
        inner<Flexible, Dim>(Item, Func);
      }
    } else {
      // One pass of the physical work-items per chunk of logical ids.
      const size_t Step = Item.PhysicalRange[Dim];
      for (size_t Base = 0; Base < Extent; Base += Step) {
        const size_t Count = Extent - Base < Step ? Extent - Base : Step;
        for (size_t I = 0; I < Count; ++I) {
          Item.Logical[Dim] = Base + I;
          Item.Physical[Dim] = I;
          inner<Flexible, Dim>(Item, Func);
        }
      }
    }
  }

  /// What runs at one id of dimension Dim: the next dimension's loops, or
  /// the user's function after the last dimension.
  template <bool Flexible, int Dim, int Dims, typename FuncT>
  static void inner(sycl::h_item<Dims> &Item, const FuncT &Func) {
    if constexpr (Dim + 1 < Dims)
      loop<Flexible, Dim + 1>(Item, Func);
    else
      LANES_INLINE_KERNEL_CALL Func(Item);
  }
};

} // namespace lanes::detail

#endif // LANES_SYCL_H_ITEM_HPP
