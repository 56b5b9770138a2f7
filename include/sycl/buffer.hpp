//===- sycl/buffer.hpp - sycl::buffer and buffer_allocator ----------------===//
//
/// \file
/// SYCL 2020 4.7.2: buffers. A buffer is a handle (reference semantics) to
/// a lanes::detail::BufferStorage: copies share the data, and the storage
/// (with its write-back) goes away with the last handle, host_accessor or
/// command group that uses it.
///
/// Lanes runs commands synchronously on the host, so a buffer needs one
/// copy of its data and no coherence protocol: the host data is copied in
/// at construction (or, with property::buffer::use_host_ptr on writable
/// host memory, used in place) and written back when the storage dies. The
/// storage comes from the buffer's allocator; the default buffer_allocator
/// gives 64-byte aligned memory. Accessors (sycl/accessor.hpp) point into
/// it directly. The get_access members return accessors and are defined
/// with them; include <sycl/sycl.hpp>. A buffer of const T is read-only:
/// only accessors of const T view it, so with use_host_ptr it may keep its
/// data in const host memory, and it writes back only when asked to.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_BUFFER_HPP
#define LANES_SYCL_BUFFER_HPP

#include "lanes/detail/buffer_storage.hpp"
#include "lanes/detail/identity_hash.hpp"
#include "sycl/access.hpp"
#include "sycl/id.hpp"
#include "sycl/property_list.hpp"
#include "sycl/range.hpp"
#include "sycl/usm.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

template <typename DataT, int Dims, access::mode Mode, access::target Target,
          access::placeholder IsPlaceholder>
class accessor;
template <typename DataT, int Dims, access::mode Mode> class host_accessor;

/// SYCL 2020 4.7.1.1: the default allocator of buffers: 64-byte aligned host
/// memory, like Lanes' USM.
template <typename T> class buffer_allocator {
public:
  using value_type = T;
  template <typename U> struct rebind {
    using other = buffer_allocator<U>;
  };

  buffer_allocator() noexcept = default;
  template <typename U> buffer_allocator(const buffer_allocator<U> &) noexcept {}

  /// Throws std::bad_alloc when there is no memory.
  T *allocate(size_t Count) {
    size_t Bytes = detail_usm::bytesOf<T>(Count);
    void *Data = detail_usm::allocate(
        std::max(detail_usm::DefaultAlignment, alignof(T)), Bytes);
    if (!Data)
      throw std::bad_alloc();
    return static_cast<T *>(Data);
  }
  void deallocate(T *Data, size_t) noexcept { std::free(Data); }

  friend bool operator==(const buffer_allocator &, const buffer_allocator &) {
    return true;
  }
  friend bool operator!=(const buffer_allocator &, const buffer_allocator &) {
    return false;
  }
};

namespace detail_buffer {
/// Selects the buffer constructor that shares another buffer's storage.
struct ShareTag {};
/// Stands for the T * of the constructors of a buffer of const T.
struct NoWritableHost;

/// True for a container a 1-D buffer of T can be made from: std::data
/// gives a pointer to T and std::size its length.
template <typename C, typename T, typename = void>
struct IsContainerOf : std::false_type {};
template <typename C, typename T>
struct IsContainerOf<C, T,
                     std::void_t<decltype(std::data(std::declval<C &>())),
                                 decltype(std::size(std::declval<C &>()))>>
    : std::is_convertible<decltype(std::data(std::declval<C &>())),
                          const T *> {};

/// True for input iterators (not integers, which are sizes).
template <typename It, typename = void>
struct IsIterator : std::false_type {};
template <typename It>
struct IsIterator<
    It, std::void_t<typename std::iterator_traits<It>::iterator_category>>
    : std::true_type {};

/// The write-back destination for the final data \p Dest of \p Count
/// elements of T: nothing (nullptr), a weak or shared pointer (not once it
/// has expired), or an output iterator (a raw pointer among them).
template <typename T>
lanes::detail::BufferStorage::FinalData finalDataTo(std::nullptr_t, size_t) {
  return {};
}
template <typename T, typename U>
lanes::detail::BufferStorage::FinalData finalDataTo(std::weak_ptr<U> Dest,
                                                    size_t Count) {
  return [Dest, Count](const void *Data) {
    if (auto Live = Dest.lock())
      std::copy_n(static_cast<const T *>(Data), Count, Live.get());
  };
}
template <typename T, typename U>
lanes::detail::BufferStorage::FinalData
finalDataTo(const std::shared_ptr<U> &Dest, size_t Count) {
  return finalDataTo<T>(std::weak_ptr<U>(Dest), Count);
}
template <typename T, typename OutputIt>
lanes::detail::BufferStorage::FinalData finalDataTo(OutputIt Dest,
                                                    size_t Count) {
  return [Dest, Count](const void *Data) {
    std::copy_n(static_cast<const T *>(Data), Count, Dest);
  };
}
} // namespace detail_buffer

/// Dims-dimensional (1 to 3) array of T shared between the host and
/// kernels. Copies are handles to the same data.
template <typename T, int Dims = 1,
          typename AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class buffer {
  static_assert(Dims >= 1 && Dims <= 3,
                "SYCL buffers have 1, 2 or 3 dimensions");
  static_assert(std::is_trivially_copyable_v<T>,
                "SYCL buffer elements must be device-copyable (in Lanes: "
                "trivially copyable)");
  /// The element as the storage holds it. A buffer of const T is
  /// read-only: its accessors are all of const T, so nothing writes its
  /// data once the constructor has filled it.
  using Element = std::remove_const_t<T>;
  /// The host pointer that the buffer may write back to: T *, or for a
  /// buffer of const T a type no pointer converts to, so that the
  /// constructors from it do not collide with those from const T *.
  using WritableHost =
      std::conditional_t<std::is_const_v<T>, detail_buffer::NoWritableHost, T>;
  static constexpr access::mode DefaultMode =
      std::is_const_v<T> ? access::mode::read : access::mode::read_write;
  using Traits = typename std::allocator_traits<
      AllocatorT>::template rebind_traits<Element>;
  using FinalData = lanes::detail::BufferStorage::FinalData;

public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;
  using allocator_type = AllocatorT;

  /// Uninitialized data; no write-back unless set_final_data is called.
  buffer(const range<Dims> &Range, const property_list &Props = {})
      : buffer(Range, AllocatorT(), Props) {}
  buffer(const range<Dims> &Range, AllocatorT Alloc,
         const property_list &Props = {})
      : Range(checked(Range)), Alloc(Alloc), Props(Props) {
    Storage = allocate();
  }

  /// The data of \p Host, written back there when the buffer dies (if it
  /// was written). With use_host_ptr the buffer keeps its data in
  /// \p Host itself.
  buffer(WritableHost *Host, const range<Dims> &Range,
         const property_list &Props = {})
      : buffer(Host, Range, AllocatorT(), Props) {}
  buffer(WritableHost *Host, const range<Dims> &Range, AllocatorT Alloc,
         const property_list &Props = {})
      : Range(checked(Range)), Alloc(Alloc), Props(Props) {
    Storage = useHostPtr() && Host ? borrow(Host) : copyOf(Host);
    if (Host && !useHostPtr())
      Storage->setFinalData(finalData(Host));
  }

  /// A copy of \p Host; no write-back (the host data is read-only). A
  /// buffer of const T with use_host_ptr keeps its data in \p Host itself.
  buffer(const T *Host, const range<Dims> &Range,
         const property_list &Props = {})
      : buffer(Host, Range, AllocatorT(), Props) {}
  buffer(const T *Host, const range<Dims> &Range, AllocatorT Alloc,
         const property_list &Props = {})
      : Range(checked(Range)), Alloc(Alloc), Props(Props) {
    if constexpr (std::is_const_v<T>)
      Storage = useHostPtr() && Host ? borrow(Host) : copyOf(Host);
    else
      Storage = copyOf(Host);
  }

  /// The data of \p Host, shared with the application: written back if
  /// the application still holds it when the buffer dies. An empty
  /// pointer gives uninitialized data.
  buffer(const std::shared_ptr<T> &Host, const range<Dims> &Range,
         const property_list &Props = {})
      : buffer(Host, Range, AllocatorT(), Props) {}
  buffer(const std::shared_ptr<T> &Host, const range<Dims> &Range,
         AllocatorT Alloc, const property_list &Props = {})
      : Range(checked(Range)), Alloc(Alloc), Props(Props) {
    initShared(Host);
  }
  buffer(const std::shared_ptr<T[]> &Host, const range<Dims> &Range,
         const property_list &Props = {})
      : buffer(Host, Range, AllocatorT(), Props) {}
  buffer(const std::shared_ptr<T[]> &Host, const range<Dims> &Range,
         AllocatorT Alloc, const property_list &Props = {})
      : Range(checked(Range)), Alloc(Alloc), Props(Props) {
    initShared(Host);
  }

  /// 1-D: the elements of \p Data (std::data, std::size); written back to
  /// it unless std::data gives a const pointer.
  template <typename Container, int N = Dims,
            std::enable_if_t<N == 1 &&
                                 detail_buffer::IsContainerOf<Container, T>{},
                             int> = 0>
  buffer(Container &Data, const property_list &Props = {})
      : buffer(Data, AllocatorT(), Props) {}
  template <typename Container, int N = Dims,
            std::enable_if_t<N == 1 &&
                                 detail_buffer::IsContainerOf<Container, T>{},
                             int> = 0>
  buffer(Container &Data, AllocatorT Alloc, const property_list &Props = {})
      : buffer(std::data(Data), range<Dims>(std::size(Data)), Alloc, Props) {}

  /// 1-D: a copy of [First, Last); no write-back.
  template <typename InputIt, int N = Dims,
            std::enable_if_t<N == 1 && detail_buffer::IsIterator<InputIt>{},
                             int> = 0>
  buffer(InputIt First, InputIt Last, AllocatorT Alloc = {},
         const property_list &Props = {})
      : Range(range<Dims>(size_t(std::distance(First, Last)))), Alloc(Alloc),
        Props(Props) {
    Storage = allocate();
    std::copy(First, Last, data());
  }
  template <typename InputIt, int N = Dims,
            std::enable_if_t<N == 1 && detail_buffer::IsIterator<InputIt>{},
                             int> = 0>
  buffer(InputIt First, InputIt Last, const property_list &Props)
      : buffer(First, Last, AllocatorT(), Props) {}

  /// The sub-buffer \p SubRange at \p BaseIndex of \p Parent, which must be
  /// a contiguous part of it; shares the parent's data.
  buffer(buffer &Parent, const id<Dims> &BaseIndex, const range<Dims> &SubRange)
      : Storage(Parent.Storage), Range(SubRange), Alloc(Parent.Alloc),
        Props(Parent.Props), SubBuffer(true) {
    if (Parent.SubBuffer)
      lanes::detail::throwInvalid(
          "buffer: a sub-buffer cannot be made from a sub-buffer");
    lanes::detail::checkSubRange<Dims>("sub-buffer", Parent.Range, SubRange,
                                       BaseIndex);
    if (!isContiguous(Parent.Range, SubRange))
      lanes::detail::throwInvalid(
          "buffer: the sub-buffer " +
          lanes::detail::formatIndex<Dims>(SubRange) +
          " is not a contiguous part of the buffer " +
          lanes::detail::formatIndex<Dims>(Parent.Range));
    BaseBytes = Parent.BaseBytes +
                lanes::detail::linearize<Dims>(BaseIndex, Parent.Range) *
                    sizeof(T);
  }

  range<Dims> get_range() const { return Range; }
  /// Number of elements.
  size_t size() const noexcept { return Range.size(); }
  size_t byte_size() const noexcept { return size() * sizeof(T); }
  /// SYCL 1.2.1 spellings of size() and byte_size().
  size_t get_count() const { return size(); }
  size_t get_size() const { return byte_size(); }
  AllocatorT get_allocator() const { return Alloc; }

  template <typename Prop> bool has_property() const noexcept {
    return Props.has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return Props.get_property<Prop>();
  }

  // Accessors (defined by sycl/accessor.hpp's classes).

  /// An accessor of \p Mode (by default read_write, read for const T) and
  /// \p Target in command group \p CGH.
  template <access::mode Mode = DefaultMode,
            access::target Target = access::target::device>
  accessor<T, Dims, Mode, Target, access::placeholder::false_t>
  get_access(handler &CGH) {
    return {*this, CGH};
  }
  /// The same, for \p AccessRange at \p AccessOffset.
  template <access::mode Mode = DefaultMode,
            access::target Target = access::target::device>
  accessor<T, Dims, Mode, Target, access::placeholder::false_t>
  get_access(handler &CGH, range<Dims> AccessRange,
             id<Dims> AccessOffset = {}) {
    return {*this, CGH, AccessRange, AccessOffset};
  }
  /// SYCL 1.2.1 host accessor (deprecated; use get_host_access).
  template <access::mode Mode>
  accessor<T, Dims, Mode, access::target::host_buffer,
           access::placeholder::false_t>
  get_access() {
    return {*this};
  }
  template <access::mode Mode>
  accessor<T, Dims, Mode, access::target::host_buffer,
           access::placeholder::false_t>
  get_access(range<Dims> AccessRange, id<Dims> AccessOffset = {}) {
    return {*this, AccessRange, AccessOffset};
  }
  /// `accessor{*this, Args...}`: SYCL 2020, e.g. get_access(cgh, read_only).
  template <typename... Args> auto get_access(Args &&...ArgList) {
    return accessor{*this, std::forward<Args>(ArgList)...};
  }
  /// `host_accessor{*this, Args...}`.
  template <typename... Args> auto get_host_access(Args &&...ArgList) {
    return host_accessor{*this, std::forward<Args>(ArgList)...};
  }

  /// Where the data goes when the buffer dies: an output iterator (a raw
  /// pointer, say), a std::weak_ptr or std::shared_ptr (skipped once it
  /// has expired), or nullptr for nowhere.
  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination Dest = nullptr) {
    checkWholeBuffer("set_final_data");
    Storage->setFinalData(finalData(std::move(Dest)));
  }
  /// Forces (true) or cancels (false) the write-back.
  void set_write_back(bool Flag = true) {
    checkWholeBuffer("set_write_back");
    Storage->setWriteBack(Flag);
  }
  bool is_sub_buffer() const { return SubBuffer; }

  /// The same data as \p NewDims-dimensional \p NewRange of NewT; throws
  /// errc::invalid unless the sizes in bytes agree.
  template <typename NewT, int NewDims>
  buffer<NewT, NewDims,
         typename std::allocator_traits<AllocatorT>::template rebind_alloc<
             std::remove_const_t<NewT>>>
  reinterpret(range<NewDims> NewRange) const {
    static_assert(std::is_const_v<NewT> || !std::is_const_v<T>,
                  "buffer::reinterpret: a buffer of const T reinterprets "
                  "only as a buffer of const elements");
    if (NewRange.size() * sizeof(NewT) != byte_size())
      lanes::detail::throwInvalid(
          "buffer::reinterpret: " + std::to_string(NewRange.size()) + " x " +
          std::to_string(sizeof(NewT)) + " bytes differ from the buffer's " +
          std::to_string(byte_size()) + " bytes");
    return {detail_buffer::ShareTag(), Storage, NewRange, BaseBytes, SubBuffer,
            Alloc, Props};
  }
  /// 1-D, or the same range with an element of the same size.
  template <typename NewT, int NewDims = Dims>
  auto reinterpret() const {
    static_assert(NewDims == 1 || (NewDims == Dims && sizeof(NewT) == sizeof(T)),
                  "buffer::reinterpret without a range: to 1 dimension, or "
                  "to the same rank with an element of the same size");
    if constexpr (NewDims == 1) {
      if (byte_size() % sizeof(NewT))
        lanes::detail::throwInvalid(
            "buffer::reinterpret: " + std::to_string(byte_size()) +
            " bytes are not a whole number of " +
            std::to_string(sizeof(NewT)) + "-byte elements");
      return reinterpret<NewT, 1>(range<1>(byte_size() / sizeof(NewT)));
    } else {
      return reinterpret<NewT, NewDims>(Range);
    }
  }

  friend bool operator==(const buffer &L, const buffer &R) {
    return L.Storage == R.Storage && L.BaseBytes == R.BaseBytes &&
           L.Range == R.Range;
  }
  friend bool operator!=(const buffer &L, const buffer &R) { return !(L == R); }

private:
  friend struct lanes::detail::BufferAccess;
  friend struct std::hash<buffer>;
  template <typename, int, typename> friend class buffer;

  /// A view of \p Storage (for reinterpret).
  template <typename OtherAllocT>
  buffer(detail_buffer::ShareTag, std::shared_ptr<lanes::detail::BufferStorage> Storage,
         const range<Dims> &Range, size_t BaseBytes, bool SubBuffer,
         const OtherAllocT &Alloc, const property_list &Props)
      : Storage(std::move(Storage)), Range(Range), Alloc(Alloc), Props(Props),
        BaseBytes(BaseBytes), SubBuffer(SubBuffer) {}

  /// \p R, once it is known that its bytes fit in a size_t.
  static const range<Dims> &checked(const range<Dims> &R) {
    lanes::detail::checkedBytes(R, sizeof(T), "buffer");
    return R;
  }

  Element *data() const {
    return reinterpret_cast<Element *>(static_cast<char *>(Storage->data()) +
                                       BaseBytes);
  }
  bool useHostPtr() const {
    return Props.has_property<property::buffer::use_host_ptr>();
  }

  /// New storage for size() elements from the allocator.
  std::shared_ptr<lanes::detail::BufferStorage> allocate() {
    size_t Count = size();
    if (Count == 0)
      return std::make_shared<lanes::detail::BufferStorage>(nullptr, 0,
                                                            nullptr);
    typename Traits::allocator_type Owner(Alloc);
    Element *Data;
    try {
      Data = Traits::allocate(Owner, Count);
    } catch (const std::bad_alloc &) {
      throw exception(make_error_code(errc::memory_allocation),
                      "buffer: cannot allocate " +
                          std::to_string(byte_size()) + " bytes");
    }
    return std::make_shared<lanes::detail::BufferStorage>(
        Data, byte_size(), [Owner, Count](void *Memory) mutable {
          Traits::deallocate(Owner, static_cast<Element *>(Memory), Count);
        });
  }
  /// New storage holding a copy of \p Host (if any).
  std::shared_ptr<lanes::detail::BufferStorage> copyOf(const T *Host) {
    std::shared_ptr<lanes::detail::BufferStorage> New = allocate();
    if (Host && size())
      std::memcpy(New->data(), Host, byte_size());
    return New;
  }
  /// Storage that is \p Host itself; \p Owner (if any) keeps it alive.
  /// Host is const only for a buffer of const T, which never writes it.
  std::shared_ptr<lanes::detail::BufferStorage>
  borrow(T *Host, std::shared_ptr<const void> Owner = nullptr) {
    lanes::detail::BufferStorage::Release KeepAlive;
    if (Owner)
      KeepAlive = [Owner](void *) {};
    return std::make_shared<lanes::detail::BufferStorage>(
        const_cast<Element *>(Host), byte_size(), std::move(KeepAlive));
  }
  template <typename SharedT> void initShared(const SharedT &Host) {
    if (useHostPtr() && Host) {
      Storage = borrow(Host.get(), Host);
      return;
    }
    Storage = copyOf(Host.get());
    // SYCL 2020 4.7.2.3: no write-back once the application has let go of
    // the data (the storage's own reference is then the only one), and
    // none to const data.
    if constexpr (!std::is_const_v<T>) {
      if (!Host)
        return;
      size_t Bytes = byte_size();
      Storage->setFinalData([Host, Bytes](const void *Data) {
        if (Host.use_count() > 1)
          std::memcpy(Host.get(), Data, Bytes);
      });
    }
  }

  template <typename Destination> FinalData finalData(Destination Dest) const {
    return detail_buffer::finalDataTo<T>(std::move(Dest), size());
  }
  /// Final data and write-back are properties of a whole buffer.
  void checkWholeBuffer(const char *What) const {
    if (SubBuffer || BaseBytes)
      throw exception(make_error_code(errc::feature_not_supported),
                      std::string("buffer::") + What +
                          ": Lanes does not implement write-back from "
                          "sub-buffers");
  }
  /// Whether \p Sub at any offset is one run of \p Whole's memory: all
  /// extents before the first that is not 1 are 1, all after it whole.
  static bool isContiguous(const range<Dims> &Whole, const range<Dims> &Sub) {
    if (Sub.size() == 0)
      return true;
    int First = 0;
    while (First < Dims - 1 && Sub[First] == 1)
      ++First;
    for (int I = First + 1; I < Dims; ++I)
      if (Sub[I] != Whole[I])
        return false;
    return true;
  }

  std::shared_ptr<lanes::detail::BufferStorage> Storage;
  range<Dims> Range;
  AllocatorT Alloc;
  property_list Props;
  size_t BaseBytes = 0; ///< where a sub-buffer's data starts in Storage
  bool SubBuffer = false;
};

template <typename T, int Dims, typename AllocatorT>
struct is_property_of<property::buffer::use_host_ptr,
                      buffer<T, Dims, AllocatorT>> : std::true_type {};

// SYCL 2020 4.7.2.1: deduction from iterators and containers (the other
// constructors deduce T and Dims by themselves).
template <typename InputIt, typename AllocatorT,
          std::enable_if_t<detail_buffer::IsIterator<InputIt>{}, int> = 0>
buffer(InputIt, InputIt, AllocatorT, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1,
              AllocatorT>;
template <typename InputIt,
          std::enable_if_t<detail_buffer::IsIterator<InputIt>{}, int> = 0>
buffer(InputIt, InputIt, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1>;
template <typename Container, typename AllocatorT>
buffer(Container &, AllocatorT, const property_list & = {})
    -> buffer<std::remove_const_t<
                  std::remove_pointer_t<decltype(std::data(
                      std::declval<Container &>()))>>,
              1, AllocatorT>;
template <typename Container>
buffer(Container &, const property_list & = {})
    -> buffer<std::remove_const_t<std::remove_pointer_t<decltype(std::data(
                  std::declval<Container &>()))>>,
              1>;

} // namespace _V1
} // namespace sycl

namespace std {
/// Copies of a buffer hash alike; sub-buffers of one buffer differ by
/// their first byte.
template <typename T, int Dims, typename AllocatorT>
struct hash<sycl::buffer<T, Dims, AllocatorT>> {
  size_t operator()(const sycl::buffer<T, Dims, AllocatorT> &B) const noexcept {
    return lanes::detail::identityHash(B.Storage.get(), B.BaseBytes);
  }
};
} // namespace std

#endif // LANES_SYCL_BUFFER_HPP
