//===- sycl/item.hpp - sycl::item -----------------------------------------===//
//
/// \file
/// SYCL 2020 4.9.1.4: what a `parallel_for(range, ...)` kernel learns about
/// its work-item: its id and the user's range, and for item<Dims, true>
/// the offset of the deprecated `parallel_for(range, id offset, f)`, which
/// get_id() includes. The offset is zero for every other launch (and for an
/// item converted from item<Dims, false>); get_linear_id() linearizes the
/// id minus the offset, so it stays in [0, get_range().size()).
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

/// The offset an item<Dims, true> carries; item<Dims, false> has none (an
/// empty base, so it stays an id and a range).
template <int Dims, bool WithOffset> struct OffsetStorage { id<Dims> Offset; };
template <int Dims> struct OffsetStorage<Dims, false> {};
} // namespace detail_item

/// One work-item of a range kernel. Not constructible by users.
template <int Dims = 1, bool WithOffset = true>
class item : public detail_item::ScalarConversion<item<Dims, WithOffset>, Dims>,
             private detail_item::OffsetStorage<Dims, WithOffset> {
public:
  static constexpr int dimensions = Dims;

  item() = delete;

  id<Dims> get_id() const { return Id; }
  size_t get_id(int Dim) const { return Id[Dim]; }
  size_t operator[](int Dim) const { return Id[Dim]; }
  range<Dims> get_range() const { return Range; }
  size_t get_range(int Dim) const { return Range[Dim]; }
  /// The offset the kernel was launched with (deprecated in SYCL 2020);
  /// zero unless it came from `parallel_for(range, id offset, f)`.
  template <bool W = WithOffset, std::enable_if_t<W, int> = 0>
  id<Dims> get_offset() const {
    return this->Offset;
  }
  /// Row-major linear id of get_id() - get_offset() in get_range() (Dims-1
  /// varies fastest), as DPC++ and OpenCL's get_global_linear_id count.
  size_t get_linear_id() const {
    if constexpr (WithOffset)
      return lanes::detail::linearize<Dims>(Id - this->Offset, Range);
    else
      return lanes::detail::linearize<Dims>(Id, Range);
  }

  /// An item without offset is also an item with a zero offset. (A
  /// converting constructor: a conversion operator would convert
  /// item<Dims, true> to itself when instantiated with WithOffset true.)
  template <bool W = WithOffset, std::enable_if_t<W, int> = 0>
  item(const item<Dims, false> &Other)
      : detail_item::OffsetStorage<Dims, true>{id<Dims>()}, Id(Other.Id),
        Range(Other.Range) {}

  friend bool operator==(const item &L, const item &R) {
    if constexpr (WithOffset)
      if (L.Offset != R.Offset)
        return false;
    return L.Id == R.Id && L.Range == R.Range;
  }
  friend bool operator!=(const item &L, const item &R) { return !(L == R); }

private:
  friend struct lanes::detail::ItemBuilder;
  template <int, bool> friend class item;
  friend class h_item<Dims>;

  /// An item of \p Range at \p Id (with a zero offset for WithOffset).
  item(const id<Dims> &Id, const range<Dims> &Range)
      : detail_item::OffsetStorage<Dims, WithOffset>{}, Id(Id), Range(Range) {}
  /// An item<Dims, true> at \p Id of \p Range launched at \p Offset.
  template <bool W = WithOffset, std::enable_if_t<W, int> = 0>
  item(const id<Dims> &Id, const range<Dims> &Range, const id<Dims> &Offset)
      : detail_item::OffsetStorage<Dims, true>{Offset}, Id(Id), Range(Range) {}

  id<Dims> Id;
  range<Dims> Range;
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_ITEM_HPP
