//===- sycl/usm.hpp - Unified shared memory allocation --------------------===//
//
/// \file
/// SYCL 2020 4.8: USM allocation. The Lanes device is the host CPU, so
/// device, host and shared allocations are all host memory, 64-byte aligned
/// (one cache line, and enough for any SIMD load). Allocation failures
/// return nullptr as the specification requires; free() accepts nullptr.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_USM_HPP
#define LANES_SYCL_USM_HPP

#include "sycl/device.hpp"
#include "sycl/property_list.hpp"
#include "sycl/queue.hpp"

#include <cstddef>
#include <cstdlib>

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
} // namespace detail_usm

// Untyped allocations (SYCL 2020 4.8.3.2 - 4.8.3.4).
#define LANES_USM_ALLOCATORS(KIND)                                             \
  inline void *malloc_##KIND(size_t Bytes, const device &, const context &,   \
                             const property_list & = {}) {                     \
    return detail_usm::allocate(detail_usm::DefaultAlignment, Bytes);          \
  }                                                                            \
  inline void *malloc_##KIND(size_t Bytes, const queue &,                      \
                             const property_list & = {}) {                     \
    return detail_usm::allocate(detail_usm::DefaultAlignment, Bytes);          \
  }                                                                            \
  inline void *aligned_alloc_##KIND(size_t Alignment, size_t Bytes,            \
                                    const device &, const context &,           \
                                    const property_list & = {}) {              \
    return detail_usm::allocate(Alignment, Bytes);                             \
  }                                                                            \
  inline void *aligned_alloc_##KIND(size_t Alignment, size_t Bytes,            \
                                    const queue &,                             \
                                    const property_list & = {}) {              \
    return detail_usm::allocate(Alignment, Bytes);                             \
  }                                                                            \
  template <typename T>                                                        \
  T *malloc_##KIND(size_t Count, const device &, const context &,             \
                   const property_list & = {}) {                               \
    return static_cast<T *>(detail_usm::allocate(                              \
        alignof(T), detail_usm::bytesOf<T>(Count)));                           \
  }                                                                            \
  template <typename T>                                                        \
  T *malloc_##KIND(size_t Count, const queue &, const property_list & = {}) {  \
    return static_cast<T *>(detail_usm::allocate(                              \
        alignof(T), detail_usm::bytesOf<T>(Count)));                           \
  }                                                                            \
  template <typename T>                                                        \
  T *aligned_alloc_##KIND(size_t Alignment, size_t Count, const device &,     \
                          const context &, const property_list & = {}) {       \
    return static_cast<T *>(detail_usm::allocate(                              \
        Alignment > alignof(T) ? Alignment : alignof(T),                       \
        detail_usm::bytesOf<T>(Count)));                                       \
  }                                                                            \
  template <typename T>                                                        \
  T *aligned_alloc_##KIND(size_t Alignment, size_t Count, const queue &,      \
                          const property_list & = {}) {                        \
    return static_cast<T *>(detail_usm::allocate(                              \
        Alignment > alignof(T) ? Alignment : alignof(T),                       \
        detail_usm::bytesOf<T>(Count)));                                       \
  }
LANES_USM_ALLOCATORS(device)
LANES_USM_ALLOCATORS(host)
LANES_USM_ALLOCATORS(shared)
#undef LANES_USM_ALLOCATORS

// Allocations of a kind given at run time (SYCL 2020 4.8.3.5).
inline void *malloc(size_t Bytes, const device &, const context &,
                    usm::alloc, const property_list & = {}) {
  return detail_usm::allocate(detail_usm::DefaultAlignment, Bytes);
}
inline void *malloc(size_t Bytes, const queue &, usm::alloc,
                    const property_list & = {}) {
  return detail_usm::allocate(detail_usm::DefaultAlignment, Bytes);
}
template <typename T>
T *malloc(size_t Count, const device &, const context &, usm::alloc,
          const property_list & = {}) {
  return static_cast<T *>(
      detail_usm::allocate(alignof(T), detail_usm::bytesOf<T>(Count)));
}
template <typename T>
T *malloc(size_t Count, const queue &, usm::alloc,
          const property_list & = {}) {
  return static_cast<T *>(
      detail_usm::allocate(alignof(T), detail_usm::bytesOf<T>(Count)));
}
inline void *aligned_alloc(size_t Alignment, size_t Bytes, const device &,
                           const context &, usm::alloc,
                           const property_list & = {}) {
  return detail_usm::allocate(Alignment, Bytes);
}
inline void *aligned_alloc(size_t Alignment, size_t Bytes, const queue &,
                           usm::alloc, const property_list & = {}) {
  return detail_usm::allocate(Alignment, Bytes);
}
template <typename T>
T *aligned_alloc(size_t Alignment, size_t Count, const queue &, usm::alloc,
                 const property_list & = {}) {
  return static_cast<T *>(detail_usm::allocate(
      Alignment > alignof(T) ? Alignment : alignof(T),
      detail_usm::bytesOf<T>(Count)));
}

/// Releases memory from any of the functions above (SYCL 2020 4.8.3.6).
inline void free(void *Ptr, const context &) { std::free(Ptr); }
inline void free(void *Ptr, const queue &) { std::free(Ptr); }

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_USM_HPP
