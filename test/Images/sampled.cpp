// Sampled images (SYCL 2020 4.7.3.2, 4.7.6.13, 4.7.8): reads through every
// sampler SYCL allows (five addressing modes with normalized coordinates,
// clamp_to_edge, clamp and none with unnormalized ones; nearest and linear
// filtering) of 1-D, 2-D and 3-D images, in kernels and through host
// accessors, at coordinates inside, on the edges of and outside the image.
// The reference below is a direct transcription of OpenCL 1.2 section 8.2,
// one tap list per axis. Texel values are small integers and the
// coordinates multiples of 1/64 of a power-of-two extent, so every linear
// weight and product is exact and results must match bit for bit; the
// unorm8 case, whose texels are not exact, is compared with a tolerance.
#include "../Buffers/buffers.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace {

using sycl::addressing_mode;
using sycl::coordinate_normalization_mode;
using sycl::filtering_mode;

/// One texel a read uses on one axis and its weight.
struct Tap {
  int Index;
  float Weight;
};

/// OpenCL 1.2 8.2 for one axis of \p W texels: one tap (nearest) or two
/// (linear).
std::vector<Tap> axisTaps(const sycl::image_sampler &S, float Coord, int W) {
  bool Linear = S.filtering == filtering_mode::linear;
  bool Normalized = S.coordinate == coordinate_normalization_mode::normalized;
  float U;
  if (S.addressing == addressing_mode::repeat) {
    U = (Coord - std::floor(Coord)) * W;
  } else if (S.addressing == addressing_mode::mirrored_repeat) {
    float Sp = 2.0f * std::rint(0.5f * Coord);
    U = std::fabs(Coord - Sp) * W;
  } else {
    U = Normalized ? Coord * W : Coord;
  }
  auto Address = [&](int I) {
    switch (S.addressing) {
    case addressing_mode::clamp_to_edge:
      return std::min(std::max(I, 0), W - 1);
    case addressing_mode::clamp:
      return std::min(std::max(I, -1), W);
    default:
      return I;
    }
  };
  if (!Linear) {
    int I = int(std::floor(U));
    if (S.addressing == addressing_mode::repeat)
      return {{I > W - 1 ? I - W : I, 1.0f}};
    if (S.addressing == addressing_mode::mirrored_repeat)
      return {{std::min(I, W - 1), 1.0f}};
    return {{Address(I), 1.0f}};
  }
  int I0 = int(std::floor(U - 0.5f));
  int I1 = I0 + 1;
  float A = (U - 0.5f) - std::floor(U - 0.5f);
  if (S.addressing == addressing_mode::repeat) {
    if (I0 < 0)
      I0 = W + I0;
    if (I1 > W - 1)
      I1 = I1 - W;
  } else if (S.addressing == addressing_mode::mirrored_repeat) {
    I0 = std::max(I0, 0);
    I1 = std::min(I1, W - 1);
  } else {
    I0 = Address(I0);
    I1 = Address(I1);
  }
  return {{I0, 1.0f - A}, {I1, A}};
}

/// Texel values: small integers, so that weighted sums are exact.
float texelValue(int X, int Y, int Z, int C) {
  return float((X * 7 + Y * 3 + Z * 5 + C * 2) % 11);
}

template <int Dims> struct Shape {
  int Extent[3];
  sycl::range<Dims> range() const {
    if constexpr (Dims == 1)
      return sycl::range<1>(Extent[0]);
    else if constexpr (Dims == 2)
      return sycl::range<2>(Extent[0], Extent[1]);
    else
      return sycl::range<3>(Extent[0], Extent[1], Extent[2]);
  }
  int count() const { return Extent[0] * Extent[1] * Extent[2]; }
};

/// The reference read at \p Coord from texels \p Texels (float rgba).
template <int Dims>
sycl::float4 referenceRead(const sycl::image_sampler &S, const Shape<Dims> &Sh,
                           const std::vector<float> &Texels,
                           const sycl::float4 &Coord) {
  std::vector<Tap> Axes[3] = {{{0, 1.0f}}, {{0, 1.0f}}, {{0, 1.0f}}};
  for (int D = 0; D < Dims; ++D)
    Axes[D] = axisTaps(S, Coord[D], Sh.Extent[D]);
  sycl::float4 Sum(0.0f);
  for (const Tap &Z : Axes[2])
    for (const Tap &Y : Axes[1])
      for (const Tap &X : Axes[0]) {
        bool Inside = X.Index >= 0 && X.Index < Sh.Extent[0] && Y.Index >= 0 &&
                      Y.Index < Sh.Extent[1] && Z.Index >= 0 &&
                      Z.Index < Sh.Extent[2];
        if (!Inside)
          continue; // border color (0, 0, 0, 0)
        size_t Base = 4 * (size_t(Z.Index) * Sh.Extent[1] * Sh.Extent[0] +
                           size_t(Y.Index) * Sh.Extent[0] + size_t(X.Index));
        for (int C = 0; C < 4; ++C)
          Sum[C] += X.Weight * Y.Weight * Z.Weight * Texels[Base + C];
      }
  return Sum;
}

/// Coordinates on one axis of \p W texels: inside, on texel edges and
/// centres, and outside on both sides.
std::vector<float> axisCoords(bool Normalized, int W, int Count) {
  std::vector<float> Out;
  // From -1.25 W to 2.25 W texels in steps that are multiples of 1/64 texel.
  int Lo = -80 * W, Hi = 144 * W, Step = (Hi - Lo) / Count;
  Step -= Step % 4;
  for (int K = Lo; K <= Hi; K += Step)
    Out.push_back(Normalized ? float(K) / (64.0f * W) : float(K) / 64.0f);
  for (float Edge : {0.0f, 0.5f, 1.0f, float(W) - 0.5f, float(W)})
    Out.push_back(Normalized ? Edge / W : Edge);
  // Just below 0: s - floor(s) rounds to 1, the corner case where repeat
  // must wrap texel W back to 0.
  Out.push_back(-0x1p-30f);
  return Out;
}

template <int Dims>
std::vector<sycl::float4> coordinates(bool Normalized, const Shape<Dims> &Sh) {
  int Count = Dims == 1 ? 150 : Dims == 2 ? 24 : 10;
  std::vector<float> Axis[3];
  for (int D = 0; D < 3; ++D)
    Axis[D] = D < Dims ? axisCoords(Normalized, Sh.Extent[D], Count)
                       : std::vector<float>{0.0f};
  std::vector<sycl::float4> Out;
  for (float Z : Axis[2])
    for (float Y : Axis[1])
      for (float X : Axis[0])
        Out.push_back(sycl::float4(X, Y, Z, 0.0f));
  return Out;
}

/// The float, float2 or float4 a Dims-dimensional read takes.
template <int Dims> auto coordArg(const sycl::float4 &C) {
  if constexpr (Dims == 1)
    return C[0];
  else if constexpr (Dims == 2)
    return sycl::float2(C[0], C[1]);
  else
    return C;
}

std::string samplerName(const sycl::image_sampler &S) {
  static const char *Addressing[] = {"mirrored_repeat", "repeat",
                                     "clamp_to_edge", "clamp", "none"};
  return std::string(Addressing[int(S.addressing)]) +
         (S.coordinate == coordinate_normalization_mode::normalized
              ? " normalized "
              : " unnormalized ") +
         (S.filtering == filtering_mode::linear ? "linear" : "nearest");
}

/// Reads \p Coords through \p S from a float image of \p Sh in a kernel and
/// through a host accessor; both must equal the reference exactly.
template <int Dims>
void checkSampler(buffers::Checker &Check, sycl::queue &Q,
                  const sycl::image_sampler &S, const Shape<Dims> &Sh) {
  std::vector<float> Texels(4 * size_t(Sh.count()));
  for (int Z = 0; Z < Sh.Extent[2]; ++Z)
    for (int Y = 0; Y < Sh.Extent[1]; ++Y)
      for (int X = 0; X < Sh.Extent[0]; ++X)
        for (int C = 0; C < 4; ++C)
          Texels[4 * ((Z * Sh.Extent[1] + Y) * Sh.Extent[0] + X) + C] =
              texelValue(X, Y, Z, C);
  bool Normalized = S.coordinate == coordinate_normalization_mode::normalized;
  std::vector<sycl::float4> Coords = coordinates<Dims>(Normalized, Sh);
  std::vector<sycl::float4> Got(Coords.size());
  sycl::sampled_image<Dims> Img(
      Texels.data(), sycl::image_format::r32g32b32a32_sfloat, S, Sh.range());
  {
    sycl::buffer<sycl::float4> In(Coords.data(), sycl::range<1>(Coords.size()));
    sycl::buffer<sycl::float4> Out(Got.data(), sycl::range<1>(Got.size()));
    Q.submit([&](sycl::handler &CGH) {
      sycl::sampled_image_accessor<sycl::float4, Dims> A(Img, CGH);
      sycl::accessor C(In, CGH, sycl::read_only);
      sycl::accessor O(Out, CGH, sycl::write_only);
      CGH.parallel_for(In.get_range(), [=](sycl::item<1> It) {
        O[It] = A.read(coordArg<Dims>(C[It]));
      });
    });
  }
  auto Host = Img.template get_host_access<sycl::float4>();
  size_t Bad = 0, Blended = 0;
  for (size_t I = 0; I < Coords.size(); ++I) {
    sycl::float4 Want = referenceRead(S, Sh, Texels, Coords[I]);
    Blended += Want[0] != std::floor(Want[0]);
    sycl::float4 FromHost = Host.read(coordArg<Dims>(Coords[I]));
    for (int C = 0; C < 4; ++C)
      if (Got[I][C] != Want[C] || FromHost[C] != Want[C]) {
        if (Bad++ < 3)
          std::printf("  at (%g, %g, %g) channel %d: kernel %g host %g, "
                      "want %g\n",
                      Coords[I][0], Coords[I][1], Coords[I][2], C, Got[I][C],
                      FromHost[C], Want[C]);
        break;
      }
  }
  Check.expect(std::to_string(Dims) + "-D " + samplerName(S) + " (" +
                   std::to_string(Coords.size()) + " reads)",
               Bad == 0);
  // The coordinates must exercise the blending, not only texel centres.
  if (S.filtering == filtering_mode::linear)
    Check.expect(std::to_string(Dims) + "-D " + samplerName(S) +
                     " blends texels",
                 Blended > Coords.size() / 10);
}

template <int Dims>
void allSamplers(buffers::Checker &Check, sycl::queue &Q,
                 const Shape<Dims> &Sh) {
  for (auto Filter : {filtering_mode::nearest, filtering_mode::linear}) {
    for (auto Mode : {addressing_mode::mirrored_repeat, addressing_mode::repeat,
                      addressing_mode::clamp_to_edge, addressing_mode::clamp,
                      addressing_mode::none})
      checkSampler<Dims>(
          Check, Q, {Mode, coordinate_normalization_mode::normalized, Filter},
          Sh);
    for (auto Mode : {addressing_mode::clamp_to_edge, addressing_mode::clamp,
                      addressing_mode::none})
      checkSampler<Dims>(
          Check, Q, {Mode, coordinate_normalization_mode::unnormalized, Filter},
          Sh);
  }
}

/// Other formats and data types through a linear or nearest sampler:
/// unorm8 (tolerance: its texels are not exact), sint8 read as int4, and
/// sfloat16 read as half4.
void otherFormats(buffers::Checker &Check, sycl::queue &Q) {
  const Shape<2> Sh{{4, 2, 1}};
  std::vector<unsigned char> Bytes(4 * 8);
  std::vector<float> AsFloat(Bytes.size());
  for (size_t I = 0; I < Bytes.size(); ++I) {
    Bytes[I] = static_cast<unsigned char>(corpus::input(uint32_t(I)));
    AsFloat[I] = Bytes[I] / 255.0f;
  }
  sycl::image_sampler Linear{addressing_mode::repeat,
                             coordinate_normalization_mode::normalized,
                             filtering_mode::linear};
  std::vector<sycl::float4> Coords = coordinates<2>(true, Sh);
  {
    sycl::sampled_image<2> Img(Bytes.data(), sycl::image_format::r8g8b8a8_unorm,
                               Linear, Sh.range());
    sycl::host_sampled_image_accessor<sycl::float4, 2> A(Img);
    bool Ok = true;
    for (const sycl::float4 &C : Coords) {
      sycl::float4 Got = A.read(sycl::float2(C[0], C[1]));
      sycl::float4 Want = referenceRead(Linear, Sh, AsFloat, C);
      for (int K = 0; K < 4; ++K)
        Ok = Ok && std::fabs(Got[K] - Want[K]) <= 1e-6f;
    }
    Check.expect("2-D unorm8 repeat normalized linear, float4", Ok);
  }
  sycl::image_sampler Nearest{addressing_mode::clamp,
                              coordinate_normalization_mode::unnormalized,
                              filtering_mode::nearest};
  std::vector<int8_t> Ints(4 * 8);
  std::vector<float> IntsAsFloat(Ints.size());
  for (size_t I = 0; I < Ints.size(); ++I)
    IntsAsFloat[I] = Ints[I] = int8_t(int(I * 37 % 256) - 128);
  {
    sycl::sampled_image<2> Img(Ints.data(), sycl::image_format::r8g8b8a8_sint,
                               Nearest, Sh.range());
    std::vector<sycl::float4> Unnormalized = coordinates<2>(false, Sh);
    std::vector<sycl::int4> Got(Unnormalized.size());
    {
      sycl::buffer<sycl::int4> Out(Got.data(), sycl::range<1>(Got.size()));
      sycl::buffer<sycl::float4> In(Unnormalized.data(),
                                    sycl::range<1>(Unnormalized.size()));
      Q.submit([&](sycl::handler &CGH) {
        auto A = Img.get_access<sycl::int4>(CGH);
        sycl::accessor C(In, CGH, sycl::read_only);
        sycl::accessor O(Out, CGH, sycl::write_only);
        CGH.parallel_for(In.get_range(), [=](sycl::item<1> It) {
          O[It] = A.read(sycl::float2(C[It][0], C[It][1]));
        });
      });
    }
    bool Ok = true;
    for (size_t I = 0; I < Got.size(); ++I) {
      sycl::float4 Want =
          referenceRead(Nearest, Sh, IntsAsFloat, Unnormalized[I]);
      for (int K = 0; K < 4; ++K)
        Ok = Ok && float(Got[I][K]) == Want[K];
    }
    Check.expect("2-D sint8 clamp unnormalized nearest, int4 in a kernel", Ok);
  }
  std::vector<sycl::half> Halves(4 * 8);
  std::vector<float> HalvesAsFloat(Halves.size());
  for (size_t I = 0; I < Halves.size(); ++I)
    HalvesAsFloat[I] = Halves[I] = sycl::half(float(I % 9) - 4.0f);
  {
    sycl::image_sampler Mirror{addressing_mode::mirrored_repeat,
                               coordinate_normalization_mode::normalized,
                               filtering_mode::linear};
    sycl::sampled_image<2> Img(Halves.data(),
                               sycl::image_format::r16b16g16a16_sfloat, Mirror,
                               Sh.range());
    sycl::host_sampled_image_accessor<sycl::half4, 2> A(Img);
    bool Ok = true;
    for (const sycl::float4 &C : Coords) {
      sycl::half4 Got = A.read(sycl::float2(C[0], C[1]));
      sycl::float4 Want = referenceRead(Mirror, Sh, HalvesAsFloat, C);
      for (int K = 0; K < 4; ++K)
        Ok = Ok && Got[K] == sycl::half(Want[K]);
    }
    Check.expect("2-D sfloat16 mirrored_repeat normalized linear, half4", Ok);
  }
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  allSamplers<1>(Check, Q, Shape<1>{{8, 1, 1}});
  allSamplers<2>(Check, Q, Shape<2>{{4, 8, 1}});
  allSamplers<3>(Check, Q, Shape<3>{{4, 2, 8}});
  otherFormats(Check, Q);
  return Check.status();
}
