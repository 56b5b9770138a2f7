//===- sycl/span.hpp - A view of contiguous elements ----------------------===//
//
/// \file
/// SYCL 2020 `sycl::span<ElementType, Extent>`, a non-owning view
/// of Extent contiguous elements (or of a size known at run time when
/// Extent is `sycl::dynamic_extent`), with the interface of C++20
/// std::span, written for C++17 so that library-only users can compile it
/// with any C++17 compiler. Everything works in kernels.
///
/// A span holds a pointer and a size; a span of static extent returns the
/// extent from size(), so the compiler sees a constant. The preconditions
/// the specification states (a static extent that matches the size given,
/// subviews inside the span) are checked with assert, as the standard
/// library's hardened modes do; they cost nothing with NDEBUG.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_SPAN_HPP
#define LANES_SYCL_SPAN_HPP

#include <array>
#include <cassert>
#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

/// The Extent of a span whose size is known only at run time.
inline constexpr size_t dynamic_extent = std::numeric_limits<size_t>::max();

template <typename ElementType, size_t Extent = dynamic_extent> class span;

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

template <typename T> inline constexpr bool IsSpan = false;
template <typename T, size_t E>
inline constexpr bool IsSpan<sycl::span<T, E>> = true;

template <typename T> inline constexpr bool IsStdArray = false;
template <typename T, size_t N>
inline constexpr bool IsStdArray<std::array<T, N>> = true;

/// Whether a span of From may view elements of To: only qualification
/// conversions (int to const int), never a derived-to-base one.
template <typename From, typename To>
inline constexpr bool IsSpanConvertible =
    std::is_convertible_v<From (*)[], To (*)[]>;

/// Whether a span of ElementType can view container C through
/// std::data and std::size: anything contiguous but C arrays, std::array
/// and spans, which have constructors of their own.
template <typename C, typename ElementType, typename = void>
inline constexpr bool IsSpanContainer = false;
template <typename C, typename ElementType>
inline constexpr bool
    IsSpanContainer<C, ElementType,
                    std::void_t<decltype(std::data(std::declval<C &>())),
                                decltype(std::size(std::declval<C &>()))>> =
        !std::is_array_v<C> && !IsStdArray<std::remove_cv_t<C>> &&
        !IsSpan<std::remove_cv_t<C>> &&
        IsSpanConvertible<
            std::remove_pointer_t<decltype(std::data(std::declval<C &>()))>,
            ElementType>;

/// The extent of span<T, Extent>::subspan<Offset, Count>().
template <size_t Extent, size_t Offset, size_t Count>
inline constexpr size_t SubspanExtent =
    Count != sycl::dynamic_extent    ? Count
    : Extent != sycl::dynamic_extent ? Extent - Offset
                                     : sycl::dynamic_extent;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 sycl::span: a view of contiguous elements of type ElementType,
/// Extent of them or, with dynamic_extent, as many as it was built with.
template <typename ElementType, size_t Extent> class span {
  template <typename C>
  using EnableIfContainer =
      std::enable_if_t<lanes::detail::IsSpanContainer<C, ElementType>, int>;
  template <size_t N>
  using EnableIfExtent =
      std::enable_if_t<Extent == dynamic_extent || Extent == N, int>;

public:
  using element_type = ElementType;
  using value_type = std::remove_cv_t<ElementType>;
  using size_type = size_t;
  using difference_type = ptrdiff_t;
  using pointer = element_type *;
  using const_pointer = const element_type *;
  using reference = element_type &;
  using const_reference = const element_type &;
  using iterator = pointer;
  using const_iterator = const_pointer;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  static constexpr size_type extent = Extent;

  /// An empty span (static extent 0 or dynamic extent only).
  template <size_t E = Extent,
            std::enable_if_t<E == 0 || E == dynamic_extent, int> = 0>
  constexpr span() noexcept : Data(nullptr), Size(0) {}

  /// The \p Count elements from \p First (Count must equal a static
  /// extent).
  constexpr span(pointer First, size_type Count) : Data(First), Size(Count) {
    assert((Extent == dynamic_extent || Count == Extent) &&
           "sycl::span: the size differs from the static extent");
  }

  /// The elements in [\p First, \p Last). (A template, so that
  /// span(P, 0) means a size, not a null end.)
  template <typename End,
            std::enable_if_t<std::is_convertible_v<End, pointer> &&
                                 !std::is_convertible_v<End, size_type>,
                             int> = 0>
  constexpr span(pointer First, End Last)
      : span(First, static_cast<size_type>(pointer(Last) - First)) {}

  template <size_t N, EnableIfExtent<N> = 0>
  constexpr span(element_type (&Array)[N]) noexcept : Data(Array), Size(N) {}

  template <typename T, size_t N, EnableIfExtent<N> = 0,
            std::enable_if_t<lanes::detail::IsSpanConvertible<T, ElementType>,
                             int> = 0>
  constexpr span(std::array<T, N> &Array) noexcept
      : Data(Array.data()), Size(N) {}

  template <
      typename T, size_t N, EnableIfExtent<N> = 0,
      std::enable_if_t<lanes::detail::IsSpanConvertible<const T, ElementType>,
                       int> = 0>
  constexpr span(const std::array<T, N> &Array) noexcept
      : Data(Array.data()), Size(N) {}

  /// The elements of a contiguous container (std::vector, std::string,
  /// ...), through std::data and std::size.
  template <typename Container, EnableIfContainer<Container> = 0>
  constexpr span(Container &Cont) : span(std::data(Cont), std::size(Cont)) {}
  template <typename Container, EnableIfContainer<const Container> = 0>
  constexpr span(const Container &Cont)
      : span(std::data(Cont), std::size(Cont)) {}

  constexpr span(const span &Other) noexcept = default;
  constexpr span &operator=(const span &Other) noexcept = default;

  /// A span of convertible elements whose extent fits this one's.
  template <
      typename OtherElementType, size_t OtherExtent,
      std::enable_if_t<
          (Extent == dynamic_extent || OtherExtent == dynamic_extent ||
           Extent == OtherExtent) &&
              lanes::detail::IsSpanConvertible<OtherElementType, ElementType>,
          int> = 0>
  constexpr span(const span<OtherElementType, OtherExtent> &Other) noexcept
      : span(Other.data(), Other.size()) {}

  // Subviews.
  template <size_t Count> constexpr span<element_type, Count> first() const {
    static_assert(Extent == dynamic_extent || Count <= Extent,
                  "sycl::span::first<Count>: Count exceeds the extent");
    assert(Count <= size() && "sycl::span::first: Count exceeds the size");
    return span<element_type, Count>(Data, Count);
  }
  template <size_t Count> constexpr span<element_type, Count> last() const {
    static_assert(Extent == dynamic_extent || Count <= Extent,
                  "sycl::span::last<Count>: Count exceeds the extent");
    assert(Count <= size() && "sycl::span::last: Count exceeds the size");
    return span<element_type, Count>(Data + (size() - Count), Count);
  }
  template <size_t Offset, size_t Count = dynamic_extent>
  constexpr span<element_type,
                 lanes::detail::SubspanExtent<Extent, Offset, Count>>
  subspan() const {
    static_assert(Extent == dynamic_extent ||
                      (Offset <= Extent &&
                       (Count == dynamic_extent || Count <= Extent - Offset)),
                  "sycl::span::subspan<Offset, Count>: the subspan does not "
                  "lie inside the extent");
    assert(Offset <= size() &&
           (Count == dynamic_extent || Count <= size() - Offset) &&
           "sycl::span::subspan: the subspan does not lie inside the span");
    return {Data + Offset, Count == dynamic_extent ? size() - Offset : Count};
  }

  constexpr span<element_type, dynamic_extent> first(size_type Count) const {
    assert(Count <= size() && "sycl::span::first: Count exceeds the size");
    return {Data, Count};
  }
  constexpr span<element_type, dynamic_extent> last(size_type Count) const {
    assert(Count <= size() && "sycl::span::last: Count exceeds the size");
    return {Data + (size() - Count), Count};
  }
  constexpr span<element_type, dynamic_extent>
  subspan(size_type Offset, size_type Count = dynamic_extent) const {
    assert(Offset <= size() &&
           (Count == dynamic_extent || Count <= size() - Offset) &&
           "sycl::span::subspan: the subspan does not lie inside the span");
    return {Data + Offset, Count == dynamic_extent ? size() - Offset : Count};
  }

  // Observers.
  constexpr size_type size() const noexcept {
    return Extent == dynamic_extent ? Size : Extent;
  }
  constexpr size_type size_bytes() const noexcept {
    return size() * sizeof(element_type);
  }
  [[nodiscard]] constexpr bool empty() const noexcept { return size() == 0; }

  // Element access (the index must lie inside the span).
  constexpr reference operator[](size_type Index) const { return Data[Index]; }
  constexpr reference front() const { return Data[0]; }
  constexpr reference back() const { return Data[size() - 1]; }
  constexpr pointer data() const noexcept { return Data; }

  // Iterators.
  constexpr iterator begin() const noexcept { return Data; }
  constexpr iterator end() const noexcept { return Data + size(); }
  constexpr const_iterator cbegin() const noexcept { return begin(); }
  constexpr const_iterator cend() const noexcept { return end(); }
  constexpr reverse_iterator rbegin() const noexcept {
    return reverse_iterator(end());
  }
  constexpr reverse_iterator rend() const noexcept {
    return reverse_iterator(begin());
  }
  constexpr const_reverse_iterator crbegin() const noexcept {
    return const_reverse_iterator(cend());
  }
  constexpr const_reverse_iterator crend() const noexcept {
    return const_reverse_iterator(cbegin());
  }

private:
  pointer Data;
  size_type Size; ///< read only with dynamic_extent
};

// Deduction guides.
template <typename T, size_t N> span(T (&)[N]) -> span<T, N>;
template <typename T, size_t N> span(std::array<T, N> &) -> span<T, N>;
template <typename T, size_t N>
span(const std::array<T, N> &) -> span<const T, N>;
template <typename T, typename EndOrSize> span(T *, EndOrSize) -> span<T>;
template <typename Container>
span(Container &) -> span<
    std::remove_pointer_t<decltype(std::data(std::declval<Container &>()))>>;
template <typename Container>
span(const Container &) -> span<std::remove_pointer_t<
    decltype(std::data(std::declval<const Container &>()))>>;

/// The bytes of \p S, read-only.
template <typename ElementType, size_t Extent>
span<const std::byte,
     Extent == dynamic_extent ? dynamic_extent : sizeof(ElementType) * Extent>
as_bytes(span<ElementType, Extent> S) noexcept {
  return {reinterpret_cast<const std::byte *>(S.data()), S.size_bytes()};
}

/// The bytes of \p S, writable (spans of non-const elements only).
template <typename ElementType, size_t Extent,
          std::enable_if_t<!std::is_const_v<ElementType>, int> = 0>
span<std::byte,
     Extent == dynamic_extent ? dynamic_extent : sizeof(ElementType) * Extent>
as_writable_bytes(span<ElementType, Extent> S) noexcept {
  return {reinterpret_cast<std::byte *>(S.data()), S.size_bytes()};
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_SPAN_HPP
