//===- sycl/usm.hpp - Unified shared memory allocation --------------------===//
//
/// \file
/// SYCL 2020 4.8: USM allocation. The Lanes device is the host CPU, so
/// device, host and shared allocations are all host memory, 64-byte aligned
/// (one cache line, and enough for any SIMD load). Allocation failures
/// return nullptr as the specification requires; free() accepts nullptr.
/// Each allocation is recorded with its kind until it is freed, for the
/// pointer queries.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_USM_HPP
#define LANES_SYCL_USM_HPP

#include "sycl/device.hpp"
#include "sycl/property_list.hpp"
#include "sycl/queue.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <map>
#include <mutex>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

namespace usm {
/// SYCL 2020 4.8.2: the kinds of USM allocation.
enum class alloc : char { host = 0, device = 1, shared = 2, unknown = 3 };
} // namespace usm

namespace detail_usm {
/// The alignment of every Lanes USM allocation unless more is asked for.
inline constexpr size_t DefaultAlignment = 64;

/// \p Bytes of host memory aligned to \p Alignment (raised to at least 64);
/// nullptr for zero bytes, a non-power-of-two alignment or no memory.
inline void *allocate(size_t Alignment, size_t Bytes) {
  if (Bytes == 0 || (Alignment & (Alignment - 1)) != 0)
    return nullptr;
  if (Alignment < DefaultAlignment)
    Alignment = DefaultAlignment;
  // std::aligned_alloc wants a size that is a multiple of the alignment.
  size_t Rounded = (Bytes + Alignment - 1) / Alignment * Alignment;
  if (Rounded < Bytes)
    return nullptr;
  return std::aligned_alloc(Alignment, Rounded);
}

/// Element count to bytes, nullptr-safe on overflow.
template <typename T> inline size_t bytesOf(size_t Count) {
  if (Count > static_cast<size_t>(-1) / sizeof(T))
    return 0;
  return Count * sizeof(T);
}

/// The live USM allocations, by start address, for the pointer queries.
class Allocations {
public:
  /// Never destroyed: memory may be freed by static destructors.
  static Allocations &get() {
    static Allocations *Live = new Allocations;
    return *Live;
  }
  void add(const void *Start, size_t Bytes, usm::alloc Kind) {
    std::lock_guard<std::mutex> Guard(Lock);
    Blocks[uintptr_t(Start)] = Block{Bytes, Kind};
  }
  void remove(const void *Start) {
    std::lock_guard<std::mutex> Guard(Lock);
    Blocks.erase(uintptr_t(Start));
  }
  /// The kind of the live allocation \p Ptr points into, else unknown.
  usm::alloc kindOf(const void *Ptr) {
    std::lock_guard<std::mutex> Guard(Lock);
    auto After = Blocks.upper_bound(uintptr_t(Ptr));
    if (After == Blocks.begin())
      return usm::alloc::unknown;
    const auto &[Start, B] = *std::prev(After);
    return uintptr_t(Ptr) - Start < B.Bytes ? B.Kind : usm::alloc::unknown;
  }

private:
  struct Block {
    size_t Bytes;
    usm::alloc Kind;
  };
  std::mutex Lock;
  std::map<uintptr_t, Block> Blocks;
};

/// A USM allocation of \p Kind, as allocate() makes it (nullptr also for
/// kind unknown), recorded for the pointer queries.
inline void *allocateUsm(size_t Alignment, size_t Bytes, usm::alloc Kind) {
  void *Ptr =
      Kind == usm::alloc::unknown ? nullptr : allocate(Alignment, Bytes);
  if (Ptr)
    Allocations::get().add(Ptr, Bytes, Kind);
  return Ptr;
}
/// \p Count elements of T, aligned to at least \p Alignment.
template <typename T>
T *allocateUsm(size_t Alignment, size_t Count, usm::alloc Kind) {
  return static_cast<T *>(
      allocateUsm(std::max(Alignment, alignof(T)), bytesOf<T>(Count), Kind));
}
} // namespace detail_usm

// Untyped allocations (SYCL 2020 4.8.3.2 - 4.8.3.4).
#define LANES_USM_ALLOCATORS(KIND)                                             \
  inline void *malloc_##KIND(size_t Bytes, const device &, const context &,    \
                             const property_list & = {}) {                     \
    return detail_usm::allocateUsm(detail_usm::DefaultAlignment, Bytes,        \
                                   usm::alloc::KIND);                          \
  }                                                                            \
  inline void *malloc_##KIND(size_t Bytes, const queue &,                      \
                             const property_list & = {}) {                     \
    return detail_usm::allocateUsm(detail_usm::DefaultAlignment, Bytes,        \
                                   usm::alloc::KIND);                          \
  }                                                                            \
  inline void *aligned_alloc_##KIND(size_t Alignment, size_t Bytes,            \
                                    const device &, const context &,           \
                                    const property_list & = {}) {              \
    return detail_usm::allocateUsm(Alignment, Bytes, usm::alloc::KIND);        \
  }                                                                            \
  inline void *aligned_alloc_##KIND(size_t Alignment, size_t Bytes,            \
                                    const queue &,                             \
                                    const property_list & = {}) {              \
    return detail_usm::allocateUsm(Alignment, Bytes, usm::alloc::KIND);        \
  }                                                                            \
  template <typename T>                                                        \
  T *malloc_##KIND(size_t Count, const device &, const context &,              \
                   const property_list & = {}) {                               \
    return detail_usm::allocateUsm<T>(0, Count, usm::alloc::KIND);             \
  }                                                                            \
  template <typename T>                                                        \
  T *malloc_##KIND(size_t Count, const queue &, const property_list & = {}) {  \
    return detail_usm::allocateUsm<T>(0, Count, usm::alloc::KIND);             \
  }                                                                            \
  template <typename T>                                                        \
  T *aligned_alloc_##KIND(size_t Alignment, size_t Count, const device &,      \
                          const context &, const property_list & = {}) {       \
    return detail_usm::allocateUsm<T>(Alignment, Count, usm::alloc::KIND);     \
  }                                                                            \
  template <typename T>                                                        \
  T *aligned_alloc_##KIND(size_t Alignment, size_t Count, const queue &,       \
                          const property_list & = {}) {                        \
    return detail_usm::allocateUsm<T>(Alignment, Count, usm::alloc::KIND);     \
  }
LANES_USM_ALLOCATORS(device)
LANES_USM_ALLOCATORS(host)
LANES_USM_ALLOCATORS(shared)
#undef LANES_USM_ALLOCATORS

// Allocations of a kind given at run time (SYCL 2020 4.8.3.5); kind
// unknown returns nullptr.
inline void *malloc(size_t Bytes, const device &, const context &,
                    usm::alloc Kind, const property_list & = {}) {
  return detail_usm::allocateUsm(detail_usm::DefaultAlignment, Bytes, Kind);
}
inline void *malloc(size_t Bytes, const queue &, usm::alloc Kind,
                    const property_list & = {}) {
  return detail_usm::allocateUsm(detail_usm::DefaultAlignment, Bytes, Kind);
}
template <typename T>
T *malloc(size_t Count, const device &, const context &, usm::alloc Kind,
          const property_list & = {}) {
  return detail_usm::allocateUsm<T>(0, Count, Kind);
}
template <typename T>
T *malloc(size_t Count, const queue &, usm::alloc Kind,
          const property_list & = {}) {
  return detail_usm::allocateUsm<T>(0, Count, Kind);
}
inline void *aligned_alloc(size_t Alignment, size_t Bytes, const device &,
                           const context &, usm::alloc Kind,
                           const property_list & = {}) {
  return detail_usm::allocateUsm(Alignment, Bytes, Kind);
}
inline void *aligned_alloc(size_t Alignment, size_t Bytes, const queue &,
                           usm::alloc Kind, const property_list & = {}) {
  return detail_usm::allocateUsm(Alignment, Bytes, Kind);
}
template <typename T>
T *aligned_alloc(size_t Alignment, size_t Count, const device &,
                 const context &, usm::alloc Kind, const property_list & = {}) {
  return detail_usm::allocateUsm<T>(Alignment, Count, Kind);
}
template <typename T>
T *aligned_alloc(size_t Alignment, size_t Count, const queue &, usm::alloc Kind,
                 const property_list & = {}) {
  return detail_usm::allocateUsm<T>(Alignment, Count, Kind);
}

/// Releases memory from any of the functions above (SYCL 2020 4.8.3.6).
inline void free(void *Ptr, const context &) {
  if (Ptr)
    detail_usm::Allocations::get().remove(Ptr);
  std::free(Ptr);
}
inline void free(void *Ptr, const queue &Q) { free(Ptr, Q.get_context()); }

/// SYCL 2020 4.8.4: the kind of the USM allocation \p Ptr points into, or
/// usm::alloc::unknown.
inline usm::alloc get_pointer_type(const void *Ptr, const context &) {
  return detail_usm::Allocations::get().kindOf(Ptr);
}
/// The device of the USM allocation \p Ptr points into (Lanes's one
/// device); throws errc::invalid when it points into none.
inline device get_pointer_device(const void *Ptr, const context &Ctx) {
  if (get_pointer_type(Ptr, Ctx) == usm::alloc::unknown)
    throw exception(make_error_code(errc::invalid),
                    "get_pointer_device: the pointer is not into a live USM "
                    "allocation");
  return device();
}

/// SYCL 2020 4.8.3: a C++ allocator of host or shared USM, aligned to
/// \p Alignment or T's alignment, whichever is greater. allocate() throws
/// errc::memory_allocation when there is no memory.
template <typename T, usm::alloc AllocKind, size_t Alignment = 0>
class usm_allocator {
  static_assert(AllocKind == usm::alloc::host ||
                    AllocKind == usm::alloc::shared,
                "usm_allocator allocates usm::alloc::host or "
                "usm::alloc::shared memory (the host cannot use device "
                "memory)");

public:
  using value_type = T;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  template <typename U> struct rebind {
    using other = usm_allocator<U, AllocKind, Alignment>;
  };

  usm_allocator() = delete;
  usm_allocator(const context &, const device &,
                const property_list & = {}) noexcept {}
  usm_allocator(const queue &, const property_list & = {}) noexcept {}
  template <typename U>
  usm_allocator(const usm_allocator<U, AllocKind, Alignment> &) noexcept {}

  T *allocate(size_t Count) {
    if (Count == 0)
      return nullptr;
    T *Ptr = detail_usm::allocateUsm<T>(Alignment, Count, AllocKind);
    if (!Ptr)
      throw exception(make_error_code(errc::memory_allocation),
                      "usm_allocator: no memory for the allocation");
    return Ptr;
  }
  void deallocate(T *Ptr, size_t) { free(Ptr, context()); }

  /// Whether one frees what the other allocates: when they allocate one
  /// kind (Lanes has one context and one device).
  template <typename U, usm::alloc K, size_t A>
  friend bool operator==(const usm_allocator &,
                         const usm_allocator<U, K, A> &) {
    return K == AllocKind;
  }
  template <typename U, usm::alloc K, size_t A>
  friend bool operator!=(const usm_allocator &,
                         const usm_allocator<U, K, A> &) {
    return K != AllocKind;
  }
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_USM_HPP
