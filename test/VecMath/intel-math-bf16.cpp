// DPC++'s sycl_ext_intel_math bfloat16 conversions and rcp64h
// (<sycl/ext/intel/math.hpp>) in kernels, one work-item per input, against
// host references written here: bfloat16 to every integer type in the
// four rounding modes on all 65536 bfloat16 bit patterns (rounded with
// floor / nearbyint / ceil / trunc and saturated in long double); float
// and the integer types to bfloat16 on edge values and pseudo-random
// ones, the expected result picked among the three bfloat16 values around
// the input by comparing values (the largest not above for _rd, ...); the
// reinterpretations; and rcp64h on values worked by hand.
#include <sycl/ext/intel/math.hpp>
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

namespace imf = sycl::ext::intel::math;
using bf16 = sycl::ext::oneapi::bfloat16;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

u16 bitsOf(bf16 B) { return sycl::bit_cast<u16>(B); }
bool isNaNBits(u16 B) { return (B & 0x7fff) > 0x7f80; }
/// The value of the bfloat16 bits \p B, infinities as +-2^128 (where
/// rounding to nearest overflows).
long double valueOf(u16 B) {
  if ((B & 0x7fff) == 0x7f80)
    return (B & 0x8000 ? -1 : 1) * std::ldexp(1.0L, 128);
  return sycl::bit_cast<float>(u32(B) << 16);
}

enum Mode { Rd, Rn, Ru, Rz };
const char *ModeNames[] = {"rd", "rn", "ru", "rz"};

/// The bfloat16 bits \p V rounds to in mode \p M, chosen among the values
/// around \p Near (the bits of a float near V) by comparing values.
u16 pickBFloat16(long double V, u32 Near, Mode M) {
  u16 T = u16(Near >> 16);
  if (std::isinf(V))
    return T;
  u16 Lo = 0, Hi = 0;
  bool HaveLo = false, HaveHi = false;
  for (int D = -1; D <= 1; ++D) {
    u16 C = u16(T + D);
    if (isNaNBits(C))
      continue;
    long double CV = valueOf(C);
    if (CV == V && (C & 0x7fff) != 0)
      return C;
    if (CV == V) // A zero: its own sign.
      return T;
    if (CV < V && (!HaveLo || CV > valueOf(Lo)))
      Lo = C, HaveLo = true;
    if (CV > V && (!HaveHi || CV < valueOf(Hi)))
      Hi = C, HaveHi = true;
  }
  switch (M) {
  case Rd:
    return Lo;
  case Ru:
    return Hi;
  case Rz:
    return V > 0 ? Lo : Hi;
  default: {
    long double DLo = V - valueOf(Lo), DHi = valueOf(Hi) - V;
    if (DLo != DHi)
      return DLo < DHi ? Lo : Hi;
    return (Lo & 1) == 0 ? Lo : Hi;
  }
  }
}

/// \p F rounded as \p M says and saturated to I; NaN gives 0.
template <typename I> I toIntReference(float F, Mode M) {
  if (std::isnan(F))
    return 0;
  double R = M == Rd   ? std::floor(F)
             : M == Ru ? std::ceil(F)
             : M == Rz ? std::trunc(F)
                       : std::nearbyint(F);
  if ((long double)R < (long double)std::numeric_limits<I>::min())
    return std::numeric_limits<I>::min();
  if ((long double)R > (long double)std::numeric_limits<I>::max())
    return std::numeric_limits<I>::max();
  return I(R);
}

//===----------------------------------------------------------------------===//
// bfloat16 to the integer types, on every bfloat16
//===----------------------------------------------------------------------===//

#define INT_TYPES(Apply)                                                       \
  Apply(short, short) Apply(ushort, unsigned short) Apply(int, int)            \
      Apply(uint, unsigned) Apply(ll, long long)                               \
          Apply(ull, unsigned long long)

void checkToInt(sycl::queue &Q) {
  constexpr int Types = 6, Per = 4 * Types;
  u64 *Out = sycl::malloc_shared<u64>(65536 * Per, Q);
  Q.parallel_for(sycl::range<1>(65536), [=](sycl::id<1> Id) {
     bf16 B = sycl::bit_cast<bf16>(u16(Id[0]));
     u64 *O = Out + Id[0] * Per;
#define DEVICE_TO_INT(Name, T)                                                 \
  *O++ = u64(imf::bfloat162##Name##_rd(B));                                    \
  *O++ = u64(imf::bfloat162##Name##_rn(B));                                    \
  *O++ = u64(imf::bfloat162##Name##_ru(B));                                    \
  *O++ = u64(imf::bfloat162##Name##_rz(B));
     INT_TYPES(DEVICE_TO_INT)
   }).wait();
  int Bad[Per] = {};
  for (u32 Bits = 0; Bits < 65536; ++Bits) {
    float F = sycl::bit_cast<float>(Bits << 16);
    const u64 *O = Out + Bits * Per;
    int K = 0;
#define HOST_TO_INT(Name, T)                                                   \
  for (int M = 0; M < 4; ++M, ++K)                                             \
    if (O[K] != u64(toIntReference<T>(F, Mode(M))) && Bad[K]++ < 2)            \
      std::printf("  bfloat162" #Name "_%s(%a) = %#llx\n", ModeNames[M], F,    \
                  (unsigned long long)O[K]);
    INT_TYPES(HOST_TO_INT)
  }
  int K = 0;
#define REPORT_TO_INT(Name, T)                                                 \
  for (int M = 0; M < 4; ++M, ++K)                                             \
    expect(Bad[K] == 0, std::string("bfloat162" #Name "_") + ModeNames[M] +    \
                            " on every bfloat16");
  INT_TYPES(REPORT_TO_INT)
  sycl::free(Out, Q);
}

//===----------------------------------------------------------------------===//
// float and the integer types to bfloat16
//===----------------------------------------------------------------------===//

/// Edge and pseudo-random 64-bit patterns, the inputs of every conversion
/// to bfloat16 (truncated to the source type).
std::vector<u64> patterns() {
  std::vector<u64> P = {0,
                        1,
                        0x7f7f8000,
                        0x7f7f7fff,
                        0x7f7fffff,
                        0x7f800000,
                        0x7fc00000,
                        0xff800001,
                        0x80000001,
                        0x00800000,
                        0x3f808000,
                        0x3f818000,
                        0x3f808001,
                        0xbf808000,
                        0xbf818001,
                        0x0000ffff,
                        0x8000ffff,
                        0x00010000,
                        0x7fffffff,
                        0x80000000,
                        0xffffffff,
                        0x1000001,
                        0x7fff,
                        0x8000,
                        0xffff,
                        0x8001,
                        ~u64(0),
                        u64(1) << 63,
                        (u64(1) << 63) - 1,
                        0x0080800000000001};
  u64 S = 0x9e3779b97f4a7c15u;
  for (int I = 0; I < 20000; ++I) {
    S ^= S << 13, S ^= S >> 7, S ^= S << 17;
    // Random bits, and random bits with the low ones cleared (exact and
    // tie cases for float and the wide integers).
    P.push_back(I % 3 ? S : S & ~u64(0xffff) << (S % 40));
  }
  return P;
}

#define TO_BF16(Apply)                                                         \
  Apply(float2bfloat16, float, sycl::bit_cast<float>(u32(P)))                  \
      Apply(short2bfloat16, short, short(P))                                   \
          Apply(ushort2bfloat16, unsigned short, (unsigned short)(P))          \
              Apply(int2bfloat16, int, int(P))                                 \
                  Apply(uint2bfloat16, unsigned, unsigned(P))                  \
                      Apply(ll2bfloat16, long long, (long long)(P))            \
                          Apply(ull2bfloat16, unsigned long long, P)

void checkToBFloat16(sycl::queue &Q) {
  std::vector<u64> Host = patterns();
  size_t N = Host.size();
  constexpr int Per = 4 * 7;
  u64 *In = sycl::malloc_shared<u64>(N, Q);
  u16 *Out = sycl::malloc_shared<u16>(N * Per, Q);
  std::memcpy(In, Host.data(), N * sizeof(u64));
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> Id) {
     u64 P = In[Id[0]];
     u16 *O = Out + Id[0] * Per;
#define DEVICE_TO_BF16(Name, T, Arg)                                           \
  *O++ = bitsOf(imf::Name##_rd(Arg));                                          \
  *O++ = bitsOf(imf::Name##_rn(Arg));                                          \
  *O++ = bitsOf(imf::Name##_ru(Arg));                                          \
  *O++ = bitsOf(imf::Name##_rz(Arg));
     TO_BF16(DEVICE_TO_BF16)
   }).wait();
  int Bad[Per] = {};
  for (size_t I = 0; I < N; ++I) {
    u64 P = Host[I];
    const u16 *O = Out + I * Per;
    int K = 0;
#define HOST_TO_BF16(Name, T, Arg)                                             \
  for (int M = 0; M < 4; ++M, ++K) {                                           \
    T X = Arg;                                                                 \
    bool Ok;                                                                   \
    if constexpr (std::is_same_v<T, float>)                                    \
      Ok = std::isnan(X) ? isNaNBits(O[K]) && (O[K] >> 15) == (u32(P) >> 31)   \
                         : O[K] == pickBFloat16(X, u32(P), Mode(M));           \
    else                                                                       \
      Ok = O[K] == pickBFloat16((long double)X, sycl::bit_cast<u32>(float(X)), \
                                Mode(M));                                      \
    if (!Ok && Bad[K]++ < 2)                                                   \
      std::printf("  " #Name "_%s(%#llx) = %#x\n", ModeNames[M],               \
                  (unsigned long long)P, O[K]);                                \
  }
    TO_BF16(HOST_TO_BF16)
  }
  int K = 0;
#define REPORT_TO_BF16(Name, T, Arg)                                           \
  for (int M = 0; M < 4; ++M, ++K)                                             \
    expect(Bad[K] == 0, std::string(#Name "_") + ModeNames[M] + " on " +       \
                            std::to_string(N) + " inputs");
  TO_BF16(REPORT_TO_BF16)
  sycl::free(In, Q);
  sycl::free(Out, Q);
}

//===----------------------------------------------------------------------===//
// The rest: float, double, reinterpretations, rcp64h
//===----------------------------------------------------------------------===//

struct Misc {
  float ToFloat;
  u16 Nearest, FromDouble, FromDoubleTie;
  short AsShort;
  unsigned short AsUShort;
  u16 FromShort, FromUShort;
  double Rcp[8];
};

void checkMisc(sycl::queue &Q) {
  Misc *R = sycl::malloc_shared<Misc>(1, Q);
  Q.single_task([=] {
     bf16 B = sycl::bit_cast<bf16>(u16(0xc049)); // -3.140625
     R->ToFloat = imf::bfloat162float(B);
     R->Nearest = bitsOf(imf::float2bfloat16(1.00390625f)); // tie -> 1.0
     // 1 + 2^-8 + 2^-40: just above the tie, which rounding through float
     // would lose.
     R->FromDouble = bitsOf(imf::double2bfloat16(1.0 + 0x1p-8 + 0x1p-40));
     R->FromDoubleTie = bitsOf(imf::double2bfloat16(1.0 + 0x1p-8));
     R->AsShort = imf::bfloat16_as_short(B);
     R->AsUShort = imf::bfloat16_as_ushort(B);
     R->FromShort = bitsOf(imf::short_as_bfloat16(short(-16311)));
     R->FromUShort = bitsOf(imf::ushort_as_bfloat16((unsigned short)0x3f80));
     const double In[8] = {
         2.0,    3.0,     -0.0,   0x1p-1074,
         -1e308, 0x1p-20, -0.125, -std::numeric_limits<double>::quiet_NaN()};
     for (int I = 0; I < 8; ++I)
       R->Rcp[I] = imf::rcp64h(In[I]);
   }).wait();
  expect(R->ToFloat == -3.140625f, "bfloat162float");
  expect(R->Nearest == 0x3f80, "float2bfloat16 rounds ties to even");
  expect(R->FromDouble == 0x3f81 && R->FromDoubleTie == 0x3f80,
         "double2bfloat16 rounds once");
  expect(R->AsShort == short(-16311) && R->AsUShort == 0xc049 &&
             R->FromShort == 0xc049 && R->FromUShort == 0x3f80,
         "bfloat16_as_short, _as_ushort, short_as_, ushort_as_bfloat16");
  auto Bits = [](double D) { return sycl::bit_cast<u64>(D); };
  const double Inf = std::numeric_limits<double>::infinity();
  expect(R->Rcp[0] == 0.5 && Bits(R->Rcp[1]) == 0x3fd5555500000000u &&
             R->Rcp[2] == -Inf && R->Rcp[3] == Inf,
         "rcp64h: the high word of 1/x; zero and subnormal x give infinity");
  expect(Bits(R->Rcp[4]) == Bits(-0.0) && R->Rcp[5] == 0x1p20 &&
             R->Rcp[6] == -8.0 && std::isnan(R->Rcp[7]) &&
             !std::signbit(R->Rcp[7]),
         "rcp64h: subnormal results flush to zero, NaN loses its sign");
  sycl::free(R, Q);
}

} // namespace

int main() {
  sycl::queue Q;
  checkToInt(Q);
  checkToBFloat16(Q);
  checkMisc(Q);
  return Failures != 0;
}
