// Unsampled images (SYCL 2020 4.7.3.1, 4.7.6.12): every format with its
// data types, through host accessors and through kernels over 1-D, 2-D and
// 3-D images; the exact conversions of OpenCL 1.2 section 8.3 checked on the
// stored bytes (unorm scaling and rounding to nearest even, saturation of
// integer writes, half rounding, the b, g, r, a order of b8g8r8a8_unorm);
// explicit pitches; write-back to the host pointer, set_final_data,
// set_write_back and shared_ptr data; reads and writes outside the image,
// which Lanes defines as (0, 0, 0, 0) and no-ops.
#include "../Buffers/buffers.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace {

using sycl::image_format;
using Bytes = std::vector<unsigned char>;

template <typename T> Bytes bytesOf(std::initializer_list<T> Values) {
  Bytes Out(Values.size() * sizeof(T));
  std::memcpy(Out.data(), Values.begin(), Out.size());
  return Out;
}

template <typename VecT> bool sameVec(const VecT &A, const VecT &B) {
  for (int I = 0; I < 4; ++I)
    if (!(A[I] == B[I]))
      return false;
  return true;
}

/// Writes \p Color with a host accessor to a one-texel image of \p Format
/// over host memory, and checks the bytes written back when it dies.
template <typename DataT>
void checkWrite(buffers::Checker &Check, const std::string &Name,
                image_format Format, DataT Color, const Bytes &Want) {
  Bytes Host(Want.size(), 0xEE);
  {
    sycl::unsampled_image<1> Img(Host.data(), Format, sycl::range<1>(1));
    auto Acc = Img.get_host_access<DataT, sycl::access_mode::write>();
    Acc.write(0, Color);
  }
  Check.expect("write " + Name, Host == Want);
}

/// Reads the one texel \p Stored of \p Format with a host accessor.
template <typename DataT>
void checkRead(buffers::Checker &Check, const std::string &Name,
               image_format Format, Bytes Stored, DataT Want) {
  sycl::unsampled_image<1> Img(Stored.data(), Format, sycl::range<1>(1));
  sycl::host_unsampled_image_accessor<DataT, 1, sycl::access_mode::read> Acc(
      Img);
  Check.expect("read " + Name, sameVec(Acc.read(0), Want));
}

void conversions(buffers::Checker &Check) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  using sycl::float4;
  using sycl::half4;
  using sycl::int4;
  using sycl::uint4;
  // unorm: clamp to [0, 1], scale, round to nearest even; NaN is 0.
  checkWrite(Check, "unorm8 0.5 1.5 -1 NaN", image_format::r8g8b8a8_unorm,
             float4(0.5f, 1.5f, -1.0f, NaN), Bytes{128, 255, 0, 0});
  checkWrite(Check, "unorm8 0.25 0.75 1 0", image_format::r8g8b8a8_unorm,
             float4(0.25f, 0.75f, 1.0f, 0.0f), Bytes{64, 191, 255, 0});
  checkWrite(Check, "unorm8 from half4", image_format::r8g8b8a8_unorm,
             half4(0.5f, 0.25f, 2.0f, -0.5f), Bytes{128, 64, 255, 0});
  checkWrite(Check, "bgra8 stores b, g, r, a", image_format::b8g8r8a8_unorm,
             float4(1.0f, 0.5f, 0.0f, 0.25f), Bytes{0, 128, 255, 64});
  checkWrite(Check, "unorm16 0.5 1.5 -1 NaN", image_format::r16g16b16a16_unorm,
             float4(0.5f, 1.5f, -1.0f, NaN),
             bytesOf<uint16_t>({32768, 65535, 0, 0}));
  checkWrite(Check, "unorm16 0.25 0.75", image_format::r16g16b16a16_unorm,
             float4(0.25f, 0.75f, 1.0f, 0.0f),
             bytesOf<uint16_t>({16384, 49151, 65535, 0}));
  // unorm reads: x / 255 and x / 65535.
  checkRead(Check, "unorm8", image_format::r8g8b8a8_unorm,
            Bytes{0, 51, 128, 255},
            float4(0.0f, 51 / 255.0f, 128 / 255.0f, 1.0f));
  checkRead(Check, "bgra8 gives r, g, b, a", image_format::b8g8r8a8_unorm,
            Bytes{0, 51, 255, 128},
            float4(1.0f, 51 / 255.0f, 0.0f, 128 / 255.0f));
  checkRead(Check, "unorm16", image_format::r16g16b16a16_unorm,
            bytesOf<uint16_t>({0, 1000, 32768, 65535}),
            float4(0.0f, 1000 / 65535.0f, 32768 / 65535.0f, 1.0f));
  checkRead(Check, "unorm8 as half4", image_format::r8g8b8a8_unorm,
            Bytes{0, 51, 128, 255},
            half4(0.0f, 51 / 255.0f, 128 / 255.0f, 1.0f));
  // Integer formats saturate writes.
  checkWrite(Check, "sint8 saturates", image_format::r8g8b8a8_sint,
             int4(200, -200, 5, -5), bytesOf<int8_t>({127, -128, 5, -5}));
  checkWrite(Check, "sint16 saturates", image_format::r16g16b16a16_sint,
             int4(40000, -40000, 123, -1),
             bytesOf<int16_t>({32767, -32768, 123, -1}));
  checkWrite(Check, "sint32", image_format::r32b32g32a32_sint,
             int4(INT32_MAX, INT32_MIN, 0, 7),
             bytesOf<int32_t>({INT32_MAX, INT32_MIN, 0, 7}));
  checkWrite(Check, "uint8 saturates", image_format::r8g8b8a8_uint,
             uint4(300, 255, 0, 7), Bytes{255, 255, 0, 7});
  checkWrite(Check, "uint16 saturates", image_format::r16g16b16a16_uint,
             uint4(70000, 65535, 1, 2),
             bytesOf<uint16_t>({65535, 65535, 1, 2}));
  checkWrite(Check, "uint32", image_format::r32b32g32a32_uint,
             uint4(0xFFFFFFFFu, 0, 1, 0x80000000u),
             bytesOf<uint32_t>({0xFFFFFFFFu, 0, 1, 0x80000000u}));
  checkRead(Check, "sint8 sign-extends", image_format::r8g8b8a8_sint,
            bytesOf<int8_t>({-128, 127, -1, 0}), int4(-128, 127, -1, 0));
  checkRead(Check, "sint16", image_format::r16g16b16a16_sint,
            bytesOf<int16_t>({-32768, 32767, -2, 9}),
            int4(-32768, 32767, -2, 9));
  checkRead(Check, "uint8", image_format::r8g8b8a8_uint, Bytes{255, 128, 1, 0},
            uint4(255, 128, 1, 0));
  checkRead(Check, "uint16", image_format::r16g16b16a16_uint,
            bytesOf<uint16_t>({65535, 256, 1, 0}), uint4(65535, 256, 1, 0));
  // 16-bit floats round to nearest even half; 32-bit floats are stored.
  sycl::half Third(1.0f / 3.0f);
  checkWrite(Check, "sfloat16 from float4", image_format::r16b16g16a16_sfloat,
             float4(1.0f / 3.0f, -2.5f, 65504.0f, 0.0f),
             bytesOf<sycl::half>({Third, sycl::half(-2.5f),
                                  sycl::half(65504.0f), sycl::half(0.0f)}));
  checkRead(Check, "sfloat16 as float4", image_format::r16b16g16a16_sfloat,
            bytesOf<sycl::half>(
                {Third, sycl::half(-2.5f), sycl::half(1.0f), sycl::half(0.0f)}),
            float4(float(Third), -2.5f, 1.0f, 0.0f));
  checkRead(
      Check, "sfloat16 as half4", image_format::r16b16g16a16_sfloat,
      bytesOf<sycl::half>(
          {Third, sycl::half(-2.5f), sycl::half(1.0f), sycl::half(0.0f)}),
      half4(Third, sycl::half(-2.5f), sycl::half(1.0f), sycl::half(0.0f)));
  checkWrite(
      Check, "sfloat32 from half4", image_format::r32g32b32a32_sfloat,
      half4(Third, sycl::half(0.5f), sycl::half(-1.0f), sycl::half(8.0f)),
      bytesOf<float>({float(Third), 0.5f, -1.0f, 8.0f}));
  checkRead(Check, "sfloat32", image_format::r32g32b32a32_sfloat,
            bytesOf<float>({0.1f, -3.0f, 1e30f, 0.0f}),
            float4(0.1f, -3.0f, 1e30f, 0.0f));
}

/// Bytes for \p Count texels of \p Format that every read-then-write
/// returns unchanged (no NaNs in float formats).
Bytes texelPattern(image_format Format, size_t Count) {
  size_t Size = lanes::detail::texelBytes(Format);
  Bytes Out(Count * Size);
  for (size_t I = 0; I < Out.size(); ++I)
    Out[I] = static_cast<unsigned char>(corpus::input(uint32_t(I)));
  if (Format == image_format::r16b16g16a16_sfloat)
    for (size_t I = 0; I < Out.size() / 2; ++I) {
      sycl::half H(float(int(corpus::input(uint32_t(I)) % 2001) - 1000) / 8);
      std::memcpy(&Out[2 * I], &H, 2);
    }
  if (Format == image_format::r32g32b32a32_sfloat)
    for (size_t I = 0; I < Out.size() / 4; ++I) {
      float F = float(int(corpus::input(uint32_t(I)) % 200001) - 100000) / 3;
      std::memcpy(&Out[4 * I], &F, 4);
    }
  return Out;
}

template <int Dims> sycl::range<Dims> extentOf(size_t X, size_t Y, size_t Z) {
  if constexpr (Dims == 1)
    return sycl::range<1>(X);
  else if constexpr (Dims == 2)
    return sycl::range<2>(X, Y);
  else
    return sycl::range<3>(X, Y, Z);
}

/// The coordinates of work-item \p It in an image: int, int2 or int4.
template <int Dims> auto coordsOf(const sycl::item<Dims> &It) {
  if constexpr (Dims == 1)
    return int(It[0]);
  else if constexpr (Dims == 2)
    return sycl::int2{int(It[0]), int(It[1])};
  else
    return sycl::int4{int(It[0]), int(It[1]), int(It[2]), 0};
}

/// A kernel copies an image of \p Format texel by texel (as DataT) into a
/// second one; the bytes must come back unchanged.
template <int Dims, typename DataT>
void kernelCopy(buffers::Checker &Check, sycl::queue &Q, image_format Format,
                const char *Name) {
  sycl::range<Dims> Range = extentOf<Dims>(13, 5, 3);
  Bytes In = texelPattern(Format, Range.size());
  Bytes Out(In.size(), 0);
  {
    sycl::unsampled_image<Dims> Src(In.data(), Format, Range);
    sycl::unsampled_image<Dims> Dst(Out.data(), Format, Range);
    Q.submit([&](sycl::handler &CGH) {
      sycl::unsampled_image_accessor<DataT, Dims, sycl::access_mode::read> R(
          Src, CGH, sycl::read_only);
      sycl::unsampled_image_accessor<DataT, Dims, sycl::access_mode::write> W(
          Dst, CGH, sycl::write_only);
      CGH.parallel_for(Range, [=](sycl::item<Dims> It) {
        W.write(coordsOf(It), R.read(coordsOf(It)));
      });
    });
  }
  Check.expect(std::string("kernel copy ") + Name + " " + std::to_string(Dims) +
                   "-D",
               In == Out);
}

template <int Dims> void kernelCopies(buffers::Checker &Check, sycl::queue &Q) {
  using F = image_format;
  kernelCopy<Dims, sycl::float4>(Check, Q, F::r8g8b8a8_unorm, "unorm8 float4");
  kernelCopy<Dims, sycl::half4>(Check, Q, F::r8g8b8a8_unorm, "unorm8 half4");
  kernelCopy<Dims, sycl::float4>(Check, Q, F::r16g16b16a16_unorm,
                                 "unorm16 float4");
  kernelCopy<Dims, sycl::float4>(Check, Q, F::b8g8r8a8_unorm, "bgra8 float4");
  kernelCopy<Dims, sycl::int4>(Check, Q, F::r8g8b8a8_sint, "sint8");
  kernelCopy<Dims, sycl::int4>(Check, Q, F::r16g16b16a16_sint, "sint16");
  kernelCopy<Dims, sycl::int4>(Check, Q, F::r32b32g32a32_sint, "sint32");
  kernelCopy<Dims, sycl::uint4>(Check, Q, F::r8g8b8a8_uint, "uint8");
  kernelCopy<Dims, sycl::uint4>(Check, Q, F::r16g16b16a16_uint, "uint16");
  kernelCopy<Dims, sycl::uint4>(Check, Q, F::r32b32g32a32_uint, "uint32");
  kernelCopy<Dims, sycl::float4>(Check, Q, F::r16b16g16a16_sfloat,
                                 "sfloat16 float4");
  kernelCopy<Dims, sycl::half4>(Check, Q, F::r16b16g16a16_sfloat,
                                "sfloat16 half4");
  kernelCopy<Dims, sycl::float4>(Check, Q, F::r32g32b32a32_sfloat,
                                 "sfloat32 float4");
}

/// A kernel computes from one image into another of a different format
/// (float texels to unorm8, scaled); the host checks each texel through a
/// host accessor against the conversion done on the host.
void kernelTransform3D(buffers::Checker &Check, sycl::queue &Q) {
  sycl::range<3> Range(6, 4, 3);
  sycl::unsampled_image<3> Src(image_format::r32g32b32a32_sfloat, Range);
  sycl::unsampled_image<3> Dst(image_format::r8g8b8a8_unorm, Range);
  {
    sycl::host_unsampled_image_accessor<sycl::float4, 3> Acc(Src);
    for (int Z = 0; Z < 3; ++Z)
      for (int Y = 0; Y < 4; ++Y)
        for (int X = 0; X < 6; ++X)
          Acc.write(sycl::int4{X, Y, Z, 0},
                    sycl::float4(X / 5.0f, Y / 3.0f, Z / 2.0f, 0.5f));
  }
  Q.submit([&](sycl::handler &CGH) {
    auto R = Src.get_access<sycl::float4, sycl::access_mode::read>(CGH);
    auto W = Dst.get_access<sycl::float4, sycl::access_mode::write>(CGH);
    CGH.parallel_for(Range, [=](sycl::item<3> It) {
      sycl::int4 C = coordsOf(It);
      sycl::float4 V = R.read(C);
      W.write(C, sycl::float4(V[0] * 0.5f, 1.0f - V[1], V[2] * 2.0f, V[3]));
    });
  });
  sycl::host_unsampled_image_accessor<sycl::float4, 3, sycl::access_mode::read>
      Out(Dst);
  bool Ok = Out.size() == Range.size();
  for (int Z = 0; Z < 3; ++Z)
    for (int Y = 0; Y < 4; ++Y)
      for (int X = 0; X < 6; ++X) {
        float In[4] = {X / 5.0f * 0.5f, 1.0f - Y / 3.0f, Z / 2.0f * 2.0f, 0.5f};
        sycl::float4 Got = Out.read(sycl::int4{X, Y, Z, 0});
        for (int C = 0; C < 4; ++C) {
          float Clamped = std::fmin(std::fmax(In[C], 0.0f), 1.0f);
          float Want = std::nearbyint(Clamped * 255.0f) / 255.0f;
          Ok = Ok && Got[C] == Want;
        }
      }
  Check.expect("kernel sfloat32 -> unorm8 3-D", Ok);
}

/// A 2-D image with a 64-byte row pitch over host memory: texels land at
/// the pitch, the padding stays as it was; out-of-range reads give 0 and
/// out-of-range writes change nothing.
void pitchAndBounds2D(buffers::Checker &Check, sycl::queue &Q) {
  const size_t Pitch = 64;
  Bytes Host(Pitch * 3, 0xAB);
  sycl::buffer<sycl::uint4> Reads{sycl::range<1>(4)};
  {
    sycl::unsampled_image<2> Img(Host.data(), image_format::r8g8b8a8_uint,
                                 sycl::range<2>(5, 3), sycl::range<1>(Pitch));
    Check.expect("get_pitch 2-D", Img.get_pitch() == sycl::range<1>(Pitch));
    Check.expect("byte_size with pitch", Img.byte_size() == Pitch * 3);
    Check.expect("size", Img.size() == 15);
    Q.submit([&](sycl::handler &CGH) {
      auto W = Img.get_access<sycl::uint4, sycl::access_mode::write>(CGH);
      CGH.parallel_for(sycl::range<2>(5, 3), [=](sycl::item<2> It) {
        int X = int(It[0]), Y = int(It[1]);
        W.write(sycl::int2{X, Y}, sycl::uint4(X, Y, X + Y, 7));
        // Outside the image: ignored.
        W.write(sycl::int2{X + 5, Y}, sycl::uint4(1, 1, 1, 1));
        W.write(sycl::int2{X - 5, Y + 3}, sycl::uint4(1, 1, 1, 1));
      });
    });
    Q.submit([&](sycl::handler &CGH) {
      auto R = Img.get_access<sycl::uint4, sycl::access_mode::read>(CGH);
      sycl::accessor Out(Reads, CGH, sycl::write_only);
      CGH.single_task([=] {
        Out[0] = R.read(sycl::int2{-1, 0});
        Out[1] = R.read(sycl::int2{5, 0});
        Out[2] = R.read(sycl::int2{0, 3});
        Out[3] = R.read(sycl::int2{4, 2});
      });
    });
  }
  bool Ok = true;
  for (size_t Y = 0; Y < 3; ++Y)
    for (size_t B = 0; B < Pitch; ++B) {
      size_t X = B / 4, C = B % 4;
      unsigned Want = 0xAB;
      if (X < 5)
        Want = C == 0 ? X : C == 1 ? Y : C == 2 ? X + Y : 7;
      Ok = Ok && Host[Y * Pitch + B] == Want;
    }
  Check.expect("2-D texels at the row pitch, padding untouched", Ok);
  sycl::host_accessor R(Reads);
  Check.expect("reads outside the image are 0",
               sameVec(R[0], sycl::uint4(0)) && sameVec(R[1], sycl::uint4(0)) &&
                   sameVec(R[2], sycl::uint4(0)));
  Check.expect("read at the last texel",
               sameVec(R[3], sycl::uint4(4, 2, 6, 7)));
}

/// A 3-D image with row and slice pitches over host memory.
void pitch3D(buffers::Checker &Check, sycl::queue &Q) {
  const size_t Row = 40, Slice = 200; // 2 texels of 16 bytes, 3 rows + pad
  Bytes Host(Slice * 2, 0xCD);
  {
    sycl::unsampled_image<3> Img(Host.data(), image_format::r32b32g32a32_sint,
                                 sycl::range<3>(2, 3, 2),
                                 sycl::range<2>(Row, Slice));
    Check.expect("get_pitch 3-D",
                 Img.get_pitch() == sycl::range<2>(Row, Slice));
    Q.submit([&](sycl::handler &CGH) {
      sycl::unsampled_image_accessor<sycl::int4, 3, sycl::access_mode::write> W(
          Img, CGH);
      CGH.parallel_for(sycl::range<3>(2, 3, 2), [=](sycl::item<3> It) {
        sycl::int4 C = coordsOf(It);
        W.write(C, sycl::int4(C[0], C[1], C[2], -1));
        W.write(sycl::int4{C[0], C[1], C[2] + 2, 0}, sycl::int4(9));
      });
    });
  }
  bool Ok = true;
  for (size_t B = 0; B < Host.size(); ++B) {
    size_t InRow = B % Slice % Row;
    size_t Z = B / Slice, Y = B % Slice / Row, X = InRow / 16;
    if (Y >= 3 || X >= 2) {
      Ok = Ok && Host[B] == 0xCD;
      continue;
    }
    int32_t Want[4] = {int32_t(X), int32_t(Y), int32_t(Z), -1};
    int32_t Got;
    std::memcpy(&Got, &Host[B - B % 4], 4);
    Ok = Ok && Got == Want[InRow % 16 / 4];
  }
  Check.expect("3-D texels at the row and slice pitches, padding untouched",
               Ok);
}

/// Write-back rules, as for buffers.
void writeBack(buffers::Checker &Check, sycl::queue &Q) {
  const image_format F = image_format::r8g8b8a8_uint;
  Bytes Host(8, 1), Other(8, 2);
  {
    sycl::unsampled_image<1> Img(Host.data(), F, sycl::range<1>(2));
    sycl::host_unsampled_image_accessor<sycl::uint4, 1, sycl::access_mode::read>
        Acc(Img);
    Check.expect("host read", sameVec(Acc.read(1), sycl::uint4(1)));
  }
  Check.expect("no write-back after reads only", Host == Bytes(8, 1));
  {
    sycl::unsampled_image<1> Img(Host.data(), F, sycl::range<1>(2));
    Img.get_host_access<sycl::uint4>().write(0, sycl::uint4(5));
    Img.set_write_back(false);
  }
  Check.expect("set_write_back(false)", Host == Bytes(8, 1));
  {
    sycl::unsampled_image<1> Img(Host.data(), F, sycl::range<1>(2));
    Img.set_final_data(Other.data());
    Q.submit([&](sycl::handler &CGH) {
      sycl::unsampled_image_accessor<sycl::uint4, 1, sycl::access_mode::write>
          W(Img, CGH);
      CGH.single_task([=] { W.write(1, sycl::uint4(9, 8, 7, 6)); });
    });
  }
  Check.expect("set_final_data(pointer)",
               Host == Bytes(8, 1) && Other == Bytes{1, 1, 1, 1, 9, 8, 7, 6});
  Bytes Fresh(8, 0);
  {
    sycl::unsampled_image<1> Img(F, sycl::range<1>(2));
    Img.get_host_access<sycl::uint4>().write(0, sycl::uint4(3));
    Img.get_host_access<sycl::uint4>().write(1, sycl::uint4(4));
    Img.set_final_data(Fresh.data());
  }
  Check.expect("set_final_data on an image without host data",
               Fresh == Bytes{3, 3, 3, 3, 4, 4, 4, 4});
  {
    sycl::unsampled_image<1> Img(Host.data(), F, sycl::range<1>(2));
    sycl::unsampled_image<1> Copy = Img;
    Check.expect("copies compare equal", Copy == Img);
    sycl::unsampled_image<1> Different(Host.data(), F, sycl::range<1>(2));
    Check.expect("distinct images differ", Different != Img);
    Img.set_final_data(nullptr);
    Copy.get_host_access<sycl::uint4>().write(0, sycl::uint4(5));
  }
  Check.expect("set_final_data(nullptr)", Host == Bytes(8, 1));
  std::shared_ptr<void> Shared(new unsigned char[8]{}, [](void *P) {
    delete[] static_cast<unsigned char *>(P);
  });
  {
    sycl::unsampled_image<1> Img(Shared, F, sycl::range<1>(2));
    sycl::host_unsampled_image_accessor<sycl::uint4, 1,
                                        sycl::access_mode::write>
        Acc(Img, sycl::write_only);
    Acc.write(1, sycl::uint4(250));
  }
  auto *S = static_cast<unsigned char *>(Shared.get());
  Check.expect("shared_ptr write-back", S[4] == 250 && S[0] == 0);
  // A host accessor keeps the texels alive after the image is gone.
  Bytes Late(4, 0);
  sycl::host_unsampled_image_accessor<sycl::uint4, 1> *Keep;
  {
    sycl::unsampled_image<1> Img(Late.data(), F, sycl::range<1>(1));
    Keep = new sycl::host_unsampled_image_accessor<sycl::uint4, 1>(Img);
  }
  Keep->write(0, sycl::uint4(42));
  Check.expect("host accessor outlives its image",
               sameVec(Keep->read(0), sycl::uint4(42)) && Late == Bytes(4, 0));
  delete Keep;
  Check.expect("write-back when the last accessor dies", Late == Bytes(4, 42));
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  conversions(Check);
  kernelCopies<1>(Check, Q);
  kernelCopies<2>(Check, Q);
  kernelCopies<3>(Check, Q);
  kernelTransform3D(Check, Q);
  pitchAndBounds2D(Check, Q);
  pitch3D(Check, Q);
  writeBack(Check, Q);
  return Check.status();
}
