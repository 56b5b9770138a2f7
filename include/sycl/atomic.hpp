//===- sycl/atomic.hpp - The SYCL 1.2.1 atomics ---------------------------===//
//
/// \file
/// SYCL 2020 4.15.2 (deprecated, from SYCL 1.2.1): `atomic<T, Space>`, the
/// `atomic_load` ... `atomic_fetch_max` free functions, and what
/// `access_mode::atomic` accessors hand out for their elements.
///
/// An atomic<T, Space> is a pointer to an ordinary T in global or local
/// memory; each operation builds an atomic_ref<T, relaxed, ..., Space> on
/// it (sycl/atomic_ref.hpp), so global memory gets lock-prefixed
/// instructions and the work-group's local memory the cheaper single-thread
/// form, as there. Every operation takes a memory_order defaulting to
/// relaxed, the one order SYCL 1.2.1 defines; a stronger order passed
/// explicitly is honoured.
///
/// T is int, unsigned int, long, unsigned long, long long, unsigned long
/// long or float; atomic<float> has load, store and exchange only.
/// Anything else fails with a static_assert pointing to atomic_ref.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ATOMIC_HPP
#define LANES_SYCL_ATOMIC_HPP

#include "lanes/detail/atomic.hpp"
#include "sycl/access.hpp"
#include "sycl/atomic_ref.hpp"
#include "sycl/multi_ptr.hpp"

#include <type_traits>

namespace lanes::detail {

/// The types of SYCL 1.2.1's atomic<T>.
template <typename T>
inline constexpr bool IsLegacyAtomicValue =
    IsAtomicInteger<T> || std::is_same_v<T, float>;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// An atomic view of the T at a multi_ptr into global or local memory
/// (deprecated in SYCL 2020 in favour of atomic_ref). Copies refer to the
/// same object.
template <typename T,
          access::address_space Space = access::address_space::global_space>
class atomic {
  static_assert(lanes::detail::IsLegacyAtomicValue<T>,
                "sycl::atomic (SYCL 1.2.1) takes int, unsigned int, long, "
                "unsigned long, long long, unsigned long long or float; use "
                "sycl::atomic_ref for other types");
  static_assert(Space == access::address_space::global_space ||
                    Space == access::address_space::local_space,
                "sycl::atomic (SYCL 1.2.1) works on global_space or "
                "local_space memory; use sycl::atomic_ref for generic_space");

  static constexpr bool IsFloat = std::is_same_v<T, float>;
  using Ref = atomic_ref<T, memory_order::relaxed,
                         Space == access::address_space::local_space
                             ? memory_scope::work_group
                             : memory_scope::device,
                         Space>;

public:
  /// The object at \p Ptr, whose type must have the size of T (SYCL 1.2.1
  /// allows any scalar of that size: its bits are then taken as a T).
  template <typename PointerT, access::decorated IsDecorated>
  atomic(multi_ptr<PointerT, Space, IsDecorated> Ptr)
      : Ptr(reinterpret_cast<T *>(Ptr.get())) {
    static_assert(std::is_arithmetic_v<PointerT> &&
                      sizeof(PointerT) == sizeof(T),
                  "sycl::atomic<T>: the multi_ptr must point to a scalar of "
                  "the size of T");
  }

  void store(T Operand, memory_order Order = memory_order::relaxed) const {
    ref().store(Operand, Order);
  }
  T load(memory_order Order = memory_order::relaxed) const {
    return ref().load(Order);
  }
  T exchange(T Operand, memory_order Order = memory_order::relaxed) const {
    return ref().exchange(Operand, Order);
  }

  /// Stores \p Desired if the object equals \p Expected and returns true;
  /// otherwise loads the object into \p Expected and returns false.
  bool compare_exchange_strong(
      T &Expected, T Desired, memory_order SuccessOrder = memory_order::relaxed,
      memory_order FailOrder = memory_order::relaxed) const {
    static_assert(!IsFloat, "sycl::atomic<float> has no "
                            "compare_exchange_strong (SYCL 1.2.1); use "
                            "sycl::atomic_ref<float>");
    return ref().compare_exchange_strong(Expected, Desired, SuccessOrder,
                                         FailOrder);
  }

  // The read-modify-writes return the value they replaced; arithmetic
  // wraps.
#define LANES_LEGACY_ATOMIC_FETCH(NAME)                                        \
  T NAME(T Operand, memory_order Order = memory_order::relaxed) const {        \
    static_assert(!IsFloat, "sycl::atomic<float> has only load, store and "    \
                            "exchange (SYCL 1.2.1); use "                      \
                            "sycl::atomic_ref<float> for " #NAME);             \
    /* Only the assertion's message when T is float, no second error. */       \
    if constexpr (IsFloat)                                                     \
      return Operand;                                                          \
    else                                                                       \
      return ref().NAME(Operand, Order);                                       \
  }
  LANES_LEGACY_ATOMIC_FETCH(fetch_add)
  LANES_LEGACY_ATOMIC_FETCH(fetch_sub)
  LANES_LEGACY_ATOMIC_FETCH(fetch_and)
  LANES_LEGACY_ATOMIC_FETCH(fetch_or)
  LANES_LEGACY_ATOMIC_FETCH(fetch_xor)
  LANES_LEGACY_ATOMIC_FETCH(fetch_min)
  LANES_LEGACY_ATOMIC_FETCH(fetch_max)
#undef LANES_LEGACY_ATOMIC_FETCH

private:
  Ref ref() const { return Ref(*Ptr); }

  T *Ptr;
};

// The free functions of SYCL 1.2.1: each calls the member of the same name.

template <typename T, access::address_space Space>
void atomic_store(atomic<T, Space> Object, T Operand,
                  memory_order Order = memory_order::relaxed) {
  Object.store(Operand, Order);
}
template <typename T, access::address_space Space>
T atomic_load(atomic<T, Space> Object,
              memory_order Order = memory_order::relaxed) {
  return Object.load(Order);
}
template <typename T, access::address_space Space>
T atomic_exchange(atomic<T, Space> Object, T Operand,
                  memory_order Order = memory_order::relaxed) {
  return Object.exchange(Operand, Order);
}
template <typename T, access::address_space Space>
bool atomic_compare_exchange_strong(
    atomic<T, Space> Object, T &Expected, T Desired,
    memory_order SuccessOrder = memory_order::relaxed,
    memory_order FailOrder = memory_order::relaxed) {
  return Object.compare_exchange_strong(Expected, Desired, SuccessOrder,
                                        FailOrder);
}

#define LANES_LEGACY_ATOMIC_FREE_FETCH(NAME)                                   \
  template <typename T, access::address_space Space>                           \
  T atomic_##NAME(atomic<T, Space> Object, T Operand,                          \
                  memory_order Order = memory_order::relaxed) {                \
    return Object.NAME(Operand, Order);                                        \
  }
LANES_LEGACY_ATOMIC_FREE_FETCH(fetch_add)
LANES_LEGACY_ATOMIC_FREE_FETCH(fetch_sub)
LANES_LEGACY_ATOMIC_FREE_FETCH(fetch_and)
LANES_LEGACY_ATOMIC_FREE_FETCH(fetch_or)
LANES_LEGACY_ATOMIC_FREE_FETCH(fetch_xor)
LANES_LEGACY_ATOMIC_FREE_FETCH(fetch_min)
LANES_LEGACY_ATOMIC_FREE_FETCH(fetch_max)
#undef LANES_LEGACY_ATOMIC_FREE_FETCH

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// How an access_mode::atomic accessor hands out the element at a pointer
/// (see ArraySlice): as an atomic<T, Space>.
template <sycl::access::address_space Space> struct AtomicElement {
  template <typename T> static sycl::atomic<T, Space> at(T *Element) {
    return sycl::atomic<T, Space>(sycl::multi_ptr<T, Space>(Element));
  }
};

} // namespace lanes::detail

#endif // LANES_SYCL_ATOMIC_HPP
