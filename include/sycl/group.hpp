//===- sycl/group.hpp - sycl::group and group_barrier ---------------------===//
//
/// \file
/// SYCL 2020 4.9.1.7 (group) and 4.17 (group_barrier). A group object
/// holds its local range and nothing else: ids and the group range come
/// from the builtins (lanes/detail/work_item.hpp) when asked, so it is
/// trivially copyable and cheap to pass around inside kernels.
///
/// The local range is stored because hierarchical kernels
/// (parallel_for_work_group, lanes/detail/hierarchical.hpp) run each
/// work-group as one launch work-item: there the builtins' local size is 1
/// and the group's size is the logical one the invoker passes in. An
/// nd-range group reads its local range from the builtins when it is made,
/// which after SROA is the same builtin call as before.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_GROUP_HPP
#define LANES_SYCL_GROUP_HPP

#include "lanes/detail/work_item.hpp"
#include "sycl/h_item.hpp"
#include "sycl/id.hpp"

namespace lanes::detail {
struct ItemBuilder;
struct HierarchicalBuilder;
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

template <int Dims> class nd_item;

/// The work-group of the calling work-item. Obtained from nd_item, or
/// passed to a parallel_for_work_group kernel.
template <int Dims = 1> class group {
  using Q = lanes::detail::ItemBuilder;

public:
  using id_type = id<Dims>;
  using range_type = range<Dims>;
  using linear_id_type = size_t;
  static constexpr int dimensions = Dims;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  group() = delete;

  id<Dims> get_group_id() const {
    return lanes::detail::gather<id<Dims>, Dims>(
        [](int D) { return lanes::detail::groupId<Dims>(D); });
  }
  size_t get_group_id(int Dim) const {
    return lanes::detail::groupId<Dims>(Dim);
  }
  /// The calling work-item's id within this group.
  id<Dims> get_local_id() const {
    return lanes::detail::gather<id<Dims>, Dims>(
        [](int D) { return lanes::detail::localId<Dims>(D); });
  }
  size_t get_local_id(int Dim) const {
    return lanes::detail::localId<Dims>(Dim);
  }
  range<Dims> get_local_range() const { return LocalRange; }
  size_t get_local_range(int Dim) const { return LocalRange[Dim]; }
  range<Dims> get_group_range() const {
    return lanes::detail::gather<range<Dims>, Dims>(
        [](int D) { return lanes::detail::numGroups<Dims>(D); });
  }
  size_t get_group_range(int Dim) const {
    return lanes::detail::numGroups<Dims>(Dim);
  }
  /// Every group of a launch has the same size.
  range<Dims> get_max_local_range() const { return get_local_range(); }
  size_t operator[](int Dim) const { return get_group_id(Dim); }

  size_t get_group_linear_id() const {
    return lanes::detail::linearQuery<Dims>(
        [](int D) { return lanes::detail::groupId<Dims>(D); },
        [](int D) { return lanes::detail::numGroups<Dims>(D); });
  }
  size_t get_local_linear_id() const {
    return lanes::detail::linearQuery<Dims>(
        [](int D) { return lanes::detail::localId<Dims>(D); },
        [this](int D) { return LocalRange[D]; });
  }
  size_t get_group_linear_range() const { return get_group_range().size(); }
  size_t get_local_linear_range() const { return LocalRange.size(); }
  /// True for the work-item with local linear id 0.
  bool leader() const { return get_local_linear_id() == 0; }

  // Deprecated SYCL 1.2.1 spellings.
  id<Dims> get_id() const { return get_group_id(); }
  size_t get_id(int Dim) const { return get_group_id(Dim); }
  range<Dims> get_global_range() const {
    return get_group_range() * get_local_range();
  }
  size_t get_global_range(int Dim) const {
    return get_group_range(Dim) * get_local_range(Dim);
  }
  size_t get_linear_id() const { return get_group_linear_id(); }

  /// Hierarchical kernels (SYCL 2020 4.9.4.2.3): runs \p Func once per
  /// work-item of this group, passing h_item<Dims>, and returns when all
  /// have run (the implicit work-group barrier).
  template <typename WorkItemFunctionT>
  void parallel_for_work_item(const WorkItemFunctionT &Func) const {
    lanes::detail::WorkItemLoop::run<false>(LocalRange, LocalRange, Func);
  }
  /// Runs \p Func once per id of \p LogicalRange, which may be smaller or
  /// larger than the group: logical id `l` runs on physical work-item
  /// `l % get_local_range()` in each dimension.
  template <typename WorkItemFunctionT>
  void parallel_for_work_item(range<Dims> LogicalRange,
                              const WorkItemFunctionT &Func) const {
    lanes::detail::WorkItemLoop::run<true>(LogicalRange, LocalRange, Func);
  }

  /// Two group objects of one launch are equal when they name the same
  /// work-group.
  friend bool operator==(const group &L, const group &R) {
    return L.get_group_id() == R.get_group_id();
  }
  friend bool operator!=(const group &L, const group &R) { return !(L == R); }

private:
  friend struct lanes::detail::ItemBuilder;
  friend struct lanes::detail::HierarchicalBuilder;
  friend class nd_item<Dims>;

  /// The group of an nd-range kernel: its size is the launch's.
  explicit group(int)
      : LocalRange(lanes::detail::gather<range<Dims>, Dims>(
            [](int D) { return lanes::detail::localSize<Dims>(D); })) {}
  /// The group of a hierarchical kernel, of \p LocalRange work-items.
  explicit group(const range<Dims> &LocalRange) : LocalRange(LocalRange) {}

  range<Dims> LocalRange;
};

/// Waits until every work-item of \p G has reached this call. Orders local
/// and global memory for the group. \p File and \p Line default to the
/// caller's source position and name the barrier in diagnostics.
template <int Dims>
inline void group_barrier(const group<Dims> &G,
                          memory_scope Scope = group<Dims>::fence_scope,
                          const char *File = __builtin_FILE(),
                          unsigned Line = __builtin_LINE()) {
  (void)G;
  (void)Scope;
  __lanes_barrier(LANES_FENCE_LOCAL | LANES_FENCE_GLOBAL, File, Line);
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_GROUP_HPP
