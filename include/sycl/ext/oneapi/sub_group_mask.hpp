//===- sycl/ext/oneapi/sub_group_mask.hpp - Sub-group masks and ballot ----===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_sub_group_mask, revision 1:
/// `sycl::ext::oneapi::sub_group_mask`, one bit per work-item of a
/// sub-group, and `group_ballot(sub_group, bool)`, which makes the mask of
/// the lanes whose predicate is true. Bit i is lane i (local linear id i).
///
/// group_ballot is written on the group algorithms alone: each lane
/// contributes its own bit (or none), and a bit_or reduce_over_group over
/// the sub-group joins them. It is therefore a sub-group collective like
/// any other (every work-item of the sub-group must reach it), and needs no
/// builtin of its own: in compiled mode it is one vector `or` reduction of
/// the lanes' bits, in library-only mode one exchange among the sub-group's
/// fibers.
///
/// A mask holds its bits and its size(): the local range of the sub-group
/// that made it, smaller than LANES_SUB_GROUP_SIZE in a row's partial last
/// sub-group. Bits at and above size() are always zero: every member keeps
/// them so (flip, set, shifts and insert_bits act on the first size() bits
/// only), and reads there (test, operator[], extract_bits) give false or
/// zero. The bits live in a 32-bit word, or a 64-bit one when
/// LANES_SUB_GROUP_SIZE is 64; max_bits is that word's width. The members
/// need no sub_group and may be called by each work-item on its own.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_SUB_GROUP_MASK_HPP
#define LANES_SYCL_EXT_ONEAPI_SUB_GROUP_MASK_HPP

#include "lanes/detail/group_collective.hpp"
#include "lanes/detail/sub_group_size.hpp"
#include "sycl/functional.hpp"
#include "sycl/group_algorithm.hpp"
#include "sycl/id.hpp"
#include "sycl/marray.hpp"
#include "sycl/sub_group.hpp"
#include "sycl/vec.hpp"

#include <climits>
#include <cstddef>
#include <cstdint>
#include <type_traits>

/// The extension's feature-test macro: revision 1 (no user constructors).
#define SYCL_EXT_ONEAPI_SUB_GROUP_MASK 1

namespace lanes::detail {

/// Whether T is an integral type, or a sycl::marray or sycl::vec of
/// integral types: what insert_bits and extract_bits take.
template <typename T> struct IsMaskBitsImpl : std::is_integral<T> {};
template <typename E, size_t N>
struct IsMaskBitsImpl<sycl::marray<E, N>> : std::is_integral<E> {};
template <typename E, int N>
struct IsMaskBitsImpl<sycl::vec<E, N>> : std::is_integral<E> {};
template <typename T>
inline constexpr bool IsMaskBits = IsMaskBitsImpl<T>::value;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

struct sub_group_mask;

/// The mask of the lanes of \p G whose \p Predicate is true. A sub-group
/// collective: every work-item of the sub-group must call it.
template <typename Group>
lanes::detail::EnableIfSubGroup<Group, sub_group_mask>
group_ballot(Group G, bool Predicate = true, LANES_CALL_SITE);

/// One bit per work-item of a sub-group, made by group_ballot.
struct sub_group_mask {
private:
  using BitsType = std::conditional_t<(lanes::detail::SubGroupSize > 32),
                                      uint64_t, uint32_t>;
  static constexpr size_t Width = sizeof(BitsType) * CHAR_BIT;

public:
  /// A modifiable bit of a mask, from the non-const operator[]. Writes to
  /// a position at or above the mask's size() are ignored.
  struct reference {
    /// Sets the bit to \p X.
    reference &operator=(bool X) {
      Mask.set(id<1>(Pos), X);
      return *this;
    }
    /// Sets the bit to the value of the bit \p X refers to.
    reference &operator=(const reference &X) { return *this = bool(X); }
    /// The bit's value, inverted.
    bool operator~() const { return !bool(*this); }
    /// The bit's value.
    operator bool() const { return Mask.test(id<1>(Pos)); }
    /// Toggles the bit.
    reference &flip() {
      Mask.flip(id<1>(Pos));
      return *this;
    }

    /// Refers to the bit \p X refers to.
    reference(const reference &X) = default;

  private:
    friend struct sub_group_mask;
    reference(sub_group_mask &Mask, size_t Pos) : Mask(Mask), Pos(Pos) {}

    sub_group_mask &Mask;
    size_t Pos;
  };

  /// The most bits a mask can hold: 32, or 64 with sub-groups of 64.
  static constexpr size_t max_bits = Width;

  /// A copy of \p Other, bits and size().
  sub_group_mask(const sub_group_mask &Other) = default;
  /// Takes \p Other's bits and size().
  sub_group_mask &operator=(const sub_group_mask &Other) = default;

  /// Whether bit \p Id is set (false at or above size()).
  bool operator[](id<1> Id) const { return test(Id); }
  /// Bit \p Id, to read or write.
  reference operator[](id<1> Id) { return reference(*this, size_t(Id)); }
  /// Whether bit \p Id is set (false at or above size()).
  bool test(id<1> Id) const {
    size_t Pos = Id;
    return Pos < Size && (Bits >> Pos & 1) != 0;
  }
  /// Whether all size() bits are set.
  bool all() const { return Bits == valid(); }
  /// Whether some bit is set.
  bool any() const { return Bits != 0; }
  /// Whether no bit is set.
  bool none() const { return Bits == 0; }
  /// The number of bits set.
  uint32_t count() const { return uint32_t(__builtin_popcountll(Bits)); }
  /// The number of bits: the local range of the sub-group that made the
  /// mask.
  uint32_t size() const { return Size; }
  /// The lowest set bit, or size() when none is.
  id<1> find_low() const {
    return id<1>(Bits ? size_t(__builtin_ctzll(Bits)) : size_t(Size));
  }
  /// The highest set bit, or size() when none is.
  id<1> find_high() const {
    return id<1>(Bits ? size_t(63 - __builtin_clzll(Bits)) : size_t(Size));
  }

  /// Replaces the bits from \p Pos on by \p Value's (CHAR_BIT * sizeof(T)
  /// bits; an marray's or vec's elements one after the other, the first
  /// lowest), the ones that fall at or above size() left out.
  template <typename T>
  std::enable_if_t<lanes::detail::IsMaskBits<T>> insert_bits(const T &Value,
                                                             id<1> Pos = 0) {
    if constexpr (std::is_integral_v<T>) {
      insertWord(wordOf(Value), sizeof(T) * CHAR_BIT, Pos);
    } else {
      constexpr size_t ElementBits = sizeof(typename T::value_type) * CHAR_BIT;
      for (size_t I = 0; I < T::size(); ++I)
        insert_bits(Value[I], id<1>(size_t(Pos) + I * ElementBits));
    }
  }
  /// Sets \p Out to the CHAR_BIT * sizeof(T) bits from \p Pos on (an
  /// marray's or vec's elements one after the other, the first lowest);
  /// those at or above size() are zero.
  template <typename T>
  std::enable_if_t<lanes::detail::IsMaskBits<T>>
  extract_bits(T &Out, id<1> Pos = 0) const {
    if constexpr (std::is_integral_v<T>) {
      uint64_t Word = size_t(Pos) < Size ? uint64_t(Bits >> size_t(Pos)) : 0;
      if constexpr (sizeof(T) < sizeof(uint64_t))
        Word &= (uint64_t(1) << sizeof(T) * CHAR_BIT) - 1;
      Out = T(Word);
    } else {
      using E = typename T::value_type;
      constexpr size_t ElementBits = sizeof(E) * CHAR_BIT;
      for (size_t I = 0; I < T::size(); ++I) {
        E Element;
        extract_bits(Element, id<1>(size_t(Pos) + I * ElementBits));
        Out[I] = Element;
      }
    }
  }

  /// Sets all size() bits.
  void set() { Bits = valid(); }
  /// Sets bit \p Id to \p Value (nothing at or above size()).
  void set(id<1> Id, bool Value = true) {
    size_t Pos = Id;
    if (Pos >= Size)
      return;
    Bits = (Bits & ~(BitsType(1) << Pos)) | BitsType(Value) << Pos;
  }
  /// Clears every bit.
  void reset() { Bits = 0; }
  /// Clears bit \p Id.
  void reset(id<1> Id) { set(Id, false); }
  /// Clears the lowest set bit, as reset(find_low()).
  void reset_low() { Bits &= Bits - 1; }
  /// Clears the highest set bit, as reset(find_high()).
  void reset_high() { reset(find_high()); }
  /// Toggles all size() bits.
  void flip() { Bits ^= valid(); }
  /// Toggles bit \p Id (nothing at or above size()).
  void flip(id<1> Id) { set(Id, !test(Id)); }

  /// Whether every bit equals \p Rhs's (masks of one sub-group).
  bool operator==(const sub_group_mask &Rhs) const { return Bits == Rhs.Bits; }
  /// Whether some bit differs from \p Rhs's.
  bool operator!=(const sub_group_mask &Rhs) const { return !(*this == Rhs); }

  // The operations with another mask keep this one's size(); SYCL leaves
  // masks of different sizes undefined.

  /// Keeps the bits that \p Rhs has set too.
  sub_group_mask &operator&=(const sub_group_mask &Rhs) {
    Bits &= Rhs.Bits;
    return *this;
  }
  /// Sets the bits that \p Rhs has set.
  sub_group_mask &operator|=(const sub_group_mask &Rhs) {
    Bits = (Bits | Rhs.Bits) & valid();
    return *this;
  }
  /// Toggles the bits that \p Rhs has set.
  sub_group_mask &operator^=(const sub_group_mask &Rhs) {
    Bits = (Bits ^ Rhs.Bits) & valid();
    return *this;
  }
  /// Shifts the bits \p Shift positions up (to higher ids); bits shifted
  /// to size() or above are lost, zeros come in at the bottom.
  sub_group_mask &operator<<=(size_t Shift) {
    Bits = Shift < Width ? BitsType(Bits << Shift) & valid() : 0;
    return *this;
  }
  /// Shifts the bits \p Shift positions down; zeros come in at the top.
  sub_group_mask &operator>>=(size_t Shift) {
    Bits = Shift < Width ? Bits >> Shift : 0;
    return *this;
  }

  /// The mask with all size() bits toggled.
  sub_group_mask operator~() const {
    sub_group_mask Result = *this;
    Result.flip();
    return Result;
  }
  /// The mask shifted \p Shift positions up.
  sub_group_mask operator<<(size_t Shift) const {
    sub_group_mask Result = *this;
    return Result <<= Shift;
  }
  /// The mask shifted \p Shift positions down.
  sub_group_mask operator>>(size_t Shift) const {
    sub_group_mask Result = *this;
    return Result >>= Shift;
  }

  /// The bitwise and of \p Lhs and \p Rhs, of Lhs's size().
  friend sub_group_mask operator&(const sub_group_mask &Lhs,
                                  const sub_group_mask &Rhs) {
    sub_group_mask Result = Lhs;
    return Result &= Rhs;
  }
  /// The bitwise or of \p Lhs and \p Rhs, of Lhs's size().
  friend sub_group_mask operator|(const sub_group_mask &Lhs,
                                  const sub_group_mask &Rhs) {
    sub_group_mask Result = Lhs;
    return Result |= Rhs;
  }
  /// The bitwise xor of \p Lhs and \p Rhs, of Lhs's size().
  friend sub_group_mask operator^(const sub_group_mask &Lhs,
                                  const sub_group_mask &Rhs) {
    sub_group_mask Result = Lhs;
    return Result ^= Rhs;
  }

private:
  template <typename Group>
  friend lanes::detail::EnableIfSubGroup<Group, sub_group_mask>
  group_ballot(Group G, bool Predicate, lanes::detail::CallSite Site);

  sub_group_mask(BitsType Bits, uint32_t Size) : Bits(Bits), Size(Size) {}

  /// The first \p Count bits set (all of them from Width on).
  static BitsType lowBits(size_t Count) {
    return Count >= Width ? ~BitsType(0) : (BitsType(1) << Count) - 1;
  }
  /// The size() bits that a mask may set.
  BitsType valid() const { return lowBits(Size); }

  /// The bits of an integral \p Value, zero-extended.
  template <typename T> static uint64_t wordOf(T Value) {
    if constexpr (std::is_same_v<T, bool>)
      return Value;
    else
      return uint64_t(std::make_unsigned_t<T>(Value));
  }

  /// Replaces the \p Count bits from \p Pos on by the low bits of
  /// \p Value, but those at or above size().
  void insertWord(uint64_t Value, size_t Count, size_t Pos) {
    if (Pos >= Size)
      return;
    BitsType Field =
        lowBits(Pos + Count < Size ? Pos + Count : Size) & ~lowBits(Pos);
    Bits = (Bits & ~Field) | (BitsType(Value << Pos) & Field);
  }

  BitsType Bits;
  uint32_t Size;
};

template <typename Group>
lanes::detail::EnableIfSubGroup<Group, sub_group_mask>
group_ballot(Group G, bool Predicate, lanes::detail::CallSite Site) {
  using BitsType = sub_group_mask::BitsType;
  BitsType Own = Predicate ? BitsType(1) << G.get_local_linear_id() : 0;
  BitsType All =
      sycl::reduce_over_group(G, Own, sycl::bit_or<BitsType>(), Site);
  return sub_group_mask(All, G.get_local_linear_range());
}

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_SUB_GROUP_MASK_HPP
