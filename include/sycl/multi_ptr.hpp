//===- sycl/multi_ptr.hpp - sycl::multi_ptr ------------------------------===//
//
/// \file
/// SYCL 2020 4.7.7.1: a pointer tagged with the address space it points
/// into. On a CPU every address space is ordinary memory, so a multi_ptr is
/// a plain pointer with the SYCL interface; decorated and undecorated forms
/// behave the same.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_MULTI_PTR_HPP
#define LANES_SYCL_MULTI_PTR_HPP

#include "sycl/access.hpp"

#include <cstddef>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

/// A pointer to T in address space Space.
template <typename T, access::address_space Space,
          access::decorated Decorated = access::decorated::legacy>
class multi_ptr {
public:
  using value_type = T;
  using pointer = T *;
  using reference = T &;
  using difference_type = std::ptrdiff_t;
  using element_type = T;
  static constexpr bool is_decorated = Decorated == access::decorated::yes;
  static constexpr access::address_space address_space = Space;

  multi_ptr() = default;
  multi_ptr(std::nullptr_t) {}
  explicit multi_ptr(T *P) : Ptr(P) {}

private:
  /// Whether a U * in OtherSpace converts without loss: to a pointer to
  /// const, and from any address space into the generic one.
  template <typename U, access::address_space OtherSpace>
  static constexpr bool IsLossless =
      std::is_convertible_v<U *, T *> &&
      (OtherSpace == Space || Space == access::address_space::generic_space);

public:
  /// The lossless conversions, also between decorated and undecorated
  /// forms.
  template <typename U, access::address_space OtherSpace,
            access::decorated OtherDecorated,
            std::enable_if_t<IsLossless<U, OtherSpace>, int> = 0>
  multi_ptr(const multi_ptr<U, OtherSpace, OtherDecorated> &Other)
      : Ptr(Other.get()) {}

  T *get() const { return Ptr; }
  T *get_raw() const { return Ptr; }
  T *get_decorated() const { return Ptr; }
  /// Deprecated: get() under the name DPC++ gives it (not in SYCL 2020's
  /// multi_ptr).
  T *get_pointer() const { return Ptr; }
  operator T *() const { return Ptr; }

  /// A hint that \p NumElements elements from here will be read soon.
  /// Lanes ignores it: a prefetch instruction keeps the work-item loop
  /// around it from vectorizing, and the CPU's prefetchers follow the
  /// streams kernels read by themselves.
  void prefetch(size_t NumElements) const {
    static_assert(Space == access::address_space::global_space ||
                      Decorated == access::decorated::legacy,
                  "multi_ptr::prefetch exists for global_space pointers "
                  "only (and for every address space of the legacy "
                  "interface)");
    (void)NumElements;
  }

  T &operator*() const { return *Ptr; }
  T *operator->() const { return Ptr; }
  T &operator[](std::ptrdiff_t I) const { return Ptr[I]; }

  multi_ptr &operator++() {
    ++Ptr;
    return *this;
  }
  multi_ptr operator++(int) { return multi_ptr(Ptr++); }
  multi_ptr &operator--() {
    --Ptr;
    return *this;
  }
  multi_ptr operator--(int) { return multi_ptr(Ptr--); }
  multi_ptr &operator+=(std::ptrdiff_t N) {
    Ptr += N;
    return *this;
  }
  multi_ptr &operator-=(std::ptrdiff_t N) {
    Ptr -= N;
    return *this;
  }
  friend multi_ptr operator+(const multi_ptr &P, std::ptrdiff_t N) {
    return multi_ptr(P.Ptr + N);
  }
  friend multi_ptr operator+(std::ptrdiff_t N, const multi_ptr &P) {
    return multi_ptr(P.Ptr + N);
  }
  friend multi_ptr operator-(const multi_ptr &P, std::ptrdiff_t N) {
    return multi_ptr(P.Ptr - N);
  }
  friend bool operator==(const multi_ptr &L, std::nullptr_t) {
    return L.Ptr == nullptr;
  }
  friend bool operator==(std::nullptr_t, const multi_ptr &R) {
    return R.Ptr == nullptr;
  }
  friend bool operator!=(const multi_ptr &L, std::nullptr_t) {
    return L.Ptr != nullptr;
  }
  friend bool operator!=(std::nullptr_t, const multi_ptr &R) {
    return R.Ptr != nullptr;
  }

private:
  T *Ptr = nullptr;
};

/// Differences and comparisons of two multi_ptrs, as of their pointers.
/// Templates over both sides, so that mixing decorations or constness
/// (which convert both ways or one way) is an exact match, not ambiguous.
#define LANES_MULTI_PTR_BINARY_OP(RESULT, OP)                                  \
  template <typename T1, access::address_space S1, access::decorated D1,       \
            typename T2, access::address_space S2, access::decorated D2>       \
  RESULT operator OP(const multi_ptr<T1, S1, D1> &L,                           \
                     const multi_ptr<T2, S2, D2> &R) {                         \
    return L.get() OP R.get();                                                 \
  }
LANES_MULTI_PTR_BINARY_OP(std::ptrdiff_t, -)
LANES_MULTI_PTR_BINARY_OP(bool, ==)
LANES_MULTI_PTR_BINARY_OP(bool, !=)
LANES_MULTI_PTR_BINARY_OP(bool, <)
LANES_MULTI_PTR_BINARY_OP(bool, >)
LANES_MULTI_PTR_BINARY_OP(bool, <=)
LANES_MULTI_PTR_BINARY_OP(bool, >=)
#undef LANES_MULTI_PTR_BINARY_OP

/// SYCL 2020 4.7.7: the address-space shorthands.
template <typename T, access::decorated D = access::decorated::legacy>
using global_ptr = multi_ptr<T, access::address_space::global_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using local_ptr = multi_ptr<T, access::address_space::local_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using private_ptr = multi_ptr<T, access::address_space::private_space, D>;
/// Deprecated in SYCL 2020, with the constant address space.
template <typename T>
using constant_ptr = multi_ptr<T, access::address_space::constant_space,
                               access::decorated::legacy>;
template <typename T>
using raw_global_ptr = global_ptr<T, access::decorated::no>;
template <typename T>
using raw_local_ptr = local_ptr<T, access::decorated::no>;
template <typename T>
using raw_private_ptr = private_ptr<T, access::decorated::no>;
template <typename T>
using decorated_global_ptr = global_ptr<T, access::decorated::yes>;
template <typename T>
using decorated_local_ptr = local_ptr<T, access::decorated::yes>;
template <typename T>
using decorated_private_ptr = private_ptr<T, access::decorated::yes>;

/// Wraps \p P as a multi_ptr (SYCL 2020 4.7.7.1 address_space_cast).
template <access::address_space Space, access::decorated D, typename T>
multi_ptr<T, Space, D> address_space_cast(T *P) {
  return multi_ptr<T, Space, D>(P);
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_MULTI_PTR_HPP
