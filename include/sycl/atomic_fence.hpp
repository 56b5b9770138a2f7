//===- sycl/atomic_fence.hpp - sycl::atomic_fence -------------------------===//
//
/// \file
/// SYCL 2020 4.15.1: a memory fence with a memory order and scope. On the
/// CPU every scope is the whole machine, so the fence is a C++ thread fence
/// of the same order (relaxed: none) and the scope is accepted and not
/// needed. A fence orders memory only; it does not wait for other
/// work-items (that is group_barrier's job).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ATOMIC_FENCE_HPP
#define LANES_SYCL_ATOMIC_FENCE_HPP

#include "lanes/detail/atomic.hpp"
#include "sycl/access.hpp"

namespace sycl {
inline namespace _V1 {

/// Orders the calling work-item's memory operations around the fence as
/// \p Order says, for every \p Scope.
inline void atomic_fence(memory_order Order, memory_scope Scope) {
  (void)Scope;
  __atomic_thread_fence(lanes::detail::rmwOrder(Order));
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ATOMIC_FENCE_HPP
