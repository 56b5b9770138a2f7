//===- lanes/detail/accessor_view.hpp - What buffer accessors share -------===//
//
/// \file
/// The constructors, element access and queries that accessor and
/// host_accessor share (SYCL 2020 4.7.6.2 - 4.7.6.10). A buffer accessor is
/// a view of a box inside a row-major array:
///
/// - Origin: the element at the accessor's offset, computed once when the
///   accessor is created on the host;
/// - Memory: the extents of the whole buffer, which give the strides;
/// - Access: the accessor's range; Offset: where it starts.
///
/// So `Acc[id]` is `Origin[linearize(id, Memory)]` and, for one dimension,
/// `Acc[i]` is `Origin[i]`: one load or store that the vectorizer sees as
/// consecutive in i. Besides the view, an accessor refers to the buffer's
/// storage: a raw pointer in a device accessor, which stays trivially
/// copyable for kernels to capture (the handler keeps the storage alive),
/// a shared_ptr in a host accessor, which keeps the data alive itself.
///
/// A 0-dimensional accessor is the 1-D view of a buffer's first element,
/// which it converts to (ScalarAccessorOps); it has no subscripts, range or
/// offset.
///
/// An access_mode::atomic accessor (SYCL 1.2.1, deprecated in SYCL 2020)
/// is the same view whose elements are handed out as
/// sycl::atomic<T, global_space> (sycl/atomic.hpp) instead of references.
///
/// The kernel-side parts (element access, the queries) are inline and free
/// of exceptions; only the constructors, which run on the host, may throw.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_ACCESSOR_VIEW_HPP
#define LANES_DETAIL_ACCESSOR_VIEW_HPP

#include "lanes/detail/array_slice.hpp"
#include "lanes/detail/box_copy.hpp"
#include "lanes/detail/buffer_storage.hpp"
#include "lanes/detail/work_item.hpp"
#include "sycl/access.hpp"
#include "sycl/atomic.hpp"
#include "sycl/item.hpp"
#include "sycl/property_list.hpp"

#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {
template <typename T, int Dims, typename AllocatorT> class buffer;
} // namespace _V1
} // namespace sycl

namespace lanes::detail {

struct ViewAccess;

/// What a deduction tag (sycl::read_only, ...) says; IsTag is false for
/// every other type. sycl/accessor.hpp specializes it for the tags.
template <typename T> struct TagTraits {
  static constexpr bool IsTag = false;
  static constexpr sycl::access_mode Mode = sycl::access_mode::read_write;
  static constexpr sycl::target Target = sycl::target::device;
};

/// Enables a tag constructor of a Dims-dimensional accessor only for the
/// tags of Mode and Target, and not for 0 dimensions (SYCL 2020 gives them
/// no tag constructors).
template <typename TagT, int Dims, sycl::access_mode Mode, sycl::target Target>
using EnableIfTagOf = std::enable_if_t<(Dims > 0) && TagTraits<TagT>::IsTag &&
                                           TagTraits<TagT>::Mode == Mode &&
                                           TagTraits<TagT>::Target == Target,
                                       int>;

/// Enables a constructor of an accessor of DataT from a buffer of ElemT
/// when ElemT is DataT, or DataT without const (a read-only view of a
/// writable buffer).
template <typename ElemT, typename DataT>
using EnableIfBufferOf =
    std::enable_if_t<std::is_same_v<std::remove_const_t<DataT>, ElemT> ||
                         std::is_same_v<DataT, ElemT>,
                     int>;

/// The rank of the view behind a Dims-dimensional buffer accessor: a
/// 0-dimensional accessor views one element of a 1-D buffer.
template <int Dims> inline constexpr int ViewDims = Dims == 0 ? 1 : Dims;

/// The element type of an accessor: const for access_mode::read.
template <typename DataT, sycl::access_mode Mode>
using AccessorValue =
    std::conditional_t<Mode == sycl::access_mode::read,
                       const std::remove_const_t<DataT>,
                       std::remove_const_t<DataT>>;

/// Checks the access mode of an accessor created with \p Props on
/// \p Storage, and records a writer (which turns on the write-back).
template <sycl::access_mode Mode>
void registerAccess(BufferStorage &Storage, const sycl::property_list &Props) {
  if constexpr (Mode == sycl::access_mode::read) {
    if (Props.has_property<sycl::property::no_init>())
      throwInvalid("accessor: property::no_init needs an access mode that "
                   "writes, not access_mode::read");
  } else {
    Storage.markWritten();
  }
}

/// A sycl::range or sycl::id of Dims zeros.
template <typename T, int Dims> T zeros() {
  return gather<T, Dims>([](int) { return size_t(0); });
}

/// A random-access iterator over the elements of a Dims-dimensional box
/// (Dims 2 or 3) inside a row-major array, in row-major order: how 2-D and
/// 3-D buffer accessors iterate (1-D ones use pointers, their box being
/// contiguous). Holds the box's first element, the array's extents (the
/// strides), the box's extents and a position: the linear index into the
/// box.
template <typename T, int Dims> class BoxIterator {
public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = T *;
  using reference = T &;

  BoxIterator() = default;
  BoxIterator(T *Origin, const sycl::range<Dims> &Memory,
              const sycl::range<Dims> &Box, difference_type Position)
      : Origin(Origin), Memory(Memory), Box(Box), Position(Position) {}
  /// The const iterator of the same position.
  template <typename U,
            std::enable_if_t<
                std::is_same_v<const U, T> && !std::is_same_v<U, T>, int> = 0>
  BoxIterator(const BoxIterator<U, Dims> &Other)
      : Origin(Other.Origin), Memory(Other.Memory), Box(Other.Box),
        Position(Other.Position) {}

  reference operator*() const { return *at(Position); }
  pointer operator->() const { return at(Position); }
  reference operator[](difference_type N) const { return *at(Position + N); }

  BoxIterator &operator++() { return *this += 1; }
  BoxIterator &operator--() { return *this -= 1; }
  BoxIterator operator++(int) { return std::exchange(*this, *this + 1); }
  BoxIterator operator--(int) { return std::exchange(*this, *this - 1); }
  BoxIterator &operator+=(difference_type N) {
    Position += N;
    return *this;
  }
  BoxIterator &operator-=(difference_type N) { return *this += -N; }
  friend BoxIterator operator+(BoxIterator It, difference_type N) {
    return It += N;
  }
  friend BoxIterator operator+(difference_type N, BoxIterator It) {
    return It += N;
  }
  friend BoxIterator operator-(BoxIterator It, difference_type N) {
    return It -= N;
  }
  friend difference_type operator-(const BoxIterator &L, const BoxIterator &R) {
    return L.Position - R.Position;
  }

  // Iterators of the same box compare by position.
  friend bool operator==(const BoxIterator &L, const BoxIterator &R) {
    return L.Position == R.Position;
  }
  friend bool operator!=(const BoxIterator &L, const BoxIterator &R) {
    return L.Position != R.Position;
  }
  friend bool operator<(const BoxIterator &L, const BoxIterator &R) {
    return L.Position < R.Position;
  }
  friend bool operator>(const BoxIterator &L, const BoxIterator &R) {
    return L.Position > R.Position;
  }
  friend bool operator<=(const BoxIterator &L, const BoxIterator &R) {
    return L.Position <= R.Position;
  }
  friend bool operator>=(const BoxIterator &L, const BoxIterator &R) {
    return L.Position >= R.Position;
  }

private:
  template <typename, int> friend class BoxIterator;

  /// The element at position \p At of the box.
  T *at(difference_type At) const {
    size_t Rest = size_t(At), Linear = 0, Stride = 1;
    for (int D = Dims - 1; D > 0; --D) {
      Linear += Rest % Box[D] * Stride;
      Rest /= Box[D];
      Stride *= Memory[D];
    }
    return Origin + Linear + Rest * Stride;
  }

  T *Origin = nullptr;
  sycl::range<Dims> Memory = zeros<sycl::range<Dims>, Dims>();
  sycl::range<Dims> Box = zeros<sycl::range<Dims>, Dims>();
  difference_type Position = 0;
};

/// The iterator of a Dims-dimensional buffer accessor of T.
template <typename T, int Dims>
using BoxIteratorOf = std::conditional_t<Dims <= 1, T *, BoxIterator<T, Dims>>;

/// A Dims-dimensional accessor of DataT with Mode to a buffer, created with
/// the tags of TagTarget, referring to the buffer's storage through
/// StorageRefT (BufferStorage * or std::shared_ptr<BufferStorage>).
template <typename DataT, int Dims, sycl::access_mode Mode,
          sycl::target TagTarget, typename StorageRefT>
class BufferAccessorBase {
  static_assert(Dims >= 0 && Dims <= 3,
                "buffer accessors have 0, 1, 2 or 3 dimensions");
  static_assert(Dims > 0 || Mode != sycl::access_mode::atomic,
                "Lanes does not implement 0-dimensional accessors of "
                "access_mode::atomic; use a read_write accessor and "
                "sycl::atomic_ref on its element");
  static_assert(!std::is_const_v<DataT> || Mode == sycl::access_mode::read,
                "an accessor of const DataT (every accessor of a buffer of "
                "const T) must have access_mode::read");

  /// The rank of the view: 1 for a 0-dimensional accessor.
  static constexpr int VDims = ViewDims<Dims>;
  template <typename ElemT, typename AllocatorT>
  using BufferT = sycl::buffer<ElemT, VDims, AllocatorT>;
  template <typename ElemT>
  using EnableIfViews = EnableIfBufferOf<ElemT, DataT>;
  template <typename TagT>
  using EnableIfTag = EnableIfTagOf<TagT, Dims, Mode, TagTarget>;
  /// What `Acc[...]` gives for an element: a reference, or a sycl::atomic.
  using Element = std::conditional_t<
      Mode == sycl::access_mode::atomic,
      AtomicElement<sycl::access::address_space::global_space>, PlainElement>;
  /// OtherT and OtherMode give an accessor that converts to this one: the
  /// other read-only spelling, or read-write (SYCL 2020 4.7.6.9.2).
  template <typename OtherT, sycl::access_mode OtherMode>
  static constexpr bool ConvertsFrom =
      Mode == sycl::access_mode::read &&
      (OtherMode == sycl::access_mode::read ||
       OtherMode == sycl::access_mode::read_write) &&
      std::is_same_v<std::remove_const_t<OtherT>, std::remove_const_t<DataT>> &&
      !(std::is_same_v<OtherT, DataT> && OtherMode == Mode);

public:
  using value_type = AccessorValue<DataT, Mode>;
  using reference = value_type &;
  using const_reference = const value_type &;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;
  using iterator = BoxIteratorOf<value_type, Dims>;
  using const_iterator = BoxIteratorOf<const value_type, Dims>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  /// An empty accessor: no elements, all ranges zero.
  BufferAccessorBase()
      : Memory(zeros<sycl::range<VDims>, VDims>()),
        Access(zeros<sycl::range<VDims>, VDims>()),
        Offset(zeros<sycl::id<VDims>, VDims>()) {}

  /// The whole buffer; with 0 dimensions, its first element.
  template <typename ElemT, typename AllocatorT, EnableIfViews<ElemT> = 0>
  BufferAccessorBase(BufferT<ElemT, AllocatorT> &Buf,
                     const sycl::property_list &Props = {})
      : BufferAccessorBase(Buf, wholeRange(Buf), sycl::id<VDims>(), Props,
                           Checked()) {}
  template <typename ElemT, typename AllocatorT, typename TagT,
            EnableIfViews<ElemT> = 0, EnableIfTag<TagT> = 0>
  BufferAccessorBase(BufferT<ElemT, AllocatorT> &Buf, TagT,
                     const sycl::property_list &Props = {})
      : BufferAccessorBase(Buf, Props) {}
  template <typename ElemT, typename AllocatorT, int N = Dims,
            EnableIfViews<ElemT> = 0, std::enable_if_t<(N > 0), int> = 0>
  BufferAccessorBase(BufferT<ElemT, AllocatorT> &Buf,
                     sycl::range<VDims> AccessRange,
                     const sycl::property_list &Props = {})
      : BufferAccessorBase(Buf, AccessRange, sycl::id<VDims>(), Props) {}
  template <typename ElemT, typename AllocatorT, typename TagT,
            EnableIfViews<ElemT> = 0, EnableIfTag<TagT> = 0>
  BufferAccessorBase(BufferT<ElemT, AllocatorT> &Buf,
                     sycl::range<VDims> AccessRange, TagT,
                     const sycl::property_list &Props = {})
      : BufferAccessorBase(Buf, AccessRange, Props) {}
  /// \p AccessRange at \p AccessOffset; throws errc::invalid when it does
  /// not fit in the buffer.
  template <typename ElemT, typename AllocatorT, int N = Dims,
            EnableIfViews<ElemT> = 0, std::enable_if_t<(N > 0), int> = 0>
  BufferAccessorBase(BufferT<ElemT, AllocatorT> &Buf,
                     sycl::range<VDims> AccessRange,
                     sycl::id<VDims> AccessOffset,
                     const sycl::property_list &Props = {})
      : BufferAccessorBase(Buf, AccessRange, AccessOffset, Props, Checked()) {}
  template <typename ElemT, typename AllocatorT, typename TagT,
            EnableIfViews<ElemT> = 0, EnableIfTag<TagT> = 0>
  BufferAccessorBase(BufferT<ElemT, AllocatorT> &Buf,
                     sycl::range<VDims> AccessRange,
                     sycl::id<VDims> AccessOffset, TagT,
                     const sycl::property_list &Props = {})
      : BufferAccessorBase(Buf, AccessRange, AccessOffset, Props) {}

  /// The same view, read-only.
  template <typename OtherT, sycl::access_mode OtherMode,
            std::enable_if_t<ConvertsFrom<OtherT, OtherMode>, int> = 0>
  BufferAccessorBase(const BufferAccessorBase<OtherT, Dims, OtherMode,
                                              TagTarget, StorageRefT> &Other)
      : Placeholder(Other.Placeholder), Origin(Other.Origin),
        Memory(Other.Memory), Access(Other.Access), Offset(Other.Offset),
        Storage(Other.Storage) {}

  /// The element at \p Index, relative to the offset (a ranged accessor's
  /// `[0]` is the element at get_offset()).
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  decltype(auto) operator[](const sycl::id<VDims> &Index) const {
    return Element::at(Origin + linearize<Dims>(Index, Memory));
  }
  /// The element at an item's id (an exact match, so `Acc[It]` does not
  /// have to choose between item's conversions to id and to size_t).
  template <bool WithOffset, int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  decltype(auto) operator[](const sycl::item<VDims, WithOffset> &It) const {
    return (*this)[It.get_id()];
  }
  /// 1-D: the element \p Index; 2-D and 3-D: the slice \p Index of the
  /// first dimension, so that `Acc[i][j]` works.
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  decltype(auto) operator[](size_t Index) const {
    return sliceAt<Dims, Element>(Origin, Index, Memory);
  }

  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  sycl::range<VDims> get_range() const {
    return Access;
  }
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  sycl::id<VDims> get_offset() const {
    return Offset;
  }
  /// Number of elements in the accessor's range.
  size_t size() const noexcept { return Access.size(); }
  size_t byte_size() const noexcept { return size() * sizeof(value_type); }
  size_t max_size() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  /// SYCL 1.2.1 spellings of size() and byte_size().
  size_t get_count() const noexcept { return size(); }
  size_t get_size() const noexcept { return byte_size(); }

  /// The elements of the accessor's range, in row-major order.
  iterator begin() const noexcept { return iteratorAt<iterator>(0); }
  iterator end() const noexcept { return iteratorAt<iterator>(size()); }
  const_iterator cbegin() const noexcept {
    return iteratorAt<const_iterator>(0);
  }
  const_iterator cend() const noexcept {
    return iteratorAt<const_iterator>(size());
  }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const noexcept {
    return const_reverse_iterator(cend());
  }
  const_reverse_iterator crend() const noexcept {
    return const_reverse_iterator(cbegin());
  }

protected:
  /// The first element of the whole buffer (get_pointer() of SYCL 2020).
  value_type *start() const {
    return Origin - linearize<VDims>(Offset, Memory);
  }

  /// Same buffer, same box.
  bool sameView(const BufferAccessorBase &Other) const {
    return Origin == Other.Origin && Memory == Other.Memory &&
           Access == Other.Access && Offset == Other.Offset;
  }

  /// True until a handler binds the accessor (device accessors only).
  bool Placeholder = true;

private:
  friend struct ViewAccess;
  template <typename, int, sycl::access_mode, sycl::target, typename>
  friend class BufferAccessorBase;

  /// Selects the constructor below, which every constructor from a buffer
  /// ends in (the public ones that take a range exist for Dims > 0 only).
  struct Checked {};
  /// \p AccessRange at \p AccessOffset of \p Buf; throws errc::invalid
  /// when it does not fit in the buffer.
  template <typename ElemT, typename AllocatorT>
  BufferAccessorBase(BufferT<ElemT, AllocatorT> &Buf,
                     sycl::range<VDims> AccessRange,
                     sycl::id<VDims> AccessOffset,
                     const sycl::property_list &Props, Checked)
      : Memory(Buf.get_range()), Access(AccessRange), Offset(AccessOffset),
        Storage(storageRef(BufferAccess::storage(Buf))) {
    const char *What =
        std::is_pointer_v<StorageRefT> ? "accessor" : "host_accessor";
    if (Dims == 0 && Memory[0] == 0)
      throwInvalid(std::string(What) +
                   ": a 0-dimensional accessor needs a buffer of at least "
                   "one element; this buffer is empty");
    checkSubRange<VDims>(What, Memory, Access, Offset);
    registerAccess<Mode>(*Storage, Props);
    Origin = BufferAccess::data(Buf) + linearize<VDims>(Offset, Memory);
  }
  /// What an accessor without a range sees of \p Buf: all of it, or with
  /// 0 dimensions one element.
  template <typename ElemT, typename AllocatorT>
  static sycl::range<VDims> wholeRange(const BufferT<ElemT, AllocatorT> &Buf) {
    if constexpr (Dims == 0)
      return sycl::range<1>(1);
    else
      return Buf.get_range();
  }

  /// The iterator of type \p It at \p Position of the accessor's range.
  template <typename It> It iteratorAt(size_t Position) const {
    static_assert(Mode != sycl::access_mode::atomic,
                  "accessors of access_mode::atomic have no iterators; "
                  "iterate over a read_write accessor and use atomic_ref");
    if constexpr (Dims <= 1)
      return Origin + Position;
    else
      return It(Origin, Memory, Access, std::ptrdiff_t(Position));
  }
  static StorageRefT
  storageRef(const std::shared_ptr<BufferStorage> &Storage) {
    if constexpr (std::is_pointer_v<StorageRefT>)
      return Storage.get();
    else
      return Storage;
  }

  value_type *Origin = nullptr;
  sycl::range<VDims> Memory;
  sycl::range<VDims> Access;
  sycl::id<VDims> Offset;
  StorageRefT Storage{};
};

/// What the handler needs of an accessor and users must not see.
struct ViewAccess {
  /// The accessor's elements as rows of bytes.
  template <typename DataT, int Dims, sycl::access_mode Mode,
            sycl::target TagTarget, typename StorageRefT>
  static ByteBox box(const BufferAccessorBase<DataT, Dims, Mode, TagTarget,
                                              StorageRefT> &View) {
    return ByteBox::of<ViewDims<Dims>>(View.Origin, View.Memory, View.Access,
                                       sizeof(*View.Origin));
  }
  /// The storage of the buffer behind a device accessor (null when empty).
  template <typename DataT, int Dims, sycl::access_mode Mode,
            sycl::target TagTarget>
  static BufferStorage *storage(const BufferAccessorBase<
                                DataT, Dims, Mode, TagTarget, BufferStorage *>
                                    &View) {
    return View.Storage;
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
