//===- sycl/nd_item.hpp - sycl::nd_item -----------------------------------===//
//
/// \file
/// SYCL 2020 4.9.1.5: what a `parallel_for(nd_range, ...)` kernel learns
/// about its work-item. Like group, an nd_item holds nothing: each query
/// calls the builtins when it is made. Global id = group id * local size +
/// local id (there is no offset).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ND_ITEM_HPP
#define LANES_SYCL_ND_ITEM_HPP

#include "sycl/group.hpp"
#include "sycl/nd_range.hpp"
#include "sycl/sub_group.hpp"

#include <utility>

namespace sycl {
inline namespace _V1 {

/// One work-item of an nd-range kernel. Not constructible by users; cheap
/// to copy and to pass by reference.
template <int Dims = 1> class nd_item {
public:
  static constexpr int dimensions = Dims;

  nd_item() = delete;

  id<Dims> get_global_id() const {
    return lanes::detail::gather<id<Dims>, Dims>(
        [](int D) { return lanes::detail::globalId<Dims>(D); });
  }
  size_t get_global_id(int Dim) const {
    return lanes::detail::globalId<Dims>(Dim);
  }
  size_t get_global_linear_id() const {
    return lanes::detail::linearQuery<Dims>(
        [](int D) { return lanes::detail::globalId<Dims>(D); },
        [](int D) { return lanes::detail::globalSize<Dims>(D); });
  }
  id<Dims> get_local_id() const { return get_group().get_local_id(); }
  size_t get_local_id(int Dim) const {
    return lanes::detail::localId<Dims>(Dim);
  }
  size_t get_local_linear_id() const {
    return get_group().get_local_linear_id();
  }
  group<Dims> get_group() const { return group<Dims>(0); }
  size_t get_group(int Dim) const { return lanes::detail::groupId<Dims>(Dim); }
  /// The work-item's sub-group (sycl/sub_group.hpp).
  sub_group get_sub_group() const { return sub_group(0); }
  size_t get_group_linear_id() const {
    return get_group().get_group_linear_id();
  }
  range<Dims> get_group_range() const { return get_group().get_group_range(); }
  size_t get_group_range(int Dim) const {
    return lanes::detail::numGroups<Dims>(Dim);
  }
  range<Dims> get_global_range() const {
    return lanes::detail::gather<range<Dims>, Dims>(
        [](int D) { return lanes::detail::globalSize<Dims>(D); });
  }
  size_t get_global_range(int Dim) const {
    return lanes::detail::globalSize<Dims>(Dim);
  }
  range<Dims> get_local_range() const { return get_group().get_local_range(); }
  size_t get_local_range(int Dim) const {
    return lanes::detail::localSize<Dims>(Dim);
  }
  nd_range<Dims> get_nd_range() const {
    return nd_range<Dims>(get_global_range(), get_local_range());
  }
  /// Always zero (deprecated in SYCL 2020; Lanes has no offsets).
  id<Dims> get_offset() const { return id<Dims>(); }

  /// Work-group barrier. \p Space selects the memory the barrier orders;
  /// \p File and \p Line default to the caller's source position and name
  /// the barrier in diagnostics.
  void
  barrier(access::fence_space Space = access::fence_space::global_and_local,
          const char *File = __builtin_FILE(),
          unsigned Line = __builtin_LINE()) const {
    __lanes_barrier(lanes::detail::fenceFlags(Space), File, Line);
  }

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

  /// group::async_work_group_copy, either direction (the stride is the
  /// source's for a copy into local memory, the destination's for one out
  /// of it), for the work-item's group (sycl/group.hpp).
  template <typename DestPtrT, typename SrcPtrT>
  auto async_work_group_copy(DestPtrT Dest, SrcPtrT Src, size_t NumElements,
                             size_t Stride = 1,
                             const char *File = __builtin_FILE(),
                             unsigned Line = __builtin_LINE()) const noexcept
      -> decltype(std::declval<group<Dims>>().async_work_group_copy(
          Dest, Src, NumElements, Stride, File, Line)) {
    return get_group().async_work_group_copy(Dest, Src, NumElements, Stride,
                                             File, Line);
  }
  /// group::wait_for for the work-item's group.
  template <typename... EventTN>
  void wait_for(EventTN... Events) const noexcept(!LANES_WAITS_MAY_THROW) {
    get_group().wait_for(Events...);
  }

  /// All nd_items of one work-item are equal; the comparison looks at the
  /// global id so that it also means something across work-items.
  friend bool operator==(const nd_item &L, const nd_item &R) {
    return L.get_global_id() == R.get_global_id();
  }
  friend bool operator!=(const nd_item &L, const nd_item &R) {
    return !(L == R);
  }

private:
  friend struct lanes::detail::ItemBuilder;
  explicit nd_item(int) {}
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ND_ITEM_HPP
