//===- sycl/accessor.hpp - Buffer accessors and host_accessor -------------===//
//
/// \file
/// SYCL 2020 4.7.6: accessors of buffers. `accessor` (target::device, also
/// constant_buffer and host_task) is what kernels capture, `host_accessor`
/// reads and writes a buffer from host code; both are views of a box of the
/// buffer's memory (lanes/detail/accessor_view.hpp). The deprecated targets
/// map onto these: target::host_buffer is a host_accessor and target::local
/// is a local_accessor. access_mode::atomic (SYCL 1.2.1) gives buffer
/// accessors whose elements are sycl::atomic<T, global_space>, and
/// target::local accessors whose elements are sycl::atomic<T, local_space>
/// (sycl/atomic.hpp). A 0-dimensional accessor is made from a 1-D buffer
/// and accesses its first element, through a conversion to a reference and
/// assignments.
///
/// A device accessor holds raw pointers and sizes only, so it is trivially
/// copyable and kernels keep it in registers. Who keeps the buffer alive:
/// an accessor created with a handler (or bound by handler::require) hands
/// the buffer's storage to the handler, which outlives the command; a
/// host_accessor owns a reference itself. Commands run when submitted, so a
/// host_accessor never waits.
///
/// Creating an accessor checks that its range at its offset fits the
/// buffer (errc::invalid otherwise) and, for any mode but read, marks the
/// buffer as written, which turns on its write-back.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_ACCESSOR_HPP
#define LANES_SYCL_ACCESSOR_HPP

#include "lanes/detail/accessor_view.hpp"
#include "lanes/detail/identity_hash.hpp"
#include "sycl/access.hpp"
#include "sycl/atomic.hpp"
#include "sycl/buffer.hpp"
#include "sycl/handler.hpp"
#include "sycl/local_accessor.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/property_list.hpp"

#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.7.6.3: the tags that select an accessor's mode (and target)
/// in constructors and deduction.
template <access_mode Mode> struct mode_tag_t {
  explicit mode_tag_t() = default;
};
template <access_mode Mode, target Target> struct mode_target_tag_t {
  explicit mode_target_tag_t() = default;
};
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_target_tag_t<access_mode::read, target::host_task>
    read_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task>
    read_write_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task>
    write_only_host_task{};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

template <sycl::access_mode M> struct TagTraits<sycl::mode_tag_t<M>> {
  static constexpr bool IsTag = true;
  static constexpr sycl::access_mode Mode = M;
  static constexpr sycl::target Target = sycl::target::device;
};
template <sycl::access_mode M, sycl::target T>
struct TagTraits<sycl::mode_target_tag_t<M, T>> {
  static constexpr bool IsTag = true;
  static constexpr sycl::access_mode Mode = M;
  static constexpr sycl::target Target = T;
};

/// The mode and target named by the tag among the arguments of a
/// constructor from a buffer of T (when there is none: read for const T,
/// else read_write, and device), for deduction guides.
template <typename T, typename... Args> constexpr sycl::access_mode tagMode() {
  sycl::access_mode Mode = std::is_const_v<T> ? sycl::access_mode::read
                                              : sycl::access_mode::read_write;
  ((Mode = TagTraits<Args>::IsTag ? TagTraits<Args>::Mode : Mode), ...);
  return Mode;
}
template <typename... Args> constexpr sycl::target tagTarget() {
  sycl::target Target = sycl::target::device;
  ((Target = TagTraits<Args>::IsTag ? TagTraits<Args>::Target : Target), ...);
  return Target;
}

/// The deprecated `accessor<T, Dims, access_mode::atomic, target::local>`:
/// work-group local memory as a local_accessor reserves it, whose elements
/// are handed out as sycl::atomic<T, local_space>.
template <typename DataT, int Dims> class LocalAtomicAccessor {
  using Element = AtomicElement<sycl::access::address_space::local_space>;
  using AtomicT = sycl::atomic<DataT, sycl::access::address_space::local_space>;

public:
  using value_type = DataT;

  /// An accessor of no elements (not usable in a kernel).
  LocalAtomicAccessor() = default;
  /// Reserves a \p AllocationSize array in \p CGH's work-group memory.
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  LocalAtomicAccessor(sycl::range<Dims> AllocationSize, sycl::handler &CGH,
                      const sycl::property_list &Props = {})
      : Memory(AllocationSize, CGH, Props) {}
  /// Reserves one DataT in \p CGH's work-group memory.
  template <int N = Dims, std::enable_if_t<N == 0, int> = 0>
  LocalAtomicAccessor(sycl::handler &CGH, const sycl::property_list &Props = {})
      : Memory(CGH, Props) {}

  // Kernel-side element access.
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  AtomicT operator[](sycl::id<Dims> Index) const {
    return Element::at(&Memory[Index]);
  }
  /// 1-D: the element \p Index; 2-D and 3-D: a slice, so that
  /// `Acc[i][j]` works.
  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  decltype(auto) operator[](size_t Index) const {
    return sliceAt<Dims, Element>(first(), Index, Memory.get_range());
  }
  /// The one element of a 0-dimensional accessor.
  template <int N = Dims, std::enable_if_t<N == 0, int> = 0>
  operator AtomicT() const {
    return Element::at(first());
  }

  template <int N = Dims, std::enable_if_t<(N > 0), int> = 0>
  sycl::range<Dims> get_range() const {
    return Memory.get_range();
  }
  size_t size() const noexcept { return Memory.size(); }
  size_t byte_size() const noexcept { return Memory.byte_size(); }
  /// SYCL 1.2.1 spellings of byte_size() and size().
  size_t get_size() const noexcept { return Memory.byte_size(); }
  size_t get_count() const noexcept { return Memory.size(); }
  sycl::local_ptr<DataT> get_pointer() const { return Memory.get_pointer(); }

  friend bool operator==(const LocalAtomicAccessor &L,
                         const LocalAtomicAccessor &R) {
    return L.Memory == R.Memory;
  }
  friend bool operator!=(const LocalAtomicAccessor &L,
                         const LocalAtomicAccessor &R) {
    return !(L == R);
  }

protected:
  /// The memory; the accessor<..., target::local> deriving from this class
  /// hashes it.
  sycl::local_accessor<DataT, Dims> Memory;

private:
  DataT *first() const { return Memory.get_pointer().get(); }
};

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.7.6.9: access to a buffer from a kernel (target::device,
/// its alias global_buffer, constant_buffer) or a host task
/// (target::host_task). `Acc[i]` is relative to the accessor's offset.
/// Constructors without a handler make placeholders.
template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read
                                                     : access_mode::read_write),
          target Target = target::device,
          access::placeholder IsPlaceholder = access::placeholder::false_t>
class accessor
    : public lanes::detail::BufferAccessorBase<DataT, Dims, Mode, Target,
                                               lanes::detail::BufferStorage *>,
      public lanes::detail::ScalarAccessorOps<
          accessor<DataT, Dims, Mode, Target, IsPlaceholder>,
          lanes::detail::AccessorValue<DataT, Mode>, Dims> {
  static_assert(Target != target::constant_buffer || Mode == access_mode::read,
                "a target::constant_buffer accessor must have "
                "access_mode::read");

  using Base =
      lanes::detail::BufferAccessorBase<DataT, Dims, Mode, Target,
                                        lanes::detail::BufferStorage *>;
  static constexpr int VDims = lanes::detail::ViewDims<Dims>;
  template <typename ElemT, typename AllocatorT>
  using BufferT = buffer<ElemT, VDims, AllocatorT>;
  template <typename ElemT>
  using EnableIfViews = lanes::detail::EnableIfBufferOf<ElemT, DataT>;
  template <typename TagT>
  using EnableIfTag = lanes::detail::EnableIfTagOf<TagT, Dims, Mode, Target>;

public:
  using typename Base::value_type;
  template <access::decorated IsDecorated>
  using accessor_ptr =
      multi_ptr<value_type, access::address_space::global_space, IsDecorated>;

  /// Placeholders: `(buffer &[, range[, offset]][, tag][, props])`, and the
  /// read-only conversions.
  using Base::Base;
  /// An empty accessor: no elements.
  accessor() = default;

  /// 0-D, unless read-only: writes \p Value to the element (which the
  /// accessor also converts to, and takes +=, ... through ScalarAccessorOps).
  template <int N = Dims, lanes::detail::EnableIfScalarWrite<N, value_type> = 0>
  const accessor &operator=(const value_type &Value) const {
    *this->begin() = Value;
    return *this;
  }

  // Accessors bound to command group CGH.

  template <typename ElemT, typename AllocatorT, EnableIfViews<ElemT> = 0>
  accessor(BufferT<ElemT, AllocatorT> &Buf, handler &CGH,
           const property_list &Props = {})
      : Base(Buf, Props) {
    bind(CGH);
  }
  template <typename ElemT, typename AllocatorT, typename TagT,
            EnableIfViews<ElemT> = 0, EnableIfTag<TagT> = 0>
  accessor(BufferT<ElemT, AllocatorT> &Buf, handler &CGH, TagT,
           const property_list &Props = {})
      : accessor(Buf, CGH, Props) {}
  template <typename ElemT, typename AllocatorT, int N = Dims,
            EnableIfViews<ElemT> = 0, std::enable_if_t<(N > 0), int> = 0>
  accessor(BufferT<ElemT, AllocatorT> &Buf, handler &CGH,
           range<VDims> AccessRange, const property_list &Props = {})
      : Base(Buf, AccessRange, Props) {
    bind(CGH);
  }
  template <typename ElemT, typename AllocatorT, typename TagT,
            EnableIfViews<ElemT> = 0, EnableIfTag<TagT> = 0>
  accessor(BufferT<ElemT, AllocatorT> &Buf, handler &CGH,
           range<VDims> AccessRange, TagT, const property_list &Props = {})
      : accessor(Buf, CGH, AccessRange, Props) {}
  /// \p AccessRange at \p AccessOffset; throws errc::invalid when it does
  /// not fit in the buffer.
  template <typename ElemT, typename AllocatorT, int N = Dims,
            EnableIfViews<ElemT> = 0, std::enable_if_t<(N > 0), int> = 0>
  accessor(BufferT<ElemT, AllocatorT> &Buf, handler &CGH,
           range<VDims> AccessRange, id<VDims> AccessOffset,
           const property_list &Props = {})
      : Base(Buf, AccessRange, AccessOffset, Props) {
    bind(CGH);
  }
  template <typename ElemT, typename AllocatorT, typename TagT,
            EnableIfViews<ElemT> = 0, EnableIfTag<TagT> = 0>
  accessor(BufferT<ElemT, AllocatorT> &Buf, handler &CGH,
           range<VDims> AccessRange, id<VDims> AccessOffset, TagT,
           const property_list &Props = {})
      : accessor(Buf, CGH, AccessRange, AccessOffset, Props) {}

  /// The IsPlaceholder parameter is deprecated and changes nothing.
  template <access::placeholder OtherP,
            std::enable_if_t<OtherP != IsPlaceholder, int> = 0>
  accessor(const accessor<DataT, Dims, Mode, Target, OtherP> &Other)
      : Base(Other) {}

  /// Whether the accessor was created without a handler.
  bool is_placeholder() const { return this->Placeholder; }

  /// The buffer's first element, whatever the accessor's offset.
  template <access::decorated IsDecorated>
  accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return accessor_ptr<IsDecorated>(this->start());
  }
  /// The buffer's first element: a global_ptr for target::device (deprecated
  /// in SYCL 2020), a pointer for target::host_task.
  auto get_pointer() const noexcept {
    if constexpr (Target == target::host_task)
      return this->start();
    else if constexpr (Target == target::constant_buffer)
      return multi_ptr<value_type, access::address_space::constant_space>(
          this->start());
    else
      return global_ptr<value_type>(this->start());
  }

  void swap(accessor &Other) { std::swap(*this, Other); }

  friend bool operator==(const accessor &L, const accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const accessor &L, const accessor &R) {
    return !(L == R);
  }

private:
  void bind(handler &CGH) {
    this->Placeholder = false;
    CGH.require(*this);
  }
};

/// SYCL 2020 4.7.6.10: access to a buffer from host code, immediately:
/// `(buffer &[, range[, offset]][, tag][, props])`. Keeps the buffer's data
/// alive as long as it exists.
template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read
                                                     : access_mode::read_write)>
class host_accessor : public lanes::detail::BufferAccessorBase<
                          DataT, Dims, Mode, target::device,
                          std::shared_ptr<lanes::detail::BufferStorage>>,
                      public lanes::detail::ScalarAccessorOps<
                          host_accessor<DataT, Dims, Mode>,
                          lanes::detail::AccessorValue<DataT, Mode>, Dims> {
  using Base = lanes::detail::BufferAccessorBase<
      DataT, Dims, Mode, target::device,
      std::shared_ptr<lanes::detail::BufferStorage>>;

public:
  using typename Base::value_type;

  using Base::Base;
  /// An empty accessor: no elements.
  host_accessor() = default;

  /// 0-D, unless read-only: writes \p Value to the element (which the
  /// accessor also converts to, and takes +=, ... through ScalarAccessorOps).
  template <int N = Dims, lanes::detail::EnableIfScalarWrite<N, value_type> = 0>
  const host_accessor &operator=(const value_type &Value) const {
    *this->begin() = Value;
    return *this;
  }

  /// The buffer's first element, whatever the accessor's offset.
  value_type *get_pointer() const noexcept { return this->start(); }

  void swap(host_accessor &Other) { std::swap(*this, Other); }

  friend bool operator==(const host_accessor &L, const host_accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const host_accessor &L, const host_accessor &R) {
    return !(L == R);
  }
};

/// SYCL 2020 4.7.6.11 (deprecated target::host_buffer): a host_accessor.
template <typename DataT, int Dims, access_mode Mode,
          access::placeholder IsPlaceholder>
class accessor<DataT, Dims, Mode, target::host_buffer, IsPlaceholder>
    : public host_accessor<DataT, Dims, Mode> {
  using Base = host_accessor<DataT, Dims, Mode>;

public:
  using Base::Base;
  accessor() = default;
  bool is_placeholder() const { return false; }

  /// 0-D, unless read-only: writes \p Value to the element.
  template <int N = Dims, lanes::detail::EnableIfScalarWrite<
                              N, typename Base::value_type> = 0>
  const accessor &operator=(const typename Base::value_type &Value) const {
    Base::operator=(Value);
    return *this;
  }
};

/// SYCL 2020 4.7.6.11 (deprecated target::local): a local_accessor, or
/// with access_mode::atomic one whose elements are atomic<T, local_space>.
template <typename DataT, int Dims, access_mode Mode,
          access::placeholder IsPlaceholder>
class accessor<DataT, Dims, Mode, target::local, IsPlaceholder>
    : public std::conditional_t<Mode == access_mode::atomic,
                                lanes::detail::LocalAtomicAccessor<DataT, Dims>,
                                local_accessor<DataT, Dims>> {
  static_assert(Mode == access_mode::read_write || Mode == access_mode::atomic,
                "target::local accessors have access_mode::read_write or "
                "access_mode::atomic");
  using Base =
      std::conditional_t<Mode == access_mode::atomic,
                         lanes::detail::LocalAtomicAccessor<DataT, Dims>,
                         local_accessor<DataT, Dims>>;

public:
  using Base::Base;
  accessor() = default;

private:
  friend struct std::hash<accessor>;
};

// SYCL 2020 4.7.6.9: deduction from the buffer and a tag. A placeholder
// accessor (no handler) gets placeholder::true_t, which changes nothing.
template <typename T, int Dims, typename AllocatorT, typename... Rest>
accessor(buffer<T, Dims, AllocatorT> &, handler &, const Rest &...)
    -> accessor<T, Dims, lanes::detail::tagMode<T, Rest...>(),
                lanes::detail::tagTarget<Rest...>()>;
template <typename T, int Dims, typename AllocatorT, typename... Rest>
accessor(buffer<T, Dims, AllocatorT> &, const Rest &...)
    -> accessor<T, Dims, lanes::detail::tagMode<T, Rest...>(),
                lanes::detail::tagTarget<Rest...>(),
                access::placeholder::true_t>;
template <typename T, int Dims, typename AllocatorT, typename... Rest>
host_accessor(buffer<T, Dims, AllocatorT> &, const Rest &...)
    -> host_accessor<T, Dims, lanes::detail::tagMode<T, Rest...>()>;

template <typename DataT, int Dims, access_mode Mode, target Target,
          access::placeholder IsPlaceholder>
struct is_property_of<property::no_init,
                      accessor<DataT, Dims, Mode, Target, IsPlaceholder>>
    : std::true_type {};
template <typename DataT, int Dims, access_mode Mode>
struct is_property_of<property::no_init, host_accessor<DataT, Dims, Mode>>
    : std::true_type {};

} // namespace _V1
} // namespace sycl

namespace std {
/// Copies of a host_accessor hash alike: equal accessors view the same
/// buffer from the same first element.
template <typename DataT, int Dims, sycl::access_mode Mode>
struct hash<sycl::host_accessor<DataT, Dims, Mode>> {
  size_t
  operator()(const sycl::host_accessor<DataT, Dims, Mode> &A) const noexcept {
    return lanes::detail::identityHash(
        static_cast<const void *>(A.get_pointer()));
  }
};

/// Copies of an accessor hash alike, of every target: the deprecated
/// target::host_buffer and target::local as the host_accessor and
/// local_accessor they are, the SYCL 1.2.1 image targets by their texels.
template <typename DataT, int Dims, sycl::access_mode Mode, sycl::target Target,
          sycl::access::placeholder IsPlaceholder>
struct hash<sycl::accessor<DataT, Dims, Mode, Target, IsPlaceholder>> {
  size_t
  operator()(const sycl::accessor<DataT, Dims, Mode, Target, IsPlaceholder> &A)
      const noexcept {
    using sycl::target;
    if constexpr (Target == target::host_buffer) {
      return hash<sycl::host_accessor<DataT, Dims, Mode>>()(A);
    } else if constexpr (Target == target::local) {
      if constexpr (Mode == sycl::access_mode::atomic)
        return hash<sycl::local_accessor<DataT, Dims>>()(A.Memory);
      else
        return hash<sycl::local_accessor<DataT, Dims>>()(A);
    } else if constexpr (Target == target::image ||
                         Target == target::host_image ||
                         Target == target::image_array) {
      return lanes::detail::identityHash(
          imageIdentity(A)); // sycl/image_accessor.hpp
    } else {
      return lanes::detail::identityHash(
          static_cast<const void *>(A.get_pointer()));
    }
  }
};
} // namespace std

#endif // LANES_SYCL_ACCESSOR_HPP
