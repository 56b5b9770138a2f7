//===- Memory.h - Per-thread memory of the Lanes runtime --------*- C++ -*-===//
//
/// \file
/// The memory a worker thread owns and reuses across work-groups and
/// launches: the local-memory buffer of the group it runs, the buffer
/// compiled work-group functions put their loop-state arrays in, and the
/// pool of fiber stacks library-only work-items run on.
///
/// None of these classes is thread-safe: each worker thread has its own
/// (see WorkerState), and only that thread touches them.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_RUNTIME_MEMORY_H
#define LANES_RUNTIME_MEMORY_H

#include "lanes/runtime.h"

#include <boost/context/stack_context.hpp>

#include <cstddef>
#include <memory>
#include <vector>

namespace lanes::rt::detail {

/// Alignment of local memory and loop-state arrays: enough for any vector
/// type the compiler uses, and for the elements of local_accessors
/// (lanes::rt::LocalMemoryAlignment).
constexpr size_t ArenaAlignment = LocalMemoryAlignment;

/// Frees memory from allocateAligned().
struct AlignedDeleter {
  void operator()(char *Ptr) const noexcept;
};
using AlignedPtr = std::unique_ptr<char, AlignedDeleter>;

/// Allocates `Bytes` (rounded up to ArenaAlignment, at least one line),
/// ArenaAlignment-aligned. Throws std::bad_alloc.
AlignedPtr allocateAligned(size_t Bytes);

/// A grow-only buffer that every work-group a thread runs reuses: for its
/// local memory, and for the loop-state arrays of a compiled work-group
/// function (which asks once per group, so nothing needs freeing between
/// groups).
class ReusedBuffer {
public:
  /// Returns a 64-byte aligned, non-null buffer of at least `Bytes`. The
  /// buffer is kept between calls; its contents are unspecified, as OpenCL
  /// and SYCL local memory is. Throws std::bad_alloc.
  void *reserve(size_t Bytes);

private:
  AlignedPtr Memory;
  size_t Capacity = 0;
};

/// The fiber stacks of library-only work-items. A stack is mmap-ed once
/// with a guard page below it (when the kernel's map count allows one) and
/// then recycled: a group of N work-items that reach a barrier needs N
/// stacks at once, a barrier-free group needs one at a time.
class StackPool {
public:
  /// Usable bytes of every stack: a thread's default (ulimit -s), so that
  /// a kernel whose private arrays run in compiled mode also runs here.
  static constexpr size_t StackSize = 8 * 1024 * 1024;

  StackPool() = default;
  StackPool(const StackPool &) = delete;
  StackPool &operator=(const StackPool &) = delete;
  ~StackPool();

  /// A stack ready for a new fiber. Throws std::bad_alloc when the system
  /// has no memory left for one.
  boost::context::stack_context acquire();
  /// Takes back a stack from acquire(). The fiber that ran on it must be
  /// finished or abandoned; its contents are discarded.
  void release(const boost::context::stack_context &Stack) noexcept;

private:
  /// Lowest address of each idle mapping (guard page included).
  std::vector<char *> Idle;
  size_t Mapped = 0; ///< stacks mapped so far, idle or in use
  size_t MappingSize = 0;
  size_t GuardSize = 0;
};

} // namespace lanes::rt::detail

#endif // LANES_RUNTIME_MEMORY_H
