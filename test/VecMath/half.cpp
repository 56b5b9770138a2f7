// sycl::half (SYCL 2020 4.14.1) in kernels: conversions, arithmetic,
// vec<half, 4 / 8> and marray<half>, the math, common and relational
// built-ins, and an nd-range kernel with local memory of half (a value of
// half live across its barrier, a group_broadcast of half) whose
// work-groups also reduce in float, plus sycl::reduction of half. Every result
// is compared with a host reference that never touches sycl::half's arithmetic:
// binary16 values are decoded from their bits by hand, and results are computed
// in double (exactly, or correctly rounded where double rounding cannot matter)
// and rounded to binary16 by encode() below, which implements round to nearest
// even (and the directed modes) on the exact value.
//
// Exact operations (conversions, + - * /, sqrt, fma, floor, fmod, ...) must
// match bit for bit (any NaN matches any NaN); the math functions computed
// through float (exp, sin, pow, ...) must be within one half ulp of the
// correctly rounded result. Unary functions run on all 65536 halves.
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

using sycl::half;

//===----------------------------------------------------------------------===//
// The host reference: binary16 by hand
//===----------------------------------------------------------------------===//

uint16_t bitsOf(half H) {
  uint16_t B;
  std::memcpy(&B, &H, sizeof(B));
  return B;
}
half fromBits(uint16_t B) {
  half H;
  std::memcpy(static_cast<void *>(&H), &B, sizeof(B));
  return H;
}

bool isNanBits(uint16_t B) { return (B & 0x7c00) == 0x7c00 && (B & 0x3ff); }

/// The value of binary16 bits \p B.
double decode(uint16_t B) {
  int Exp = (B >> 10) & 31, Man = B & 1023;
  double V = Exp == 31  ? (Man ? NAN : INFINITY)
             : Exp == 0 ? std::ldexp(double(Man), -24)
                        : std::ldexp(double(Man + 1024), Exp - 25);
  return (B & 0x8000) ? -V : V;
}

enum class Round { Nearest, Zero, Up, Down };

/// The binary16 bits of the exact value X + Tail rounded by \p Mode. Tail
/// is 0 or the error term of an exact sum (at most half an ulp of X).
uint16_t encode(double X, Round Mode = Round::Nearest, double Tail = 0) {
  if (X != X)
    return 0x7e00;
  uint16_t Sign = std::signbit(X) ? 0x8000 : 0;
  double M = std::fabs(X), T = Sign ? -Tail : Tail;
  if (M == INFINITY || M == 0)
    return uint16_t(Sign | (M == 0 ? 0 : 0x7c00));
  int E;
  std::frexp(M, &E); // M is in [2^(E-1), 2^E)
  int Quantum = std::max(E - 1, -14) - 10;
  double N = std::ldexp(M, -Quantum), Floor = std::floor(N), Frac = N - Floor;
  if (Frac == 0 && T < 0) { // just below an integer
    Floor -= 1;
    Frac = 1;
  }
  bool MagnitudeUp =
      (Mode == Round::Up && !Sign) || (Mode == Round::Down && Sign);
  bool Up;
  if (Mode == Round::Nearest)
    Up = Frac > 0.5 ||
         (Frac == 0.5 && (T > 0 || (T == 0 && std::fmod(Floor, 2) == 1)));
  else
    Up = MagnitudeUp && (Frac > 0 || T > 0);
  double R = std::ldexp(Floor + (Up ? 1 : 0), Quantum);
  if (R > 65504)
    return uint16_t(Sign |
                    (Mode == Round::Nearest || MagnitudeUp ? 0x7c00 : 0x7bff));
  if (R < std::ldexp(1.0, -14))
    return uint16_t(Sign | uint16_t(std::ldexp(R, 24)));
  int E2;
  double Fraction = std::frexp(R, &E2);
  return uint16_t(Sign | (E2 + 14) << 10 | (uint16_t(Fraction * 2048) - 1024));
}

/// The binary16 nearest to exactly a * b + c (TwoSum keeps the error of
/// the double sum; the product of two halves is exact in double).
uint16_t fmaRef(uint16_t A, uint16_t B, uint16_t C) {
  double P = decode(A) * decode(B), Cv = decode(C), S = P + Cv;
  if (!std::isfinite(S))
    return encode(S);
  double Bv = S - P;
  double Err = (P - (S - Bv)) + (Cv - Bv);
  return encode(S, Round::Nearest, Err);
}

/// Halves in total order as integers, for ulp distances.
int ordered(uint16_t B) { return (B & 0x8000) ? -int(B & 0x7fff) : int(B); }

/// Whether \p Got matches \p Want: both NaN, or within \p Ulps (Ulps < 0:
/// the same value, either zero for a zero).
bool matches(uint16_t Got, uint16_t Want, int Ulps) {
  if (isNanBits(Got) || isNanBits(Want))
    return isNanBits(Got) && isNanBits(Want);
  if (Ulps < 0)
    return Got == Want || ((Got | Want) & 0x7fff) == 0;
  return std::abs(ordered(Got) - ordered(Want)) <= Ulps;
}

int Failures = 0;

/// Compares halves \p Got with the bits \p Want; prints the first
/// mismatches (with \p Input when given) and a summary line.
void checkHalves(const char *Name, const half *Got,
                 const std::vector<uint16_t> &Want, int Ulps,
                 const std::function<std::string(size_t)> &Input = {}) {
  size_t Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I) {
    if (matches(bitsOf(Got[I]), Want[I], Ulps))
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
    std::printf("%s: OK, %zu values%s\n", Name, Want.size(),
                Ulps > 0 ? " (within 1 ulp)" : "");
  }
}

/// Compares other results exactly.
template <typename T>
void checkValues(const char *Name, const T *Got, const std::vector<T> &Want) {
  Failures += vecmath::check(Name, Got, Want);
}

std::string hexOf(uint16_t B) {
  char Buf[16];
  std::snprintf(Buf, sizeof(Buf), "0x%04x", B);
  return Buf;
}

/// Input bits for index \p I: every pattern, NaN and infinities included.
uint16_t inputBits(uint32_t I, uint32_t Salt) {
  return uint16_t(vecmath::hash(I, Salt));
}

//===----------------------------------------------------------------------===//
// Host: the type itself
//===----------------------------------------------------------------------===//

constexpr half Three = 3;
static_assert(float(Three * half(0.5f) + 1) == 2.5f,
              "half arithmetic is constexpr");
static_assert(sizeof(sycl::half4) == 8 && sizeof(sycl::half3) == 8 &&
                  sizeof(sycl::mhalf3) == 6,
              "vec and marray of half are packed halves");
static_assert(std::is_same_v<decltype(half() + 1), half> &&
                  std::is_same_v<decltype(half() + 1.0f), float> &&
                  std::is_same_v<decltype(2.0 * half()), double>,
              "mixed arithmetic ranks half below float, above integers");
static_assert(std::numeric_limits<half>::is_iec559 &&
                  std::numeric_limits<half>::digits == 11,
              "numeric_limits<half> describes binary16");

void checkHost() {
  using L = std::numeric_limits<half>;
  bool Ok = decode(bitsOf(L::max())) == 65504 &&
            decode(bitsOf(L::lowest())) == -65504 &&
            decode(bitsOf(L::min())) == std::ldexp(1.0, -14) &&
            decode(bitsOf(L::denorm_min())) == std::ldexp(1.0, -24) &&
            decode(bitsOf(L::epsilon())) == std::ldexp(1.0, -10) &&
            half(1) + L::epsilon() != half(1) &&
            half(1) + L::epsilon() / 2 == half(1) &&
            std::isinf(float(L::infinity())) &&
            std::isnan(float(L::quiet_NaN())) &&
            std::isnan(float(L::signaling_NaN())) &&
            bitsOf(L::signaling_NaN()) != bitsOf(L::quiet_NaN());
  std::ostringstream Out;
  Out << half(1.5f) << ' ' << half(-65504.0f) << ' ' << L::infinity();
  Ok = Ok && Out.str() == "1.5 -65504 inf";
  Ok = Ok && std::hash<half>()(half(0.0f)) == std::hash<half>()(-half(0.0f));
  half H = 2048;
  H += 1; // 2049 is a tie: to even, 2048
  int AsInt = half(-2.75f);
  Ok = Ok && H == 2048 && half(2049) == 2048 && AsInt == -2 &&
       half(1.0) / 3 != 1.0 / 3 && double(half(0.1)) == decode(0x2e66);
  std::printf("host: numeric_limits, stream output, hash, conversions: %s\n",
              Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// Floats that test rounding to half: every half (exact), every midpoint
/// between neighbours (ties to even) and the floats next to it, both
/// signs, and values around the overflow threshold and deep below the
/// subnormals.
std::vector<float> floatInputs() {
  std::vector<float> In;
  for (uint32_t B = 0; B < 0x7c00; ++B) {
    double V = decode(uint16_t(B)), Next = decode(uint16_t(B + 1));
    float Mid = float((V + Next) / 2); // exact: 12 significant bits
    for (float F : {float(V), Mid, std::nextafter(Mid, 0.0f),
                    std::nextafter(Mid, INFINITY)}) {
      In.push_back(F);
      In.push_back(-F);
    }
  }
  for (float F : {65504.0f, 65519.0f, 65519.996f, 65520.0f, 65536.0f, 1e10f,
                  std::numeric_limits<float>::max(), INFINITY, NAN,
                  std::ldexp(1.0f, -25), std::ldexp(1.0f, -26), 1e-10f,
                  std::numeric_limits<float>::denorm_min()}) {
    In.push_back(F);
    In.push_back(-F);
  }
  return In;
}

/// Doubles just off the midpoints, by less than a float can resolve: a
/// conversion through float would round them onto the midpoint and then
/// to even, half(double) must not.
std::vector<double> doubleInputs() {
  std::vector<double> In;
  for (uint32_t B = 0; B < 0x7bff; B += 7) {
    double Mid = (decode(uint16_t(B)) + decode(uint16_t(B + 1))) / 2;
    for (double D :
         {Mid * (1 + std::ldexp(1.0, -40)), Mid * (1 - std::ldexp(1.0, -40))}) {
      In.push_back(D);
      In.push_back(-D);
    }
  }
  for (double D : {65519.99999, 65520.0, 1e300, std::ldexp(1.0, -25),
                   std::ldexp(1.0, -25) * (1 + 1e-12), 1e-300})
    In.push_back(D);
  return In;
}

std::vector<int> intInputs() {
  std::vector<int> In = {0,     1,       -1,        2049,     2051,
                         65504, 65519,   65520,     65536,    -65520,
                         70000, 1 << 30, INT32_MAX, INT32_MIN};
  for (uint32_t I = 0; I < 4096; ++I)
    In.push_back(int(vecmath::hash(I, 7) % 140001) - 70000);
  return In;
}

void checkConversions(sycl::queue &Q) {
  std::vector<float> F = floatInputs();
  std::vector<double> D = doubleInputs();
  std::vector<int> I = intInputs();
  size_t NF = F.size(), ND = D.size(), NI = I.size();
  float *FIn = sycl::malloc_shared<float>(NF, Q);
  double *DIn = sycl::malloc_shared<double>(ND, Q);
  int *IIn = sycl::malloc_shared<int>(NI, Q);
  half *FromF = sycl::malloc_shared<half>(NF, Q);
  half *FromD = sycl::malloc_shared<half>(ND, Q);
  half *FromI = sycl::malloc_shared<half>(NI, Q);
  half *All = sycl::malloc_shared<half>(65536, Q);
  float *ToF = sycl::malloc_shared<float>(65536, Q);
  double *ToD = sycl::malloc_shared<double>(65536, Q);
  int *ToI = sycl::malloc_shared<int>(65536, Q);
  std::copy(F.begin(), F.end(), FIn);
  std::copy(D.begin(), D.end(), DIn);
  std::copy(I.begin(), I.end(), IIn);
  for (uint32_t B = 0; B < 65536; ++B)
    All[B] = fromBits(uint16_t(B));

  Q.parallel_for(sycl::range<1>(NF), [=](sycl::id<1> K) { FromF[K] = FIn[K]; });
  Q.parallel_for(sycl::range<1>(ND), [=](sycl::id<1> K) { FromD[K] = DIn[K]; });
  Q.parallel_for(sycl::range<1>(NI), [=](sycl::id<1> K) { FromI[K] = IIn[K]; });
  Q.parallel_for(sycl::range<1>(65536), [=](sycl::id<1> K) {
    half H = All[K];
    ToF[K] = H;
    ToD[K] = H;
    // Only finite halves within int's range convert to int.
    ToI[K] = sycl::isfinite(H) ? int(H) : 0;
  });
  Q.wait();

  std::vector<uint16_t> WantF(NF), WantD(ND), WantI(NI);
  for (size_t K = 0; K < NF; ++K)
    WantF[K] = encode(F[K]);
  for (size_t K = 0; K < ND; ++K)
    WantD[K] = encode(D[K]);
  for (size_t K = 0; K < NI; ++K)
    WantI[K] = encode(double(I[K]));
  checkHalves("half(float)", FromF, WantF, 0,
              [&F](size_t K) { return std::to_string(F[K]); });
  checkHalves("half(double)", FromD, WantD, 0,
              [&D](size_t K) { return std::to_string(D[K]); });
  checkHalves("half(int)", FromI, WantI, 0,
              [&I](size_t K) { return std::to_string(I[K]); });

  std::vector<float> WantToF(65536);
  std::vector<double> WantToD(65536);
  std::vector<int> WantToI(65536);
  for (uint32_t B = 0; B < 65536; ++B) {
    double V = decode(uint16_t(B));
    WantToF[B] = float(V);
    WantToD[B] = V;
    WantToI[B] = std::isfinite(V) ? int(std::trunc(V)) : 0;
  }
  checkValues("float(half)", ToF, WantToF);
  checkValues("double(half)", ToD, WantToD);
  checkValues("int(half)", ToI, WantToI);
  for (void *P :
       {(void *)FIn, (void *)DIn, (void *)IIn, (void *)FromF, (void *)FromD,
        (void *)FromI, (void *)All, (void *)ToF, (void *)ToD, (void *)ToI})
    sycl::free(P, Q);
}

//===----------------------------------------------------------------------===//
// Arithmetic and comparisons
//===----------------------------------------------------------------------===//

enum ArithOp { Add, Sub, Mul, Div, Neg, MulAdd, AddInt, Compound, NumOps };
const char *const ArithNames[NumOps] = {"a + b", "a - b",
                                        "a * b", "a / b",
                                        "-a",    "a * b + c (two roundings)",
                                        "a + 3", "c = a; c -= b; c *= 2"};

void checkArithmetic(sycl::queue &Q) {
  constexpr size_t N = 65536;
  half *A = sycl::malloc_shared<half>(N, Q);
  half *B = sycl::malloc_shared<half>(N, Q);
  half *C = sycl::malloc_shared<half>(N, Q);
  half *Out = sycl::malloc_shared<half>(NumOps * N, Q);
  float *Widened = sycl::malloc_shared<float>(N, Q);
  int *Compares = sycl::malloc_shared<int>(N, Q);
  for (uint32_t K = 0; K < N; ++K) {
    A[K] = fromBits(inputBits(K, 1));
    B[K] = fromBits(inputBits(K, 2));
    C[K] = fromBits(inputBits(K, 3));
  }
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     half X = A[I], Y = B[I], Z = C[I];
     Out[Add * N + I] = X + Y;
     Out[Sub * N + I] = X - Y;
     Out[Mul * N + I] = X * Y;
     Out[Div * N + I] = X / Y;
     Out[Neg * N + I] = -X;
     Out[MulAdd * N + I] = X * Y + Z;
     Out[AddInt * N + I] = X + 3;
     half W = X;
     W -= Y;
     W *= 2;
     Out[Compound * N + I] = W;
     Widened[I] = X * 1.5f; // float arithmetic
     Compares[I] = (X < Y) | (X <= Y) << 1 | (X == Y) << 2 | (X != Y) << 3 |
                   (X > Y) << 4 | (X >= Y) << 5 | (X < 1.0) << 6;
   }).wait();

  std::vector<uint16_t> Want[NumOps];
  std::vector<float> WantWidened(N);
  std::vector<int> WantCompares(N);
  for (uint32_t K = 0; K < N; ++K) {
    uint16_t XB = bitsOf(A[K]), YB = bitsOf(B[K]);
    double X = decode(XB), Y = decode(YB), Z = decode(bitsOf(C[K]));
    Want[Add].push_back(encode(X + Y)); // + - * exact in double
    Want[Sub].push_back(encode(X - Y));
    Want[Mul].push_back(encode(X * Y));
    Want[Div].push_back(encode(X / Y)); // 53 >= 2 * 11 + 2 bits
    Want[Neg].push_back(uint16_t(XB ^ 0x8000));
    Want[MulAdd].push_back(encode(decode(encode(X * Y)) + Z));
    Want[AddInt].push_back(encode(X + 3));
    Want[Compound].push_back(encode(decode(encode(X - Y)) * 2));
    WantWidened[K] = float(X) * 1.5f;
    WantCompares[K] = (X < Y) | (X <= Y) << 1 | (X == Y) << 2 | (X != Y) << 3 |
                      (X > Y) << 4 | (X >= Y) << 5 | (X < 1.0) << 6;
  }
  for (int Op = 0; Op < NumOps; ++Op)
    checkHalves(ArithNames[Op], Out + Op * N, Want[Op], 0, [&](size_t K) {
      return hexOf(bitsOf(A[K])) + ", " + hexOf(bitsOf(B[K]));
    });
  checkValues("a * 1.5f (float)", Widened, WantWidened);
  checkValues("comparisons", Compares, WantCompares);
  for (void *P : {(void *)A, (void *)B, (void *)C, (void *)Out, (void *)Widened,
                  (void *)Compares})
    sycl::free(P, Q);
}

//===----------------------------------------------------------------------===//
// vec<half, 4 / 8> and marray<half>
//===----------------------------------------------------------------------===//

void checkVectors(sycl::queue &Q) {
  constexpr size_t Items = 4096;
  half *In = sycl::malloc_shared<half>(Items * 8, Q);
  float *FIn = sycl::malloc_shared<float>(Items * 4, Q);
  half *Out8 = sycl::malloc_shared<half>(Items * 8, Q);
  half *Out4 = sycl::malloc_shared<half>(Items * 4, Q);
  int16_t *Masks = sycl::malloc_shared<int16_t>(Items * 4, Q);
  float *AsFloat = sycl::malloc_shared<float>(Items * 4, Q);
  int *AsInt = sycl::malloc_shared<int>(Items * 4, Q);
  half *Directed = sycl::malloc_shared<half>(Items * 12, Q);
  uint16_t *Bits = sycl::malloc_shared<uint16_t>(Items * 4, Q);
  half *Marray = sycl::malloc_shared<half>(Items * 5, Q);
  for (uint32_t K = 0; K < Items * 8; ++K) // finite, moderate values
    In[K] = fromBits(
        uint16_t(inputBits(K, 4) % 0x5800 | (inputBits(K, 5) & 0x8000)));
  for (uint32_t K = 0; K < Items * 4; ++K)
    FIn[K] = float(int(vecmath::hash(K, 6) % 2000001) - 1000000) / 7.0f;

  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     sycl::half8 V;
     V.load(I, In);
     sycl::half8 R = V * V.swizzle<7, 6, 5, 4, 3, 2, 1, 0>() + half(0.25f);
     R /= 2;
     R.store(I, Out8);
     sycl::half4 L = V.lo(), H = V.hi();
     sycl::half4 S = sycl::half4(L.wzyx()) - H * 3;
     S.y() = -S.y();
     S.store(I, Out4);
     (L < H).store(I, Masks);
     L.convert<float>().store(I, AsFloat);
     H.convert<int, sycl::rounding_mode::rtz>().store(I, AsInt);
     L.as<sycl::ushort4>().store(I, Bits);
     sycl::float4 F;
     F.load(I, FIn);
     F.convert<half, sycl::rounding_mode::rtz>().store(3 * I, Directed);
     F.convert<half, sycl::rounding_mode::rtp>().store(3 * I + 1, Directed);
     F.convert<half, sycl::rounding_mode::rtn>().store(3 * I + 2, Directed);
     sycl::mhalf4 M4(V[0], V[1], V[2], V[3]);
     sycl::marray<half, 5> M(M4, V[4]);
     M = M * M - V[5];
     for (size_t E = 0; E < 5; ++E)
       Marray[I * 5 + E] = M[E];
   }).wait();

  std::vector<uint16_t> WantR, WantS, WantDirected, WantM;
  std::vector<int16_t> WantMasks;
  std::vector<float> WantFloat;
  std::vector<int> WantInt;
  std::vector<uint16_t> WantBits;
  for (size_t I = 0; I < Items; ++I) {
    double V[8];
    for (int E = 0; E < 8; ++E)
      V[E] = decode(bitsOf(In[I * 8 + E]));
    for (int E = 0; E < 8; ++E) {
      double R = decode(encode(decode(encode(V[E] * V[7 - E])) + 0.25));
      WantR.push_back(encode(R / 2));
    }
    for (int E = 0; E < 4; ++E) {
      double S = decode(encode(V[3 - E] - decode(encode(V[4 + E] * 3))));
      WantS.push_back(E == 1 ? uint16_t(encode(S) ^ 0x8000) : encode(S));
      WantMasks.push_back(V[E] < V[4 + E] ? -1 : 0);
      WantFloat.push_back(float(V[E]));
      WantInt.push_back(int(std::trunc(V[4 + E])));
      WantBits.push_back(bitsOf(In[I * 8 + E]));
    }
    for (Round Mode : {Round::Zero, Round::Up, Round::Down})
      for (int E = 0; E < 4; ++E)
        WantDirected.push_back(encode(FIn[I * 4 + E], Mode));
    for (int E = 0; E < 5; ++E)
      WantM.push_back(encode(decode(encode(V[E] * V[E])) - V[5]));
  }
  checkHalves("half8: v * swizzle + 0.25, /= 2", Out8, WantR, 0);
  checkHalves("half4: lo.wzyx - hi * 3, -y", Out4, WantS, 0);
  checkValues("half4: lo < hi (int16 masks)", Masks, WantMasks);
  checkValues("half4: convert<float>", AsFloat, WantFloat);
  checkValues("half4: convert<int, rtz>", AsInt, WantInt);
  checkValues("half4: as<ushort4>", Bits, WantBits);
  checkHalves("float4: convert<half, rtz / rtp / rtn>", Directed, WantDirected,
              0);
  checkHalves("marray<half, 5>: m * m - s", Marray, WantM, 0);
  for (void *P : {(void *)In, (void *)FIn, (void *)Out8, (void *)Out4,
                  (void *)Masks, (void *)AsFloat, (void *)AsInt,
                  (void *)Directed, (void *)Bits, (void *)Marray})
    sycl::free(P, Q);
}

//===----------------------------------------------------------------------===//
// Built-in functions
//===----------------------------------------------------------------------===//

/// Runs \p Fn on all 65536 halves in a kernel and compares with \p Ref
/// (computed in double, then rounded) within \p Ulps.
template <typename Fn, typename RefFn>
void unary(sycl::queue &Q, const char *Name, Fn F, RefFn Ref, int Ulps) {
  half *In = sycl::malloc_shared<half>(65536, Q);
  half *Out = sycl::malloc_shared<half>(65536, Q);
  for (uint32_t B = 0; B < 65536; ++B)
    In[B] = fromBits(uint16_t(B));
  Q.parallel_for(sycl::range<1>(65536), [=](sycl::id<1> I) {
     Out[I] = F(In[I]);
   }).wait();
  std::vector<uint16_t> Want(65536);
  for (uint32_t B = 0; B < 65536; ++B)
    Want[B] = Ref(uint16_t(B));
  checkHalves(Name, Out, Want, Ulps,
              [](size_t K) { return hexOf(uint16_t(K)); });
  sycl::free(In, Q);
  sycl::free(Out, Q);
}

/// 65536 hashed triples of halves, as bits.
std::vector<uint16_t> hashedTriples() {
  std::vector<uint16_t> Bits(3 * 65536);
  for (uint32_t K = 0; K < Bits.size(); ++K)
    Bits[K] = inputBits(K, 8);
  return Bits;
}

/// Triples whose a * b lies exactly halfway between two halves and c is a
/// tiny nudge (+-2^-24, +-2^-23) or zero: fma must round the exact sum,
/// where rounding a * b + c to float first would land on the tie.
std::vector<uint16_t> fmaTies() {
  std::vector<uint16_t> Bits;
  const uint16_t Nudges[] = {0x0001, 0x8001, 0x0002, 0x8002, 0x0000};
  for (uint32_t K = 0; Bits.size() < 3 * 4000 && K < (1u << 22); ++K) {
    uint16_t A = uint16_t(0x3c00 | (inputBits(K, 10) & 0x3ff)); // [1, 2)
    uint16_t B = uint16_t(inputBits(K, 11) & 0x7bff);
    double P = decode(A) * decode(B);
    uint16_t Down = encode(P, Round::Zero);
    if (P == 0 || !std::isfinite(P) || Down == 0x7bff ||
        P - decode(Down) != (decode(uint16_t(Down + 1)) - decode(Down)) / 2)
      continue;
    for (uint16_t C : Nudges) {
      Bits.push_back(A);
      Bits.push_back(B);
      Bits.push_back(C);
    }
  }
  return Bits;
}

/// \p Fn on triples of halves (\p Inputs, hashed ones by default),
/// compared like unary.
template <typename Fn, typename RefFn>
void nary(sycl::queue &Q, const char *Name, Fn F, RefFn Ref, int Ulps,
          const std::vector<uint16_t> &Inputs = hashedTriples()) {
  const size_t N = Inputs.size() / 3;
  half *In = sycl::malloc_shared<half>(3 * N, Q);
  half *Out = sycl::malloc_shared<half>(N, Q);
  for (size_t K = 0; K < 3 * N; ++K)
    In[K] = fromBits(Inputs[K]);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     Out[I] = F(In[3 * I], In[3 * I + 1], In[3 * I + 2]);
   }).wait();
  std::vector<uint16_t> Want(N);
  for (size_t K = 0; K < N; ++K)
    Want[K] =
        Ref(bitsOf(In[3 * K]), bitsOf(In[3 * K + 1]), bitsOf(In[3 * K + 2]));
  checkHalves(Name, Out, Want, Ulps, [In](size_t K) {
    return hexOf(bitsOf(In[3 * K])) + ", " + hexOf(bitsOf(In[3 * K + 1])) +
           ", " + hexOf(bitsOf(In[3 * K + 2]));
  });
  sycl::free(In, Q);
  sycl::free(Out, Q);
}

/// The reference of a double function of one half.
template <typename Fn> auto via(Fn F) {
  return [F](uint16_t B) { return encode(F(decode(B))); };
}
template <typename Fn> auto via2(Fn F) {
  return [F](uint16_t A, uint16_t B, uint16_t) {
    return encode(F(decode(A), decode(B)));
  };
}

/// The half next to \p A towards \p B, by hand on the bits.
uint16_t nextafterRef(uint16_t A, uint16_t B, uint16_t) {
  double X = decode(A), Y = decode(B);
  if (X != X || Y != Y)
    return 0x7e00;
  if (X == Y)
    return B;
  if (X == 0)
    return uint16_t((B & 0x8000) | 1);
  int Step = (Y > X) == (X > 0) ? 1 : -1;
  return uint16_t(A + Step);
}

void checkMath(sycl::queue &Q) {
  // Exact: bit for bit (fmin / fmax as values, since either zero may come
  // back for -0 and +0).
  unary(
      Q, "sqrt", [](half X) { return sycl::sqrt(X); },
      via([](double X) { return std::sqrt(X); }), 0);
  unary(
      Q, "fabs", [](half X) { return sycl::fabs(X); },
      via([](double X) { return std::fabs(X); }), 0);
  unary(
      Q, "floor", [](half X) { return sycl::floor(X); },
      via([](double X) { return std::floor(X); }), 0);
  unary(
      Q, "ceil", [](half X) { return sycl::ceil(X); },
      via([](double X) { return std::ceil(X); }), 0);
  unary(
      Q, "trunc", [](half X) { return sycl::trunc(X); },
      via([](double X) { return std::trunc(X); }), 0);
  unary(
      Q, "round", [](half X) { return sycl::round(X); },
      via([](double X) { return std::round(X); }), 0);
  unary(
      Q, "rint", [](half X) { return sycl::rint(X); },
      via([](double X) { return std::rint(X); }), 0);
  unary(
      Q, "ldexp(x, 3)", [](half X) { return sycl::ldexp(X, 3); },
      via([](double X) { return std::ldexp(X, 3); }), 0);
  unary(
      Q, "fract",
      [](half X) {
        half Whole;
        return sycl::fract(X, &Whole);
      },
      [](uint16_t B) { // float's rule, with half's largest value below 1
        double X = decode(B);
        if (X == 0 || std::isinf(X))
          return encode(std::copysign(0.0, X));
        return X != X ? B
                      : encode(std::fmin(decode(encode(X - std::floor(X))),
                                         decode(0x3bff)));
      },
      0);
  unary(
      Q, "degrees", [](half X) { return sycl::degrees(X); },
      via([](double X) { return X * 57.295779513082320877; }), 1);
  nary(
      Q, "fma", [](half A, half B, half C) { return sycl::fma(A, B, C); },
      fmaRef, 0);
  nary(
      Q, "fma at ties",
      [](half A, half B, half C) { return sycl::fma(A, B, C); }, fmaRef, 0,
      fmaTies());
  nary(
      Q, "fmod", [](half A, half B, half) { return sycl::fmod(A, B); },
      via2([](double X, double Y) { return std::fmod(X, Y); }), 0);
  nary(
      Q, "fmin", [](half A, half B, half) { return sycl::fmin(A, B); },
      via2([](double X, double Y) { return std::fmin(X, Y); }), -1);
  nary(
      Q, "fmax", [](half A, half B, half) { return sycl::fmax(A, B); },
      via2([](double X, double Y) { return std::fmax(X, Y); }), -1);
  nary(
      Q, "copysign", [](half A, half B, half) { return sycl::copysign(A, B); },
      [](uint16_t A, uint16_t B, uint16_t) {
        return uint16_t((A & 0x7fff) | (B & 0x8000));
      },
      0);
  nary(
      Q, "nextafter",
      [](half A, half B, half) { return sycl::nextafter(A, B); }, nextafterRef,
      0);
  nary(
      Q, "clamp(a, -1, 1) * b",
      [](half A, half B, half) {
        return sycl::clamp(A, half(-1), half(1)) * B;
      },
      [](uint16_t A, uint16_t B, uint16_t) { // fmin(fmax(x, lo), hi)
        double C = std::fmin(std::fmax(decode(A), -1.0), 1.0);
        return encode(C * decode(B));
      },
      0);

  // Through float: within one half ulp of the correctly rounded result.
  unary(
      Q, "exp", [](half X) { return sycl::exp(X); },
      via([](double X) { return std::exp(X); }), 1);
  unary(
      Q, "exp2", [](half X) { return sycl::exp2(X); },
      via([](double X) { return std::exp2(X); }), 1);
  unary(
      Q, "log", [](half X) { return sycl::log(X); },
      via([](double X) { return std::log(X); }), 1);
  unary(
      Q, "log2", [](half X) { return sycl::log2(X); },
      via([](double X) { return std::log2(X); }), 1);
  unary(
      Q, "log10", [](half X) { return sycl::log10(X); },
      via([](double X) { return std::log10(X); }), 1);
  unary(
      Q, "sin", [](half X) { return sycl::sin(X); },
      via([](double X) { return std::sin(X); }), 1);
  unary(
      Q, "cos", [](half X) { return sycl::cos(X); },
      via([](double X) { return std::cos(X); }), 1);
  unary(
      Q, "tan", [](half X) { return sycl::tan(X); },
      via([](double X) { return std::tan(X); }), 1);
  unary(
      Q, "atan", [](half X) { return sycl::atan(X); },
      via([](double X) { return std::atan(X); }), 1);
  unary(
      Q, "tanh", [](half X) { return sycl::tanh(X); },
      via([](double X) { return std::tanh(X); }), 1);
  unary(
      Q, "erf", [](half X) { return sycl::erf(X); },
      via([](double X) { return std::erf(X); }), 1);
  unary(
      Q, "cbrt", [](half X) { return sycl::cbrt(X); },
      via([](double X) { return std::cbrt(X); }), 1);
  unary(
      Q, "rsqrt", [](half X) { return sycl::rsqrt(X); },
      via([](double X) { return 1 / std::sqrt(X); }), 1);
  unary(
      Q, "sinpi", [](half X) { return sycl::sinpi(X); }, via([](double X) {
        // sin(pi x) with x reduced exactly to [-1, 1] first.
        double R = X - 2 * std::rint(X / 2);
        double S = double(std::sin(3.141592653589793238462643L * R));
        return S == 0 ? std::copysign(0.0, X) : S;
      }),
      1);
  nary(
      Q, "pow", [](half A, half B, half) { return sycl::pow(A, B); },
      via2([](double X, double Y) { return std::pow(X, Y); }), 1);
  nary(
      Q, "hypot", [](half A, half B, half) { return sycl::hypot(A, B); },
      via2([](double X, double Y) { return std::hypot(X, Y); }), 1);
}

/// The vec and marray forms give the scalar function's results, and the
/// relational functions classify halves by half's ranges.
void checkVectorBuiltins(sycl::queue &Q) {
  constexpr size_t Items = 8192; // 8 halves each: all 65536
  half *In = sycl::malloc_shared<half>(Items * 8, Q);
  half *Out = sycl::malloc_shared<half>(Items * 8 * 3, Q);
  int16_t *Classes = sycl::malloc_shared<int16_t>(Items * 8, Q);
  int *MarrayClasses = sycl::malloc_shared<int>(Items * 4, Q);
  for (uint32_t B = 0; B < 65536; ++B)
    In[B] = fromBits(uint16_t(B));
  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     sycl::half8 V;
     V.load(I, In);
     sycl::half8 Rev = V.swizzle<7, 6, 5, 4, 3, 2, 1, 0>();
     sycl::sqrt(V).store(3 * I, Out);
     sycl::fma(V, Rev, sycl::half8(half(0.5f))).store(3 * I + 1, Out);
     sycl::exp(V).store(3 * I + 2, Out);
     sycl::short8 C = (sycl::isnan(V) & 1) | (sycl::isinf(V) & 2) |
                      (sycl::isnormal(V) & 4) | (sycl::signbit(V) & 8) |
                      (sycl::isfinite(V) & 16);
     C.store(I, Classes);
     sycl::mhalf4 M(V[0], V[1], V[2], V[3]);
     sycl::marray<bool, 4> Normal = sycl::isnormal(M);
     for (size_t E = 0; E < 4; ++E)
       MarrayClasses[I * 4 + E] = Normal[E];
   }).wait();

  std::vector<uint16_t> Want;
  std::vector<int16_t> WantClasses;
  std::vector<int> WantMarray;
  for (size_t I = 0; I < Items; ++I) {
    for (int Fn = 0; Fn < 3; ++Fn)
      for (int E = 0; E < 8; ++E) {
        uint16_t B = uint16_t(I * 8 + E), R = uint16_t(I * 8 + 7 - E);
        double X = decode(B);
        Want.push_back(Fn == 0   ? encode(std::sqrt(X))
                       : Fn == 1 ? fmaRef(B, R, 0x3800)
                                 : encode(std::exp(X)));
      }
    for (int E = 0; E < 8; ++E) {
      uint16_t B = uint16_t(I * 8 + E);
      int Exp = (B >> 10) & 31;
      bool Nan = isNanBits(B), Inf = Exp == 31 && !Nan;
      bool Normal = Exp != 0 && Exp != 31;
      WantClasses.push_back(int16_t(Nan | (Inf << 1) | (Normal << 2) |
                                    ((B >> 15) << 3) | ((Exp != 31) << 4)));
      if (E < 4)
        WantMarray.push_back(Normal);
    }
  }
  // sqrt and fma bit for bit, exp within an ulp, as in scalar form.
  size_t Bad = 0;
  for (size_t K = 0; K < Want.size(); ++K) {
    bool IsExp = (K / 8) % 3 == 2;
    if (!matches(bitsOf(Out[K]), Want[K], IsExp ? 1 : 0) && Bad++ < 6)
      std::printf("  half8 built-ins[%zu]: got 0x%04x, want 0x%04x\n", K,
                  bitsOf(Out[K]), Want[K]);
  }
  std::printf("half8: sqrt, fma, exp: %s\n", Bad ? "FAIL" : "OK");
  Failures += Bad != 0;
  checkValues("half8: isnan | isinf | isnormal | signbit | isfinite", Classes,
              WantClasses);
  checkValues("mhalf4: isnormal", MarrayClasses, WantMarray);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Classes, Q);
  sycl::free(MarrayClasses, Q);
}

//===----------------------------------------------------------------------===//
// An nd-range kernel: local memory of half, float and half reductions
//===----------------------------------------------------------------------===//

void checkNdRange(sycl::queue &Q, size_t Local) {
  constexpr size_t Groups = 37;
  size_t N = Groups * Local;
  half *In = sycl::malloc_shared<half>(N, Q);
  half *Out = sycl::malloc_shared<half>(N, Q);
  float *GroupSums = sycl::malloc_shared<float>(Groups, Q);
  float *Total = sycl::malloc_shared<float>(1, Q);
  half *HalfReductions = sycl::malloc_shared<half>(2, Q); // max, count
  // Multiples of 1/8 in [-16, 16): every float sum below is exact, so the
  // order of the reductions cannot matter.
  for (size_t K = 0; K < N; ++K)
    In[K] = half(float(int(vecmath::hash(uint32_t(K), 9) % 256) - 128) / 8);
  *Total = 0;
  HalfReductions[0] = -std::numeric_limits<half>::infinity();
  HalfReductions[1] = 0;
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<half, 1> Tile(sycl::range<1>(Local), CGH);
    CGH.parallel_for(
        sycl::nd_range<1>(N, Local),
        sycl::reduction(Total, sycl::plus<float>()),
        sycl::reduction(HalfReductions, sycl::maximum<half>()),
        sycl::reduction(HalfReductions + 1, sycl::plus<half>()),
        [=](sycl::nd_item<1> It, auto &Sum, auto &Max, auto &Big) {
          size_t L = It.get_local_id(0), G = It.get_global_id(0);
          half Mine = In[G];
          half Scaled = Mine * half(1.5f); // lives across the barrier
          Tile[L] = Mine;
          sycl::group_barrier(It.get_group());
          half Left = Tile[(L + Local - 1) % Local];
          half Right = Tile[(L + 1) % Local];
          half First = sycl::group_broadcast(It.get_group(), Mine);
          Out[G] = (Left + Right) * half(0.375f) + Scaled - First;
          float Product = float(Mine) * float(Right);
          float GroupSum = sycl::reduce_over_group(It.get_group(), Product,
                                                   sycl::plus<float>());
          if (L == 0)
            GroupSums[It.get_group(0)] = GroupSum;
          Sum += float(Mine);
          Max.combine(Mine);
          Big += half(Mine >= 15 ? 1 : 0); // a count: exact in any order
        });
  });
  Q.wait();

  std::vector<uint16_t> Want(N);
  std::vector<float> WantSums(Groups);
  double WantTotal = 0, WantLargest = -INFINITY, WantCount = 0;
  for (size_t G = 0; G < Groups; ++G) {
    double Sum = 0;
    for (size_t L = 0; L < Local; ++L) {
      size_t Base = G * Local;
      double Mine = decode(bitsOf(In[Base + L]));
      double Left = decode(bitsOf(In[Base + (L + Local - 1) % Local]));
      double Right = decode(bitsOf(In[Base + (L + 1) % Local]));
      double Scaled = decode(encode(Mine * 1.5));
      double Pair = decode(encode(decode(encode(Left + Right)) * 0.375));
      double First = decode(bitsOf(In[Base]));
      Want[Base + L] = encode(decode(encode(Pair + Scaled)) - First);
      Sum += Mine * Right;
      WantTotal += Mine;
      WantLargest = std::max(WantLargest, Mine);
      WantCount += Mine >= 15;
    }
    WantSums[G] = float(Sum);
  }
  std::string Name = "nd_range local half, local size " + std::to_string(Local);
  checkHalves(Name.c_str(), Out, Want, 0);
  checkValues("  reduce_over_group(float(half) products)", GroupSums, WantSums);
  checkValues("  sycl::reduction<float> of halves", Total,
              std::vector<float>{float(WantTotal)});
  checkHalves("  sycl::reduction<half> (maximum, plus)", HalfReductions,
              {encode(WantLargest), encode(WantCount)}, 0);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(GroupSums, Q);
  sycl::free(Total, Q);
  sycl::free(HalfReductions, Q);
}

} // namespace

int main() {
  sycl::queue Q;
  if (!Q.get_device().has(sycl::aspect::fp16)) {
    std::printf("FAIL: the device lacks aspect::fp16\n");
    return 1;
  }
  checkHost();
  checkConversions(Q);
  checkArithmetic(Q);
  checkVectors(Q);
  checkMath(Q);
  checkVectorBuiltins(Q);
  checkNdRange(Q, 64);
  checkNdRange(Q, 13);
  if (Failures)
    std::printf("%d check(s) FAILED\n", Failures);
  else
    std::printf("all half checks passed\n");
  return Failures ? 1 : 0;
}
