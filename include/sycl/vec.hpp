//===- sycl/vec.hpp - sycl::vec -------------------------------------------===//
//
/// \file
/// SYCL 2020 4.14.2: vec<T, N>, a small vector of 1, 2, 3, 4, 8 or 16
/// elements of an arithmetic type (not bool) or sycl::half.
///
/// The elements are a plain array, aligned to the vector's size
/// (sizeof(T) * N, with N rounded up to 4 for three elements, which also
/// gives vec<T, 3> the size of four elements). The class is trivially
/// copyable, so kernels capture and pass vecs by value and SROA takes them
/// apart into registers. Its operators come from lanes/detail/elementwise.hpp
/// (comparisons give vec<intK_t, N> with -1 for true), its named swizzles
/// from lanes/detail/swizzle.hpp, and convert()'s rounding from
/// lanes/detail/convert.hpp.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_VEC_HPP
#define LANES_SYCL_VEC_HPP

#include "lanes/detail/convert.hpp"
#include "lanes/detail/elementwise.hpp"
#include "lanes/detail/swizzle.hpp"
#include "sycl/access.hpp"
#include "sycl/half.hpp"
#include "sycl/multi_ptr.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace lanes::detail {

/// The element types of sycl::vec.
template <typename T>
inline constexpr bool IsVecElement =
    std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
    std::is_same_v<T, unsigned char> || std::is_same_v<T, short> ||
    std::is_same_v<T, unsigned short> || std::is_same_v<T, int> ||
    std::is_same_v<T, unsigned int> || std::is_same_v<T, long> ||
    std::is_same_v<T, unsigned long> || std::is_same_v<T, long long> ||
    std::is_same_v<T, unsigned long long> || std::is_same_v<T, float> ||
    std::is_same_v<T, double> || std::is_same_v<T, sycl::half>;

template <typename T> struct IsVecImpl : std::false_type {};
template <typename T, int N>
struct IsVecImpl<sycl::vec<T, N>> : std::true_type {};
template <typename T> inline constexpr bool IsVec = IsVecImpl<T>::value;

/// What vec comparisons and logical operators return: the signed integer
/// of the element's size, -1 for true and 0 for false.
template <typename T, int N> struct VecMask {
  // int for element types vec rejects, so that its static_assert is the
  // first error.
  using Element = SignedOfSize<std::conditional_t<IsVecElement<T>, T, int>>;
  using type = sycl::vec<Element, N>;
  static constexpr Element truth(bool B) { return B ? -1 : 0; }
};

/// How many elements an argument of vec<T, N>'s element-list constructor
/// supplies: 1 for a scalar, M for a vec<T, M> or a swizzle of M elements
/// of T, 0 for anything else.
template <typename T, typename Arg> struct ListArgCount {
  static constexpr int value = IsArithmetic<Arg> ? 1 : 0;
};
template <typename T, int M> struct ListArgCount<T, sycl::vec<T, M>> {
  static constexpr int value = M;
};
template <typename T, int M, typename VecT, int... I>
struct ListArgCount<T, SwizzleRef<sycl::vec<T, M>, VecT, I...>> {
  static constexpr int value = M;
};

/// Whether Args... supply exactly N elements of T (two arguments at least:
/// one scalar is the explicit broadcast, one vec or swizzle a copy or a
/// conversion).
template <typename T, int N, typename... Args>
inline constexpr bool IsElementList =
    sizeof...(Args) > 1 && ((ListArgCount<T, Args>::value > 0) && ...) &&
    (0 + ... + ListArgCount<T, Args>::value) == N;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.14.2.1: the element indices by name, for swizzle<...>():
/// `v.swizzle<elem::w, elem::x>()`.
struct elem {
  static constexpr int x = 0;
  static constexpr int y = 1;
  static constexpr int z = 2;
  static constexpr int w = 3;
  static constexpr int r = 0;
  static constexpr int g = 1;
  static constexpr int b = 2;
  static constexpr int a = 3;
  static constexpr int s0 = 0;
  static constexpr int s1 = 1;
  static constexpr int s2 = 2;
  static constexpr int s3 = 3;
  static constexpr int s4 = 4;
  static constexpr int s5 = 5;
  static constexpr int s6 = 6;
  static constexpr int s7 = 7;
  static constexpr int s8 = 8;
  static constexpr int s9 = 9;
  static constexpr int sA = 10;
  static constexpr int sB = 11;
  static constexpr int sC = 12;
  static constexpr int sD = 13;
  static constexpr int sE = 14;
  static constexpr int sF = 15;
};

/// A vector of NumElements values of DataT with element-wise operators.
template <typename DataT, int NumElements>
class vec
    : public lanes::detail::ArithmeticOps<vec<DataT, NumElements>, DataT,
                                          NumElements>,
      public lanes::detail::BitwiseOps<vec<DataT, NumElements>, DataT,
                                       NumElements>,
      public lanes::detail::IntegerOps<vec<DataT, NumElements>, DataT,
                                       NumElements>,
      public lanes::detail::CompareOps<
          vec<DataT, NumElements>, DataT, NumElements,
          lanes::detail::VecMask<DataT, NumElements>>,
      public lanes::detail::NamedSwizzles<vec<DataT, NumElements>,
                                          NumElements> {
  static_assert(lanes::detail::IsVecElement<DataT>,
                "sycl::vec elements are char, signed char, unsigned char, "
                "short, int, long, long long (signed or unsigned), float, "
                "double or sycl::half");
  static_assert(NumElements == 1 || NumElements == 2 || NumElements == 3 ||
                    NumElements == 4 || NumElements == 8 ||
                    NumElements == 16,
                "sycl::vec has 1, 2, 3, 4, 8 or 16 elements");

  /// Storage slots: a vec<T, 3> is laid out as four elements.
  static constexpr int Slots = NumElements == 3 ? 4 : NumElements;
  /// The vector's size, or (for sizes vec rejects) the element's alignment.
  static constexpr size_t Alignment = (Slots & (Slots - 1)) == 0
                                          ? sizeof(DataT) * Slots
                                          : alignof(DataT);

  template <typename, int> friend class lanes::detail::NamedSwizzles;

  /// A swizzle of elements I... (a slot of the padding included, for
  /// hi() and odd() of three elements).
  template <int... I> auto swizzleOf() {
    static_assert(lanes::detail::allBelow<Slots, I...>(),
                  "swizzle index out of range");
    return lanes::detail::SwizzleRef<vec<DataT, int(sizeof...(I))>, vec,
                                     I...>(*this);
  }
  template <int... I> auto swizzleOf() const {
    static_assert(lanes::detail::allBelow<Slots, I...>(),
                  "swizzle index out of range");
    return lanes::detail::SwizzleRef<vec<DataT, int(sizeof...(I))>,
                                     const vec, I...>(*this);
  }

  /// Copies one argument of the element-list constructor from \p Pos on.
  template <typename Arg> constexpr void append(int &Pos, const Arg &A) {
    if constexpr (lanes::detail::IsArithmetic<Arg>) {
      Data[Pos++] = static_cast<DataT>(A);
    } else {
      for (int I = 0; I < lanes::detail::ListArgCount<DataT, Arg>::value; ++I)
        Data[Pos++] = A[I];
    }
  }

public:
  using element_type = DataT;
  using value_type = DataT;

  /// All elements zero.
  constexpr vec() = default;
  /// Every element \p Arg.
  explicit constexpr vec(const DataT &Arg) {
    for (int I = 0; I < NumElements; ++I)
      Data[I] = Arg;
  }
  /// The elements of scalars, vecs and swizzles in order, NumElements in
  /// all: `float4(float2(a, b), c, d)`.
  template <typename... ArgTN,
            std::enable_if_t<lanes::detail::IsElementList<
                                 DataT, NumElements, ArgTN...>,
                             int> = 0>
  constexpr vec(const ArgTN &...Args) {
    int Pos = 0;
    (append(Pos, Args), ...);
  }
  constexpr vec(const vec &) = default;
  constexpr vec &operator=(const vec &) = default;

  /// Every element \p Rhs.
  constexpr vec &operator=(const DataT &Rhs) {
    for (int I = 0; I < NumElements; ++I)
      Data[I] = Rhs;
    return *this;
  }

  /// A one-element vec is also its element.
  template <int M = NumElements, std::enable_if_t<M == 1, int> = 0>
  constexpr operator DataT() const {
    return Data[0];
  }

  static constexpr size_t size() noexcept { return NumElements; }
  static constexpr size_t byte_size() noexcept {
    return sizeof(DataT) * Slots;
  }
  /// SYCL 1.2.1 names of size() and byte_size().
  static constexpr size_t get_count() noexcept { return size(); }
  static constexpr size_t get_size() noexcept { return byte_size(); }

  DataT &operator[](int I) { return Data[I]; }
  const DataT &operator[](int I) const { return Data[I]; }

  /// Each element converted to ConvertT, rounded by Mode.
  template <typename ConvertT,
            rounding_mode Mode = rounding_mode::automatic>
  vec<ConvertT, NumElements> convert() const {
    vec<ConvertT, NumElements> Res;
    for (int I = 0; I < NumElements; ++I)
      Res[I] = lanes::detail::convertElement<ConvertT, Mode>(Data[I]);
    return Res;
  }

  /// The bytes of this vec as AsT, a vec of the same size in bytes.
  template <typename AsT> AsT as() const {
    static_assert(lanes::detail::IsVec<AsT>,
                  "vec::as reinterprets as another sycl::vec");
    static_assert(sizeof(AsT) == sizeof(vec),
                  "vec::as needs a vec of the same size in bytes");
    AsT Res;
    std::memcpy(static_cast<void *>(&Res), static_cast<const void *>(this),
                sizeof(Res));
    return Res;
  }

  /// The elements I... as a swizzle (a vec of sizeof...(I) elements that
  /// writes through when no index repeats).
  template <int... I> auto swizzle() {
    static_assert(lanes::detail::allBelow<NumElements, I...>(),
                  "swizzle index out of range");
    return swizzleOf<I...>();
  }
  template <int... I> auto swizzle() const {
    static_assert(lanes::detail::allBelow<NumElements, I...>(),
                  "swizzle index out of range");
    return swizzleOf<I...>();
  }

  /// Elements Ptr[Offset * NumElements ...] in order.
  template <typename ElementT, access::address_space Space,
            access::decorated Decorated,
            std::enable_if_t<std::is_same_v<std::remove_const_t<ElementT>,
                                            DataT>,
                             int> = 0>
  void load(size_t Offset, multi_ptr<ElementT, Space, Decorated> Ptr) {
    load(Offset, static_cast<const DataT *>(Ptr.get()));
  }
  void load(size_t Offset, const DataT *Ptr) {
    for (int I = 0; I < NumElements; ++I)
      Data[I] = Ptr[Offset * NumElements + I];
  }
  /// Writes the elements to Ptr[Offset * NumElements ...].
  template <access::address_space Space, access::decorated Decorated>
  void store(size_t Offset, multi_ptr<DataT, Space, Decorated> Ptr) const {
    store(Offset, Ptr.get());
  }
  void store(size_t Offset, DataT *Ptr) const {
    for (int I = 0; I < NumElements; ++I)
      Ptr[Offset * NumElements + I] = Data[I];
  }

private:
  alignas(Alignment) DataT Data[Slots] = {};
};

/// `vec(1.0f, 2.0f)` is a vec<float, 2>.
template <typename T, typename... U>
vec(T, U...) -> vec<T, int(sizeof...(U)) + 1>;

// SYCL 2020 aliases (char4 = vec<int8_t, 4>, ...) and the SYCL 1.2.1 ones
// for signed char and long long.
#define LANES_VEC_ALIASES(Name, T)                                             \
  using Name##2 = vec<T, 2>;                                                   \
  using Name##3 = vec<T, 3>;                                                   \
  using Name##4 = vec<T, 4>;                                                   \
  using Name##8 = vec<T, 8>;                                                   \
  using Name##16 = vec<T, 16>;
LANES_VEC_ALIASES(char, std::int8_t)
LANES_VEC_ALIASES(schar, signed char)
LANES_VEC_ALIASES(uchar, std::uint8_t)
LANES_VEC_ALIASES(short, std::int16_t)
LANES_VEC_ALIASES(ushort, std::uint16_t)
LANES_VEC_ALIASES(int, std::int32_t)
LANES_VEC_ALIASES(uint, std::uint32_t)
LANES_VEC_ALIASES(long, std::int64_t)
LANES_VEC_ALIASES(ulong, std::uint64_t)
LANES_VEC_ALIASES(longlong, long long)
LANES_VEC_ALIASES(ulonglong, unsigned long long)
LANES_VEC_ALIASES(float, float)
LANES_VEC_ALIASES(double, double)
LANES_VEC_ALIASES(half, half)

/// SYCL 1.2.1 4.10.1: the OpenCL scalar types, which SYCL 2020 keeps in
/// sycl::opencl; SYCL 1.2.1 programs name them, and their vectors
/// (cl_float4 = vec<cl_float, 4>), in sycl.
namespace opencl {
using cl_bool = bool;
using cl_char = std::int8_t;
using cl_uchar = std::uint8_t;
using cl_short = std::int16_t;
using cl_ushort = std::uint16_t;
using cl_int = std::int32_t;
using cl_uint = std::uint32_t;
using cl_long = std::int64_t;
using cl_ulong = std::uint64_t;
using cl_half = half;
using cl_float = float;
using cl_double = double;
} // namespace opencl
using namespace opencl;
LANES_VEC_ALIASES(cl_char, cl_char)
LANES_VEC_ALIASES(cl_uchar, cl_uchar)
LANES_VEC_ALIASES(cl_short, cl_short)
LANES_VEC_ALIASES(cl_ushort, cl_ushort)
LANES_VEC_ALIASES(cl_int, cl_int)
LANES_VEC_ALIASES(cl_uint, cl_uint)
LANES_VEC_ALIASES(cl_long, cl_long)
LANES_VEC_ALIASES(cl_ulong, cl_ulong)
LANES_VEC_ALIASES(cl_half, cl_half)
LANES_VEC_ALIASES(cl_float, cl_float)
LANES_VEC_ALIASES(cl_double, cl_double)
#undef LANES_VEC_ALIASES

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_VEC_HPP
