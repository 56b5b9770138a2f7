//===- lanes/detail/image_texel.hpp - Texel encodings of SYCL images ------===//
//
/// \file
/// How the eleven SYCL 2020 image formats (4.7.3) store a texel and how a
/// texel converts to and from the four data types image accessors use
/// (int4, uint4, float4, half4). The rules are those of OpenCL 1.2 section
/// 8.3, to which SYCL refers:
///
/// - unorm channels read as x / 255 (8 bits) or x / 65535 (16 bits); a
///   write clamps to [0, 1], scales, and rounds to the nearest integer, ties
///   to even; NaN writes 0.
/// - sint and uint channels read as they are; a write saturates to the
///   channel's range.
/// - 16-bit float channels convert to and from sycl::half (round to
///   nearest even); 32-bit float channels are stored as they are.
/// - b8g8r8a8_unorm stores the channels as b, g, r, a; accessors still see
///   r, g, b, a.
///
/// float4 and half4 go with the unorm and sfloat formats, int4 with sint and
/// uint4 with uint. Everything here runs in kernels: no exceptions, no
/// allocation, byte access through memcpy (image pitches need not be
/// multiples of a texel). checkImageData is the host-side check that an
/// accessor's DataT fits its image's format.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_IMAGE_TEXEL_HPP
#define LANES_DETAIL_IMAGE_TEXEL_HPP

#include "lanes/detail/buffer_storage.hpp"
#include "sycl/half.hpp"
#include "sycl/image_sampler.hpp"
#include "sycl/vec.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace lanes::detail {

/// The encoding of one channel of a texel.
enum class ChannelKind {
  Unorm8,
  Unorm16,
  Sint8,
  Sint16,
  Sint32,
  Uint8,
  Uint16,
  Uint32,
  Half,
  Float
};

/// Which accessor data types a format goes with: float4 and half4, int4 or
/// uint4.
enum class TexelFamily { Float, Sint, Uint };

constexpr ChannelKind channelKind(sycl::image_format Format) noexcept {
  using F = sycl::image_format;
  switch (Format) {
  case F::r8g8b8a8_unorm:
  case F::b8g8r8a8_unorm:
    return ChannelKind::Unorm8;
  case F::r16g16b16a16_unorm:
    return ChannelKind::Unorm16;
  case F::r8g8b8a8_sint:
    return ChannelKind::Sint8;
  case F::r16g16b16a16_sint:
    return ChannelKind::Sint16;
  case F::r32b32g32a32_sint:
    return ChannelKind::Sint32;
  case F::r8g8b8a8_uint:
    return ChannelKind::Uint8;
  case F::r16g16b16a16_uint:
    return ChannelKind::Uint16;
  case F::r32b32g32a32_uint:
    return ChannelKind::Uint32;
  case F::r16b16g16a16_sfloat:
    return ChannelKind::Half;
  case F::r32g32b32a32_sfloat:
    break;
  }
  return ChannelKind::Float;
}

constexpr unsigned channelBytes(ChannelKind Kind) noexcept {
  switch (Kind) {
  case ChannelKind::Unorm8:
  case ChannelKind::Sint8:
  case ChannelKind::Uint8:
    return 1;
  case ChannelKind::Unorm16:
  case ChannelKind::Sint16:
  case ChannelKind::Uint16:
  case ChannelKind::Half:
    return 2;
  default:
    return 4;
  }
}

/// Bytes of one texel (four channels) of \p Format.
constexpr unsigned texelBytes(sycl::image_format Format) noexcept {
  return 4 * channelBytes(channelKind(Format));
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

/// Where logical channel \p Channel (0 = r ... 3 = a) lives in a texel.
constexpr unsigned channelSlot(sycl::image_format Format,
                               unsigned Channel) noexcept {
  if (Format == sycl::image_format::b8g8r8a8_unorm && Channel < 3)
    return 2 - Channel;
  return Channel;
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

/// A float, unorm or half channel as a float (0 for integer channels, which
/// accessors never read this way).
inline float loadFloatChannel(const unsigned char *Bytes,
                              ChannelKind Kind) noexcept {
  switch (Kind) {
  case ChannelKind::Unorm8:
    return float(Bytes[0]) / 255.0f;
  case ChannelKind::Unorm16:
    return float(loadAs<std::uint16_t>(Bytes)) / 65535.0f;
  case ChannelKind::Half:
    return float(loadAs<sycl::half>(Bytes));
  case ChannelKind::Float:
    return loadAs<float>(Bytes);
  default:
    return 0.0f;
  }
}

/// An integer channel, sign- or zero-extended (0 for the others).
inline std::int64_t loadIntegerChannel(const unsigned char *Bytes,
                                       ChannelKind Kind) noexcept {
  switch (Kind) {
  case ChannelKind::Sint8:
    return loadAs<std::int8_t>(Bytes);
  case ChannelKind::Sint16:
    return loadAs<std::int16_t>(Bytes);
  case ChannelKind::Sint32:
    return loadAs<std::int32_t>(Bytes);
  case ChannelKind::Uint8:
    return Bytes[0];
  case ChannelKind::Uint16:
    return loadAs<std::uint16_t>(Bytes);
  case ChannelKind::Uint32:
    return loadAs<std::uint32_t>(Bytes);
  default:
    return 0;
  }
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

inline void storeFloatChannel(unsigned char *Bytes, ChannelKind Kind,
                              float Value) noexcept {
  switch (Kind) {
  case ChannelKind::Unorm8:
    Bytes[0] = static_cast<unsigned char>(toUnorm(Value, 255.0f));
    break;
  case ChannelKind::Unorm16:
    storeAs(Bytes, static_cast<std::uint16_t>(toUnorm(Value, 65535.0f)));
    break;
  case ChannelKind::Half:
    storeAs(Bytes, sycl::half(Value));
    break;
  case ChannelKind::Float:
    storeAs(Bytes, Value);
    break;
  default:
    break;
  }
}

/// \p Value saturated to [\p Low, \p High].
inline std::int64_t saturate(std::int64_t Value, std::int64_t Low,
                             std::int64_t High) noexcept {
  return Value < Low ? Low : (Value > High ? High : Value);
}

inline void storeIntegerChannel(unsigned char *Bytes, ChannelKind Kind,
                                std::int64_t Value) noexcept {
  switch (Kind) {
  case ChannelKind::Sint8:
    storeAs(Bytes, std::int8_t(saturate(Value, INT8_MIN, INT8_MAX)));
    break;
  case ChannelKind::Sint16:
    storeAs(Bytes, std::int16_t(saturate(Value, INT16_MIN, INT16_MAX)));
    break;
  case ChannelKind::Sint32:
    storeAs(Bytes, std::int32_t(Value));
    break;
  case ChannelKind::Uint8:
    storeAs(Bytes, std::uint8_t(saturate(Value, 0, UINT8_MAX)));
    break;
  case ChannelKind::Uint16:
    storeAs(Bytes, std::uint16_t(saturate(Value, 0, UINT16_MAX)));
    break;
  case ChannelKind::Uint32:
    storeAs(Bytes, std::uint32_t(Value));
    break;
  default:
    break;
  }
}

/// The texel at \p Texel of \p Format as a float4 (unorm and sfloat
/// formats).
inline sycl::vec<float, 4> loadTexelFloat(const unsigned char *Texel,
                                          sycl::image_format Format) noexcept {
  ChannelKind Kind = channelKind(Format);
  unsigned Size = channelBytes(Kind);
  sycl::vec<float, 4> Color;
  for (unsigned C = 0; C < 4; ++C)
    Color[C] = loadFloatChannel(Texel + channelSlot(Format, C) * Size, Kind);
  return Color;
}

/// The texel at \p Texel of \p Format as a DataT.
template <typename DataT>
DataT loadTexel(const unsigned char *Texel,
                sycl::image_format Format) noexcept {
  using Element = typename DataT::element_type;
  DataT Color;
  if constexpr (familyOfData<DataT>() == TexelFamily::Float) {
    sycl::vec<float, 4> Value = loadTexelFloat(Texel, Format);
    for (int C = 0; C < 4; ++C)
      Color[C] = Element(Value[C]);
  } else {
    ChannelKind Kind = channelKind(Format);
    unsigned Size = channelBytes(Kind);
    for (unsigned C = 0; C < 4; ++C)
      Color[C] = Element(
          loadIntegerChannel(Texel + channelSlot(Format, C) * Size, Kind));
  }
  return Color;
}

/// Writes \p Color as a texel of \p Format at \p Texel.
template <typename DataT>
void storeTexel(unsigned char *Texel, sycl::image_format Format,
                const DataT &Color) noexcept {
  ChannelKind Kind = channelKind(Format);
  unsigned Size = channelBytes(Kind);
  for (unsigned C = 0; C < 4; ++C) {
    unsigned char *Channel = Texel + channelSlot(Format, C) * Size;
    if constexpr (familyOfData<DataT>() == TexelFamily::Float)
      storeFloatChannel(Channel, Kind, float(Color[C]));
    else
      storeIntegerChannel(Channel, Kind, std::int64_t(Color[C]));
  }
}

/// The name of \p Format, for error messages.
inline const char *formatName(sycl::image_format Format) {
  static const char *const Names[] = {
      "r8g8b8a8_unorm",      "r16g16b16a16_unorm", "r8g8b8a8_sint",
      "r16g16b16a16_sint",   "r32b32g32a32_sint",  "r8g8b8a8_uint",
      "r16g16b16a16_uint",   "r32b32g32a32_uint",  "r16b16g16a16_sfloat",
      "r32g32b32a32_sfloat", "b8g8r8a8_unorm"};
  auto Index = unsigned(Format);
  return Index < std::size(Names) ? Names[Index] : "(unknown format)";
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
void checkImageData(const char *Who, sycl::image_format Format) {
  TexelFamily Family = familyOf(channelKind(Format));
  if (Family == familyOfData<DataT>())
    return;
  const char *Fits = Family == TexelFamily::Float  ? "float4 or half4"
                     : Family == TexelFamily::Sint ? "int4"
                                                   : "uint4";
  throwInvalid(std::string(Who) + ": DataT " + dataName<DataT>() +
               " does not match image_format::" + formatName(Format) +
               ", which is accessed as " + Fits);
}

} // namespace lanes::detail

#endif // LANES_DETAIL_IMAGE_TEXEL_HPP
