// sycl::ext::oneapi::bfloat16 (DPC++'s sycl_ext_oneapi_bfloat16) on the host
// and in kernels: conversions from float (round to nearest even at ties, just
// off them, overflow, NaN, -0, subnormals), from double, integers and half
// (rounded once), back to float (exact); arithmetic rounded once per
// operation; comparisons with NaN; the math functions isnan, fabs, fmin, fmax
// and fma; std::numeric_limits; and kernels over USM arrays whose work-item
// loops vectorize in compiled mode.
//
// Expected values are written out as bit patterns, or computed by a host
// reference that never uses the class's conversions: float bits round by
// integer comparison of the dropped half (roundBits), other values are
// decoded to double by hand, computed there (exactly, or with double rounding
// that cannot matter: 53 >= 2 * 8 + 2 bits) and rounded by encode(), which
// works on the exact value with frexp and floor.
#include "bfloat16-bits.hpp"
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <sycl/ext/oneapi/bfloat16.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using sycl::ext::oneapi::bfloat16;
namespace bfx = sycl::ext::oneapi::experimental;

//===----------------------------------------------------------------------===//
// The host reference
//===----------------------------------------------------------------------===//

using namespace bfloat16_bits;

uint32_t floatBits(float F) {
  uint32_t B;
  std::memcpy(&B, &F, sizeof(B));
  return B;
}
float floatOf(uint32_t B) {
  float F;
  std::memcpy(&F, &B, sizeof(F));
  return F;
}

/// Float bits \p F rounded to bfloat16 bits, ties to even, by comparing the
/// dropped half with half-way; a NaN becomes the quiet NaN of its sign.
uint16_t roundBits(uint32_t F) {
  uint16_t Kept = uint16_t(F >> 16);
  uint32_t Dropped = F & 0xffff;
  if ((F & 0x7f800000) == 0x7f800000 && (F & 0x7fffff))
    return uint16_t((Kept & 0x8000) | 0x7fc0);
  if (Dropped > 0x8000 || (Dropped == 0x8000 && (Kept & 1)))
    ++Kept;
  return Kept;
}

/// The bfloat16 bits of the exact value X + Tail rounded to nearest even.
/// Tail is 0 or the error term of an exact sum (at most half an ulp of X).
uint16_t encode(double X, double Tail = 0) {
  if (X != X)
    return 0x7fc0;
  uint16_t Sign = std::signbit(X) ? 0x8000 : 0;
  double M = std::fabs(X), T = Sign ? -Tail : Tail;
  if (M == INFINITY || M == 0)
    return uint16_t(Sign | (M == 0 ? 0 : 0x7f80));
  int E;
  std::frexp(M, &E); // M is in [2^(E-1), 2^E)
  int Quantum = std::max(E - 1, -126) - 7;
  double N = std::ldexp(M, -Quantum), Floor = std::floor(N), Frac = N - Floor;
  if (Frac == 0 && T < 0) { // just below an integer
    Floor -= 1;
    Frac = 1;
  }
  bool Up = Frac > 0.5 ||
            (Frac == 0.5 && (T > 0 || (T == 0 && std::fmod(Floor, 2) == 1)));
  double R = std::ldexp(Floor + (Up ? 1 : 0), Quantum);
  if (R > std::ldexp(255.0, 120))
    return uint16_t(Sign | 0x7f80);
  if (R < std::ldexp(1.0, -126))
    return uint16_t(Sign | uint16_t(std::ldexp(R, 133)));
  int E2;
  double Fraction = std::frexp(R, &E2);
  return uint16_t(Sign | (E2 + 126) << 7 | (uint16_t(Fraction * 256) - 128));
}

/// The bfloat16 nearest to exactly A * B + C: the product of two bfloat16
/// is exact in double, TwoSum keeps the error of the double sum.
uint16_t fmaRef(uint16_t A, uint16_t B, uint16_t C) {
  double P = decode(A) * decode(B), Cv = decode(C), S = P + Cv;
  if (!std::isfinite(S))
    return encode(S);
  double Bv = S - P;
  double Err = (P - (S - Bv)) + (Cv - Bv);
  return encode(S, Err);
}

/// Whether \p Got matches \p Want bit for bit; NaNs match any NaN (of the
/// same sign when \p NanSign).
bool matches(uint16_t Got, uint16_t Want, bool NanSign) {
  if (isNanBits(Got) || isNanBits(Want))
    return isNanBits(Got) && isNanBits(Want) &&
           (!NanSign || (Got & 0x8000) == (Want & 0x8000));
  return Got == Want;
}

int Failures = 0;

/// Reports one host check.
void expect(bool Ok, const std::string &What) {
  if (!Ok) {
    std::printf("  FAIL: %s\n", What.c_str());
    ++Failures;
  }
}

std::string hexOf(uint32_t B, int Digits = 4) {
  char Buf[16];
  std::snprintf(Buf, sizeof(Buf), "0x%0*x", Digits, B);
  return Buf;
}

/// Compares \p Got with \p Want; prints the first mismatches (with
/// \p Input when given) and a summary line.
void checkBits(const char *Name, const bfloat16 *Got,
               const std::vector<uint16_t> &Want, bool NanSign,
               const std::function<std::string(size_t)> &Input = {}) {
  size_t Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I) {
    if (matches(bitsOf(Got[I]), Want[I], NanSign))
      continue;
    if (Bad++ < 6)
      std::printf("  %s[%zu]%s: got 0x%04x (%.9g), want 0x%04x (%.9g)\n", Name,
                  I, Input ? (" of " + Input(I)).c_str() : "", bitsOf(Got[I]),
                  decode(bitsOf(Got[I])), Want[I], decode(Want[I]));
  }
  if (Bad) {
    std::printf("%s: FAIL, %zu of %zu differ\n", Name, Bad, Want.size());
    ++Failures;
  } else {
    std::printf("%s: OK, %zu values\n", Name, Want.size());
  }
}

template <typename T>
void checkValues(const char *Name, const T *Got, const std::vector<T> &Want) {
  Failures += vecmath::check(Name, Got, Want);
}

//===----------------------------------------------------------------------===//
// The type
//===----------------------------------------------------------------------===//

static_assert(sizeof(bfloat16) == 2 && std::is_trivially_copyable_v<bfloat16>,
              "bfloat16 is two bytes copied bit for bit");
static_assert(std::is_same_v<bfx::bfloat16, bfloat16>,
              "the experimental spelling names the same type");
static_assert(
    std::is_same_v<decltype(bfloat16() + 1.0f), bfloat16> &&
        std::is_same_v<decltype(1.0f * bfloat16()), bfloat16> &&
        std::is_same_v<decltype(bfloat16() - 1), bfloat16> &&
        std::is_same_v<decltype(2.0 / bfloat16()), bfloat16> &&
        std::is_same_v<decltype(bfloat16() + sycl::half()), bfloat16> &&
        std::is_same_v<decltype(bfloat16() < 1.0f), bool>,
    "mixed arithmetic gives bfloat16, unambiguously");
constexpr bfloat16 Three = 3;
static_assert(float(Three * 0.5f + 1) == 2.5f && float(-Three) == -3.0f,
              "bfloat16 arithmetic is constexpr");
static_assert(std::numeric_limits<bfloat16>::digits == 8 &&
                  std::numeric_limits<bfloat16>::max_exponent == 128,
              "numeric_limits<bfloat16> describes bfloat16");

/// A float, its bfloat16 by hand, and why the case is there.
struct FloatCase {
  uint32_t In;
  uint16_t Want;
  const char *What;
};
const FloatCase FloatCases[] = {
    {0x3f800000, 0x3f80, "1"},
    {0x3f808000, 0x3f80, "tie 1 + 2^-8, to even: down"},
    {0x3f818000, 0x3f82, "tie, to even: up"},
    {0x3f807fff, 0x3f80, "just below a tie"},
    {0x3f808001, 0x3f81, "just above a tie"},
    {0x3f817fff, 0x3f81, "just below an odd tie"},
    {0x3f818001, 0x3f82, "just above an odd tie"},
    {0x3fffffff, 0x4000, "carry into the exponent"},
    {0xbf808000, 0xbf80, "negative tie, down"},
    {0xbf818000, 0xbf82, "negative tie, up"},
    {0x7f7f7fff, 0x7f7f, "largest float rounding to max"},
    {0x7f7f8000, 0x7f80, "tie above max: to even, infinity"},
    {0x7f7fffff, 0x7f80, "float max overflows"},
    {0xff7fffff, 0xff80, "lowest float overflows"},
    {0x7f800000, 0x7f80, "infinity"},
    {0xff800000, 0xff80, "-infinity"},
    {0x00000000, 0x0000, "+0"},
    {0x80000000, 0x8000, "-0"},
    {0x00010000, 0x0001, "denorm_min"},
    {0x00008000, 0x0000, "tie at half denorm_min: to zero"},
    {0x00008001, 0x0001, "just above half denorm_min"},
    {0x00018000, 0x0002, "subnormal tie, up"},
    {0x80000001, 0x8000, "-float denorm_min: -0"},
    {0x807f0000, 0x807f, "largest subnormal, negative"},
    {0x007f8000, 0x0080, "subnormal tie up to min"},
    {0x007fffff, 0x0080, "largest float subnormal"},
    {0x7fc00000, 0x7fc0, "quiet NaN"},
    {0xffc00000, 0xffc0, "negative quiet NaN"},
    {0x7f800001, 0x7fc0, "signaling NaN, payload in the low half"},
    {0x7f810000, 0x7fc0, "signaling NaN, payload in the high half"},
    {0x7fffffff, 0x7fc0, "NaN whose rounding would carry"},
    {0xffffffff, 0xffc0, "negative NaN whose rounding would carry"},
};

void checkFloatConversions(sycl::queue &Q) {
  constexpr size_t N = sizeof(FloatCases) / sizeof(FloatCases[0]);
  float *In = sycl::malloc_shared<float>(N, Q);
  bfloat16 *Out = sycl::malloc_shared<bfloat16>(N, Q);
  float *Back = sycl::malloc_shared<float>(N, Q);
  std::vector<uint16_t> Want;
  for (size_t I = 0; I < N; ++I) {
    In[I] = floatOf(FloatCases[I].In);
    Want.push_back(FloatCases[I].Want);
    uint16_t Host = bitsOf(bfloat16(In[I]));
    expect(matches(Host, FloatCases[I].Want, true) &&
               roundBits(FloatCases[I].In) == FloatCases[I].Want,
           std::string("host bfloat16(") + hexOf(FloatCases[I].In, 8) +
               "): got " + hexOf(Host) + ", " + FloatCases[I].What);
  }
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     bfloat16 X = In[I];
     Out[I] = X;
     Back[I] = X;
   }).wait();
  checkBits("bfloat16(float) cases", Out, Want, true,
            [](size_t I) { return std::string(FloatCases[I].What); });
  std::vector<float> WantBack;
  for (uint16_t B : Want)
    WantBack.push_back(floatOf(uint32_t(B) << 16));
  checkValues("float(bfloat16) of the cases", Back, WantBack);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Back, Q);
}

void checkOtherConversions() {
  int Before = Failures;
  struct DoubleCase {
    double In;
    uint16_t Want;
    const char *What;
  };
  const double Tiny = std::ldexp(1.0, -40);
  const DoubleCase Doubles[] = {
      {1.00390625, 0x3f80, "tie, down"},
      {1.00390625 + Tiny, 0x3f81, "above a tie by less than float resolves"},
      {1.01171875 - Tiny, 0x3f81, "below an odd tie by less than float"},
      {std::ldexp(255.5, 120) * (1 - Tiny), 0x7f7f, "just below overflow"},
      {1e300, 0x7f80, "1e300"},
      {-1e300, 0xff80, "-1e300"},
      {1e-300, 0x0000, "1e-300"},
      {-0.0, 0x8000, "-0"},
      {std::ldexp(1.0, -134) * (1 + Tiny), 0x0001, "above half denorm_min"},
      {INFINITY, 0x7f80, "infinity"},
      {-INFINITY, 0xff80, "-infinity"},
      {NAN, 0x7fc0, "NaN"},
      {-NAN, 0xffc0, "-NaN"},
  };
  for (const DoubleCase &C : Doubles)
    expect(matches(bitsOf(bfloat16(C.In)), C.Want, true),
           std::string("bfloat16(double) ") + C.What + ": got " +
               hexOf(bitsOf(bfloat16(C.In))));
  long double AboveTie = 1.00390625L + std::ldexp(1.0L, -60);
  expect(bitsOf(bfloat16(AboveTie)) == 0x3f81 &&
             bitsOf(bfloat16(-HUGE_VALL)) == 0xff80,
         "bfloat16(long double): above a tie, -infinity");

  struct IntCase {
    long long In;
    uint16_t Want;
  };
  const IntCase Ints[] = {
      {0, 0x0000},
      {257, 0x4380}, // tie: to even, 256
      {259, 0x4382}, // tie: to even, 260
      {-259, 0xc382},
      {0x01010001, 0x4b81}, // above a tie by 1, beyond float's precision
      {INT32_MAX, 0x4f00},
      {INT32_MIN, 0xcf00},
      {INT64_MIN, 0xdf00},
      {0x0101000000000001, 0x5b81},
  };
  for (const IntCase &C : Ints) {
    uint16_t Got = bitsOf(bfloat16(C.In));
    expect(Got == C.Want, "bfloat16(long long " + std::to_string(C.In) +
                              "): got " + hexOf(Got));
    if (C.In >= INT32_MIN && C.In <= INT32_MAX)
      expect(bitsOf(bfloat16(int(C.In))) == C.Want,
             "bfloat16(int " + std::to_string(C.In) + ")");
  }
  expect(bitsOf(bfloat16(UINT64_MAX)) == 0x5f80, "bfloat16(UINT64_MAX)");
  expect(bitsOf(bfloat16(0x8080000000000000ull)) == 0x5f00,
         "bfloat16(2^63 + 2^55), a tie");
  expect(bitsOf(bfloat16(short(300))) == 0x4396, "bfloat16(short 300)");
  expect(bitsOf(bfloat16('a')) == 0x42c2, "bfloat16('a')");
  expect(bitsOf(bfloat16(true)) == 0x3f80, "bfloat16(true)");

  const std::pair<uint16_t, uint16_t> FromHalf[] = {
      {0x3e00, 0x3fc0}, // 1.5
      {0x7bff, 0x4780}, // 65504 rounds to 65536
      {0x8001, 0xb380}, // -2^-24
      {0x3c01, 0x3f80}, // 1 + 2^-10
      {0x3c04, 0x3f80}, // 1 + 2^-8, a tie
      {0x3c0c, 0x3f82}, // 1 + 3 * 2^-8, a tie
      {0x7c00, 0x7f80}, // infinity
      {0xfe00, 0xffc0}, // NaN
  };
  for (auto [HalfBits, Want] : FromHalf) {
    sycl::half H = lanes::detail::halfFromBits(HalfBits);
    expect(matches(bitsOf(bfloat16(H)), Want, true),
           "bfloat16(half " + hexOf(HalfBits) + ")");
  }
  const std::pair<uint16_t, uint16_t> ToHalf[] = {
      {0x3f80, 0x3c00}, // 1
      {0x4780, 0x7c00}, // 65536: infinity
      {0x477f, 0x7bf8}, // 65280
      {0x3381, 0x0001}, // 2^-24 (1 + 2^-7)
      {0x3340, 0x0001}, // 0.75 * 2^-24
      {0x3300, 0x0000}, // 2^-25, a tie
      {0xbf80, 0xbc00}, // -1
  };
  for (auto [Bits, Want] : ToHalf) {
    sycl::half H = fromBits(Bits);
    expect(lanes::detail::halfBits(H) == Want,
           "half(bfloat16 " + hexOf(Bits) + ")");
  }
  expect(std::isnan(float(sycl::half(fromBits(0x7fc0)))), "half(NaN)");

  expect(!bfloat16(0.0f) && !bfloat16(-0.0f) && bool(fromBits(0x0001)) &&
             bool(fromBits(0x7fc0)) && bool(bfloat16(-1)),
         "explicit operator bool");
  bfloat16 Zero = bfloat16();
  expect(bitsOf(Zero) == 0, "bfloat16() is +0");
  int AsInt = fromBits(0xc030); // -2.75
  expect(AsInt == -2 && double(fromBits(0x3dcd)) == 0.10009765625,
         "conversions through float");
  std::printf("host conversions (double, long double, integers, half, bool): "
              "%s\n",
              Failures == Before ? "OK" : "FAIL");
}

void checkHostArithmetic() {
  int Before = Failures;
  auto Is = [](bfloat16 X, uint16_t Want, const char *What) {
    expect(matches(bitsOf(X), Want, false), std::string(What) + ": got " +
                                                hexOf(bitsOf(X)) + ", want " +
                                                hexOf(Want));
  };
  bfloat16 One = fromBits(0x3f80), OnePlus = fromBits(0x3f81);
  bfloat16 Eighth = fromBits(0x3b80), OneHalf = fromBits(0x3fc0);
  Is(One + Eighth, 0x3f80, "1 + 2^-8 (tie, down)");
  Is(OnePlus + Eighth, 0x3f82, "(1 + 2^-7) + 2^-8 (tie, up)");
  Is(OnePlus * OneHalf, 0x3fc2, "(1 + 2^-7) * 1.5 (tie, up)");
  Is(OnePlus * fromBits(0x3f7e), 0x3f80, "(1 + 2^-7) * (1 - 2^-7)");
  Is(One / fromBits(0x4040), 0x3eab, "1 / 3");
  Is(fromBits(0x7f7f) + fromBits(0x7f7f), 0x7f80, "max + max");
  Is(fromBits(0x7f7f) * 2, 0x7f80, "max * 2");
  Is(fromBits(0x0001) / 2, 0x0000, "denorm_min / 2 (tie, to zero)");
  Is(fromBits(0x0003) / 2, 0x0002, "3 denorm_min / 2 (tie, up)");
  Is(fromBits(0x7f80) - fromBits(0x7f80), 0x7fc0, "inf - inf");
  Is(bfloat16(0.0f) / bfloat16(0.0f), 0x7fc0, "0 / 0");
  Is(-bfloat16(0.0f), 0x8000, "-(+0)");
  expect(bitsOf(-fromBits(0x7fc0)) == 0xffc0 &&
             bitsOf(-fromBits(0x7f81)) == 0xff81 && bitsOf(+OnePlus) == 0x3f81,
         "unary - flips only the sign bit, + is the identity");
  Is(One + 0.00390625f, 0x3f80, "1 + 2^-8f");
  Is(OnePlus + 0.00390625f, 0x3f82, "(1 + 2^-7) + 2^-8f");
  Is(0.00390625 + OnePlus, 0x3f82, "2^-8 (double) + (1 + 2^-7)");
  Is(fromBits(0x4380) + 1, 0x4380, "256 + 1 (tie, down)");
  Is(fromBits(0x4381) + 1, 0x4382, "258 + 1 (tie, up)");
  Is(OnePlus - sycl::half(1), 0x3c00, "(1 + 2^-7) - half(1)");
  bfloat16 X = fromBits(0x4380);
  bfloat16 Old = X++;
  Is(Old, 0x4380, "post-increment's value");
  Is(X, 0x4380, "256++ (tie, down)");
  X = fromBits(0x4381);
  Is(++X, 0x4382, "++258 (tie, up)");
  Is(--X, 0x4382, "--260 (259 is a tie: to even, 260)");
  X = fromBits(0x4381);
  Is(X--, 0x4381, "post-decrement's value");
  Is(X, 0x4380, "258-- (257 is a tie: to even, 256)");
  X = OnePlus;
  X *= OneHalf;
  Is(X, 0x3fc2, "*= (tie, up)");
  X -= 1.0;
  Is(X, 0x3f04, "-= 1.0");
  X /= 2;
  Is(X, 0x3e84, "/= 2");
  X += sycl::half(0.5f);
  Is(X, 0x3f42, "+= half(0.5)");

  // Each operation rounds: a * b + c twice, fma once.
  bfloat16 MinusC = fromBits(0xbf82);
  Is(OnePlus * OnePlus + MinusC, 0x0000, "a * b + c, two roundings");
  Is(bfx::fma(OnePlus, OnePlus, MinusC), 0x3880, "fma(a, b, c), one rounding");

  bfloat16 NaN = fromBits(0x7fc0);
  expect(!(NaN == NaN) && NaN != NaN && !(NaN < One) && !(NaN > One) &&
             !(NaN <= NaN) && !(NaN >= One) && !(NaN == 1.0f) && NaN != 1 &&
             !(1.0 < NaN),
         "comparisons with NaN");
  expect(bfloat16(0.0f) == bfloat16(-0.0f) && One < OnePlus && OnePlus > One &&
             One <= One && One >= One && One == 1 && 1.0f == One && One < 1.5 &&
             2 > One && One == sycl::half(1) && sycl::half(2) > One &&
             !(OnePlus == 1.0f) && One != OnePlus,
         "comparisons");
  std::printf("host arithmetic and comparisons: %s\n",
              Failures == Before ? "OK" : "FAIL");
}

void checkHostMath() {
  int Before = Failures;
  auto Is = [](bfloat16 X, uint16_t Want, bool NanSign, const char *What) {
    expect(matches(bitsOf(X), Want, NanSign), std::string(What) + ": got " +
                                                  hexOf(bitsOf(X)) + ", want " +
                                                  hexOf(Want));
  };
  bfloat16 One = fromBits(0x3f80), MinusOne = fromBits(0xbf80);
  bfloat16 NaN = fromBits(0x7fc0), Inf = fromBits(0x7f80);
  expect(bfx::isnan(NaN) && bfx::isnan(fromBits(0x7f81)) &&
             bfx::isnan(fromBits(0xffc0)) && !bfx::isnan(Inf) &&
             !bfx::isnan(fromBits(0x7f7f)) && !bfx::isnan(One),
         "isnan");
  Is(bfx::fabs(MinusOne), 0x3f80, true, "fabs(-1)");
  Is(bfx::fabs(fromBits(0x8000)), 0x0000, true, "fabs(-0)");
  Is(bfx::fabs(fromBits(0xff80)), 0x7f80, true, "fabs(-inf)");
  Is(bfx::fabs(fromBits(0xffc1)), 0x7fc1, true, "fabs(-NaN)");
  Is(bfx::fmin(MinusOne, One), 0xbf80, true, "fmin(-1, 1)");
  Is(bfx::fmin(NaN, One), 0x3f80, true, "fmin(NaN, 1)");
  Is(bfx::fmin(One, NaN), 0x3f80, true, "fmin(1, NaN)");
  Is(bfx::fmin(NaN, NaN), 0x7fc0, false, "fmin(NaN, NaN)");
  Is(bfx::fmax(MinusOne, One), 0x3f80, true, "fmax(-1, 1)");
  Is(bfx::fmax(NaN, fromBits(0xff80)), 0xff80, true, "fmax(NaN, -inf)");
  Is(bfx::fmax(Inf, NaN), 0x7f80, true, "fmax(inf, NaN)");
  // A * B is a bfloat16 tie; C moves it below by less than float resolves.
  Is(bfx::fma(fromBits(0x3f81), fromBits(0x3fc0), fromBits(0xb000)), 0x3fc1,
     true, "fma just below a tie");
  // A * B beyond float's range, but the result within it.
  Is(bfx::fma(fromBits(0x5f80), fromBits(0x5f80), fromBits(0xff7f)), 0x7b80,
     true, "fma(2^64, 2^64, lowest)");
  Is(bfx::fma(fromBits(0x7f7f), fromBits(0x4000), fromBits(0xff80)), 0xff80,
     true, "fma(max, 2, -inf)");
  Is(bfx::fma(Inf, bfloat16(0.0f), One), 0x7fc0, false, "fma(inf, 0, 1)");
  Is(bfx::fma(fromBits(0x0001), fromBits(0x3f00), bfloat16(0.0f)), 0x0000, true,
     "fma(denorm_min, 0.5, 0) (tie, to zero)");
  Is(bfx::fma(fromBits(0x0001), fromBits(0x3f40), bfloat16(0.0f)), 0x0001, true,
     "fma(denorm_min, 0.75, 0)");
  // The spellings of the extension's current text, found by ADL too.
  Is(sycl::ext::oneapi::fabs(MinusOne), 0x3f80, true, "ext::oneapi::fabs");
  Is(fmax(One, MinusOne), 0x3f80, true, "fmax by ADL");
  {
    using namespace sycl;
    using namespace sycl::ext::oneapi::experimental;
    Is(fmin(One, MinusOne), 0xbf80, true, "fmin beside sycl::fmin");
    expect(fabs(-2.0f) == 2.0f && isnan(NaN), "sycl:: and bfloat16 overloads");
  }
  std::printf("host math functions: %s\n", Failures == Before ? "OK" : "FAIL");
}

void checkLimits() {
  using L = std::numeric_limits<bfloat16>;
  bool Ok = bitsOf(L::min()) == 0x0080 &&
            decode(bitsOf(L::min())) == std::ldexp(1.0, -126) &&
            decode(bitsOf(L::max())) == std::ldexp(255.0, 120) &&
            decode(bitsOf(L::lowest())) == -std::ldexp(255.0, 120) &&
            decode(bitsOf(L::epsilon())) == std::ldexp(1.0, -7) &&
            decode(bitsOf(L::denorm_min())) == std::ldexp(1.0, -133) &&
            decode(bitsOf(L::round_error())) == 0.5 &&
            bfloat16(1) + L::epsilon() != bfloat16(1) &&
            bfloat16(1) + L::epsilon() / 2 == bfloat16(1) &&
            floatBits(float(L::max())) == 0x7f7f0000 &&
            std::isinf(float(L::infinity())) && float(L::infinity()) > 0 &&
            std::isnan(float(L::quiet_NaN())) &&
            std::isnan(float(L::signaling_NaN())) &&
            bitsOf(L::signaling_NaN()) != bitsOf(L::quiet_NaN()) &&
            L::is_specialized && L::is_signed && !L::is_integer &&
            L::has_infinity && L::has_quiet_NaN &&
            L::has_denorm == std::denorm_present && L::digits == 8 &&
            L::digits10 == 2 && L::max_digits10 == 4 && L::radix == 2 &&
            L::min_exponent == -125 && L::max_exponent == 128 &&
            L::min_exponent10 == -37 && L::max_exponent10 == 38 &&
            L::round_style == std::round_to_nearest;
  std::ostringstream Out;
  Out << bfloat16(1.5f) << ' ' << bfloat16(-1024) << ' ' << L::infinity();
  Ok = Ok && Out.str() == "1.5 -1024 inf";
  Ok = Ok && std::hash<bfloat16>()(bfloat16(0.0f)) ==
                 std::hash<bfloat16>()(bfloat16(-0.0f));
  std::printf("numeric_limits, stream output, hash: %s\n", Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// All 65536 bfloat16 to float exactly (the bits shifted up), and back.
void checkAllPatterns(sycl::queue &Q) {
  constexpr size_t N = 65536;
  bfloat16 *In = sycl::malloc_shared<bfloat16>(N, Q);
  float *AsFloat = sycl::malloc_shared<float>(N, Q);
  bfloat16 *Back = sycl::malloc_shared<bfloat16>(N, Q);
  for (uint32_t B = 0; B < N; ++B)
    In[B] = fromBits(uint16_t(B));
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     float F = In[I];
     AsFloat[I] = F;
     Back[I] = bfloat16(F);
   }).wait();
  size_t Bad = 0;
  for (uint32_t B = 0; B < N; ++B)
    if (floatBits(AsFloat[B]) != B << 16 && Bad++ < 6)
      std::printf("  float(%s) = %s\n", hexOf(B).c_str(),
                  hexOf(floatBits(AsFloat[B]), 8).c_str());
  std::printf("float(bfloat16), all patterns: %s\n", Bad ? "FAIL" : "OK");
  Failures += Bad != 0;
  std::vector<uint16_t> Want(N);
  for (uint32_t B = 0; B < N; ++B)
    Want[B] =
        isNanBits(uint16_t(B)) ? uint16_t((B & 0x8000) | 0x7fc0) : uint16_t(B);
  checkBits("bfloat16(float(x)) round trip", Back, Want, true);
  sycl::free(In, Q);
  sycl::free(AsFloat, Q);
  sycl::free(Back, Q);
}

enum ArithOp { Add, Sub, Mul, Div, MulAdd, Mixed, Neg, NumOps };
const char *const ArithNames[NumOps] = {
    "x + y",         "x - y", "x * y", "x / y", "x * y + x (two roundings)",
    "x * 0.75f + 2", "-x"};

/// Input float bits for index \p K: near a bfloat16 pattern, at it, at the
/// tie above it or one float ulp either side of that tie. With \p Moderate,
/// the exponent stays within 2^+-8, so that sums and products are mostly
/// finite and inexact.
uint32_t nearTie(uint32_t K, uint32_t Salt, bool Moderate) {
  uint32_t H = vecmath::hash(K, Salt);
  uint32_t High = H & 0xffff;
  if (Moderate)
    High = (High & 0x807f) | ((119 + (H >> 16) % 17) << 7);
  uint32_t Bits = High << 16;
  switch ((H >> 24) % 4) {
  case 0:
    return Bits;
  case 1:
    return Bits | 0x8000;
  case 2:
    return Bits | 0x7fff;
  default:
    return Bits | 0x8001;
  }
}

/// float -> bfloat16, arithmetic, bfloat16 -> float over N work-items.
void checkArithmeticKernel(sycl::queue &Q) {
  constexpr size_t N = 1 << 17;
  float *XIn = sycl::malloc_shared<float>(N, Q);
  float *YIn = sycl::malloc_shared<float>(N, Q);
  bfloat16 *Conv = sycl::malloc_shared<bfloat16>(2 * N, Q);
  bfloat16 *Out = sycl::malloc_shared<bfloat16>(NumOps * N, Q);
  float *Back = sycl::malloc_shared<float>(N, Q);
  int *Compares = sycl::malloc_shared<int>(N, Q);
  for (uint32_t K = 0; K < N; ++K) {
    XIn[K] = floatOf(nearTie(K, 1, K % 2 == 0));
    YIn[K] = floatOf(nearTie(K, 2, K % 4 != 3));
  }
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     bfloat16 X = XIn[I], Y = YIn[I];
     Conv[I] = X;
     Conv[N + I] = Y;
     Out[Add * N + I] = X + Y;
     Out[Sub * N + I] = X - Y;
     Out[Mul * N + I] = X * Y;
     Out[Div * N + I] = X / Y;
     Out[MulAdd * N + I] = X * Y + X;
     Out[Mixed * N + I] = X * 0.75f + 2;
     Out[Neg * N + I] = -X;
     Back[I] = X * Y;
     Compares[I] = (X < Y) | (X <= Y) << 1 | (X == Y) << 2 | (X != Y) << 3 |
                   (X > Y) << 4 | (X >= Y) << 5 | (X < 1.0f) << 6;
   }).wait();

  std::vector<uint16_t> WantConv(2 * N), Want[NumOps];
  std::vector<float> WantBack(N);
  std::vector<int> WantCompares(N);
  for (uint32_t K = 0; K < N; ++K) {
    uint16_t XB = roundBits(floatBits(XIn[K])),
             YB = roundBits(floatBits(YIn[K]));
    WantConv[K] = XB;
    WantConv[N + K] = YB;
    double X = decode(XB), Y = decode(YB);
    uint16_t Product = encode(X * Y); // exact in double
    Want[Add].push_back(encode(X + Y));
    Want[Sub].push_back(encode(X - Y));
    Want[Mul].push_back(Product);
    Want[Div].push_back(encode(X / Y));
    Want[MulAdd].push_back(encode(decode(Product) + X));
    Want[Mixed].push_back(encode(decode(encode(X * 0.75)) + 2));
    Want[Neg].push_back(uint16_t(XB ^ 0x8000));
    WantBack[K] = isNanBits(Product) ? NAN : floatOf(uint32_t(Product) << 16);
    WantCompares[K] = (X < Y) | (X <= Y) << 1 | (X == Y) << 2 | (X != Y) << 3 |
                      (X > Y) << 4 | (X >= Y) << 5 | (X < 1.0) << 6;
  }
  checkBits("kernel bfloat16(float) near ties", Conv, WantConv, true,
            [&](size_t K) {
              return hexOf(floatBits(K < N ? XIn[K] : YIn[K - N]), 8);
            });
  for (int Op = 0; Op < NumOps; ++Op)
    checkBits(ArithNames[Op], Out + Op * N, Want[Op], Op == Neg, [&](size_t K) {
      return hexOf(WantConv[K]) + ", " + hexOf(WantConv[N + K]);
    });
  checkValues("float(x * y)", Back, WantBack);
  checkValues("comparisons", Compares, WantCompares);
  for (void *P : {(void *)XIn, (void *)YIn, (void *)Conv, (void *)Out,
                  (void *)Back, (void *)Compares})
    sycl::free(P, Q);
}

/// double and int -> bfloat16 in a kernel: rounded once.
void checkWideConversionKernel(sycl::queue &Q) {
  constexpr size_t N = 1 << 14;
  double *DIn = sycl::malloc_shared<double>(N, Q);
  int *IIn = sycl::malloc_shared<int>(N, Q);
  bfloat16 *FromD = sycl::malloc_shared<bfloat16>(N, Q);
  bfloat16 *FromI = sycl::malloc_shared<bfloat16>(N, Q);
  for (uint32_t K = 0; K < N; ++K) {
    uint32_t H = vecmath::hash(K, 3);
    uint16_t B = uint16_t(H % 0x7f7f); // finite, positive, below max
    double Mid = (decode(B) + decode(uint16_t(B + 1))) / 2;
    double Off = std::ldexp(1.0, -30 - int(H >> 28));
    double D = K % 3 == 0 ? Mid : Mid * (K % 3 == 1 ? 1 + Off : 1 - Off);
    DIn[K] = (H >> 27) & 1 ? -D : D;
    int Shift = int(vecmath::hash(K, 4) % 31);
    int Magnitude = int(vecmath::hash(K, 5) >> (Shift + 1));
    IIn[K] = (H >> 26) & 1 ? -Magnitude : Magnitude;
  }
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     FromD[I] = DIn[I];
     FromI[I] = IIn[I];
   }).wait();
  std::vector<uint16_t> WantD(N), WantI(N);
  for (uint32_t K = 0; K < N; ++K) {
    WantD[K] = encode(DIn[K]);
    WantI[K] = encode(double(IIn[K]));
  }
  checkBits("kernel bfloat16(double) near ties", FromD, WantD, true);
  checkBits("kernel bfloat16(int)", FromI, WantI, true,
            [&](size_t K) { return std::to_string(IIn[K]); });
  for (void *P : {(void *)DIn, (void *)IIn, (void *)FromD, (void *)FromI})
    sycl::free(P, Q);
}

/// isnan, fabs, fmin, fmax and fma on random bit patterns in a kernel.
void checkMathKernel(sycl::queue &Q) {
  constexpr size_t N = 1 << 16;
  uint16_t *In = sycl::malloc_shared<uint16_t>(3 * N, Q);
  bfloat16 *Out = sycl::malloc_shared<bfloat16>(4 * N, Q);
  int *NaNs = sycl::malloc_shared<int>(N, Q);
  for (uint32_t K = 0; K < 3 * N; ++K) {
    uint32_t H = vecmath::hash(K, 6);
    uint16_t B = uint16_t(H);
    // Mostly moderate magnitudes, so that fma's terms interact.
    if ((H >> 16) % 4 != 0)
      B = uint16_t((B & 0x807f) | ((112 + (H >> 18) % 30) << 7));
    In[K] = B;
  }
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     bfloat16 A = sycl::bit_cast<bfloat16>(In[I]);
     bfloat16 B = sycl::bit_cast<bfloat16>(In[N + I]);
     bfloat16 C = sycl::bit_cast<bfloat16>(In[2 * N + I]);
     Out[I] = bfx::fabs(A);
     Out[N + I] = bfx::fmin(A, B);
     Out[2 * N + I] = bfx::fmax(A, B);
     Out[3 * N + I] = bfx::fma(A, B, C);
     NaNs[I] = bfx::isnan(A);
   }).wait();
  std::vector<uint16_t> WantAbs(N), WantFma(N);
  std::vector<int> WantNaNs(N);
  size_t BadMinMax = 0;
  for (uint32_t K = 0; K < N; ++K) {
    uint16_t A = In[K], B = In[N + K], C = In[2 * N + K];
    double X = decode(A), Y = decode(B);
    WantAbs[K] = uint16_t(A & 0x7fff);
    WantFma[K] = fmaRef(A, B, C);
    WantNaNs[K] = std::isnan(X);
    // Either zero for fmin(-0, +0) and fmax(-0, +0).
    double Min = std::fmin(X, Y), Max = std::fmax(X, Y);
    double GotMin = decode(bitsOf(Out[N + K])),
           GotMax = decode(bitsOf(Out[2 * N + K]));
    bool Ok = (GotMin == Min || (std::isnan(GotMin) && std::isnan(Min))) &&
              (GotMax == Max || (std::isnan(GotMax) && std::isnan(Max)));
    if (!Ok && BadMinMax++ < 6)
      std::printf("  fmin/fmax(%s, %s) = %s, %s\n", hexOf(A).c_str(),
                  hexOf(B).c_str(), hexOf(bitsOf(Out[N + K])).c_str(),
                  hexOf(bitsOf(Out[2 * N + K])).c_str());
  }
  checkBits("kernel fabs", Out, WantAbs, true);
  std::printf("kernel fmin, fmax: %s, %zu values\n", BadMinMax ? "FAIL" : "OK",
              size_t(N));
  Failures += BadMinMax != 0;
  checkBits("kernel fma", Out + 3 * N, WantFma, false, [&](size_t K) {
    return hexOf(In[K]) + ", " + hexOf(In[N + K]) + ", " + hexOf(In[2 * N + K]);
  });
  checkValues("kernel isnan", NaNs, WantNaNs);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(NaNs, Q);
}

} // namespace

int main() {
  sycl::queue Q;
  checkFloatConversions(Q);
  checkOtherConversions();
  checkHostArithmetic();
  checkHostMath();
  checkLimits();
  checkAllPatterns(Q);
  checkArithmeticKernel(Q);
  checkWideConversionKernel(Q);
  checkMathKernel(Q);
  if (Failures)
    std::printf("%d check(s) FAILED\n", Failures);
  else
    std::printf("all bfloat16 checks passed\n");
  return Failures ? 1 : 0;
}
