//===- lanes/detail/accessor_view.hpp - What buffer accessors share -------===//
//
/// \file
/// The element access and the queries that accessor and host_accessor share
/// (SYCL 2020 4.7.6.2 - 4.7.6.5, 4.7.6.8). A buffer accessor is a view of a
/// box inside a row-major array:
///
/// - Origin: the element at the accessor's offset, computed once when the
///   accessor is created on the host;
/// - Memory: the extents of the whole buffer, which give the strides;
/// - Access: the accessor's range; Offset: where it starts.
///
/// So `Acc[id]` is `Origin[linearize(id, Memory)]` and, for one dimension,
/// `Acc[i]` is `Origin[i]`: one load or store that the vectorizer sees as
/// consecutive in i. The view holds a pointer and three small arrays, is
/// trivially copyable, and kernels capture it by value.
///
/// The kernel-side parts (element access, the queries) are inline and
/// free of exceptions; only the constructor, which runs on the host, may
/// throw.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_ACCESSOR_VIEW_HPP
#define LANES_DETAIL_ACCESSOR_VIEW_HPP

#include "lanes/detail/array_slice.hpp"
#include "lanes/detail/box_copy.hpp"
#include "lanes/detail/buffer_storage.hpp"
#include "lanes/detail/work_item.hpp"
#include "sycl/item.hpp"

#include <cstddef>
#include <type_traits>

namespace lanes::detail {

struct ViewAccess;

/// Element access and queries of a Dims-dimensional buffer accessor whose
/// elements are ValueT (const for read-only accessors).
template <typename ValueT, int Dims> class BufferAccessorBase {
  static_assert(Dims >= 1 && Dims <= 3,
                "Lanes does not implement 0-dimensional buffer accessors; "
                "use a 1-dimensional accessor and element [0]");

public:
  using value_type = ValueT;
  using reference = ValueT &;
  using const_reference = const ValueT &;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;

  /// The element at \p Index, relative to the offset (a ranged accessor's
  /// `[0]` is the element at get_offset()).
  reference operator[](const sycl::id<Dims> &Index) const {
    return Origin[linearize<Dims>(Index, Memory)];
  }
  /// The element at an item's id (an exact match, so `Acc[It]` does not
  /// have to choose between item's conversions to id and to size_t).
  template <bool WithOffset>
  reference operator[](const sycl::item<Dims, WithOffset> &It) const {
    return (*this)[It.get_id()];
  }
  /// 1-D: the element \p Index; 2-D and 3-D: the slice \p Index of the
  /// first dimension, so that `Acc[i][j]` works.
  decltype(auto) operator[](size_t Index) const {
    return sliceAt<Dims>(Origin, Index, Memory);
  }

  sycl::range<Dims> get_range() const { return Access; }
  sycl::id<Dims> get_offset() const { return Offset; }
  /// Number of elements in the accessor's range.
  size_t size() const noexcept { return Access.size(); }
  size_t byte_size() const noexcept { return size() * sizeof(ValueT); }
  size_t max_size() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  /// SYCL 1.2.1 spellings of size() and byte_size().
  size_t get_count() const noexcept { return size(); }
  size_t get_size() const noexcept { return byte_size(); }

protected:
  /// An empty view: no elements, all ranges zero.
  BufferAccessorBase()
      : Memory(zeroRange()), Access(zeroRange()),
        Offset(gather<sycl::id<Dims>, Dims>([](int) { return size_t(0); })) {}

  /// The box \p Range at \p At of the array \p Start with extents
  /// \p Whole; throws errc::invalid (naming \p What) when the box does not
  /// fit.
  BufferAccessorBase(const char *What, ValueT *Start,
                     const sycl::range<Dims> &Whole,
                     const sycl::range<Dims> &Range, const sycl::id<Dims> &At)
      : Memory(Whole), Access(Range), Offset(At) {
    checkSubRange<Dims>(What, Whole, Range, At);
    Origin = Start + linearize<Dims>(At, Whole);
  }

  /// The same view with const elements (the read-only conversions).
  template <typename OtherValueT>
  BufferAccessorBase(const BufferAccessorBase<OtherValueT, Dims> &Other)
      : Origin(Other.Origin), Memory(Other.Memory), Access(Other.Access),
        Offset(Other.Offset) {}

  /// The first element of the whole buffer (get_pointer() of SYCL 2020).
  ValueT *start() const { return Origin - linearize<Dims>(Offset, Memory); }

  /// Same buffer, same box.
  bool sameView(const BufferAccessorBase &Other) const {
    return Origin == Other.Origin && Memory == Other.Memory &&
           Access == Other.Access && Offset == Other.Offset;
  }

private:
  friend struct ViewAccess;
  template <typename, int> friend class BufferAccessorBase;

  static sycl::range<Dims> zeroRange() {
    return gather<sycl::range<Dims>, Dims>([](int) { return size_t(0); });
  }

  ValueT *Origin = nullptr;
  sycl::range<Dims> Memory;
  sycl::range<Dims> Access;
  sycl::id<Dims> Offset;
};

/// What the handler needs of an accessor and users must not see.
struct ViewAccess {
  /// The accessor's elements as rows of bytes.
  template <typename ValueT, int Dims>
  static ByteBox box(const BufferAccessorBase<ValueT, Dims> &View) {
    return ByteBox::of<Dims>(View.Origin, View.Memory, View.Access,
                             sizeof(ValueT));
  }
  /// The storage of the buffer behind \p Acc (null for an empty accessor).
  template <typename AccessorT>
  static BufferStorage *storage(const AccessorT &Acc) {
    return Acc.Storage;
  }
};

/// Static checks of the accessors of handler::copy and handler::fill: a
/// source must be readable (\p Source), a destination writable, and both
/// must be device accessors.
template <sycl::access::mode Mode, sycl::access::target Target, bool Source>
constexpr void checkCopyAccessor() {
  using sycl::access::mode;
  static_assert(Target == sycl::access::target::device ||
                    Target == sycl::access::target::constant_buffer,
                "handler::copy, fill and update_host take accessors with "
                "target::device");
  if constexpr (Source)
    static_assert(Mode == mode::read || Mode == mode::read_write,
                  "handler::copy: the source accessor must have "
                  "access_mode::read or read_write");
  else
    static_assert(Mode != mode::read && Mode != mode::atomic,
                  "handler::copy and fill: the destination accessor must "
                  "be writable");
}

/// Throws errc::invalid unless a destination of \p DestBytes can take the
/// \p SrcBytes of a copy.
inline void checkCopyFits(size_t SrcBytes, size_t DestBytes) {
  if (DestBytes < SrcBytes)
    throwInvalid("handler::copy: the destination accessor holds " +
                 std::to_string(DestBytes) + " bytes, fewer than the " +
                 std::to_string(SrcBytes) + " bytes of the source accessor");
}

} // namespace lanes::detail

#endif // LANES_DETAIL_ACCESSOR_VIEW_HPP
