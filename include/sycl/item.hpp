//===- sycl/item.hpp - sycl::item -----------------------------------------===//
//
/// \file
/// SYCL 2020 4.9.1.4: what a `parallel_for(range, ...)` kernel learns about
/// its work-item: its id and the user's range. Lanes never launches with an
/// offset, so get_offset() is always zero and item<Dims, true> and
/// item<Dims, false> behave the same.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ITEM_HPP
#define LANES_SYCL_ITEM_HPP

#include "sycl/id.hpp"

namespace lanes::detail {
struct ItemBuilder;
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

template <int Dims> class h_item;

namespace detail_item {
/// Adds the non-template `operator size_t()` to item<1, ...> only.
template <typename Derived, int Dims> struct ScalarConversion {};
template <typename Derived> struct ScalarConversion<Derived, 1> {
  operator size_t() const {
    return static_cast<const Derived *>(this)->get_id(0);
  }
};
} // namespace detail_item

/// One work-item of a range kernel. Not constructible by users.
template <int Dims = 1, bool WithOffset = true>
class item
    : public detail_item::ScalarConversion<item<Dims, WithOffset>, Dims> {
public:
  static constexpr int dimensions = Dims;

  item() = delete;

  id<Dims> get_id() const { return Id; }
  size_t get_id(int Dim) const { return Id[Dim]; }
  size_t operator[](int Dim) const { return Id[Dim]; }
  range<Dims> get_range() const { return Range; }
  size_t get_range(int Dim) const { return Range[Dim]; }
  /// Always zero: Lanes has no offset launches.
  template <bool W = WithOffset, std::enable_if_t<W, int> = 0>
  id<Dims> get_offset() const {
    return id<Dims>();
  }
  /// Row-major linear id in get_range() (Dims-1 varies fastest).
  size_t get_linear_id() const {
    return lanes::detail::linearize<Dims>(Id, Range);
  }

  /// An item without offset is also an item with a zero offset. (A
  /// converting constructor: a conversion operator would convert
  /// item<Dims, true> to itself when instantiated with WithOffset true.)
  template <bool W = WithOffset, std::enable_if_t<W, int> = 0>
  item(const item<Dims, false> &Other) : Id(Other.Id), Range(Other.Range) {}

  friend bool operator==(const item &L, const item &R) {
    return L.Id == R.Id && L.Range == R.Range;
  }
  friend bool operator!=(const item &L, const item &R) { return !(L == R); }

private:
  friend struct lanes::detail::ItemBuilder;
  template <int, bool> friend class item;
  friend class h_item<Dims>;

  item(const id<Dims> &Id, const range<Dims> &Range) : Id(Id), Range(Range) {}

  id<Dims> Id;
  range<Dims> Range;
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ITEM_HPP
