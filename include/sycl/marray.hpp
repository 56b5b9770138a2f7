//===- sycl/marray.hpp - sycl::marray -------------------------------------===//
//
/// \file
/// SYCL 2020 4.14.3: marray<T, N>, N values of a numeric type (bool,
/// sycl::half and sycl::ext::oneapi::bfloat16 included) with element-wise
/// operators; comparisons and logical
/// operators give marray<bool, N>. Unlike vec it has any positive size, no
/// swizzles and no padding: sizeof(marray<T, N>) == N * sizeof(T).
///
/// The operators come from lanes/detail/elementwise.hpp; the class is
/// trivially copyable so kernels capture and pass it by value.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_MARRAY_HPP
#define LANES_SYCL_MARRAY_HPP

#include "lanes/detail/elementwise.hpp"
#include "sycl/half.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {
template <typename DataT, std::size_t NumElements> class marray;
} // namespace _V1
} // namespace sycl

namespace lanes::detail {

template <typename T> struct IsMarrayImpl : std::false_type {};
template <typename T, size_t N>
struct IsMarrayImpl<sycl::marray<T, N>> : std::true_type {};
template <typename T> inline constexpr bool IsMarray = IsMarrayImpl<T>::value;

/// What marray comparisons and logical operators return.
template <size_t N> struct MarrayMask {
  using type = sycl::marray<bool, N>;
  static constexpr bool truth(bool B) { return B; }
};

/// How many elements an argument of marray<T, N>'s element-list
/// constructor supplies: 1 for a scalar, M for an marray<T, M>, else 0.
template <typename T, typename Arg> struct MarrayArgCount {
  static constexpr size_t value = IsNumeric<Arg> ? 1 : 0;
};
template <typename T, size_t M> struct MarrayArgCount<T, sycl::marray<T, M>> {
  static constexpr size_t value = M;
};

/// Whether Args... supply exactly N elements of T (two arguments at least,
/// see vec's IsElementList).
template <typename T, size_t N, typename... Args>
inline constexpr bool IsMarrayElementList =
    sizeof...(Args) > 1 && ((MarrayArgCount<T, Args>::value > 0) && ...) &&
    (0 + ... + MarrayArgCount<T, Args>::value) == N;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// NumElements values of DataT with element-wise operators.
template <typename DataT, std::size_t NumElements>
class marray
    : public lanes::detail::ArithmeticOps<marray<DataT, NumElements>, DataT,
                                          NumElements>,
      public lanes::detail::BitwiseOps<marray<DataT, NumElements>, DataT,
                                       NumElements>,
      public lanes::detail::IntegerOps<marray<DataT, NumElements>, DataT,
                                       NumElements>,
      public lanes::detail::CompareOps<marray<DataT, NumElements>, DataT,
                                       NumElements,
                                       lanes::detail::MarrayMask<NumElements>> {
  static_assert(lanes::detail::IsNumeric<DataT>,
                "sycl::marray elements are of an arithmetic type, sycl::half "
                "or sycl::ext::oneapi::bfloat16");
  static_assert(NumElements > 0, "sycl::marray has at least one element");

  /// Copies one argument of the element-list constructor from \p Pos on.
  template <typename Arg> constexpr void append(size_t &Pos, const Arg &A) {
    if constexpr (lanes::detail::IsNumeric<Arg>) {
      Data[Pos++] = static_cast<DataT>(A);
    } else {
      for (size_t I = 0; I < lanes::detail::MarrayArgCount<DataT, Arg>::value;
           ++I)
        Data[Pos++] = A[I];
    }
  }

public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;
  using iterator = DataT *;
  using const_iterator = const DataT *;

  /// All elements zero.
  constexpr marray() = default;
  /// Every element \p Arg.
  explicit constexpr marray(const DataT &Arg) {
    for (size_t I = 0; I < NumElements; ++I)
      Data[I] = Arg;
  }
  /// The elements of scalars and marrays in order, NumElements in all.
  template <typename... ArgTN,
            std::enable_if_t<lanes::detail::IsMarrayElementList<
                                 DataT, NumElements, ArgTN...>,
                             int> = 0>
  constexpr marray(const ArgTN &...Args) {
    size_t Pos = 0;
    (append(Pos, Args), ...);
  }
  constexpr marray(const marray &) = default;
  constexpr marray &operator=(const marray &) = default;

  /// Every element \p Rhs.
  constexpr marray &operator=(const DataT &Rhs) {
    for (size_t I = 0; I < NumElements; ++I)
      Data[I] = Rhs;
    return *this;
  }

  /// A one-element marray is also its element.
  template <size_t M = NumElements, std::enable_if_t<M == 1, int> = 0>
  constexpr operator DataT() const {
    return Data[0];
  }

  static constexpr std::size_t size() noexcept { return NumElements; }

  constexpr DataT &operator[](std::size_t I) { return Data[I]; }
  constexpr const DataT &operator[](std::size_t I) const { return Data[I]; }

  constexpr iterator begin() { return Data; }
  constexpr const_iterator begin() const { return Data; }
  constexpr iterator end() { return Data + NumElements; }
  constexpr const_iterator end() const { return Data + NumElements; }

private:
  DataT Data[NumElements] = {};
};

/// `marray(1.0f, 2.0f)` is an marray<float, 2>.
template <typename T, typename... U>
marray(T, U...) -> marray<T, sizeof...(U) + 1>;

// SYCL 2020 aliases: mfloat4 = marray<float, 4>, ...
#define LANES_MARRAY_ALIASES(Name, T)                                          \
  using m##Name##2 = marray<T, 2>;                                             \
  using m##Name##3 = marray<T, 3>;                                             \
  using m##Name##4 = marray<T, 4>;                                             \
  using m##Name##8 = marray<T, 8>;                                             \
  using m##Name##16 = marray<T, 16>;
LANES_MARRAY_ALIASES(bool, bool)
LANES_MARRAY_ALIASES(char, std::int8_t)
LANES_MARRAY_ALIASES(schar, signed char)
LANES_MARRAY_ALIASES(uchar, std::uint8_t)
LANES_MARRAY_ALIASES(short, std::int16_t)
LANES_MARRAY_ALIASES(ushort, std::uint16_t)
LANES_MARRAY_ALIASES(int, std::int32_t)
LANES_MARRAY_ALIASES(uint, std::uint32_t)
LANES_MARRAY_ALIASES(long, std::int64_t)
LANES_MARRAY_ALIASES(ulong, std::uint64_t)
LANES_MARRAY_ALIASES(longlong, long long)
LANES_MARRAY_ALIASES(ulonglong, unsigned long long)
LANES_MARRAY_ALIASES(float, float)
LANES_MARRAY_ALIASES(double, double)
LANES_MARRAY_ALIASES(half, half)
#undef LANES_MARRAY_ALIASES

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_MARRAY_HPP
