// SYCL 1.2.1 images (4.7.3, 4.7.6.11, 4.7.8; deprecated in SYCL 2020,
// which keeps them): sycl::image with every channel order, the channel
// types and their conversions (OpenCL 1.2 sections 5.3.1.1 and 8.3) checked
// on the stored bytes after host_image writes and on the float4, half4,
// int4 and uint4 reads of known bytes: missing channels, padding channels,
// intensity and luminance, the argb, bgra and abgr orders, snorm scaling
// and clamping, ties rounded to even, NaN, the three packed types.
// Kernels over 1-D, 2-D and 3-D images with target::image accessors
// (read, write, discard_write), explicit pitches and write-back to host
// pointers; reads through a sycl::sampler made in the kernel or captured
// from the host, with linear results worked out by hand; target::image_array
// layers of 2-D and 3-D images; border colors and writes outside the image;
// the errors (invalid order and type pairs, DataT mismatches), const host
// data, shared_ptr data, the shape getters, and sampler and image equality
// and hashing. Every expected value below is written out from the rules,
// not computed by the library's conversion functions.
#include "../Buffers/buffers.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace {

using Order = sycl::image_channel_order;
using Type = sycl::image_channel_type;
using Mode = sycl::access::mode;
using Target = sycl::access::target;
using Bytes = std::vector<unsigned char>;
using sycl::float4;
using sycl::half4;
using sycl::int4;
using sycl::uint4;

template <typename DataT, int Dims, Mode M>
using HostImageAccessor = sycl::accessor<DataT, Dims, M, Target::host_image>;

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

template <typename VecT> std::string show(const VecT &V) {
  std::string Out = "(";
  for (int I = 0; I < 4; ++I) {
    char Text[32];
    std::snprintf(Text, sizeof Text, "%.9g", double(V[I]));
    Out += Text;
    Out += I < 3 ? ", " : ")";
  }
  return Out;
}

std::string show(const Bytes &B) {
  std::string Out = "{";
  for (size_t I = 0; I < B.size(); ++I) {
    char Text[8];
    std::snprintf(Text, sizeof Text, "%02x", B[I]);
    Out += Text;
    Out += I + 1 < B.size() ? " " : "}";
  }
  return Out;
}

/// \p Got must equal \p Want in all four channels.
template <typename VecT>
void expectVec(buffers::Checker &Check, const std::string &Name,
               const VecT &Got, const VecT &Want) {
  if (!sameVec(Got, Want))
    std::printf("  got %s, want %s\n", show(Got).c_str(), show(Want).c_str());
  Check.expect(Name, sameVec(Got, Want));
}

void expectBytes(buffers::Checker &Check, const std::string &Name,
                 const Bytes &Got, const Bytes &Want) {
  if (Got != Want)
    std::printf("  got %s, want %s\n", show(Got).c_str(), show(Want).c_str());
  Check.expect(Name, Got == Want);
}

/// Writes \p Color with a host_image accessor to a one-texel image of
/// \p O and \p T over host memory, and checks the bytes written back when
/// it dies (the texel is \p Want.size() bytes: padding channels included,
/// written as 0).
template <typename DataT>
void checkWrite(buffers::Checker &Check, const std::string &Name, Order O,
                Type T, DataT Color, const Bytes &Want) {
  Bytes Host(Want.size(), 0xEE);
  size_t Size;
  {
    sycl::image<1> Img(static_cast<void *>(Host.data()), O, T,
                       sycl::range<1>(1));
    Size = Img.get_size();
    auto Acc = Img.get_access<DataT, Mode::write>();
    Acc.write(0, Color);
  }
  if (Size != Want.size())
    std::printf("  get_size %zu, want %zu\n", Size, Want.size());
  expectBytes(Check, "write " + Name, Host, Want);
}

/// Reads the one texel \p Stored of \p O and \p T with a host_image
/// accessor.
template <typename DataT>
void checkRead(buffers::Checker &Check, const std::string &Name, Order O,
               Type T, const Bytes &Stored, DataT Want) {
  sycl::image<1> Img(static_cast<const void *>(Stored.data()), O, T,
                     sycl::range<1>(1));
  HostImageAccessor<DataT, 1, Mode::read> Acc(Img);
  expectVec(Check, "read " + Name, Acc.read(0), Want);
}

/// Every channel order with at least one type: what a write stores and
/// what a read of known bytes gives.
void channelOrders(buffers::Checker &Check) {
  using H = sycl::half;
  // a: the one stored channel is alpha; r, g and b read 0.
  checkWrite(Check, "a unorm_int8 stores a", Order::a, Type::unorm_int8,
             float4(0.1f, 0.2f, 0.3f, 0.5f), Bytes{128});
  checkRead(Check, "a unorm_int8", Order::a, Type::unorm_int8, Bytes{51},
            float4(0.0f, 0.0f, 0.0f, 51 / 255.0f));
  checkWrite(Check, "a signed_int16 saturates", Order::a, Type::signed_int16,
             int4(1, 2, 3, -40000), bytesOf<int16_t>({-32768}));
  checkRead(Check, "a signed_int16", Order::a, Type::signed_int16,
            bytesOf<int16_t>({-5}), int4(0, 0, 0, -5));
  // r: missing g, b read 0, a reads 1 (integer 1 for int4 and uint4).
  checkWrite(Check, "r fp32 stores r", Order::r, Type::fp32,
             float4(1.5f, 2.0f, 3.0f, 4.0f), bytesOf<float>({1.5f}));
  checkRead(Check, "r fp32", Order::r, Type::fp32, bytesOf<float>({-2.25f}),
            float4(-2.25f, 0.0f, 0.0f, 1.0f));
  checkWrite(Check, "r unsigned_int8 saturates", Order::r, Type::unsigned_int8,
             uint4(256, 1, 1, 1), Bytes{255});
  checkRead(Check, "r unsigned_int8", Order::r, Type::unsigned_int8, Bytes{200},
            uint4(200, 0, 0, 1));
  // rx: r and a padding channel, written 0 and never read.
  checkWrite(Check, "rx unorm_int16 pads with 0", Order::rx, Type::unorm_int16,
             float4(0.25f, 0.7f, 0.9f, 0.1f), bytesOf<uint16_t>({16384, 0}));
  checkRead(Check, "rx unorm_int16 ignores the padding", Order::rx,
            Type::unorm_int16, bytesOf<uint16_t>({65535, 1234}),
            float4(1.0f, 0.0f, 0.0f, 1.0f));
  checkWrite(Check, "rx signed_int32 pads with 0", Order::rx,
             Type::signed_int32, int4(-7, 5, 5, 5), bytesOf<int32_t>({-7, 0}));
  checkRead(Check, "rx signed_int32", Order::rx, Type::signed_int32,
            bytesOf<int32_t>({INT32_MIN, 99}), int4(INT32_MIN, 0, 0, 1));
  // rg.
  checkWrite(Check, "rg signed_int8 saturates", Order::rg, Type::signed_int8,
             int4(-3, 300, 7, 8), bytesOf<int8_t>({-3, 127}));
  checkRead(Check, "rg signed_int8", Order::rg, Type::signed_int8,
            bytesOf<int8_t>({-128, 5}), int4(-128, 5, 0, 1));
  checkRead(Check, "rg fp16 as half4", Order::rg, Type::fp16,
            bytesOf<H>({H(0.5f), H(-1.0f)}),
            half4(H(0.5f), H(-1.0f), H(0.0f), H(1.0f)));
  // rgx: r, g and a padding channel.
  checkWrite(Check, "rgx fp16 pads with 0", Order::rgx, Type::fp16,
             float4(0.5f, -2.0f, 9.0f, 9.0f),
             bytesOf<H>({H(0.5f), H(-2.0f), H(0.0f)}));
  checkRead(Check, "rgx fp16 ignores the padding", Order::rgx, Type::fp16,
            bytesOf<H>({H(1.0f), H(0.25f), H(7.0f)}),
            float4(1.0f, 0.25f, 0.0f, 1.0f));
  checkWrite(Check, "rgx unsigned_int32", Order::rgx, Type::unsigned_int32,
             uint4(0xFFFFFFFFu, 3, 9, 9),
             bytesOf<uint32_t>({0xFFFFFFFFu, 3, 0}));
  checkRead(Check, "rgx unsigned_int32", Order::rgx, Type::unsigned_int32,
            bytesOf<uint32_t>({1, 2, 3}), uint4(1, 2, 0, 1));
  // ra: r and a.
  checkWrite(Check, "ra unsigned_int16 stores r, a", Order::ra,
             Type::unsigned_int16, uint4(1, 2, 3, 70000),
             bytesOf<uint16_t>({1, 65535}));
  checkRead(Check, "ra unsigned_int16", Order::ra, Type::unsigned_int16,
            bytesOf<uint16_t>({10, 20}), uint4(10, 0, 0, 20));
  checkWrite(Check, "ra snorm_int8", Order::ra, Type::snorm_int8,
             float4(-0.5f, 0.3f, 0.3f, 1.0f), bytesOf<int8_t>({-64, 127}));
  checkRead(Check, "ra snorm_int8", Order::ra, Type::snorm_int8,
            bytesOf<int8_t>({-128, 127}), float4(-1.0f, 0.0f, 0.0f, 1.0f));
  // rgba.
  checkWrite(Check, "rgba signed_int16 saturates", Order::rgba,
             Type::signed_int16, int4(40000, -40000, 1, -1),
             bytesOf<int16_t>({32767, -32768, 1, -1}));
  checkRead(Check, "rgba fp32", Order::rgba, Type::fp32,
            bytesOf<float>({0.1f, -3.0f, 1e30f, 0.0f}),
            float4(0.1f, -3.0f, 1e30f, 0.0f));
  checkRead(Check, "rgba unsigned_int32", Order::rgba, Type::unsigned_int32,
            bytesOf<uint32_t>({0xFFFFFFFFu, 0, 1, 0x80000000u}),
            uint4(0xFFFFFFFFu, 0, 1, 0x80000000u));
  // argb stores a, r, g, b.
  checkWrite(Check, "argb unorm_int8 stores a, r, g, b", Order::argb,
             Type::unorm_int8, float4(1.0f, 0.5f, 0.0f, 0.25f),
             Bytes{64, 255, 128, 0});
  checkRead(Check, "argb unorm_int8", Order::argb, Type::unorm_int8,
            Bytes{51, 255, 0, 102},
            float4(1.0f, 0.0f, 102 / 255.0f, 51 / 255.0f));
  checkRead(Check, "argb snorm_int8", Order::argb, Type::snorm_int8,
            bytesOf<int8_t>({127, -128, 64, 0}),
            float4(-1.0f, 64 / 127.0f, 0.0f, 1.0f));
  // bgra stores b, g, r, a.
  checkWrite(Check, "bgra signed_int8 stores b, g, r, a", Order::bgra,
             Type::signed_int8, int4(1, 2, 3, 4),
             bytesOf<int8_t>({3, 2, 1, 4}));
  checkRead(Check, "bgra signed_int8", Order::bgra, Type::signed_int8,
            bytesOf<int8_t>({-1, -2, -3, -4}), int4(-3, -2, -1, -4));
  checkRead(Check, "bgra unorm_int8 as half4", Order::bgra, Type::unorm_int8,
            Bytes{0, 255, 255, 0}, half4(H(1.0f), H(1.0f), H(0.0f), H(0.0f)));
  // abgr stores a, b, g, r.
  checkWrite(Check, "abgr unsigned_int8 stores a, b, g, r", Order::abgr,
             Type::unsigned_int8, uint4(1, 2, 3, 4), Bytes{4, 3, 2, 1});
  checkRead(Check, "abgr unsigned_int8", Order::abgr, Type::unsigned_int8,
            Bytes{10, 20, 30, 40}, uint4(40, 30, 20, 10));
  // intensity: one channel, read as all four, written from r.
  checkWrite(Check, "intensity unorm_int8 stores r", Order::intensity,
             Type::unorm_int8, float4(0.2f, 0.9f, 0.9f, 0.9f), Bytes{51});
  checkRead(Check, "intensity unorm_int8", Order::intensity, Type::unorm_int8,
            Bytes{102}, float4(102 / 255.0f));
  checkWrite(Check, "intensity fp32", Order::intensity, Type::fp32,
             float4(7.0f, 1.0f, 1.0f, 1.0f), bytesOf<float>({7.0f}));
  checkRead(Check, "intensity fp32", Order::intensity, Type::fp32,
            bytesOf<float>({-3.5f}), float4(-3.5f));
  checkRead(Check, "intensity unorm_int16 as half4", Order::intensity,
            Type::unorm_int16, bytesOf<uint16_t>({65535}), half4(H(1.0f)));
  // luminance: one channel, read as r, g and b with a = 1.
  checkWrite(Check, "luminance snorm_int16 stores r", Order::luminance,
             Type::snorm_int16, float4(-0.5f, 0.9f, 0.9f, 0.9f),
             bytesOf<int16_t>({-16384}));
  checkRead(Check, "luminance snorm_int16", Order::luminance, Type::snorm_int16,
            bytesOf<int16_t>({16384}),
            float4(16384 / 32767.0f, 16384 / 32767.0f, 16384 / 32767.0f, 1.0f));
  checkRead(Check, "luminance fp16 as half4", Order::luminance, Type::fp16,
            bytesOf<H>({H(-0.75f)}),
            half4(H(-0.75f), H(-0.75f), H(-0.75f), H(1.0f)));
  // A host_image accessor in read_write mode reads, then writes.
  Bytes Host{10, 20};
  {
    sycl::image<1> Img(static_cast<void *>(Host.data()), Order::r,
                       Type::unsigned_int8, sycl::range<1>(2));
    auto Acc = Img.get_access<uint4, Mode::read_write>();
    uint4 V = Acc.read(1);
    Acc.write(0, uint4(V[0] + 5, 0, 0, 0));
  }
  expectBytes(Check, "host_image read_write", Host, Bytes{25, 20});
}

/// Float values whose product with 127, 32767, 255 or 65535 rounds (in
/// float) to exactly n + 0.5 for an even n while the exact product is just
/// below it: a correct conversion gives n either way, rounding ties away
/// from zero gives n + 1.
const float SnormTie8 = 0x1.42850ap-6f;  // * 127 ~ 2.4999999907
const float SnormTie16 = 0x1.40028p-14f; // * 32767 ~ 2.49999999767
const float UnormTie8 = 0x1.020202p-1f;  // * 255 ~ 128.49999994
const float UnormTie16 = 0x1.40014p-15f; // * 65535 ~ 2.49999999942

/// snorm, unorm and fp16 conversions and the three packed types.
void conversions(buffers::Checker &Check) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  // snorm8 reads max(-1, x / 127): -128 and -127 both read -1.
  checkRead(Check, "snorm_int8 -128 -127 0 127", Order::rgba, Type::snorm_int8,
            bytesOf<int8_t>({-128, -127, 0, 127}),
            float4(-1.0f, -1.0f, 0.0f, 1.0f));
  checkRead(Check, "snorm_int8 64 -64 1 -1", Order::rgba, Type::snorm_int8,
            bytesOf<int8_t>({64, -64, 1, -1}),
            float4(64 / 127.0f, -64 / 127.0f, 1 / 127.0f, -1 / 127.0f));
  // Writes clamp to [-1, 1], scale by 127, round to nearest even.
  checkWrite(Check, "snorm_int8 0.5 -0.5 2 -3", Order::rgba, Type::snorm_int8,
             float4(0.5f, -0.5f, 2.0f, -3.0f),
             bytesOf<int8_t>({64, -64, 127, -127}));
  checkWrite(Check, "snorm_int8 near-ties NaN 0.1", Order::rgba,
             Type::snorm_int8, float4(SnormTie8, -SnormTie8, NaN, 0.1f),
             bytesOf<int8_t>({2, -2, 0, 13}));
  checkRead(Check, "snorm_int16 -32768 -32767 32767 100", Order::rgba,
            Type::snorm_int16, bytesOf<int16_t>({-32768, -32767, 32767, 100}),
            float4(-1.0f, -1.0f, 1.0f, 100 / 32767.0f));
  checkWrite(Check, "snorm_int16 0.5 -1.5 near-tie NaN", Order::rgba,
             Type::snorm_int16, float4(0.5f, -1.5f, SnormTie16, NaN),
             bytesOf<int16_t>({16384, -32767, 2, 0}));
  checkWrite(Check, "snorm_int16 small values", Order::rgba, Type::snorm_int16,
             float4(-SnormTie16, 1e-5f, -1e-5f, 1.0f),
             bytesOf<int16_t>({-2, 0, 0, 32767}));
  checkWrite(Check, "unorm_int8 near-tie 0.5 NaN -0.1", Order::rgba,
             Type::unorm_int8, float4(UnormTie8, 0.5f, NaN, -0.1f),
             Bytes{128, 128, 0, 0});
  checkWrite(Check, "unorm_int16 near-tie 0.5 1.5 NaN", Order::rgba,
             Type::unorm_int16, float4(UnormTie16, 0.5f, 1.5f, NaN),
             bytesOf<uint16_t>({2, 32768, 65535, 0}));
  checkRead(Check, "unorm_int16", Order::rgba, Type::unorm_int16,
            bytesOf<uint16_t>({0, 1000, 32768, 65535}),
            float4(0.0f, 1000 / 65535.0f, 32768 / 65535.0f, 1.0f));
  // fp16 rounds to nearest even: 1 + 2^-11 is halfway between 1 and
  // 1 + 2^-10 (goes to 1), 1 + 3 * 2^-11 halfway between 1 + 2^-10 and
  // 1 + 2^-9 (goes to 1 + 2^-9).
  checkWrite(Check, "fp16 ties to even", Order::rgba, Type::fp16,
             float4(1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, -2.5f, 65504.0f),
             bytesOf<uint16_t>({0x3C00, 0x3C02, 0xC100, 0x7BFF}));
  // unorm_short_565: r 15:11, g 10:5, b 4:0.
  checkRead(Check, "rgb unorm_short_565", Order::rgb, Type::unorm_short_565,
            bytesOf<uint16_t>({(31 << 11) | (32 << 5) | 10}),
            float4(1.0f, 32 / 63.0f, 10 / 31.0f, 1.0f));
  checkWrite(Check, "rgb unorm_short_565 1 0.5 0", Order::rgb,
             Type::unorm_short_565, float4(1.0f, 0.5f, 0.0f, 0.3f),
             bytesOf<uint16_t>({(31 << 11) | (32 << 5)}));
  checkWrite(Check, "rgb unorm_short_565 clamps, NaN", Order::rgb,
             Type::unorm_short_565, float4(2.0f, -1.0f, NaN, 0.0f),
             bytesOf<uint16_t>({31 << 11}));
  checkWrite(Check, "rgb unorm_short_565 rounds", Order::rgb,
             Type::unorm_short_565, float4(0.1f, 0.2f, 0.3f, 1.0f),
             bytesOf<uint16_t>({(3 << 11) | (13 << 5) | 9}));
  checkRead(Check, "rgb unorm_short_565 as half4", Order::rgb,
            Type::unorm_short_565, bytesOf<uint16_t>({(16 << 5) | 31}),
            half4(sycl::half(0.0f), sycl::half(16 / 63.0f), sycl::half(1.0f),
                  sycl::half(1.0f)));
  // unorm_short_555: x 15, r 14:10, g 9:5, b 4:0.
  checkRead(Check, "rgbx unorm_short_555 ignores bit 15", Order::rgbx,
            Type::unorm_short_555,
            bytesOf<uint16_t>({0x8000 | (31 << 10) | 15}),
            float4(1.0f, 0.0f, 15 / 31.0f, 1.0f));
  checkWrite(Check, "rgbx unorm_short_555", Order::rgbx, Type::unorm_short_555,
             float4(0.5f, 1.0f, 0.0f, 1.0f),
             bytesOf<uint16_t>({(16 << 10) | (31 << 5)}));
  checkWrite(Check, "rgb unorm_short_555 NaN clamps", Order::rgb,
             Type::unorm_short_555, float4(NaN, 7.0f, -7.0f, 1.0f),
             bytesOf<uint16_t>({31 << 5}));
  // unorm_int_101010: x 31:30, r 29:20, g 19:10, b 9:0.
  checkRead(Check, "rgb unorm_int_101010 ignores bits 31:30", Order::rgb,
            Type::unorm_int_101010,
            bytesOf<uint32_t>({(3u << 30) | (1023u << 20) | (512u << 10) | 1u}),
            float4(1.0f, 512 / 1023.0f, 1 / 1023.0f, 1.0f));
  checkWrite(Check, "rgb unorm_int_101010", Order::rgb, Type::unorm_int_101010,
             float4(0.5f, 0.25f, 1.0f, 0.0f),
             bytesOf<uint32_t>({(512u << 20) | (256u << 10) | 1023u}));
  checkWrite(Check, "rgbx unorm_int_101010 clamps, NaN", Order::rgbx,
             Type::unorm_int_101010, float4(-1.0f, NaN, 2.0f, 0.0f),
             bytesOf<uint32_t>({1023u}));
}

/// Bytes that every read-then-write returns unchanged (unorm8).
Bytes pattern(size_t Count, unsigned Salt) {
  Bytes Out(Count);
  for (size_t I = 0; I < Count; ++I)
    Out[I] = static_cast<unsigned char>(corpus::input(uint32_t(I), Salt));
  return Out;
}

/// 1-D: a kernel inverts an rgba unorm_int8 image into another one (read
/// and discard_write accessors; every texel written); host data written
/// back.
void kernel1D(buffers::Checker &Check, sycl::queue &Q) {
  const size_t N = 16;
  Bytes In = pattern(4 * N, 1), Out(4 * N, 0xEE), InCopy = In;
  {
    sycl::image<1> Src(static_cast<void *>(In.data()), Order::rgba,
                       Type::unorm_int8, sycl::range<1>(N));
    sycl::image<1> Dst(static_cast<void *>(Out.data()), Order::rgba,
                       Type::unorm_int8, sycl::range<1>(N));
    Q.submit([&](sycl::handler &CGH) {
      auto R = Src.get_access<float4, Mode::read>(CGH);
      auto W = Dst.get_access<float4, Mode::discard_write>(CGH);
      CGH.parallel_for(sycl::range<1>(N), [=](sycl::item<1> It) {
        int X = int(It[0]);
        float4 V = R.read(X);
        W.write(X, float4(1.0f - V[0], 1.0f - V[1], 1.0f - V[2], 1.0f - V[3]));
      });
    });
  }
  Bytes Want(4 * N);
  for (size_t I = 0; I < Want.size(); ++I)
    Want[I] = static_cast<unsigned char>(255 - InCopy[I]);
  expectBytes(Check, "kernel 1-D unorm_int8 1 - x", Out, Want);
  expectBytes(Check, "kernel 1-D source not written back", In, InCopy);
}

/// 2-D: rg signed_int16 with a 24-byte row pitch copied into rgba
/// signed_int32 with a 96-byte row pitch (write accessor), adding the
/// coordinates to b and a; the padding stays as it was.
void kernel2D(buffers::Checker &Check, sycl::queue &Q) {
  const int W = 5, H = 3;
  const size_t InPitch = 24, OutPitch = 96;
  Bytes In(InPitch * H), Out(OutPitch * H, 0xAB);
  for (int Y = 0; Y < H; ++Y)
    for (int X = 0; X < W; ++X) {
      int16_t RG[2] = {int16_t(buffers::input(size_t(Y * W + X), 2) * 30),
                       int16_t(X * 100 - Y * 1000)};
      std::memcpy(&In[Y * InPitch + X * 4], RG, 4);
    }
  {
    sycl::image<2> Src(static_cast<void *>(In.data()), Order::rg,
                       Type::signed_int16, sycl::range<2>(W, H),
                       sycl::range<1>(InPitch));
    sycl::image<2> Dst(static_cast<void *>(Out.data()), Order::rgba,
                       Type::signed_int32, sycl::range<2>(W, H),
                       sycl::range<1>(OutPitch));
    Check.expect("2-D get_pitch",
                 Src.get_pitch() == sycl::range<1>(InPitch) &&
                     Dst.get_pitch() == sycl::range<1>(OutPitch));
    Q.submit([&](sycl::handler &CGH) {
      auto R = Src.get_access<int4, Mode::read>(CGH);
      auto Wr = Dst.get_access<int4, Mode::write>(CGH);
      CGH.parallel_for(sycl::range<2>(W, H), [=](sycl::item<2> It) {
        sycl::int2 C{int(It[0]), int(It[1])};
        int4 V = R.read(C); // (r, g, 0, 1)
        Wr.write(C, int4(V[0], V[1], V[2] + C[0], V[3] + C[1]));
      });
    });
  }
  bool Ok = true;
  for (int Y = 0; Y < H; ++Y)
    for (size_t B = 0; B < OutPitch; ++B) {
      size_t X = B / 16;
      if (X >= size_t(W)) {
        Ok = Ok && Out[Y * OutPitch + B] == 0xAB;
        continue;
      }
      int16_t RG[2];
      std::memcpy(RG, &In[Y * InPitch + X * 4], 4);
      int32_t Want[4] = {RG[0], RG[1], int32_t(X), 1 + Y};
      int32_t Got;
      std::memcpy(&Got, &Out[Y * OutPitch + (B & ~size_t(3))], 4);
      Ok = Ok && Got == Want[B % 16 / 4];
    }
  Check.expect("kernel 2-D rg signed_int16 -> rgba signed_int32 at pitches",
               Ok);
}

/// 3-D: luminance fp16 (packed rows) into rgba fp32 with row pitch 80 and
/// slice pitch 272.
void kernel3D(buffers::Checker &Check, sycl::queue &Q) {
  const int W = 4, H = 3, D = 2;
  const size_t Row = 80, Slice = 272;
  std::vector<sycl::half> In(W * H * D);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = sycl::half(float(I) / 4 - 3);
  Bytes Out(Slice * D, 0xCD);
  {
    sycl::image<3> Src(static_cast<void *>(In.data()), Order::luminance,
                       Type::fp16, sycl::range<3>(W, H, D));
    sycl::image<3> Dst(static_cast<void *>(Out.data()), Order::rgba, Type::fp32,
                       sycl::range<3>(W, H, D), sycl::range<2>(Row, Slice));
    Check.expect("3-D get_pitch",
                 Src.get_pitch() == sycl::range<2>(W * 2, W * 2 * H) &&
                     Dst.get_pitch() == sycl::range<2>(Row, Slice));
    Q.submit([&](sycl::handler &CGH) {
      auto R = Src.get_access<float4, Mode::read>(CGH);
      auto Wr = Dst.get_access<float4, Mode::write>(CGH);
      CGH.parallel_for(sycl::range<3>(W, H, D), [=](sycl::item<3> It) {
        int4 C{int(It[0]), int(It[1]), int(It[2]), 0};
        float4 V = R.read(C); // (L, L, L, 1)
        Wr.write(C, float4(V[0], V[1] * 2.0f,
                           V[2] + float(C[0] + 10 * C[1] + 100 * C[2]), V[3]));
      });
    });
  }
  bool Ok = true;
  for (size_t B = 0; B < Out.size(); ++B) {
    size_t Z = B / Slice, Y = B % Slice / Row, X = B % Slice % Row / 16;
    if (Y >= size_t(H) || X >= size_t(W)) {
      Ok = Ok && Out[B] == 0xCD;
      continue;
    }
    float L = float(Z * W * H + Y * W + X) / 4 - 3;
    float Want[4] = {L, 2 * L, L + float(X + 10 * Y + 100 * Z), 1.0f};
    float Got;
    std::memcpy(&Got, &Out[B & ~size_t(3)], 4);
    Ok = Ok && Got == Want[B % Slice % Row % 16 / 4];
  }
  Check.expect("kernel 3-D luminance fp16 -> rgba fp32 at pitches", Ok);
}

/// Reads through samplers: one made in the kernel (clamp_to_edge,
/// unnormalized, nearest; int and float coordinates), and ones captured
/// from the host (normalized linear with clamp_to_edge and clamp, nearest)
/// at points worked out by hand.
void samplers(buffers::Checker &Check, sycl::queue &Q) {
  using sycl::addressing_mode;
  using sycl::coordinate_normalization_mode;
  using sycl::filtering_mode;
  // 1-D r unsigned_int32, texels 100 .. 107.
  {
    std::vector<uint32_t> Texels(8);
    for (int I = 0; I < 8; ++I)
      Texels[I] = 100 + I;
    sycl::image<1> Img(static_cast<const void *>(Texels.data()), Order::r,
                       Type::unsigned_int32, sycl::range<1>(8));
    const int N = 14;
    std::vector<uint4> ByInt(N), ByFloat(N);
    {
      sycl::buffer<uint4> OutInt(ByInt.data(), sycl::range<1>(N));
      sycl::buffer<uint4> OutFloat(ByFloat.data(), sycl::range<1>(N));
      Q.submit([&](sycl::handler &CGH) {
        auto R = Img.get_access<uint4, Mode::read>(CGH);
        sycl::accessor OI(OutInt, CGH, sycl::write_only);
        sycl::accessor OF(OutFloat, CGH, sycl::write_only);
        CGH.parallel_for(sycl::range<1>(N), [=](sycl::item<1> It) {
          sycl::sampler S(coordinate_normalization_mode::unnormalized,
                          addressing_mode::clamp_to_edge,
                          filtering_mode::nearest);
          int I = int(It[0]);
          OI[It] = R.read(I - 3, S);
          OF[It] = R.read(float(I) * 0.75f - 2.25f, S);
        });
      });
    }
    bool IntOk = true, FloatOk = true;
    for (int I = 0; I < N; ++I) {
      int Near = std::min(std::max(I - 3, 0), 7);
      IntOk = IntOk && sameVec(ByInt[I], uint4(100 + Near, 0, 0, 1));
      // floor(0.75 i - 2.25), clamped to the edge.
      int F = int(std::floor(0.75 * I - 2.25));
      F = std::min(std::max(F, 0), 7);
      FloatOk = FloatOk && sameVec(ByFloat[I], uint4(100 + F, 0, 0, 1));
    }
    Check.expect("kernel sampler clamp_to_edge nearest, int coordinates",
                 IntOk);
    Check.expect("kernel sampler clamp_to_edge nearest, float coordinates",
                 FloatOk);
  }
  // 2-D r fp32, 4 x 2:   0  4  8 16
  //                     32 40 48 64
  {
    const float Texels[8] = {0, 4, 8, 16, 32, 40, 48, 64};
    sycl::image<2> Img(static_cast<const void *>(Texels), Order::r, Type::fp32,
                       sycl::range<2>(4, 2));
    sycl::sampler Edge(coordinate_normalization_mode::normalized,
                       addressing_mode::clamp_to_edge, filtering_mode::linear);
    sycl::sampler Clamp(coordinate_normalization_mode::normalized,
                        addressing_mode::clamp, filtering_mode::linear);
    sycl::sampler Near(coordinate_normalization_mode::normalized,
                       addressing_mode::clamp_to_edge, filtering_mode::nearest);
    // u = 4s - 0.5, v = 2t - 0.5; i0 = floor(u), a = frac(u), likewise j0, b.
    //  (0.375, 0.5):  i 1, 2 a 0; j 0, 1 b 0.5: (4 + 40) / 2 = 22.
    //  (0.25, 0.375): i 0, 1 a 0.5; j 0, 1 b 0.25:
    //                 .375 * 0 + .375 * 4 + .125 * 32 + .125 * 40 = 10.5.
    //  (0.875, 0.25): i 3, 4 -> 3 a 0; j 0, 1 b 0: 16.
    //  clamp (1.0, 0.5): i 3, 4 (border) a 0.5; j 0, 1 b 0.5:
    //                 (16 + 64) / 4 = 20, alpha 1: r's border is opaque.
    //  nearest (-0.5, 0.75): i floor(-2) -> 0, j floor(1.5) = 1: 32.
    const float4 Want[5] = {
        float4(22.0f, 0.0f, 0.0f, 1.0f), float4(10.5f, 0.0f, 0.0f, 1.0f),
        float4(16.0f, 0.0f, 0.0f, 1.0f), float4(20.0f, 0.0f, 0.0f, 1.0f),
        float4(32.0f, 0.0f, 0.0f, 1.0f)};
    std::vector<float4> Got(5);
    {
      sycl::buffer<float4> Out(Got.data(), sycl::range<1>(5));
      Q.submit([&](sycl::handler &CGH) {
        auto R = Img.get_access<float4, Mode::read>(CGH);
        sycl::accessor O(Out, CGH, sycl::write_only);
        CGH.single_task([=] {
          O[0] = R.read(sycl::float2(0.375f, 0.5f), Edge);
          O[1] = R.read(sycl::float2(0.25f, 0.375f), Edge);
          O[2] = R.read(sycl::float2(0.875f, 0.25f), Edge);
          O[3] = R.read(sycl::float2(1.0f, 0.5f), Clamp);
          O[4] = R.read(sycl::float2(-0.5f, 0.75f), Near);
        });
      });
    }
    auto Host = Img.get_access<float4, Mode::read>();
    const sycl::float2 At[5] = {{0.375f, 0.5f},
                                {0.25f, 0.375f},
                                {0.875f, 0.25f},
                                {1.0f, 0.5f},
                                {-0.5f, 0.75f}};
    const sycl::sampler *With[5] = {&Edge, &Edge, &Edge, &Clamp, &Near};
    for (int I = 0; I < 5; ++I) {
      char Point[64];
      std::snprintf(Point, sizeof Point, "(%g, %g)", double(At[I][0]),
                    double(At[I][1]));
      std::string Name =
          std::string("sampler captured from the host at ") + Point;
      expectVec(Check, "kernel " + Name, Got[I], Want[I]);
      expectVec(Check, "host " + Name, Host.read(At[I], *With[I]), Want[I]);
    }
  }
  // 1-D rgba fp32, clamp linear past the end: half the last texel and half
  // the border (0, 0, 0, 0).
  {
    const float Texels[8] = {9, 9, 9, 9, 2, 4, 6, 8};
    sycl::image<1> Img(static_cast<const void *>(Texels), Order::rgba,
                       Type::fp32, sycl::range<1>(2));
    auto Host = Img.get_access<float4, Mode::read>();
    expectVec(
        Check, "rgba clamp linear blends the transparent border",
        Host.read(1.0f, sycl::sampler(coordinate_normalization_mode::normalized,
                                      addressing_mode::clamp,
                                      filtering_mode::linear)),
        float4(1.0f, 2.0f, 3.0f, 4.0f));
  }
  // 3-D r fp32 2 x 2 x 2, linear at the centre: the mean of the 8 texels.
  {
    const float Texels[8] = {0, 8, 16, 24, 32, 40, 48, 56};
    sycl::image<3> Img(static_cast<const void *>(Texels), Order::r, Type::fp32,
                       sycl::range<3>(2, 2, 2));
    auto Host = Img.get_access<float4, Mode::read>();
    sycl::sampler Linear(coordinate_normalization_mode::normalized,
                         addressing_mode::clamp_to_edge,
                         filtering_mode::linear);
    expectVec(Check, "3-D linear at the centre",
              Host.read(float4(0.5f, 0.5f, 0.5f, 0.0f), Linear),
              float4(28.0f, 0.0f, 0.0f, 1.0f));
    // (0.25, 0.5, 0.75) in texels (0.5, 1, 1.5) - 0.5 = (0, 0.5, 1):
    // x texel 0 only, y halfway, z texel 1 only: (32 + 48) / 2 = 40.
    expectVec(Check, "3-D linear off centre",
              Host.read(float4(0.25f, 0.5f, 0.75f, 0.0f), Linear),
              float4(40.0f, 0.0f, 0.0f, 1.0f));
  }
  // int4 through a linear sampler reads the nearest texel.
  {
    const int32_t Texels[4] = {10, 20, 30, 40};
    sycl::image<1> Img(static_cast<const void *>(Texels), Order::r,
                       Type::signed_int32, sycl::range<1>(4));
    auto Host = Img.get_access<int4, Mode::read>();
    expectVec(Check, "int4 through a linear sampler reads nearest",
              Host.read(0.4375f,
                        sycl::sampler(coordinate_normalization_mode::normalized,
                                      addressing_mode::clamp_to_edge,
                                      filtering_mode::linear)),
              int4(20, 0, 0, 1));
  }
}

/// target::image_array: a 2-D image as 1-D rows and a 3-D image as 2-D
/// slices, each layer written from the same layer of another image; a
/// layer past the last reads the border color and drops writes.
void imageArrays(buffers::Checker &Check, sycl::queue &Q) {
  const int W = 5, Rows = 3;
  Bytes In = pattern(4 * W * Rows, 3), InCopy = In;
  std::vector<uint16_t> Out(4 * W * Rows, 0xEEEE);
  std::vector<uint4> Outside(2);
  {
    sycl::image<2> Src(static_cast<void *>(In.data()), Order::rgba,
                       Type::unsigned_int8, sycl::range<2>(W, Rows));
    sycl::image<2> Dst(static_cast<void *>(Out.data()), Order::rgba,
                       Type::unsigned_int16, sycl::range<2>(W, Rows));
    sycl::buffer<uint4> OutsideBuf(Outside.data(), sycl::range<1>(2));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<uint4, 1, Mode::read, Target::image_array> R(Src, CGH);
      sycl::accessor<uint4, 1, Mode::discard_write, Target::image_array> Wr(
          Dst, CGH);
      Check.expect("image_array of rows: shape",
                   R.get_count() == size_t(W * Rows) &&
                       R.get_size() == size_t(4 * W * Rows) &&
                       R[1].get_count() == size_t(W) &&
                       R[1].get_size() == size_t(4 * W) &&
                       R[1].get_range() == sycl::range<1>(W) &&
                       Wr[2].get_range() == sycl::range<1>(W));
      CGH.parallel_for(sycl::range<2>(W, Rows), [=](sycl::item<2> It) {
        int X = int(It[0]);
        unsigned Layer = unsigned(It[1]);
        uint4 V = R[Layer].read(X);
        Wr[Layer].write(X, uint4(V[0] * 100 + Layer, V[1] * 100 + Layer,
                                 V[2] * 100 + Layer, V[3] * 100 + Layer));
        Wr[Rows].write(X, uint4(7)); // past the last layer: dropped
      });
    });
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<uint4, 1, Mode::read, Target::image_array> R(Src, CGH);
      sycl::accessor O(OutsideBuf, CGH, sycl::write_only);
      CGH.single_task([=] {
        O[0] = R[Rows].read(0);
        O[1] = R[0].read(W); // outside the layer
      });
    });
  }
  bool Ok = true;
  for (int Y = 0; Y < Rows; ++Y)
    for (int B = 0; B < 4 * W; ++B)
      Ok = Ok && Out[Y * 4 * W + B] == InCopy[Y * 4 * W + B] * 100 + Y;
  Check.expect("image_array of rows: each layer written", Ok);
  expectBytes(Check, "image_array of rows: source not written back", In,
              InCopy);
  expectVec(Check, "image_array read past the last layer (rgba border)",
            Outside[0], uint4(0));
  expectVec(Check, "image_array read outside a layer", Outside[1], uint4(0));

  // A 3-D r fp32 image (row pitch 24, slice pitch 80) as 2-D slices into an
  // rg fp32 image.
  const int X3 = 4, Y3 = 3, Z3 = 2;
  const size_t Row = 24, Slice = 80;
  std::vector<float> In3(Slice * Z3 / 4, -1.0f);
  for (int Z = 0; Z < Z3; ++Z)
    for (int Y = 0; Y < Y3; ++Y)
      for (int X = 0; X < X3; ++X)
        In3[(Z * Slice + Y * Row) / 4 + X] = float(X + 4 * Y + 16 * Z);
  std::vector<float> Out3(2 * X3 * Y3 * Z3, -9.0f);
  std::vector<float4> Outside3(2);
  {
    sycl::image<3> Src(static_cast<void *>(In3.data()), Order::r, Type::fp32,
                       sycl::range<3>(X3, Y3, Z3), sycl::range<2>(Row, Slice));
    sycl::image<3> Dst(static_cast<void *>(Out3.data()), Order::rg, Type::fp32,
                       sycl::range<3>(X3, Y3, Z3));
    sycl::buffer<float4> OutsideBuf(Outside3.data(), sycl::range<1>(2));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<float4, 2, Mode::read, Target::image_array> R(Src, CGH);
      sycl::accessor<float4, 2, Mode::write, Target::image_array> Wr(Dst, CGH);
      sycl::accessor O(OutsideBuf, CGH, sycl::write_only);
      Check.expect(
          "image_array of slices: shape",
          R.get_count() == size_t(X3 * Y3 * Z3) && R.get_size() == Slice * Z3 &&
              R[1].get_count() == size_t(X3 * Y3) && R[1].get_size() == Slice &&
              R[1].get_range() == sycl::range<2>(X3, Y3));
      sycl::sampler Near(sycl::coordinate_normalization_mode::unnormalized,
                         sycl::addressing_mode::clamp_to_edge,
                         sycl::filtering_mode::nearest);
      CGH.parallel_for(sycl::range<3>(X3, Y3, Z3), [=](sycl::item<3> It) {
        sycl::int2 C{int(It[0]), int(It[1])};
        size_t Layer = It[2];
        float4 V = R[Layer].read(C); // (v, 0, 0, 1)
        float4 S = R[Layer].read(
            sycl::float2(float(C[0]) + 0.5f, float(C[1]) + 0.75f), Near);
        Wr[Layer].write(C, float4(V[0] * float(Layer + 1),
                                  V[3] + float(Layer) + S[0], 0.0f, 0.0f));
        Wr[Z3].write(C, float4(5.0f)); // dropped
        if (It.get_linear_id() == 0) {
          O[0] = R[Z3].read(sycl::int2{0, 0});
          O[1] = R[0].read(sycl::int2{0, Y3});
        }
      });
    });
  }
  Ok = true;
  for (int Z = 0; Z < Z3; ++Z)
    for (int Y = 0; Y < Y3; ++Y)
      for (int X = 0; X < X3; ++X) {
        float V = float(X + 4 * Y + 16 * Z);
        size_t I = 2 * size_t((Z * Y3 + Y) * X3 + X);
        Ok = Ok && Out3[I] == V * float(Z + 1) &&
             Out3[I + 1] == 1.0f + float(Z) + V;
      }
  Check.expect("image_array of slices: each layer written", Ok);
  expectVec(Check, "image_array read past the last slice (r border)",
            Outside3[0], float4(0.0f, 0.0f, 0.0f, 1.0f));
  expectVec(Check, "image_array read outside a slice", Outside3[1],
            float4(0.0f, 0.0f, 0.0f, 1.0f));
}

/// Unsampled reads outside the image give the border color: (0, 0, 0, 1)
/// for r, rg, rgb and luminance, (0, 0, 0, 0) for the others; writes
/// outside change nothing.
void borders(buffers::Checker &Check, sycl::queue &Q) {
  struct Case {
    Order O;
    Type T;
    const char *Name;
    bool Opaque;
  };
  const Case Cases[] = {{Order::a, Type::unorm_int8, "a", false},
                        {Order::r, Type::unorm_int8, "r", true},
                        {Order::rx, Type::fp32, "rx", false},
                        {Order::rg, Type::fp16, "rg", true},
                        {Order::rgx, Type::unorm_int16, "rgx", false},
                        {Order::ra, Type::snorm_int8, "ra", false},
                        {Order::rgb, Type::unorm_short_565, "rgb", true},
                        {Order::rgbx, Type::unorm_short_555, "rgbx", false},
                        {Order::rgba, Type::unorm_int8, "rgba", false},
                        {Order::argb, Type::unorm_int8, "argb", false},
                        {Order::bgra, Type::snorm_int8, "bgra", false},
                        {Order::intensity, Type::fp32, "intensity", false},
                        {Order::luminance, Type::unorm_int8, "luminance", true},
                        {Order::abgr, Type::unorm_int8, "abgr", false}};
  Bytes Ones(16, 0xFF);
  for (const Case &C : Cases) {
    sycl::image<1> Img(static_cast<const void *>(Ones.data()), C.O, C.T,
                       sycl::range<1>(1));
    auto Acc = Img.get_access<float4, Mode::read>();
    float4 Want(0.0f, 0.0f, 0.0f, C.Opaque ? 1.0f : 0.0f);
    bool Ok = sameVec(Acc.read(-1), Want) && sameVec(Acc.read(1), Want);
    if (!Ok)
      std::printf("  got %s and %s, want %s\n", show(Acc.read(-1)).c_str(),
                  show(Acc.read(1)).c_str(), show(Want).c_str());
    Check.expect(std::string("border color of ") + C.Name, Ok);
  }
  // Integer images: the opaque alpha is integer 1.
  {
    sycl::image<1> Img(static_cast<const void *>(Ones.data()), Order::r,
                       Type::signed_int8, sycl::range<1>(4));
    expectVec(Check, "border color of r signed_int8",
              Img.get_access<int4, Mode::read>().read(4), int4(0, 0, 0, 1));
    sycl::image<1> Rgba(static_cast<const void *>(Ones.data()), Order::rgba,
                        Type::unsigned_int32, sycl::range<1>(1));
    expectVec(Check, "border color of rgba unsigned_int32",
              Rgba.get_access<uint4, Mode::read>().read(-7), uint4(0));
  }
  // In a kernel: 2 x 2 r unorm_int8 and rgba unorm_int8 images, read and
  // written outside.
  Bytes R(4), Rgba(16);
  for (int I = 0; I < 4; ++I)
    R[I] = static_cast<unsigned char>(10 + I);
  for (int I = 0; I < 16; ++I)
    Rgba[I] = static_cast<unsigned char>(20 + I);
  Bytes RCopy = R, RgbaCopy = Rgba;
  std::vector<float4> Got(6);
  {
    sycl::image<2> RImg(static_cast<void *>(R.data()), Order::r,
                        Type::unorm_int8, sycl::range<2>(2, 2));
    sycl::image<2> RgbaImg(static_cast<void *>(Rgba.data()), Order::rgba,
                           Type::unorm_int8, sycl::range<2>(2, 2));
    sycl::buffer<float4> Out(Got.data(), sycl::range<1>(6));
    Q.submit([&](sycl::handler &CGH) {
      auto RR = RImg.get_access<float4, Mode::read>(CGH);
      auto RgbaR = RgbaImg.get_access<float4, Mode::read>(CGH);
      sycl::accessor O(Out, CGH, sycl::write_only);
      CGH.single_task([=] {
        O[0] = RR.read(sycl::int2{-1, 0});
        O[1] = RR.read(sycl::int2{0, 2});
        O[2] = RR.read(sycl::int2{1, 1});
        O[3] = RgbaR.read(sycl::int2{2, 0});
        O[4] = RgbaR.read(sycl::int2{0, -1});
        O[5] = RgbaR.read(sycl::int2{1, 0});
      });
    });
    Q.submit([&](sycl::handler &CGH) {
      auto RW = RImg.get_access<float4, Mode::write>(CGH);
      auto RgbaW = RgbaImg.get_access<float4, Mode::write>(CGH);
      CGH.parallel_for(sycl::range<2>(2, 2), [=](sycl::item<2> It) {
        int X = int(It[0]), Y = int(It[1]);
        RW.write(sycl::int2{X + 2, Y}, float4(1.0f));
        RW.write(sycl::int2{X, Y - 2}, float4(1.0f));
        RgbaW.write(sycl::int2{X, Y + 2}, float4(0.0f));
        RgbaW.write(sycl::int2{X - 2, Y}, float4(0.0f));
      });
    });
  }
  const float4 Opaque(0.0f, 0.0f, 0.0f, 1.0f), Clear(0.0f);
  expectVec(Check, "kernel r read at (-1, 0)", Got[0], Opaque);
  expectVec(Check, "kernel r read at (0, 2)", Got[1], Opaque);
  expectVec(Check, "kernel r read at (1, 1)", Got[2],
            float4(13 / 255.0f, 0.0f, 0.0f, 1.0f));
  expectVec(Check, "kernel rgba read at (2, 0)", Got[3], Clear);
  expectVec(Check, "kernel rgba read at (0, -1)", Got[4], Clear);
  expectVec(Check, "kernel rgba read at (1, 0)", Got[5],
            float4(24 / 255.0f, 25 / 255.0f, 26 / 255.0f, 27 / 255.0f));
  expectBytes(Check, "kernel r writes outside ignored", R, RCopy);
  expectBytes(Check, "kernel rgba writes outside ignored", Rgba, RgbaCopy);
}

const char *orderName(Order O) {
  static const char *Names[] = {
      "a",    "r",    "rx",   "rg",   "rgx",       "ra",        "rgb",
      "rgbx", "rgba", "argb", "bgra", "intensity", "luminance", "abgr"};
  return Names[unsigned(O)];
}
const char *typeName(Type T) {
  static const char *Names[] = {"snorm_int8",
                                "snorm_int16",
                                "unorm_int8",
                                "unorm_int16",
                                "unorm_short_565",
                                "unorm_short_555",
                                "unorm_int_101010",
                                "signed_int8",
                                "signed_int16",
                                "signed_int32",
                                "unsigned_int8",
                                "unsigned_int16",
                                "unsigned_int32",
                                "fp16",
                                "fp32"};
  return Names[unsigned(T)];
}

/// OpenCL 1.2 5.3.1.1, written out: which channel types each order takes.
bool validPair(Order O, Type T) {
  bool Packed = T == Type::unorm_short_565 || T == Type::unorm_short_555 ||
                T == Type::unorm_int_101010;
  switch (O) {
  case Order::rgb:
  case Order::rgbx:
    return Packed;
  case Order::intensity:
  case Order::luminance:
    return T == Type::unorm_int8 || T == Type::unorm_int16 ||
           T == Type::snorm_int8 || T == Type::snorm_int16 || T == Type::fp16 ||
           T == Type::fp32;
  case Order::argb:
  case Order::bgra:
  case Order::abgr:
    return T == Type::unorm_int8 || T == Type::snorm_int8 ||
           T == Type::signed_int8 || T == Type::unsigned_int8;
  default:
    return !Packed;
  }
}

/// Every order and type pair: the valid ones construct, the others throw
/// errc::invalid naming both; one of each class with the whole message.
void invalidPairs(buffers::Checker &Check) {
  const sycl::errc Invalid = sycl::errc::invalid;
  int Wrong = 0, Valid = 0, Rejected = 0;
  for (unsigned OI = 0; OI <= unsigned(Order::abgr); ++OI)
    for (unsigned TI = 0; TI <= unsigned(Type::fp32); ++TI) {
      Order O = Order(OI);
      Type T = Type(TI);
      std::string Pair = std::string(orderName(O)) + " " + typeName(T);
      bool Threw = false, Named = false, Code = false;
      try {
        sycl::image<2> Img(O, T, sycl::range<2>(2, 2));
      } catch (const sycl::exception &E) {
        Threw = true;
        std::string What = E.what();
        Code = E.code() == sycl::make_error_code(Invalid);
        Named = What.find(std::string("image_channel_order::") + orderName(O) +
                          " ") != std::string::npos &&
                What.find(std::string("image_channel_type::") + typeName(T)) !=
                    std::string::npos;
      }
      bool Ok = validPair(O, T) ? !Threw : Threw && Code && Named;
      Valid += !Threw;
      Rejected += Threw;
      if (!Ok) {
        ++Wrong;
        std::printf("  %s: %s\n", Pair.c_str(),
                    !Threw ? "did not throw"
                    : validPair(O, T)
                        ? "threw, but OpenCL 1.2 takes it"
                        : "threw without errc::invalid and both names");
      }
    }
  Check.expect("all " + std::to_string(Valid + Rejected) + " order and type " +
                   "pairs (" + std::to_string(Valid) + " valid, " +
                   std::to_string(Rejected) + " rejected)",
               Wrong == 0 && Valid == 114);

  Check.throws(
      "rgb with fp32", Invalid,
      "image: image_channel_order::rgb takes unorm_short_565, "
      "unorm_short_555 or unorm_int_101010, not "
      "image_channel_type::fp32 (OpenCL 1.2 section 5.3.1.1)",
      [] { sycl::image<1> Img(Order::rgb, Type::fp32, sycl::range<1>(4)); });
  Bytes Host(4096);
  struct Bad {
    Order O;
    Type T;
  };
  const Bad Cases[] = {{Order::rgbx, Type::unorm_int8},
                       {Order::r, Type::unorm_short_565},
                       {Order::rgba, Type::unorm_int_101010},
                       {Order::rx, Type::unorm_short_555},
                       {Order::intensity, Type::signed_int8},
                       {Order::luminance, Type::unsigned_int32},
                       {Order::intensity, Type::unorm_short_555},
                       {Order::argb, Type::unorm_int16},
                       {Order::bgra, Type::fp32},
                       {Order::abgr, Type::signed_int16},
                       {Order::argb, Type::unorm_short_565}};
  int Form = 0;
  for (const Bad &B : Cases) {
    std::string Words =
        std::string("image_channel_order::") + orderName(B.O) + " takes ";
    std::string TypeWords =
        std::string("not image_channel_type::") + typeName(B.T);
    std::string Name = std::string(orderName(B.O)) + " with " + typeName(B.T);
    // Each constructor form in turn.
    auto Make = [&, Form] {
      std::shared_ptr<void> Shared(new unsigned char[64], [](void *P) {
        delete[] static_cast<unsigned char *>(P);
      });
      switch (Form % 5) {
      case 0:
        sycl::image<2>(static_cast<void *>(Host.data()), B.O, B.T,
                       sycl::range<2>(2, 2));
        break;
      case 1:
        sycl::image<2>(static_cast<const void *>(Host.data()), B.O, B.T,
                       sycl::range<2>(2, 2), sycl::range<1>(64));
        break;
      case 2:
        sycl::image<1>(Shared, B.O, B.T, sycl::range<1>(4));
        break;
      case 3:
        sycl::image<3>(B.O, B.T, sycl::range<3>(2, 2, 2),
                       sycl::range<2>(64, 256));
        break;
      default:
        sycl::image<1>(B.O, B.T, sycl::range<1>(4), sycl::image_allocator());
        break;
      }
    };
    ++Form;
    Check.throws(Name + " names the order", Invalid, Words.c_str(), Make);
    Check.throws(Name + " names the type", Invalid, TypeWords.c_str(), Make);
  }
}

/// An accessor's DataT must fit the channel type: errc::invalid when the
/// accessor is created, before the kernel is recorded.
void dataTypes(buffers::Checker &Check, sycl::queue &Q) {
  const sycl::errc Invalid = sycl::errc::invalid;
  sycl::image<2> Floats(Order::rgba, Type::fp32, sycl::range<2>(2, 2));
  bool Ran = false;
  Check.throws("int4 target::image accessor of an fp32 image", Invalid,
               "DataT int4 does not match image_channel_type::fp32, which is "
               "accessed as float4 or half4",
               [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   auto A = Floats.get_access<int4, Mode::read>(CGH);
                   CGH.single_task([=] { (void)A.read(sycl::int2{0, 0}); });
                   Ran = true;
                 });
               });
  Check.expect("the accessor threw before the kernel was recorded", !Ran);
  sycl::image<1> Sint8(Order::rgba, Type::signed_int8, sycl::range<1>(2));
  Check.throws("float4 host_image accessor of a signed_int8 image", Invalid,
               "DataT float4 does not match image_channel_type::signed_int8, "
               "which is accessed as int4",
               [&] { Sint8.get_access<float4, Mode::read>(); });
  sycl::image<1> Sint32(Order::r, Type::signed_int32, sycl::range<1>(2));
  Check.throws("uint4 host_image accessor of a signed_int32 image", Invalid,
               "DataT uint4 does not match image_channel_type::signed_int32, "
               "which is accessed as int4",
               [&] { Sint32.get_access<uint4, Mode::write>(); });
  sycl::image<1> Uint16(Order::rg, Type::unsigned_int16, sycl::range<1>(2));
  Check.throws("int4 host_image accessor of an unsigned_int16 image", Invalid,
               "DataT int4 does not match image_channel_type::unsigned_int16, "
               "which is accessed as uint4",
               [&] { Uint16.get_access<int4, Mode::read_write>(); });
  sycl::image<1> Uint8(Order::bgra, Type::unsigned_int8, sycl::range<1>(2));
  Check.throws(
      "half4 target::image accessor of an unsigned_int8 image", Invalid,
      "DataT half4 does not match image_channel_type::unsigned_int8", [&] {
        Q.submit([&](sycl::handler &CGH) {
          Uint8.get_access<half4, Mode::discard_write>(CGH);
        });
      });
  sycl::image<1> Packed(Order::rgb, Type::unorm_short_565, sycl::range<1>(2));
  Check.throws("int4 accessor of a unorm_short_565 image", Invalid,
               "DataT int4 does not match image_channel_type::unorm_short_565",
               [&] { Packed.get_access<int4, Mode::read>(); });
  sycl::image<1> Snorm(Order::r, Type::snorm_int8, sycl::range<1>(2));
  Check.throws("uint4 accessor of a snorm_int8 image", Invalid,
               "DataT uint4 does not match image_channel_type::snorm_int8, "
               "which is accessed as float4 or half4",
               [&] { Snorm.get_access<uint4, Mode::read>(); });
  sycl::image<3> Halves(Order::rgba, Type::fp16, sycl::range<3>(2, 2, 2));
  Check.throws("uint4 image_array accessor of an fp16 image", Invalid,
               "DataT uint4 does not match image_channel_type::fp16", [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   sycl::accessor<uint4, 2, Mode::read, Target::image_array> A(
                       Halves, CGH);
                 });
               });
}

/// Host data: const void * is never written back, void * only after a
/// write, shared_ptr while the application holds it; set_final_data and
/// set_write_back.
void hostData(buffers::Checker &Check, sycl::queue &Q) {
  const Bytes Original{1, 2, 3, 4, 5, 6, 7, 8};
  Bytes Const = Original;
  {
    sycl::image<1> Img(static_cast<const void *>(Const.data()), Order::rgba,
                       Type::unsigned_int8, sycl::range<1>(2));
    auto Host = Img.get_access<uint4, Mode::read_write>();
    expectVec(Check, "const void * data is copied in", Host.read(1),
              uint4(5, 6, 7, 8));
    Host.write(0, uint4(99));
    Q.submit([&](sycl::handler &CGH) {
      auto W = Img.get_access<uint4, Mode::write>(CGH);
      CGH.single_task([=] { W.write(1, uint4(77)); });
    });
  }
  expectBytes(Check, "const void * data is not written back", Const, Original);

  Bytes Read = Original;
  {
    sycl::image<1> Img(static_cast<void *>(Read.data()), Order::rgba,
                       Type::unsigned_int8, sycl::range<1>(2));
    Q.submit([&](sycl::handler &CGH) {
      auto R = Img.get_access<uint4, Mode::read>(CGH);
      CGH.single_task([=] { (void)R.read(0); });
    });
    Read[0] = 42; // the image holds its own copy
  }
  Check.expect("void * data is not written back after reads only",
               Read[0] == 42 && Read[1] == 2);

  Bytes Cancel = Original;
  {
    sycl::image<1> Img(static_cast<void *>(Cancel.data()), Order::rgba,
                       Type::unsigned_int8, sycl::range<1>(2));
    Img.get_access<uint4, Mode::write>().write(0, uint4(9));
    Img.set_write_back(false);
  }
  expectBytes(Check, "set_write_back(false)", Cancel, Original);

  Bytes Elsewhere(8, 0), Source = Original;
  {
    sycl::image<1> Img(static_cast<void *>(Source.data()), Order::rgba,
                       Type::unsigned_int8, sycl::range<1>(2));
    Img.set_final_data(Elsewhere.data());
    Img.get_access<uint4, Mode::write>().write(1, uint4(0));
  }
  Check.expect("set_final_data(pointer)",
               Source == Original &&
                   Elsewhere == Bytes{1, 2, 3, 4, 0, 0, 0, 0});

  std::shared_ptr<void> Shared(
      new unsigned char[8]{1, 2, 3, 4, 5, 6, 7, 8},
      [](void *P) { delete[] static_cast<unsigned char *>(P); });
  {
    sycl::image<1> Img(Shared, Order::rgba, Type::unsigned_int8,
                       sycl::range<1>(2));
    auto Host = Img.get_access<uint4, Mode::read>();
    expectVec(Check, "shared_ptr data is copied in", Host.read(0),
              uint4(1, 2, 3, 4));
    Q.submit([&](sycl::handler &CGH) {
      auto W = Img.get_access<uint4, Mode::write>(CGH);
      CGH.single_task([=] { W.write(1, uint4(250, 251, 252, 253)); });
    });
  }
  auto *S = static_cast<unsigned char *>(Shared.get());
  Check.expect("shared_ptr data written back",
               Bytes(S, S + 8) == Bytes{1, 2, 3, 4, 250, 251, 252, 253});
  // 2-D shared_ptr data with a pitch.
  std::shared_ptr<void> Pitched(new unsigned char[12]{}, [](void *P) {
    delete[] static_cast<unsigned char *>(P);
  });
  {
    sycl::image<2> Img(Pitched, Order::r, Type::unsigned_int16,
                       sycl::range<2>(2, 2), sycl::range<1>(6));
    Img.get_access<uint4, Mode::write>().write(sycl::int2{1, 1}, uint4(0x1234));
  }
  auto *P = static_cast<unsigned char *>(Pitched.get());
  Check.expect("shared_ptr 2-D data with a pitch",
               Bytes(P, P + 12) ==
                   Bytes{0, 0, 0, 0, 0, 0, 0, 0, 0x34, 0x12, 0, 0});
}

/// get_count, get_size, get_range, get_pitch and get_allocator of images
/// and accessors; sampler getters, equality and hashing; image equality
/// and hashing.
void shapesAndIdentity(buffers::Checker &Check, sycl::queue &Q) {
  sycl::image<1> One(Order::rgba, Type::unorm_int16, sycl::range<1>(7));
  Check.expect("1-D rgba unorm_int16: 7 texels, 56 bytes",
               One.get_count() == 7 && One.get_size() == 56 &&
                   One.get_range() == sycl::range<1>(7));
  Check.expect("get_allocator", One.get_allocator() == sycl::image_allocator());
  sycl::image<2> Pitched(Order::rg, Type::signed_int16, sycl::range<2>(5, 3),
                         sycl::range<1>(24));
  Check.expect("2-D rg signed_int16 pitch 24: 15 texels, 72 bytes",
               Pitched.get_count() == 15 && Pitched.get_size() == 72 &&
                   Pitched.get_pitch() == sycl::range<1>(24) &&
                   Pitched.get_range() == sycl::range<2>(5, 3));
  sycl::image<2> Packed(Order::r, Type::fp32, sycl::range<2>(5, 3));
  Check.expect("2-D r fp32 packed: pitch 20, 60 bytes",
               Packed.get_pitch() == sycl::range<1>(20) &&
                   Packed.get_size() == 60);
  sycl::image<3> Rgx(Order::rgx, Type::fp16, sycl::range<3>(4, 3, 2));
  Check.expect("3-D rgx fp16: pitches 24 and 72, 144 bytes",
               Rgx.get_pitch() == sycl::range<2>(24, 72) &&
                   Rgx.get_size() == 144 && Rgx.get_count() == 24 &&
                   Rgx.get_range() == sycl::range<3>(4, 3, 2));
  sycl::image<3> Explicit(Order::rgba, Type::unorm_int8,
                          sycl::range<3>(4, 3, 2), sycl::range<2>(32, 100));
  Check.expect("3-D explicit pitches 32 and 100: 200 bytes",
               Explicit.get_pitch() == sycl::range<2>(32, 100) &&
                   Explicit.get_size() == 200);
  sycl::image<2> Word(Order::rgb, Type::unorm_int_101010, sycl::range<2>(3, 2));
  sycl::image<2> Short(Order::rgbx, Type::unorm_short_565,
                       sycl::range<2>(3, 2));
  Check.expect(
      "packed texels: 4 and 2 bytes",
      Word.get_pitch() == sycl::range<1>(12) && Word.get_size() == 24 &&
          Short.get_pitch() == sycl::range<1>(6) && Short.get_size() == 12);
  sycl::image<1> Intensity(Order::intensity, Type::unorm_int16,
                           sycl::range<1>(3));
  sycl::image<1> Abgr(Order::abgr, Type::signed_int8, sycl::range<1>(3));
  Check.expect("intensity unorm_int16 and abgr signed_int8 sizes",
               Intensity.get_size() == 6 && Abgr.get_size() == 12);
  {
    auto Host = Pitched.get_access<int4, Mode::read>();
    Check.expect("host_image accessor shape",
                 Host.get_count() == 15 && Host.get_size() == 72 &&
                     Host.get_range() == sycl::range<2>(5, 3));
  }
  Q.submit([&](sycl::handler &CGH) {
    auto A = Rgx.get_access<float4, Mode::write>(CGH);
    Check.expect("target::image accessor shape",
                 A.get_count() == 24 && A.get_size() == 144 &&
                     A.get_range() == sycl::range<3>(4, 3, 2));
    CGH.single_task([=] { A.write(int4{0, 0, 0, 0}, float4(0.0f)); });
  });

  using sycl::addressing_mode;
  using sycl::coordinate_normalization_mode;
  using sycl::filtering_mode;
  sycl::sampler S(coordinate_normalization_mode::normalized,
                  addressing_mode::repeat, filtering_mode::linear);
  Check.expect("sampler getters",
               S.get_addressing_mode() == addressing_mode::repeat &&
                   S.get_filtering_mode() == filtering_mode::linear &&
                   S.get_coordinate_normalization_mode() ==
                       coordinate_normalization_mode::normalized);
  sycl::sampler Copy = S;
  sycl::sampler Same(coordinate_normalization_mode::normalized,
                     addressing_mode::repeat, filtering_mode::linear);
  std::hash<sycl::sampler> SamplerHash;
  Check.expect("equal samplers compare and hash alike",
               Copy == S && Same == S && !(Same != S) &&
                   SamplerHash(Same) == SamplerHash(S) &&
                   SamplerHash(Copy) == SamplerHash(S));
  sycl::sampler Other[3] = {{coordinate_normalization_mode::unnormalized,
                             addressing_mode::repeat, filtering_mode::linear},
                            {coordinate_normalization_mode::normalized,
                             addressing_mode::clamp, filtering_mode::linear},
                            {coordinate_normalization_mode::normalized,
                             addressing_mode::repeat, filtering_mode::nearest}};
  Check.expect("samplers that differ in one mode differ",
               Other[0] != S && Other[1] != S && Other[2] != S &&
                   !(Other[0] == S));
  Check.expect("sampler getters of the others",
               Other[0].get_coordinate_normalization_mode() ==
                       coordinate_normalization_mode::unnormalized &&
                   Other[1].get_addressing_mode() == addressing_mode::clamp &&
                   Other[2].get_filtering_mode() == filtering_mode::nearest);

  sycl::image<2> A(Order::rgba, Type::fp32, sycl::range<2>(2, 2));
  sycl::image<2> B = A;
  sycl::image<2> C(Order::rgba, Type::fp32, sycl::range<2>(2, 2));
  std::hash<sycl::image<2>> ImageHash;
  Check.expect("copies of an image compare and hash alike",
               A == B && !(A != B) && ImageHash(A) == ImageHash(B));
  Check.expect("distinct images differ", A != C && !(A == C));
  sycl::image<2> Moved = std::move(B);
  Check.expect("a moved image is the same image",
               Moved == A && ImageHash(Moved) == ImageHash(A));
  // Writes through one copy are seen through another.
  A.get_access<float4, Mode::write>().write(sycl::int2{1, 0},
                                            float4(1.0f, 2.0f, 3.0f, 4.0f));
  expectVec(Check, "copies share the texels",
            Moved.get_access<float4, Mode::read>().read(sycl::int2{1, 0}),
            float4(1.0f, 2.0f, 3.0f, 4.0f));
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  channelOrders(Check);
  conversions(Check);
  kernel1D(Check, Q);
  kernel2D(Check, Q);
  kernel3D(Check, Q);
  samplers(Check, Q);
  imageArrays(Check, Q);
  borders(Check, Q);
  invalidPairs(Check);
  dataTypes(Check, Q);
  hostData(Check, Q);
  shapesAndIdentity(Check, Q);
  return Check.status();
}
