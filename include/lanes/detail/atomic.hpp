//===- lanes/detail/atomic.hpp - Atomic operations on ordinary memory -----===//
//
/// \file
/// The operations behind sycl::atomic_ref and sycl::atomic_fence (SYCL 2020
/// 4.15), on the GCC/Clang `__atomic` builtins, which both compilers accept
/// in host code and in kernels alike. Every address space of a Lanes kernel
/// is ordinary, coherent host memory, so a SYCL atomic is a C++ atomic on
/// the object itself, and every memory_scope is the whole machine: the
/// scope arguments of the SYCL API are accepted and not needed here.
///
/// Orders. Each SYCL memory_order maps onto the builtin constant of the
/// same name. An order an operation cannot take (release on a load,
/// acquire on a store) becomes seq_cst, the strongest, rather than
/// undefined behaviour. A compare-exchange's failure order drops its
/// release half (acq_rel -> acquire, release -> relaxed, as C++ derives
/// it), and its success order is strengthened until it is at least the
/// failure order, so every pair handed to the builtin is valid. The
/// orders reach the builtins as arguments: after inlining they are
/// constants, and where they are not (-O0) both compilers fall back to a
/// correct, stronger order.
///
/// Two implementations share one interface (load, store, exchange,
/// compareExchange, update), and the read-modify-writes at the bottom are
/// written once over it: DeviceAtomics for memory other threads may touch
/// (the __atomic builtins; floating-point add and min/max, and integer
/// min/max under g++, are compare-exchange loops), LocalAtomics for the
/// work-group's local memory, which only one thread touches (relaxed loads
/// and stores, see there; about ten times faster than lock-prefixed
/// instructions).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_ATOMIC_HPP
#define LANES_DETAIL_ATOMIC_HPP

#include "sycl/access.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace lanes::detail {

/// The builtin order of a read-modify-write with SYCL order \p O.
constexpr int rmwOrder(sycl::memory_order O) {
  switch (O) {
  case sycl::memory_order::relaxed:
    return __ATOMIC_RELAXED;
  case sycl::memory_order::acquire:
    return __ATOMIC_ACQUIRE;
  case sycl::memory_order::release:
    return __ATOMIC_RELEASE;
  case sycl::memory_order::acq_rel:
    return __ATOMIC_ACQ_REL;
  default:
    return __ATOMIC_SEQ_CST;
  }
}

/// The builtin order of a load: relaxed, acquire or seq_cst.
constexpr int loadOrder(sycl::memory_order O) {
  return O == sycl::memory_order::relaxed   ? __ATOMIC_RELAXED
         : O == sycl::memory_order::acquire ? __ATOMIC_ACQUIRE
                                            : __ATOMIC_SEQ_CST;
}

/// The builtin order of a store: relaxed, release or seq_cst.
constexpr int storeOrder(sycl::memory_order O) {
  return O == sycl::memory_order::relaxed   ? __ATOMIC_RELAXED
         : O == sycl::memory_order::release ? __ATOMIC_RELEASE
                                            : __ATOMIC_SEQ_CST;
}

/// The success and failure orders of one compare-exchange.
struct CasOrders {
  int Success;
  int Failure;
};

/// Valid builtin orders for a compare-exchange asked for with \p Success
/// and \p Failure (see the file comment).
constexpr CasOrders casOrders(sycl::memory_order Success,
                              sycl::memory_order Failure) {
  using sycl::memory_order;
  int FailureOrder =
      Failure == memory_order::seq_cst ? __ATOMIC_SEQ_CST
      : Failure == memory_order::acquire || Failure == memory_order::acq_rel
          ? __ATOMIC_ACQUIRE
          : __ATOMIC_RELAXED;
  if (FailureOrder == __ATOMIC_SEQ_CST || Success == memory_order::seq_cst)
    return {__ATOMIC_SEQ_CST, FailureOrder};
  if (FailureOrder == __ATOMIC_RELAXED)
    return {rmwOrder(Success), __ATOMIC_RELAXED};
  // An acquiring failure needs an acquiring success.
  bool Releases =
      Success == memory_order::release || Success == memory_order::acq_rel;
  return {Releases ? __ATOMIC_ACQ_REL : __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE};
}

/// The types atomic_ref works on (SYCL 2020 4.15.3).
template <typename T>
inline constexpr bool IsAtomicInteger =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> ||
    std::is_same_v<T, long> || std::is_same_v<T, unsigned long> ||
    std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long>;
template <typename T>
inline constexpr bool IsAtomicFloat =
    std::is_same_v<T, float> || std::is_same_v<T, double>;
template <typename T>
inline constexpr bool IsAtomicValue =
    IsAtomicInteger<T> || IsAtomicFloat<T> || std::is_pointer_v<T>;

/// \p A + \p B and \p A - \p B for integers, wrapping instead of
/// overflowing.
template <typename T> T wrappingAdd(T A, T B) {
  using U = std::make_unsigned_t<T>;
  return T(U(A) + U(B));
}
template <typename T> T wrappingSub(T A, T B) {
  using U = std::make_unsigned_t<T>;
  return T(U(A) - U(B));
}

/// Atomics on memory that several threads may touch at once (global and
/// generic memory): the __atomic builtins, lock-prefixed on x86.
struct DeviceAtomics {
  /// Whether the builtins' integer fetch operations apply.
  static constexpr bool HasFetchOps = true;

  template <typename T> static T load(const T *P, sycl::memory_order O) {
    T Value;
    __atomic_load(P, &Value, loadOrder(O));
    return Value;
  }
  template <typename T> static void store(T *P, T Value, sycl::memory_order O) {
    __atomic_store(P, &Value, storeOrder(O));
  }
  template <typename T> static T exchange(T *P, T Value, sycl::memory_order O) {
    T Old;
    __atomic_exchange(P, &Value, &Old, rmwOrder(O));
    return Old;
  }
  /// Replaces *P by \p Desired if it holds \p Expected (bit for bit),
  /// else loads it into \p Expected. A weak exchange may fail spuriously.
  template <bool Weak, typename T>
  static bool compareExchange(T *P, T &Expected, T Desired,
                              sycl::memory_order Success,
                              sycl::memory_order Failure) {
    CasOrders Orders = casOrders(Success, Failure);
    return __atomic_compare_exchange(P, &Expected, &Desired, Weak,
                                     Orders.Success, Orders.Failure);
  }
  /// Atomically replaces *P by Update(*P); returns the value replaced.
  template <typename T, typename UpdateFn>
  static T update(T *P, UpdateFn Update, sycl::memory_order O) {
    T Old = load(P, sycl::memory_order::relaxed);
    while (!compareExchange</*Weak=*/true>(P, Old, Update(Old), O, O)) {
    }
    return Old;
  }
};

/// Atomics on the calling work-group's local memory. Only the thread that
/// runs a work-group ever touches its local memory (each worker thread has
/// its own), and the group's work-items interleave only at barriers and
/// group collectives: compiled, they run one after another in work-item
/// loops; library-only, as fibers that switch at barriers. A load, an
/// update and a store that no barrier separates are therefore indivisible
/// for every work-item that can see the memory, with no lock prefix.
///
/// The accesses are relaxed atomics, not plain ones, because the compiler
/// may reorder and vectorize plain accesses of different work-items
/// (work-item loops are marked parallel for simple loads and stores only).
/// Orders other than relaxed add signal fences: they order memory within
/// the one thread, which is all the group's work-items share, and cost no
/// instruction.
struct LocalAtomics {
  static constexpr bool HasFetchOps = false;

  template <typename T> static T load(const T *P, sycl::memory_order O) {
    return DeviceAtomics::load(P, O);
  }
  template <typename T> static void store(T *P, T Value, sycl::memory_order O) {
    fence(O);
    DeviceAtomics::store(P, Value, sycl::memory_order::relaxed);
    fence(O);
  }
  template <typename T> static T exchange(T *P, T Value, sycl::memory_order O) {
    return update(
        P, [Value](T) { return Value; }, O);
  }
  /// Never fails spuriously.
  template <bool Weak, typename T>
  static bool compareExchange(T *P, T &Expected, T Desired,
                              sycl::memory_order Success,
                              sycl::memory_order Failure) {
    fence(Success);
    T Old = DeviceAtomics::load(P, sycl::memory_order::relaxed);
    // Bit for bit, like the builtin (so -0.0 differs from +0.0).
    using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    bool Equal =
        __builtin_bit_cast(Bits, Old) == __builtin_bit_cast(Bits, Expected);
    if (Equal)
      DeviceAtomics::store(P, Desired, sycl::memory_order::relaxed);
    else
      Expected = Old;
    fence(Equal ? Success : Failure);
    return Equal;
  }
  template <typename T, typename UpdateFn>
  static T update(T *P, UpdateFn Update, sycl::memory_order O) {
    fence(O);
    T Old = DeviceAtomics::load(P, sycl::memory_order::relaxed);
    DeviceAtomics::store(P, Update(Old), sycl::memory_order::relaxed);
    fence(O);
    return Old;
  }

private:
  /// Orders the calling thread's memory accesses around an operation of
  /// order \p O, at compile time only.
  static void fence(sycl::memory_order O) {
    if (O != sycl::memory_order::relaxed)
      __atomic_signal_fence(rmwOrder(O));
  }
};

/// The arithmetic read-modify-writes on Ops (DeviceAtomics or
/// LocalAtomics); each returns the value replaced. Integers wrap (two's
/// complement). Minimum and maximum behave as std::min / std::max with the
/// stored value first: a NaN operand is never stored, a stored NaN never
/// replaced.
template <typename Ops, typename T>
T fetchAdd(T *P, T Value, sycl::memory_order O) {
  if constexpr (IsAtomicFloat<T>)
    return Ops::update(
        P, [Value](T Old) { return Old + Value; }, O);
  else if constexpr (Ops::HasFetchOps)
    return __atomic_fetch_add(P, Value, rmwOrder(O));
  else
    return Ops::update(
        P, [Value](T Old) { return wrappingAdd(Old, Value); }, O);
}
template <typename Ops, typename T>
T fetchSub(T *P, T Value, sycl::memory_order O) {
  if constexpr (IsAtomicFloat<T>)
    return Ops::update(
        P, [Value](T Old) { return Old - Value; }, O);
  else if constexpr (Ops::HasFetchOps)
    return __atomic_fetch_sub(P, Value, rmwOrder(O));
  else
    return Ops::update(
        P, [Value](T Old) { return wrappingSub(Old, Value); }, O);
}
/// Moves the pointer *P by \p Elements elements.
template <typename Ops, typename T>
T *fetchAddPointer(T **P, std::ptrdiff_t Elements, sycl::memory_order O) {
  if constexpr (Ops::HasFetchOps) // the builtin moves pointers by bytes
    return __atomic_fetch_add(P, Elements * std::ptrdiff_t(sizeof(T)),
                              rmwOrder(O));
  else
    return Ops::update(
        P, [Elements](T *Old) { return Old + Elements; }, O);
}
/// The bitwise ones: a builtin where Ops has them, else an update.
#define LANES_ATOMIC_BITWISE(NAME, BUILTIN, OP)                                \
  template <typename Ops, typename T>                                          \
  T NAME(T *P, T Value, sycl::memory_order O) {                                \
    if constexpr (Ops::HasFetchOps)                                            \
      return BUILTIN(P, Value, rmwOrder(O));                                   \
    else                                                                       \
      return Ops::update(                                                      \
          P, [Value](T Old) { return T(Old OP Value); }, O);                   \
  }
LANES_ATOMIC_BITWISE(fetchAnd, __atomic_fetch_and, &)
LANES_ATOMIC_BITWISE(fetchOr, __atomic_fetch_or, |)
LANES_ATOMIC_BITWISE(fetchXor, __atomic_fetch_xor, ^)
#undef LANES_ATOMIC_BITWISE
/// Minimum and maximum: Clang's builtins for integers where Ops has fetch
/// operations (one `atomicrmw`, which lanes-aggregate-atomics can combine;
/// g++ has no such builtin), else an update.
template <typename Ops, typename T>
T fetchMin(T *P, T Value, sycl::memory_order O) {
#ifdef __clang__
  if constexpr (Ops::HasFetchOps && IsAtomicInteger<T>)
    return __atomic_fetch_min(P, Value, rmwOrder(O));
  else
#endif
    return Ops::update(
        P, [Value](T Old) { return Value < Old ? Value : Old; }, O);
}
template <typename Ops, typename T>
T fetchMax(T *P, T Value, sycl::memory_order O) {
#ifdef __clang__
  if constexpr (Ops::HasFetchOps && IsAtomicInteger<T>)
    return __atomic_fetch_max(P, Value, rmwOrder(O));
  else
#endif
    return Ops::update(
        P, [Value](T Old) { return Old < Value ? Value : Old; }, O);
}

} // namespace lanes::detail

#endif // LANES_DETAIL_ATOMIC_HPP
