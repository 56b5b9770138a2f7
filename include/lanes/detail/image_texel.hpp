//===- lanes/detail/image_texel.hpp - Texel encodings of SYCL images ------===//
//
/// \file
/// How images store a texel (TexelFormat: the eleven SYCL 2020 image
/// formats of 4.7.3, and the SYCL 1.2.1 channel orders and types) and how
/// a texel converts to and from the four data types image accessors use
/// (int4, uint4, float4, half4). The rules are those of OpenCL 1.2
/// sections 5.3.1.1 and 8.3, to which SYCL refers:
///
/// - unorm channels read as x / 255 (8 bits) or x / 65535 (16 bits), snorm
///   ones as max(-1, x / 127) or max(-1, x / 32767); a write clamps to
///   [0, 1] (or [-1, 1]), scales, and rounds to the nearest integer, ties
///   to even; NaN writes 0. The packed 565, 555 and 101010 words hold r, g
///   and b as unorm fields of 5, 6 or 10 bits.
/// - sint and uint channels read as they are; a write saturates to the
///   channel's range.
/// - 16-bit float channels convert to and from sycl::half (round to
///   nearest even); 32-bit float channels are stored as they are.
/// - A channel order says which stored channel r, g, b and a are (b8g8r8a8
///   and bgra store b, g, r, a); a channel it lacks reads 0 (r, g, b) or
///   1 (a), intensity reads its one channel as all four and luminance as
///   r, g and b.
///
/// float4 and half4 go with the unorm, snorm and float formats, int4 with
/// sint and uint4 with uint. Everything here but checkImageData runs in
/// kernels: no exceptions, no allocation, byte access through memcpy
/// (image pitches need not be multiples of a texel). Each channel kind's
/// conversion is a template, which withKind picks by a switch; the texels
/// a data type reads unconverted (four float, int32 or uint32 channels
/// stored r, g, b, a) skip the switch, so that a loop over them, once
/// unswitched on the format, is straight code the vectorizer takes.
/// checkImageData is the host-side check that an accessor's DataT fits its
/// image's format.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_IMAGE_TEXEL_HPP
#define LANES_DETAIL_IMAGE_TEXEL_HPP

#include "lanes/detail/buffer_storage.hpp"
#include "sycl/half.hpp"
#include "sycl/image_sampler.hpp"
#include "sycl/vec.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <type_traits>

namespace lanes::detail {

/// The encoding of one channel of a texel. The packed kinds hold three
/// channels (r, g, b) in one 16- or 32-bit word.
enum class ChannelKind {
  Unorm8,
  Unorm16,
  Snorm8,
  Snorm16,
  Sint8,
  Sint16,
  Sint32,
  Uint8,
  Uint16,
  Uint32,
  Half,
  Float,
  Unorm565,
  Unorm555,
  Unorm101010
};

/// Which accessor data types a format goes with: float4 and half4, int4 or
/// uint4.
enum class TexelFamily { Float, Sint, Uint };

constexpr unsigned channelBytes(ChannelKind Kind) noexcept {
  switch (Kind) {
  case ChannelKind::Unorm8:
  case ChannelKind::Snorm8:
  case ChannelKind::Sint8:
  case ChannelKind::Uint8:
    return 1;
  case ChannelKind::Unorm16:
  case ChannelKind::Snorm16:
  case ChannelKind::Sint16:
  case ChannelKind::Uint16:
  case ChannelKind::Half:
    return 2;
  default:
    return 4;
  }
}

constexpr TexelFamily familyOf(ChannelKind Kind) noexcept {
  switch (Kind) {
  case ChannelKind::Sint8:
  case ChannelKind::Sint16:
  case ChannelKind::Sint32:
    return TexelFamily::Sint;
  case ChannelKind::Uint8:
  case ChannelKind::Uint16:
  case ChannelKind::Uint32:
    return TexelFamily::Uint;
  default:
    return TexelFamily::Float;
  }
}

/// How an image stores its texels: the encoding of the channels, how many
/// are stored, and which of them r, g, b and a are. Made on the host from
/// a SYCL 2020 image_format or a SYCL 1.2.1 channel order and type.
struct TexelFormat {
  ChannelKind Kind;
  unsigned char Stored; ///< channels stored (3 for the packed kinds)
  unsigned char Bytes;  ///< of a texel
  /// The stored channel that r, g, b and a read; -1: r, g and b read 0, a
  /// reads 1.
  signed char Read[4];
  /// The channel (0 = r ... 3 = a) that each stored channel takes from a
  /// write; -1: padding, written as 0.
  signed char Write[4];
  /// OpenCL 1.2 8.2: the border color is (0, 0, 0, 1) for the channel
  /// orders r, rg, rgb and luminance, else (0, 0, 0, 0).
  bool OpaqueBorder;
  /// The format or channel type, for error messages ("image_format::...").
  const char *Name;
  /// Four channels stored r, g, b, a (Read and Write are 0, 1, 2, 3).
  bool Rgba = false;
};

/// The texel layout of a SYCL 2020 image format: four channels, stored r,
/// g, b, a (b, g, r, a for b8g8r8a8_unorm).
inline TexelFormat texelFormat(sycl::image_format Format) noexcept {
  using K = ChannelKind;
  struct FormatInfo {
    ChannelKind Kind;
    const char *Name;
  };
  // In the order of sycl::image_format.
  static const FormatInfo Formats[] = {
      {K::Unorm8, "image_format::r8g8b8a8_unorm"},
      {K::Unorm16, "image_format::r16g16b16a16_unorm"},
      {K::Sint8, "image_format::r8g8b8a8_sint"},
      {K::Sint16, "image_format::r16g16b16a16_sint"},
      {K::Sint32, "image_format::r32b32g32a32_sint"},
      {K::Uint8, "image_format::r8g8b8a8_uint"},
      {K::Uint16, "image_format::r16g16b16a16_uint"},
      {K::Uint32, "image_format::r32b32g32a32_uint"},
      {K::Half, "image_format::r16b16g16a16_sfloat"},
      {K::Float, "image_format::r32g32b32a32_sfloat"},
      {K::Unorm8, "image_format::b8g8r8a8_unorm"}};
  const FormatInfo &Info =
      Formats[unsigned(Format) < std::size(Formats)
                  ? unsigned(Format)
                  : unsigned(sycl::image_format::r32g32b32a32_sfloat)];
  TexelFormat Texel = {Info.Kind,
                       4,
                       static_cast<unsigned char>(4 * channelBytes(Info.Kind)),
                       {0, 1, 2, 3},
                       {0, 1, 2, 3},
                       false,
                       Info.Name};
  Texel.Rgba = Format != sycl::image_format::b8g8r8a8_unorm;
  if (!Texel.Rgba)
    for (int C = 0; C < 3; ++C)
      Texel.Read[C] = Texel.Write[C] = static_cast<signed char>(2 - C);
  return Texel;
}

/// Bytes of one texel of \p Format.
inline unsigned texelBytes(sycl::image_format Format) noexcept {
  return texelFormat(Format).Bytes;
}

/// The data types image accessors read and write.
template <typename DataT>
inline constexpr bool IsImageData =
    std::is_same_v<DataT, sycl::vec<std::int32_t, 4>> ||
    std::is_same_v<DataT, sycl::vec<std::uint32_t, 4>> ||
    std::is_same_v<DataT, sycl::vec<float, 4>> ||
    std::is_same_v<DataT, sycl::vec<sycl::half, 4>>;

template <typename DataT> constexpr TexelFamily familyOfData() noexcept {
  using Element = typename DataT::element_type;
  if constexpr (std::is_same_v<Element, std::int32_t>)
    return TexelFamily::Sint;
  else if constexpr (std::is_same_v<Element, std::uint32_t>)
    return TexelFamily::Uint;
  else
    return TexelFamily::Float;
}

template <typename T> T loadAs(const unsigned char *Bytes) noexcept {
  T Value;
  std::memcpy(&Value, Bytes, sizeof(T));
  return Value;
}
template <typename T> void storeAs(unsigned char *Bytes, T Value) noexcept {
  std::memcpy(Bytes, &Value, sizeof(T));
}

/// \p X (in [0, 65535]) rounded to the nearest integer, ties to even,
/// without depending on the floating-point environment.
inline std::uint32_t roundHalfEven(float X) noexcept {
  auto Whole = std::uint32_t(X);
  float Fraction = X - float(Whole);
  if (Fraction > 0.5f || (Fraction == 0.5f && (Whole & 1)))
    ++Whole;
  return Whole;
}

/// OpenCL 1.2 8.3.1.1: \p Value clamped to [0, 1], times \p Max, rounded
/// to nearest even; NaN gives 0.
inline std::uint32_t toUnorm(float Value, float Max) noexcept {
  if (!(Value > 0.0f))
    return 0; // also NaN
  if (Value >= 1.0f)
    return std::uint32_t(Max);
  return roundHalfEven(Value * Max);
}

/// OpenCL 1.2 8.3.1.1: \p Value clamped to [-1, 1], times \p Max,
/// rounded to nearest even; NaN gives 0.
inline std::int32_t toSnorm(float Value, float Max) noexcept {
  if (Value < 0.0f)
    return -std::int32_t(toUnorm(-Value, Max));
  return std::int32_t(toUnorm(Value, Max));
}

/// \p Value saturated to [\p Low, \p High].
inline std::int64_t saturate(std::int64_t Value, std::int64_t Low,
                             std::int64_t High) noexcept {
  return Value < Low ? Low : (Value > High ? High : Value);
}

constexpr bool isPacked(ChannelKind Kind) noexcept {
  return Kind == ChannelKind::Unorm565 || Kind == ChannelKind::Unorm555 ||
         Kind == ChannelKind::Unorm101010;
}

/// The texel layout of a SYCL 1.2.1 image of \p Order and \p Type;
/// throws errc::invalid, naming \p Who, for the pairs OpenCL 1.2 5.3.1.1
/// does not list.
inline TexelFormat texelFormat(const char *Who, sycl::image_channel_order Order,
                               sycl::image_channel_type Type) {
  using K = ChannelKind;
  struct TypeInfo {
    ChannelKind Kind;
    const char *Name;
  };
  static const TypeInfo Types[] = {
      {K::Snorm8, "image_channel_type::snorm_int8"},
      {K::Snorm16, "image_channel_type::snorm_int16"},
      {K::Unorm8, "image_channel_type::unorm_int8"},
      {K::Unorm16, "image_channel_type::unorm_int16"},
      {K::Unorm565, "image_channel_type::unorm_short_565"},
      {K::Unorm555, "image_channel_type::unorm_short_555"},
      {K::Unorm101010, "image_channel_type::unorm_int_101010"},
      {K::Sint8, "image_channel_type::signed_int8"},
      {K::Sint16, "image_channel_type::signed_int16"},
      {K::Sint32, "image_channel_type::signed_int32"},
      {K::Uint8, "image_channel_type::unsigned_int8"},
      {K::Uint16, "image_channel_type::unsigned_int16"},
      {K::Uint32, "image_channel_type::unsigned_int32"},
      {K::Half, "image_channel_type::fp16"},
      {K::Float, "image_channel_type::fp32"}};
  // Per order: stored channels, Read, Write, opaque border, and which
  // types it takes (Any: all but the packed ones).
  enum Takes { Any, Packed, Normalized, Bytes8 };
  struct OrderInfo {
    const char *Name;
    unsigned char Stored;
    signed char Read[4];
    signed char Write[4];
    bool Opaque;
    Takes Types;
  };
  static const OrderInfo Orders[] = {
      {"a", 1, {-1, -1, -1, 0}, {3}, false, Any},
      {"r", 1, {0, -1, -1, -1}, {0}, true, Any},
      {"rx", 2, {0, -1, -1, -1}, {0, -1}, false, Any},
      {"rg", 2, {0, 1, -1, -1}, {0, 1}, true, Any},
      {"rgx", 3, {0, 1, -1, -1}, {0, 1, -1}, false, Any},
      {"ra", 2, {0, -1, -1, 1}, {0, 3}, false, Any},
      {"rgb", 3, {0, 1, 2, -1}, {0, 1, 2}, true, Packed},
      {"rgbx", 3, {0, 1, 2, -1}, {0, 1, 2}, false, Packed},
      {"rgba", 4, {0, 1, 2, 3}, {0, 1, 2, 3}, false, Any},
      {"argb", 4, {1, 2, 3, 0}, {3, 0, 1, 2}, false, Bytes8},
      {"bgra", 4, {2, 1, 0, 3}, {2, 1, 0, 3}, false, Bytes8},
      {"intensity", 1, {0, 0, 0, 0}, {0}, false, Normalized},
      {"luminance", 1, {0, 0, 0, -1}, {0}, true, Normalized},
      {"abgr", 4, {3, 2, 1, 0}, {3, 2, 1, 0}, false, Bytes8}};
  auto OrderIndex = unsigned(Order), TypeIndex = unsigned(Type);
  if (OrderIndex >= std::size(Orders))
    throwInvalid(std::string(Who) + ": image_channel_order " +
                 std::to_string(OrderIndex) + " is not one of SYCL's");
  if (TypeIndex >= std::size(Types))
    throwInvalid(std::string(Who) + ": image_channel_type " +
                 std::to_string(TypeIndex) + " is not one of SYCL's");
  const OrderInfo &O = Orders[OrderIndex];
  const TypeInfo &T = Types[TypeIndex];
  bool Fits;
  const char *Wanted;
  switch (O.Types) {
  case Packed:
    Fits = isPacked(T.Kind);
    Wanted = "unorm_short_565, unorm_short_555 or unorm_int_101010";
    break;
  case Normalized:
    Fits = T.Kind == K::Unorm8 || T.Kind == K::Unorm16 || T.Kind == K::Snorm8 ||
           T.Kind == K::Snorm16 || T.Kind == K::Half || T.Kind == K::Float;
    Wanted = "unorm_int8, unorm_int16, snorm_int8, snorm_int16, fp16 or fp32";
    break;
  case Bytes8:
    Fits = T.Kind == K::Unorm8 || T.Kind == K::Snorm8 || T.Kind == K::Sint8 ||
           T.Kind == K::Uint8;
    Wanted = "unorm_int8, snorm_int8, signed_int8 or unsigned_int8";
    break;
  default:
    Fits = !isPacked(T.Kind);
    Wanted = "any type but unorm_short_565, unorm_short_555 and "
             "unorm_int_101010";
    break;
  }
  if (!Fits)
    throwInvalid(std::string(Who) + ": image_channel_order::" + O.Name +
                 " takes " + Wanted + ", not " + T.Name +
                 " (OpenCL 1.2 section 5.3.1.1)");
  unsigned Bytes = T.Kind == K::Unorm101010 ? 4
                   : isPacked(T.Kind)       ? 2
                                            : O.Stored * channelBytes(T.Kind);
  TexelFormat Format = {
      T.Kind, O.Stored,         static_cast<unsigned char>(Bytes),
      {},     {-1, -1, -1, -1}, O.Opaque,
      T.Name};
  for (int C = 0; C < 4; ++C)
    Format.Read[C] = O.Read[C];
  for (unsigned S = 0; S < O.Stored; ++S)
    Format.Write[S] = O.Write[S];
  Format.Rgba = Order == sycl::image_channel_order::rgba;
  return Format;
}

/// The width of field \p Slot (0 = r, 1 = g, 2 = b) of a packed word, and
/// where it starts. OpenCL 1.2 5.3.1.1: 565 is r 15:11, g 10:5, b 4:0; 555
/// is r 14:10, g 9:5, b 4:0 (bit 15 unused); 101010 is r 29:20, g 19:10,
/// b 9:0 (bits 31:30 unused).
template <ChannelKind Kind> constexpr unsigned packedBits(unsigned Slot) {
  if constexpr (Kind == ChannelKind::Unorm565)
    return Slot == 1 ? 6 : 5;
  else
    return Kind == ChannelKind::Unorm555 ? 5 : 10;
}
template <ChannelKind Kind> constexpr unsigned packedShift(unsigned Slot) {
  if constexpr (Kind == ChannelKind::Unorm565)
    return Slot == 0 ? 11 : (Slot == 1 ? 5 : 0);
  else
    return (2 - Slot) * packedBits<Kind>(Slot);
}
template <ChannelKind Kind>
using PackedWord = std::conditional_t<Kind == ChannelKind::Unorm101010,
                                      std::uint32_t, std::uint16_t>;

/// Stored channel \p Slot of the texel at \p Texel: a float for the
/// unorm, snorm and float kinds, sign- or zero-extended for the integer
/// ones.
template <ChannelKind Kind>
auto loadChannel(const unsigned char *Texel, unsigned Slot) noexcept {
  using K = ChannelKind;
  const unsigned char *Bytes = Texel + Slot * channelBytes(Kind);
  if constexpr (Kind == K::Unorm8)
    return float(Bytes[0]) / 255.0f;
  else if constexpr (Kind == K::Unorm16)
    return float(loadAs<std::uint16_t>(Bytes)) / 65535.0f;
  else if constexpr (Kind == K::Snorm8)
    return std::fmax(-1.0f, float(loadAs<std::int8_t>(Bytes)) / 127.0f);
  else if constexpr (Kind == K::Snorm16)
    return std::fmax(-1.0f, float(loadAs<std::int16_t>(Bytes)) / 32767.0f);
  else if constexpr (Kind == K::Half)
    return float(loadAs<sycl::half>(Bytes));
  else if constexpr (Kind == K::Float)
    return loadAs<float>(Bytes);
  else if constexpr (isPacked(Kind)) {
    std::uint32_t Word = loadAs<PackedWord<Kind>>(Texel);
    std::uint32_t Max = (1u << packedBits<Kind>(Slot)) - 1;
    return float((Word >> packedShift<Kind>(Slot)) & Max) / float(Max);
  } else if constexpr (Kind == K::Sint8)
    return std::int64_t(loadAs<std::int8_t>(Bytes));
  else if constexpr (Kind == K::Sint16)
    return std::int64_t(loadAs<std::int16_t>(Bytes));
  else if constexpr (Kind == K::Sint32)
    return std::int64_t(loadAs<std::int32_t>(Bytes));
  else if constexpr (Kind == K::Uint8)
    return std::int64_t(Bytes[0]);
  else if constexpr (Kind == K::Uint16)
    return std::int64_t(loadAs<std::uint16_t>(Bytes));
  else
    return std::int64_t(loadAs<std::uint32_t>(Bytes));
}

/// Writes \p Value to stored channel \p Slot (not of a packed kind):
/// unorm and snorm values scaled and rounded, integers saturated.
template <ChannelKind Kind, typename T>
void storeChannel(unsigned char *Texel, unsigned Slot, T Value) noexcept {
  using K = ChannelKind;
  unsigned char *Bytes = Texel + Slot * channelBytes(Kind);
  if constexpr (Kind == K::Unorm8)
    Bytes[0] = static_cast<unsigned char>(toUnorm(float(Value), 255.0f));
  else if constexpr (Kind == K::Unorm16)
    storeAs(Bytes, static_cast<std::uint16_t>(toUnorm(float(Value), 65535.0f)));
  else if constexpr (Kind == K::Snorm8)
    storeAs(Bytes, static_cast<std::int8_t>(toSnorm(float(Value), 127.0f)));
  else if constexpr (Kind == K::Snorm16)
    storeAs(Bytes, static_cast<std::int16_t>(toSnorm(float(Value), 32767.0f)));
  else if constexpr (Kind == K::Half)
    storeAs(Bytes, sycl::half(float(Value)));
  else if constexpr (Kind == K::Float)
    storeAs(Bytes, float(Value));
  else if constexpr (Kind == K::Sint8)
    storeAs(Bytes,
            std::int8_t(saturate(std::int64_t(Value), INT8_MIN, INT8_MAX)));
  else if constexpr (Kind == K::Sint16)
    storeAs(Bytes,
            std::int16_t(saturate(std::int64_t(Value), INT16_MIN, INT16_MAX)));
  else if constexpr (Kind == K::Sint32)
    storeAs(Bytes, std::int32_t(Value));
  else if constexpr (Kind == K::Uint8)
    storeAs(Bytes, std::uint8_t(saturate(std::int64_t(Value), 0, UINT8_MAX)));
  else if constexpr (Kind == K::Uint16)
    storeAs(Bytes, std::uint16_t(saturate(std::int64_t(Value), 0, UINT16_MAX)));
  else
    storeAs(Bytes, std::uint32_t(Value));
}

/// The kind of the widest channels of DataT's family (float, int32,
/// uint32), which it reads and writes unconverted.
template <typename DataT>
inline constexpr ChannelKind
    PlainKind = familyOfData<DataT>() == TexelFamily::Sint ? ChannelKind::Sint32
                : familyOfData<DataT>() == TexelFamily::Uint
                    ? ChannelKind::Uint32
                    : ChannelKind::Float;

/// Whether texels of \p Format are four channels of PlainKind<DataT>
/// stored r, g, b, a: read and written without looking further, in
/// straight code that a loop over them unswitched on the format vectorizes.
template <typename DataT> bool isPlain(const TexelFormat &Format) noexcept {
  return Format.Rgba && Format.Kind == PlainKind<DataT>;
}

/// Calls \p Fn with std::integral_constant<ChannelKind, K>, K being \p Kind
/// among the kinds of DataT's family (accessors check on the host that the
/// image's kind is one of them), so that each kind's code is straight.
template <typename DataT, typename FnT>
decltype(auto) withKind(ChannelKind Kind, FnT &&Fn) noexcept {
  using K = ChannelKind;
  auto As = [&](auto Known) -> decltype(auto) { return Fn(Known); };
  if constexpr (familyOfData<DataT>() == TexelFamily::Sint) {
    switch (Kind) {
    case K::Sint8:
      return As(std::integral_constant<K, K::Sint8>());
    case K::Sint16:
      return As(std::integral_constant<K, K::Sint16>());
    default:
      return As(std::integral_constant<K, K::Sint32>());
    }
  } else if constexpr (familyOfData<DataT>() == TexelFamily::Uint) {
    switch (Kind) {
    case K::Uint8:
      return As(std::integral_constant<K, K::Uint8>());
    case K::Uint16:
      return As(std::integral_constant<K, K::Uint16>());
    default:
      return As(std::integral_constant<K, K::Uint32>());
    }
  } else {
    switch (Kind) {
    case K::Unorm8:
      return As(std::integral_constant<K, K::Unorm8>());
    case K::Unorm16:
      return As(std::integral_constant<K, K::Unorm16>());
    case K::Snorm8:
      return As(std::integral_constant<K, K::Snorm8>());
    case K::Snorm16:
      return As(std::integral_constant<K, K::Snorm16>());
    case K::Half:
      return As(std::integral_constant<K, K::Half>());
    case K::Unorm565:
      return As(std::integral_constant<K, K::Unorm565>());
    case K::Unorm555:
      return As(std::integral_constant<K, K::Unorm555>());
    case K::Unorm101010:
      return As(std::integral_constant<K, K::Unorm101010>());
    default:
      return As(std::integral_constant<K, K::Float>());
    }
  }
}

/// The texel at \p Texel of \p Format as a DataT.
template <typename DataT>
DataT loadTexel(const unsigned char *Texel,
                const TexelFormat &Format) noexcept {
  using Element = typename DataT::element_type;
  if (isPlain<DataT>(Format)) {
    DataT Color;
    for (unsigned C = 0; C < 4; ++C)
      Color[C] = Element(loadChannel<PlainKind<DataT>>(Texel, C));
    return Color;
  }
  return withKind<DataT>(Format.Kind, [&](auto Kind) {
    DataT Color;
    for (int C = 0; C < 4; ++C) {
      // A channel the format lacks reads slot 0, which every texel has,
      // and then its default: no branch around the load.
      int S = Format.Read[C];
      auto Value = loadChannel<Kind>(Texel, S >= 0 ? unsigned(S) : 0);
      Color[C] = S >= 0 ? Element(Value) : Element(C == 3 ? 1 : 0);
    }
    return Color;
  });
}

/// The texel at \p Texel of \p Format as a float4 (unorm, snorm and
/// float formats).
inline sycl::vec<float, 4> loadTexelFloat(const unsigned char *Texel,
                                          const TexelFormat &Format) noexcept {
  return loadTexel<sycl::vec<float, 4>>(Texel, Format);
}

/// Writes \p Color as a texel of \p Format at \p Texel.
template <typename DataT>
void storeTexel(unsigned char *Texel, const TexelFormat &Format,
                const DataT &Color) noexcept {
  using Element = typename DataT::element_type;
  if (isPlain<DataT>(Format)) {
    for (unsigned C = 0; C < 4; ++C)
      storeChannel<PlainKind<DataT>>(Texel, C, Color[C]);
    return;
  }
  // The value stored channel S takes; channels picked by constant
  // indices, so that Color stays in registers.
  auto Source = [&](unsigned S) {
    int C = Format.Write[S];
    Element Value = C == 0   ? Color[0]
                    : C == 1 ? Color[1]
                    : C == 2 ? Color[2]
                             : Color[3];
    return C >= 0 ? Value : Element(0);
  };
  withKind<DataT>(Format.Kind, [&](auto Kind) {
    if constexpr (isPacked(Kind)) {
      std::uint32_t Word = 0;
      for (unsigned S = 0; S < 3; ++S)
        Word |=
            toUnorm(float(Source(S)), float((1u << packedBits<Kind>(S)) - 1))
            << packedShift<Kind>(S);
      storeAs(Texel, PackedWord<Kind>(Word));
    } else {
      for (unsigned S = 0; S < 4; ++S)
        if (S < Format.Stored)
          storeChannel<Kind>(Texel, S, Source(S));
    }
  });
}

/// OpenCL 1.2 8.2: the color read outside the image.
template <typename DataT> DataT borderColor(const TexelFormat &Format) {
  DataT Color;
  if (Format.OpaqueBorder)
    Color[3] = typename DataT::element_type(1);
  return Color;
}

/// The spelling of an accessor data type, for error messages.
template <typename DataT> const char *dataName() {
  using Element = typename DataT::element_type;
  if constexpr (std::is_same_v<Element, std::int32_t>)
    return "int4";
  else if constexpr (std::is_same_v<Element, std::uint32_t>)
    return "uint4";
  else if constexpr (std::is_same_v<Element, float>)
    return "float4";
  else
    return "half4";
}

/// Throws errc::invalid, naming \p Who, unless an image of \p Format can be
/// accessed as DataT.
template <typename DataT>
void checkImageData(const char *Who, const TexelFormat &Format) {
  TexelFamily Family = familyOf(Format.Kind);
  if (Family == familyOfData<DataT>())
    return;
  const char *Fits = Family == TexelFamily::Float  ? "float4 or half4"
                     : Family == TexelFamily::Sint ? "int4"
                                                   : "uint4";
  throwInvalid(std::string(Who) + ": DataT " + dataName<DataT>() +
               " does not match " + Format.Name + ", which is accessed as " +
               Fits);
}

} // namespace lanes::detail

#endif // LANES_DETAIL_IMAGE_TEXEL_HPP
