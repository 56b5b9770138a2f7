//===- sycl/image_sampler.hpp - Image formats, targets and samplers -------===//
//
/// \file
/// SYCL 2020 4.7.3 (image_format), 4.7.6.12 (image_target) and 4.7.8
/// (image_sampler and its three modes), and SYCL 1.2.1's channel orders
/// and types (4.7.3) and sampler class (4.7.8), which SYCL 2020 deprecates
/// but keeps. Only the enumerations and the samplers: what they mean for
/// texels and coordinates is in lanes/detail/image_texel.hpp and
/// lanes/detail/image_sampling.hpp.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_IMAGE_SAMPLER_HPP
#define LANES_SYCL_IMAGE_SAMPLER_HPP

#include "sycl/property_list.hpp"

#include <cstddef>
#include <functional>

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.7.3: the channel layout of an image's texels. Every format
/// has four channels read and written as r, g, b, a; the names
/// r32b32g32a32_* and r16b16g16a16_sfloat are the specification's own
/// spellings of plain rgba layouts. b8g8r8a8_unorm stores b, g, r, a.
enum class image_format : unsigned {
  r8g8b8a8_unorm,
  r16g16b16a16_unorm,
  r8g8b8a8_sint,
  r16g16b16a16_sint,
  r32b32g32a32_sint,
  r8g8b8a8_uint,
  r16g16b16a16_uint,
  r32b32g32a32_uint,
  r16b16g16a16_sfloat,
  r32g32b32a32_sfloat,
  b8g8r8a8_unorm,
};

/// SYCL 2020 4.7.6.12: whether an image accessor is used in a kernel or in
/// a host task.
enum class image_target : unsigned { device, host_task };

/// SYCL 2020 4.7.8: what a sampled read does with coordinates outside the
/// image (OpenCL 1.2 section 8.2).
enum class addressing_mode : unsigned {
  mirrored_repeat,
  repeat,
  clamp_to_edge,
  clamp,
  none,
};

/// SYCL 2020 4.7.8: the texel nearest to the coordinates, or a linear
/// interpolation of the 2, 4 or 8 around them.
enum class filtering_mode : unsigned { nearest, linear };

/// SYCL 2020 4.7.8: coordinates in [0, 1) across the image (normalized) or
/// in texels (unnormalized).
enum class coordinate_normalization_mode : unsigned {
  normalized,
  unnormalized,
};

/// SYCL 2020 4.7.8: how a sampled_image is read.
struct image_sampler {
  addressing_mode addressing;
  coordinate_normalization_mode coordinate;
  filtering_mode filtering;
};

/// SYCL 1.2.1 4.7.3: the channels a texel of an image stores, in memory
/// order (x is padding); OpenCL 1.2 5.3.1.1 lists which channel types each
/// takes.
enum class image_channel_order : unsigned {
  a,
  r,
  rx,
  rg,
  rgx,
  ra,
  rgb,
  rgbx,
  rgba,
  argb,
  bgra,
  intensity,
  luminance,
  abgr,
};

/// SYCL 1.2.1 4.7.3: the encoding of a channel (or, for unorm_short_565,
/// unorm_short_555 and unorm_int_101010, of a whole texel).
enum class image_channel_type : unsigned {
  snorm_int8,
  snorm_int16,
  unorm_int8,
  unorm_int16,
  unorm_short_565,
  unorm_short_555,
  unorm_int_101010,
  signed_int8,
  signed_int16,
  signed_int32,
  unsigned_int8,
  unsigned_int16,
  unsigned_int32,
  fp16,
  fp32,
};

/// SYCL 1.2.1 4.7.8: how a read of a SYCL 1.2.1 image accessor that takes
/// the sampler filters and addresses. Trivially copyable and free of
/// checks, so kernels may make their own.
class sampler {
public:
  sampler(coordinate_normalization_mode Coordinate, addressing_mode Addressing,
          filtering_mode Filtering, const property_list &Props = {}) noexcept
      : Modes{Addressing, Coordinate, Filtering}, Props(Props) {}

  addressing_mode get_addressing_mode() const noexcept {
    return Modes.addressing;
  }
  filtering_mode get_filtering_mode() const noexcept { return Modes.filtering; }
  coordinate_normalization_mode
  get_coordinate_normalization_mode() const noexcept {
    return Modes.coordinate;
  }
  template <typename Prop> bool has_property() const noexcept {
    return Props.template has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return Props.template get_property<Prop>();
  }

  /// Samplers compare by their modes.
  friend bool operator==(const sampler &L, const sampler &R) noexcept {
    return L.Modes.addressing == R.Modes.addressing &&
           L.Modes.coordinate == R.Modes.coordinate &&
           L.Modes.filtering == R.Modes.filtering;
  }
  friend bool operator!=(const sampler &L, const sampler &R) noexcept {
    return !(L == R);
  }

private:
  image_sampler Modes;
  property_list Props;
};

} // namespace _V1
} // namespace sycl

namespace std {
/// Equal samplers hash alike.
template <> struct hash<sycl::sampler> {
  size_t operator()(const sycl::sampler &S) const noexcept {
    return size_t(S.get_addressing_mode()) * 16 +
           size_t(S.get_coordinate_normalization_mode()) * 4 +
           size_t(S.get_filtering_mode());
  }
};
} // namespace std

#endif // LANES_SYCL_IMAGE_SAMPLER_HPP
