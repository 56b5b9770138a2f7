//===- sycl/atomic_ref.hpp - sycl::atomic_ref -----------------------------===//
//
/// \file
/// SYCL 2020 4.15.3: atomic operations on an object that is not itself
/// atomic, for int, unsigned int, long, unsigned long, long long,
/// unsigned long long, float, double and pointers, in global (USM), local
/// (local_accessor) or generic memory.
///
/// In compiled mode the work-items of a group run one after another in a
/// loop and different groups on different threads; in library-only mode
/// groups also run on several threads. Atomics on global and generic
/// memory are therefore real atomic instructions. Local memory belongs to
/// the one thread that runs its group, so atomic_ref<..., local_space>
/// needs no lock prefix (lanes/detail/atomic.hpp, LocalAtomics): it must
/// reference the work-group's local memory, as the specification requires.
/// A loop that contains an atomic operation does not vectorize.
///
/// The class is layered by what T supports: AtomicRefBase has load, store,
/// exchange and compare-exchange; AtomicRefInteger, AtomicRefFloat and
/// AtomicRefPointer add the arithmetic of the specification's integral,
/// floating-point and pointer specializations; atomic_ref picks one, over
/// the atomics of its address space.
/// Memory scopes are accepted and play no part: every scope is the CPU's.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ATOMIC_REF_HPP
#define LANES_SYCL_ATOMIC_REF_HPP

#include "lanes/detail/atomic.hpp"
#include "sycl/access.hpp"

#include <cstddef>
#include <type_traits>

namespace lanes::detail {

using sycl::memory_order;
using sycl::memory_scope;

/// What every atomic_ref has: the referenced object, its default orders,
/// loads, stores, exchanges and compare-exchanges.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          typename Ops>
class AtomicRefBase {
  static_assert(IsAtomicValue<T>,
                "Lanes does not implement sycl::atomic_ref of this type: "
                "SYCL 2020 allows int, unsigned int, long, unsigned long, "
                "long long, unsigned long long, float, double and pointers "
                "(not sycl::half)");
  static_assert(!IsAtomicValue<T> || __atomic_always_lock_free(sizeof(T), 0),
                "Lanes does not implement sycl::atomic_ref of a type that is "
                "not lock-free on this target");
  static_assert(
      DefaultOrder == memory_order::relaxed ||
          DefaultOrder == memory_order::acq_rel ||
          DefaultOrder == memory_order::seq_cst,
      "sycl::atomic_ref's DefaultOrder must be memory_order::relaxed, "
      "memory_order::acq_rel or memory_order::seq_cst");

public:
  using value_type = T;
  /// The referenced object must be aligned to its size.
  static constexpr size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free =
      __atomic_always_lock_free(sizeof(T), 0);
  static constexpr memory_order default_read_order =
      DefaultOrder == memory_order::acq_rel ? memory_order::acquire
                                            : DefaultOrder;
  static constexpr memory_order default_write_order =
      DefaultOrder == memory_order::acq_rel ? memory_order::release
                                            : DefaultOrder;
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  bool is_lock_free() const noexcept { return is_always_lock_free; }

  AtomicRefBase(const AtomicRefBase &) noexcept = default;
  AtomicRefBase &operator=(const AtomicRefBase &) = delete;

  void store(T Operand, memory_order Order = default_write_order,
             memory_scope = default_scope) const noexcept {
    Ops::store(Ptr, Operand, Order);
  }
  /// Stores \p Desired with the default order; returns it.
  T operator=(T Desired) const noexcept {
    store(Desired);
    return Desired;
  }
  T load(memory_order Order = default_read_order,
         memory_scope = default_scope) const noexcept {
    return Ops::load(Ptr, Order);
  }
  operator T() const noexcept { return load(); }

  T exchange(T Operand, memory_order Order = default_read_modify_write_order,
             memory_scope = default_scope) const noexcept {
    return Ops::exchange(Ptr, Operand, Order);
  }

  /// Stores \p Desired if the object equals \p Expected (bit for bit) and
  /// returns true; otherwise loads the object into \p Expected. The weak
  /// forms may fail spuriously.
  bool compare_exchange_weak(T &Expected, T Desired, memory_order Success,
                             memory_order Failure,
                             memory_scope = default_scope) const noexcept {
    return Ops::template compareExchange<true>(Ptr, Expected, Desired, Success,
                                               Failure);
  }
  bool
  compare_exchange_weak(T &Expected, T Desired,
                        memory_order Order = default_read_modify_write_order,
                        memory_scope = default_scope) const noexcept {
    return Ops::template compareExchange<true>(Ptr, Expected, Desired, Order,
                                               Order);
  }
  bool compare_exchange_strong(T &Expected, T Desired, memory_order Success,
                               memory_order Failure,
                               memory_scope = default_scope) const noexcept {
    return Ops::template compareExchange<false>(Ptr, Expected, Desired, Success,
                                                Failure);
  }
  bool
  compare_exchange_strong(T &Expected, T Desired,
                          memory_order Order = default_read_modify_write_order,
                          memory_scope = default_scope) const noexcept {
    return Ops::template compareExchange<false>(Ptr, Expected, Desired, Order,
                                                Order);
  }

protected:
  explicit AtomicRefBase(T &Ref) : Ptr(&Ref) {}

  T *Ptr;
};

/// Declares the read-modify-write member NAME(Operand[, order[, scope]]),
/// which hands ARG to IMPL over Ops and returns the value replaced.
#define LANES_ATOMIC_FETCH_OP(NAME, OPERAND, IMPL, ARG)                        \
  T NAME(OPERAND Operand, memory_order Order = DefaultOrder,                   \
         memory_scope = DefaultScope) const noexcept {                         \
    return IMPL<Ops>(Ptr, ARG, Order);                                         \
  }

/// The integral specialization's arithmetic and bitwise operations.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          typename Ops>
class AtomicRefInteger
    : public AtomicRefBase<T, DefaultOrder, DefaultScope, Ops> {
  using Base = AtomicRefBase<T, DefaultOrder, DefaultScope, Ops>;
  using Base::Ptr;

public:
  using difference_type = T;

  LANES_ATOMIC_FETCH_OP(fetch_add, T, fetchAdd, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_sub, T, fetchSub, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_and, T, fetchAnd, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_or, T, fetchOr, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_xor, T, fetchXor, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_min, T, fetchMin, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_max, T, fetchMax, Operand)

  /// The operators return the new value (prefix, compound) or the old one
  /// (postfix), with the default order.
  T operator++(int) const noexcept { return fetch_add(1); }
  T operator--(int) const noexcept { return fetch_sub(1); }
  T operator++() const noexcept { return wrappingAdd(fetch_add(1), T(1)); }
  T operator--() const noexcept { return wrappingSub(fetch_sub(1), T(1)); }
  T operator+=(T Operand) const noexcept {
    return wrappingAdd(fetch_add(Operand), Operand);
  }
  T operator-=(T Operand) const noexcept {
    return wrappingSub(fetch_sub(Operand), Operand);
  }
  T operator&=(T Operand) const noexcept {
    return fetch_and(Operand) & Operand;
  }
  T operator|=(T Operand) const noexcept { return fetch_or(Operand) | Operand; }
  T operator^=(T Operand) const noexcept {
    return fetch_xor(Operand) ^ Operand;
  }

protected:
  using Base::Base;
};

/// The floating-point specialization's arithmetic. fetch_min and
/// fetch_max behave as std::min / std::max with the stored value first: a
/// NaN operand is never stored.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          typename Ops>
class AtomicRefFloat
    : public AtomicRefBase<T, DefaultOrder, DefaultScope, Ops> {
  using Base = AtomicRefBase<T, DefaultOrder, DefaultScope, Ops>;
  using Base::Ptr;

public:
  using difference_type = T;

  LANES_ATOMIC_FETCH_OP(fetch_add, T, fetchAdd, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_sub, T, fetchSub, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_min, T, fetchMin, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_max, T, fetchMax, Operand)

  /// The new value.
  T operator+=(T Operand) const noexcept {
    return fetch_add(Operand) + Operand;
  }
  T operator-=(T Operand) const noexcept {
    return fetch_sub(Operand) - Operand;
  }

protected:
  using Base::Base;
};

/// The pointer specialization's arithmetic, in elements of the pointee.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          typename Ops>
class AtomicRefPointer
    : public AtomicRefBase<T, DefaultOrder, DefaultScope, Ops> {
  using Base = AtomicRefBase<T, DefaultOrder, DefaultScope, Ops>;
  using Base::Ptr;

public:
  using difference_type = std::ptrdiff_t;

  LANES_ATOMIC_FETCH_OP(fetch_add, difference_type, fetchAddPointer, Operand)
  LANES_ATOMIC_FETCH_OP(fetch_sub, difference_type, fetchAddPointer, -Operand)

  /// The operators return the new value (prefix, compound) or the old one
  /// (postfix), with the default order.
  T operator++(int) const noexcept { return fetch_add(1); }
  T operator--(int) const noexcept { return fetch_sub(1); }
  T operator++() const noexcept { return fetch_add(1) + 1; }
  T operator--() const noexcept { return fetch_sub(1) - 1; }
  T operator+=(difference_type Operand) const noexcept {
    return fetch_add(Operand) + Operand;
  }
  T operator-=(difference_type Operand) const noexcept {
    return fetch_sub(Operand) - Operand;
  }

protected:
  using Base::Base;
};

#undef LANES_ATOMIC_FETCH_OP

/// The layer of atomic_ref<T> (the base layer for unsupported types, whose
/// static_asserts then explain), on the atomics of address space Space.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          sycl::access::address_space Space>
struct AtomicRefLayerOf {
  using Ops =
      std::conditional_t<Space == sycl::access::address_space::local_space,
                         LocalAtomics, DeviceAtomics>;
  template <template <typename, memory_order, memory_scope, typename>
            class Layer>
  using With = Layer<T, DefaultOrder, DefaultScope, Ops>;
  using type = std::conditional_t<
      IsAtomicInteger<T>, With<AtomicRefInteger>,
      std::conditional_t<
          IsAtomicFloat<T>, With<AtomicRefFloat>,
          std::conditional_t<std::is_pointer_v<T>, With<AtomicRefPointer>,
                             With<AtomicRefBase>>>>;
};

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// Atomic access to the object \p T referenced at construction, in
/// \p Space (generic, global or local). Operations default to
/// \p DefaultOrder (relaxed, acq_rel or seq_cst); \p DefaultScope and every
/// scope argument are accepted and ignored (all scopes are the CPU's).
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space Space = access::address_space::generic_space>
class atomic_ref
    : public lanes::detail::AtomicRefLayerOf<T, DefaultOrder, DefaultScope,
                                             Space>::type {
  using LayerOf =
      lanes::detail::AtomicRefLayerOf<T, DefaultOrder, DefaultScope, Space>;
  using Layer = typename LayerOf::type;
  using Base = typename LayerOf::template With<lanes::detail::AtomicRefBase>;
  static_assert(Space == access::address_space::generic_space ||
                    Space == access::address_space::global_space ||
                    Space == access::address_space::local_space,
                "sycl::atomic_ref's address space must be generic_space, "
                "global_space or local_space");

public:
  /// References \p Ref, which must be aligned to required_alignment.
  explicit atomic_ref(T &Ref) : Layer(Ref) {}
  atomic_ref(const atomic_ref &) noexcept = default;
  atomic_ref &operator=(const atomic_ref &) = delete;
  /// Named in the base that declares it: each layer's own (deleted) copy
  /// assignment hides it.
  using Base::operator=;
};

namespace ext::oneapi {
/// The pre-2020 names of sycl_ext_oneapi_extended_atomics: atomic_ref
/// (whose address space defaulted to global_space), memory_order and
/// memory_scope.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space Space = access::address_space::global_space>
using atomic_ref = sycl::atomic_ref<T, DefaultOrder, DefaultScope, Space>;
using sycl::memory_order;
using sycl::memory_scope;
} // namespace ext::oneapi

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ATOMIC_REF_HPP
