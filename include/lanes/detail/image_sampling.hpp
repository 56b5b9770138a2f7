//===- lanes/detail/image_sampling.hpp - Image reads, writes, sampling ----===//
//
/// \file
/// ImageView is what an image accessor holds: a pointer to the image's
/// bytes, its extents, row and slice pitches, texel format and (for SYCL
/// 2020 sampled images) sampler. It is trivially copyable, so kernels
/// capture it by value, and its members never throw or allocate.
///
/// Unsampled reads and writes take integer coordinates. SYCL leaves
/// coordinates outside the image undefined; Lanes reads the border color
/// there and ignores the write.
///
/// Sampled reads follow OpenCL 1.2 section 8.2 exactly, one axis at a time:
/// the addressing mode maps the coordinate to one texel index (nearest) or
/// to two indices and a weight, frac(u - 0.5) (linear), and linear
/// filtering blends the 2, 4 or 8 texels with the products of the weights,
/// in OpenCL's order. A texel index outside the image (addressing clamp, or
/// none) reads the border color: (0, 0, 0, 1) for the channel orders r,
/// rg, rgb and luminance, else (0, 0, 0, 0). Coordinates too large for an int
/// index, infinities and NaN map to an index far outside the image: border
/// color, or the edge under clamp_to_edge.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_IMAGE_SAMPLING_HPP
#define LANES_DETAIL_IMAGE_SAMPLING_HPP

#include "lanes/detail/image_texel.hpp"

#include <cmath>
#include <cstddef>

namespace lanes::detail {

/// One axis of a sampled read: texels I0 and I1, weighted 1 - A and A
/// (nearest uses I0 only).
struct AxisSample {
  int I0;
  int I1;
  float A;
};

/// floor(\p X) as an index; far outside any image when it does not fit
/// (also for NaN).
inline int floorIndex(float X) noexcept {
  constexpr float Limit = 0x1p30f;
  float Floor = std::floor(X);
  if (!(Floor >= -Limit))
    return -(1 << 30);
  return Floor > Limit ? (1 << 30) : int(Floor);
}

inline int clampIndex(int I, int Low, int High) noexcept {
  return I < Low ? Low : (I > High ? High : I);
}

/// OpenCL 1.2 8.2: the addressing of clamp_to_edge, clamp and none.
inline int addressIndex(sycl::addressing_mode Mode, int I,
                        int Extent) noexcept {
  if (Mode == sycl::addressing_mode::clamp_to_edge)
    return clampIndex(I, 0, Extent - 1);
  if (Mode == sycl::addressing_mode::clamp)
    return clampIndex(I, -1, Extent);
  return I;
}

/// OpenCL 1.2 8.2 mirrored_repeat: |s - 2 rint(s / 2)|, in [0, 1].
inline float mirror(float S) noexcept {
  return std::fabs(S - 2.0f * std::rint(0.5f * S));
}

/// The texel nearest to coordinate \p S on an axis of \p Extent texels.
inline int nearestIndex(const sycl::image_sampler &Sampler, float S,
                        int Extent) noexcept {
  bool Normalized =
      Sampler.coordinate == sycl::coordinate_normalization_mode::normalized;
  switch (Sampler.addressing) {
  case sycl::addressing_mode::repeat: {
    int I = floorIndex((S - std::floor(S)) * float(Extent));
    return I > Extent - 1 ? I - Extent : I;
  }
  case sycl::addressing_mode::mirrored_repeat: {
    int I = floorIndex(mirror(S) * float(Extent));
    return I < Extent - 1 ? I : Extent - 1;
  }
  default: {
    float U = Normalized ? S * float(Extent) : S;
    return addressIndex(Sampler.addressing, floorIndex(U), Extent);
  }
  }
}

/// The two texels around coordinate \p S and the weight of the second.
inline AxisSample linearAxis(const sycl::image_sampler &Sampler, float S,
                             int Extent) noexcept {
  bool Normalized =
      Sampler.coordinate == sycl::coordinate_normalization_mode::normalized;
  float U;
  switch (Sampler.addressing) {
  case sycl::addressing_mode::repeat:
    U = (S - std::floor(S)) * float(Extent);
    break;
  case sycl::addressing_mode::mirrored_repeat:
    U = mirror(S) * float(Extent);
    break;
  default:
    U = Normalized ? S * float(Extent) : S;
    break;
  }
  float Shifted = U - 0.5f;
  int I0 = floorIndex(Shifted);
  int I1 = I0 + (I0 < (1 << 30));
  float A = Shifted - std::floor(Shifted);
  switch (Sampler.addressing) {
  case sycl::addressing_mode::repeat:
    return {I0 < 0 ? I0 + Extent : I0, I1 > Extent - 1 ? I1 - Extent : I1, A};
  case sycl::addressing_mode::mirrored_repeat:
    return {I0 < 0 ? 0 : I0, I1 > Extent - 1 ? Extent - 1 : I1, A};
  default:
    return {addressIndex(Sampler.addressing, I0, Extent),
            addressIndex(Sampler.addressing, I1, Extent), A};
  }
}

/// The memory of one image as accessors see it.
struct ImageView {
  unsigned char *Data;
  int Extent[3];     ///< texels per axis; 1 for the axes an image lacks
  size_t RowPitch;   ///< bytes from one row to the next
  size_t SlicePitch; ///< bytes from one slice to the next
  TexelFormat Format;
  sycl::image_sampler Sampler; ///< sampled images only

  bool contains(int X, int Y, int Z) const noexcept {
    return X >= 0 && Y >= 0 && Z >= 0 && X < Extent[0] && Y < Extent[1] &&
           Z < Extent[2];
  }
  unsigned char *texel(int X, int Y, int Z) const noexcept {
    return Data + size_t(Z) * SlicePitch + size_t(Y) * RowPitch +
           size_t(X) * Format.Bytes;
  }
  /// Bytes of the image, pitches included.
  size_t bytes() const noexcept { return SlicePitch * size_t(Extent[2]); }

  /// The texel at (X, Y, Z), or the border color outside the image.
  template <typename DataT> DataT read(int X, int Y, int Z) const noexcept {
    if (!contains(X, Y, Z))
      return borderColor<DataT>(Format);
    return loadTexel<DataT>(texel(X, Y, Z), Format);
  }
  /// Writes the texel at (X, Y, Z); nothing outside the image.
  template <typename DataT>
  void write(int X, int Y, int Z, const DataT &Color) const noexcept {
    if (contains(X, Y, Z))
      storeTexel(texel(X, Y, Z), Format, Color);
  }

  /// A read through \p With at coordinates \p S (Dims of them). int4 and
  /// uint4 are read nearest even when \p With filters linearly (OpenCL
  /// leaves that undefined; SYCL 2020's accessors reject it).
  template <typename DataT, int Dims>
  DataT sample(const float *S, const sycl::image_sampler &With) const noexcept {
    if (With.filtering == sycl::filtering_mode::nearest ||
        familyOfData<DataT>() != TexelFamily::Float) {
      int I[3] = {0, 0, 0};
      for (int D = 0; D < Dims; ++D)
        I[D] = nearestIndex(With, S[D], Extent[D]);
      return read<DataT>(I[0], I[1], I[2]);
    }
    return sampleLinear<DataT, Dims>(S, With);
  }

private:
  /// Texel (X, Y, Z) as a float4, the border color outside the image.
  sycl::vec<float, 4> readFloat(int X, int Y, int Z) const noexcept {
    if (!contains(X, Y, Z))
      return borderColor<sycl::vec<float, 4>>(Format);
    return loadTexelFloat(texel(X, Y, Z), Format);
  }

  /// OpenCL 1.2 8.2 linear filtering: corner C of the 2^Dims texels takes
  /// I1 on axis D when bit D of C is set, and the product of the axes'
  /// weights (1 - a or a).
  template <typename DataT, int Dims>
  DataT sampleLinear(const float *S,
                     const sycl::image_sampler &With) const noexcept {
    AxisSample Axes[3] = {{0, 0, 0.0f}, {0, 0, 0.0f}, {0, 0, 0.0f}};
    for (int D = 0; D < Dims; ++D)
      Axes[D] = linearAxis(With, S[D], Extent[D]);
    sycl::vec<float, 4> Sum;
    for (int Corner = 0; Corner < (1 << Dims); ++Corner) {
      float Weight = 1.0f;
      int I[3] = {0, 0, 0};
      for (int D = 0; D < Dims; ++D) {
        bool Second = (Corner >> D) & 1;
        Weight *= Second ? Axes[D].A : 1.0f - Axes[D].A;
        I[D] = Second ? Axes[D].I1 : Axes[D].I0;
      }
      Sum += Weight * readFloat(I[0], I[1], I[2]);
    }
    using Element = typename DataT::element_type;
    DataT Color;
    for (int C = 0; C < 4; ++C)
      Color[C] = Element(Sum[C]);
    return Color;
  }
};

} // namespace lanes::detail

#endif // LANES_DETAIL_IMAGE_SAMPLING_HPP
