//===- sycl/private_memory.hpp - sycl::private_memory ---------------------===//
//
/// \file
/// SYCL 2020 hierarchical parallelism (4.9.4.2.3): per-work-item variables
/// of a hierarchical kernel.
/// A private_memory<T> declared in a parallel_for_work_group body holds one
/// T per physical work-item of the group for as long as the body's scope,
/// so a value written in one parallel_for_work_item loop can be read in the
/// next; `pm(item)` is the T of item's physical work-item.
///
/// Storage: kernel code may not allocate from the heap nor make allocas of
/// a size known only at run time, and how many private_memory objects a
/// body creates is unknown at launch. So each object carries an inline
/// array for the largest hierarchical work-group (MaxHierarchicalGroupSize
/// work-items) on the body's stack, PrivateMemoryBytes at most: T may be at
/// most 32 bytes (a static_assert), and parallel_for_work_group rejects
/// larger groups at launch with errc::nd_range. Only the group's own
/// work-items' elements are constructed and touched; the rest of the array
/// costs stack space only. Indexing by the physical linear id keeps the
/// accesses of a parallel_for_work_item loop consecutive, so they
/// vectorize.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_PRIVATE_MEMORY_HPP
#define LANES_SYCL_PRIVATE_MEMORY_HPP

#include "sycl/group.hpp"
#include "sycl/h_item.hpp"

#include <cstddef>
#include <new>
#include <type_traits>

namespace lanes::detail {

/// The most work-items (physical) a hierarchical work-group may have.
inline constexpr size_t MaxHierarchicalGroupSize = 1024;
/// The inline storage of one private_memory object, in bytes: 32 per
/// work-item. A few such objects fit a library-only fiber's 256 KiB stack.
inline constexpr size_t PrivateMemoryBytes = 32 * MaxHierarchicalGroupSize;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// One T per physical work-item of a hierarchical work-group. Declare it in
/// the parallel_for_work_group body and capture it by reference.
template <typename T, int Dims = 1> class private_memory {
  static_assert(Dims >= 1 && Dims <= 3,
                "private_memory has 1, 2 or 3 dimensions");
  static_assert(sizeof(T) * lanes::detail::MaxHierarchicalGroupSize <=
                    lanes::detail::PrivateMemoryBytes,
                "Lanes's private_memory holds types of at most 32 bytes (it "
                "keeps one per work-item of groups of up to 1024 work-items "
                "on the stack)");

public:
  /// Default-initializes one T per work-item of \p G.
  private_memory(const group<Dims> &G) : Count(G.get_local_linear_range()) {
    for (size_t I = 0; I < Count; ++I)
      new (Storage + I * sizeof(Slot)) Slot;
  }
  private_memory(const private_memory &) = delete;
  private_memory &operator=(const private_memory &) = delete;
  ~private_memory() {
    if constexpr (!std::is_trivially_destructible_v<Slot>)
      for (size_t I = 0; I < Count; ++I)
        slot(I).~Slot();
  }

  /// The T of \p Item's physical work-item.
  T &operator()(const h_item<Dims> &Item) {
    return slot(lanes::detail::linearize<Dims>(Item.get_physical_local_id(),
                                               Item.get_physical_local_range()))
        .Value;
  }

private:
  /// One work-item's T. The wrapper lets placement new and the destructor
  /// call treat arrays (private_memory<float[4]>) like any other T.
  struct Slot {
    T Value;
  };

  Slot &slot(size_t Index) {
    return *std::launder(
        reinterpret_cast<Slot *>(Storage + Index * sizeof(Slot)));
  }

  alignas(Slot) unsigned char Storage[sizeof(Slot) *
                                      lanes::detail::MaxHierarchicalGroupSize];
  size_t Count;
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_PRIVATE_MEMORY_HPP
