//===- sycl/local_accessor.hpp - sycl::local_accessor ---------------------===//
//
/// \file
/// SYCL 2020 4.7.6.11: work-group local memory. Constructing a
/// local_accessor in a command group reserves its bytes in the handler,
/// which hands back a 64-byte aligned offset. In the kernel an access is
/// `(T *)((char *)__lanes_local_memory() + Offset)` indexed with the
/// row-major SYCL linearisation, so the object is two words and trivially
/// copyable (kernels capture it by value).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_LOCAL_ACCESSOR_HPP
#define LANES_SYCL_LOCAL_ACCESSOR_HPP

#include "lanes/builtins.h"
#include "lanes/detail/array_slice.hpp"
#include "lanes/detail/buffer_storage.hpp"
#include "lanes/detail/identity_hash.hpp"
#include "lanes/runtime.h"
#include "sycl/handler.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/property_list.hpp"

#include <iterator>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

/// Dims-dimensional (0 to 3) array of T in work-group local memory.
template <typename T, int Dims = 1>
class local_accessor
    : public lanes::detail::ScalarAccessorOps<local_accessor<T, Dims>, T,
                                              Dims> {
  static_assert(Dims >= 0 && Dims <= 3,
                "local_accessor has 0, 1, 2 or 3 dimensions");
  static_assert(alignof(T) <= lanes::rt::LocalMemoryAlignment,
                "local_accessor: Lanes aligns local memory to 4096 bytes, "
                "less than the element type needs");
  static constexpr int RangeDims = Dims == 0 ? 1 : Dims;

public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;
  using iterator = T *;
  using const_iterator = const T *;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<T, access::address_space::local_space,
                                 IsDecorated>;
  static constexpr int dimensions = Dims;

  /// An accessor of no elements (not usable in a kernel).
  local_accessor()
      : Range(lanes::detail::gather<range<RangeDims>, RangeDims>(
            [](int) { return size_t(0); })) {}

  /// Reserves a \p AllocationSize array in \p CGH's work-group memory.
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  local_accessor(range<Dims> AllocationSize, handler &CGH,
                 const property_list & = {})
      : Offset(CGH.allocateLocal(lanes::detail::checkedBytes(AllocationSize,
                                                             sizeof(T),
                                                             "local_accessor"),
                                 alignof(T))),
        Range(AllocationSize) {}

  /// Reserves one T in \p CGH's work-group memory.
  template <int N = Dims, std::enable_if_t<N == 0, int> = 0>
  local_accessor(handler &CGH, const property_list & = {})
      : Offset(CGH.allocateLocal(sizeof(T), alignof(T))), Range(1) {}

  // Kernel-side element access.

  /// 1-D element \p Index; for more dimensions, the slice at \p Index of
  /// the first dimension (so `Acc[i][j]` works).
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  decltype(auto) operator[](size_t Index) const {
    return lanes::detail::sliceAt<Dims>(data(), Index, Range);
  }
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  T &operator[](id<Dims> Index) const {
    return data()[lanes::detail::linearize<Dims>(Index, Range)];
  }

  /// 0-D: writes \p Value to the element (which the accessor also
  /// converts to, and takes +=, ... through ScalarAccessorOps).
  template <int N = Dims, lanes::detail::EnableIfScalarWrite<N, T> = 0>
  const local_accessor &operator=(const T &Value) const {
    *begin() = Value;
    return *this;
  }

  /// The first element, as a multi_ptr convertible to T*.
  template <access::decorated IsDecorated>
  accessor_ptr<IsDecorated> get_multi_ptr() const {
    return accessor_ptr<IsDecorated>(data());
  }
  /// Deprecated in SYCL 2020; prefer get_multi_ptr.
  local_ptr<T> get_pointer() const { return local_ptr<T>(data()); }

  iterator begin() const noexcept { return data(); }
  iterator end() const noexcept { return data() + size(); }
  const_iterator cbegin() const noexcept { return data(); }
  const_iterator cend() const noexcept { return data() + size(); }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const noexcept {
    return const_reverse_iterator(cend());
  }
  const_reverse_iterator crend() const noexcept {
    return const_reverse_iterator(cbegin());
  }

  // Host- and kernel-side queries.
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  range<Dims> get_range() const {
    return Range;
  }
  /// Number of elements.
  size_t size() const noexcept { return Range.size(); }
  /// Number of bytes.
  size_t byte_size() const noexcept { return size() * sizeof(T); }
  size_t max_size() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  /// SYCL 1.2.1 spellings of byte_size() and size().
  size_t get_size() const noexcept { return byte_size(); }
  size_t get_count() const noexcept { return size(); }

  friend bool operator==(const local_accessor &L, const local_accessor &R) {
    return L.Offset == R.Offset && L.Range == R.Range;
  }
  friend bool operator!=(const local_accessor &L, const local_accessor &R) {
    return !(L == R);
  }

private:
  friend struct std::hash<local_accessor>;

  /// The first element in the calling work-group's local memory.
  T *data() const {
    return reinterpret_cast<T *>(
        static_cast<char *>(__lanes_local_memory()) + Offset);
  }

  size_t Offset = 0;
  range<RangeDims> Range;
};

} // namespace _V1
} // namespace sycl

namespace std {
/// Copies of a local_accessor hash alike.
template <typename T, int Dims> struct hash<sycl::local_accessor<T, Dims>> {
  size_t operator()(const sycl::local_accessor<T, Dims> &A) const noexcept {
    return lanes::detail::identityHash(A.Offset, A.Range.size());
  }
};
} // namespace std

#endif // LANES_SYCL_LOCAL_ACCESSOR_HPP
