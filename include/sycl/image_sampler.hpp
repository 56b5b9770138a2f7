//===- sycl/image_sampler.hpp - Image formats, targets and samplers -------===//
//
/// \file
/// SYCL 2020 4.7.3 (image_format), 4.7.6.12 (image_target) and 4.7.8
/// (image_sampler and its three modes). Only the enumerations and the
/// sampler aggregate: what they mean for texels and coordinates is in
/// lanes/detail/image_texel.hpp and lanes/detail/image_sampling.hpp.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_IMAGE_SAMPLER_HPP
#define LANES_SYCL_IMAGE_SAMPLER_HPP

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

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_IMAGE_SAMPLER_HPP
