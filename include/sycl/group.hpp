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
///
/// async_work_group_copy (see sycl/device_event.hpp) is done at once: the
/// work-item whose local linear id is `i` copies elements `i`, `i + n`,
/// `i + 2n`, ... of a group of `n` work-items, so the work-item loop over a
/// copy of stride 1 moves contiguous elements, and wait_for is one
/// work-group barrier. The ids and `n` are the launch's (the builtins), not
/// the group's: at the work-group scope of a hierarchical kernel, which is
/// one launch work-item, that one work-item copies everything.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_GROUP_HPP
#define LANES_SYCL_GROUP_HPP

#include "lanes/detail/work_item.hpp"
#include "sycl/device_event.hpp"
#include "sycl/h_item.hpp"
#include "sycl/id.hpp"
#include "sycl/multi_ptr.hpp"

#include <type_traits>

namespace lanes::detail {
struct ItemBuilder;
struct HierarchicalBuilder;

/// Whether async_work_group_copy takes a multi_ptr of DestT and one of SrcT,
/// both decorated \p D: the legacy (deprecated) and the decorated forms of
/// SYCL 2020, the source maybe const.
template <typename DestT, typename SrcT, sycl::access::decorated D>
inline constexpr bool
    IsAsyncCopy = (D != sycl::access::decorated::no) &&
                  std::is_same_v<DestT, std::remove_const_t<SrcT>>;
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

  /// SYCL 1.2.1 (deprecated in SYCL 2020): orders the work-item's memory
  /// accesses in \p Space as the other work-items of its group see them.
  /// It does not wait for them (barrier() does), and Lanes runs a
  /// work-group on one thread, whose order they see already: the fence has
  /// nothing to do, and emits nothing that would keep its loop scalar.
  template <access::mode Mode = access::mode::read_write>
  void mem_fence(
      access::fence_space Space = access::fence_space::global_and_local) const {
    (void)Space;
  }

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

  /// Copies \p NumElements elements, \p SrcStride apart in \p Src, to
  /// \p Dest. Every work-item of the group must call it with the same
  /// arguments; the copy is complete once they have all waited for the
  /// event (wait_for or device_event::wait). \p File and \p Line default
  /// to the caller's source position; diagnostics of the barrier that waits
  /// for the copy name it.
  template <
      typename DestT, typename SrcT, access::decorated D,
      std::enable_if_t<lanes::detail::IsAsyncCopy<DestT, SrcT, D>, int> = 0>
  device_event
  async_work_group_copy(local_ptr<DestT, D> Dest, global_ptr<SrcT, D> Src,
                        size_t NumElements, size_t SrcStride = 1,
                        const char *File = __builtin_FILE(),
                        unsigned Line = __builtin_LINE()) const noexcept {
    return copyShare(Dest.get(), Src.get(), NumElements, 1, SrcStride, File,
                     Line);
  }
  /// Copies \p NumElements elements of \p Src to \p Dest, \p DestStride
  /// apart there; otherwise as above.
  template <
      typename DestT, typename SrcT, access::decorated D,
      std::enable_if_t<lanes::detail::IsAsyncCopy<DestT, SrcT, D>, int> = 0>
  device_event
  async_work_group_copy(global_ptr<DestT, D> Dest, local_ptr<SrcT, D> Src,
                        size_t NumElements, size_t DestStride = 1,
                        const char *File = __builtin_FILE(),
                        unsigned Line = __builtin_LINE()) const noexcept {
    return copyShare(Dest.get(), Src.get(), NumElements, DestStride, 1, File,
                     Line);
  }

  /// Waits for the copies of \p Events: one work-group barrier, which
  /// every work-item of the group must reach (with the same events), is
  /// enough for all. noexcept as device_event::wait is.
  template <typename... EventTN>
  void wait_for(EventTN... Events) const noexcept(!LANES_WAITS_MAY_THROW) {
    static_assert((std::is_same_v<EventTN, device_event> && ...),
                  "wait_for takes device_events");
    if constexpr (sizeof...(EventTN) != 0) {
      device_event All[] = {Events...};
      All[0].wait();
    }
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

  /// The calling work-item's share of an async_work_group_copy (see the
  /// file comment).
  template <typename T>
  static device_event copyShare(T *Dest, const T *Src, size_t NumElements,
                                size_t DestStride, size_t SrcStride,
                                const char *File, unsigned Line) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "async_work_group_copy copies trivially copyable types");
    size_t Items = 1;
    for (int D = 0; D < Dims; ++D)
      Items *= lanes::detail::localSize<Dims>(D);
    size_t First = lanes::detail::linearQuery<Dims>(
        [](int D) { return lanes::detail::localId<Dims>(D); },
        [](int D) { return lanes::detail::localSize<Dims>(D); });
    for (size_t I = First; I < NumElements; I += Items)
      Dest[I * DestStride] = Src[I * SrcStride];
    return device_event(File, Line);
  }

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
